/**
 * The shop's data model (docs/requirements.md#data-model). Money is integer centavos, points are
 * integers, ids are 24-character hex text (ObjectId style, see ids.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import { DEFAULT_CATEGORY } from "#domain/catalog.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "#domain/statuses.ts";
import { SHIPPING_METHOD_IDS } from "#domain/shipping.ts";
import { ORDER_EVENT_ACTORS, ORDER_EVENT_KINDS } from "#domain/order-events.ts";
import { CONDITIONS, LANGUAGES } from "#domain/variants.ts";
import { MAX_ORIGIN_LENGTH } from "#domain/origins.ts";
import {
  boolean,
  check,
  customType,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** `('a', 'b', …)` for a CHECK constraint, from one of domain/'s lists (literal SQL, as migrations need). */
function oneOf(values: readonly string[]): SQL {
  return sql.raw(`(${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")})`);
}

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A recorded origin is one (http(s)://host[:port], nothing after it; domain/origins.ts checks it
 * exactly before it is written), or null.
 */
function originCheck(name: string, column: AnyPgColumn) {
  return check(name, sql`${column} ~ '^https?://[^/?#@[:space:]]+$' and char_length(${column}) <= ${sql.raw(String(MAX_ORIGIN_LENGTH))}`);
}

const id = () => text("id").primaryKey();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    role: text("role", { enum: ["customer", "admin"] })
      .notNull()
      .default("customer"),
    passwordHash: text("password_hash").notNull(),
    /** The first start's admin with the generated password printed once: asked to change it until they do. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_role_check", sql`${t.role} in ('customer', 'admin')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the id the cookie holds (server/accounts/secret-hash.ts): the raw id is never stored. */
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const addresses = pgTable(
  "addresses",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    street: text("street").notNull(),
    colonia: text("colonia"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    country: text("country").notNull().default("México"),
    references: text("references"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId),
    // At most one default address per user.
    uniqueIndex("addresses_one_default_per_user")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check("addresses_zip_code_check", sql`${t.zipCode} ~ '^[0-9]{5}$'`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    /*
     * What is sold is a variant (product_variants, decision record 017). The columns from here to
     * variant_keys summarise the product's variants for the list, kept by the database
     * (refresh_product_summary, run by a trigger on product_variants): never write them.
     * price_cents and sale_price_cents are those of the variant the list shows (the cheapest in
     * stock, else the cheapest), stock is the sum of the variants' stock.
     */
    priceCents: integer("price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    stock: integer("stock").notNull().default(0),
    /**
     * The stock of its lowest live variant (null without one): 'Resumen' counts the products out of
     * stock and low by it, and 'Productos' filters by it (docs/requirements.md#admin-area).
     */
    lowestStock: integer("lowest_stock"),
    /** The variant whose price the list shows (its 'Agregar' adds it). */
    shownVariantId: text("shown_variant_id"),
    /** The variants in stock have more than one price: the list says 'desde $…'. */
    priceVaries: boolean("price_varies").notNull().default(false),
    /** The conditions in stock, best first (the list's chips). */
    conditions: text("conditions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'NM:en', 'LP:ja', …: the condition and language of every variant in stock (the list's filters). */
    variantKeys: text("variant_keys")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: text("category").notNull().default(DEFAULT_CATEGORY),
    /** A single's rarity and type; a sealed product or an accessory carries none (null). */
    rarity: text("rarity"),
    type: text("type"),
    expansion: text("expansion").notNull(),
    cardNumber: text("card_number"),
    artist: text("artist"),
    comment: text("comment"),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dateAdded: timestamp("date_added", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the admin deletes a product that appears in orders: it leaves the shop (lists,
     * search, its page answers 404, carts and checkout refuse it) and old orders keep their lines.
     */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** Lower case, accents removed: name, expansion, card number, category, artist (see catalog/search-text.ts). */
    search: text("search").notNull(),
    /** The price the shopper pays: sale price when there is one, else price. Kept by the database. */
    effectivePriceCents: integer("effective_price_cents")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(sale_price_cents, price_cents)`),
    /**
     * The name as 'Nombre A-Z' sorts it: lower case, accents and punctuation dropped, the same steps
     * as catalog/search-text.ts. Kept by the database, so every writer and every existing row agree.
     */
    nameSort: text("name_sort")
      .notNull()
      .generatedAlwaysAs(
        sql`btrim(regexp_replace(lower(regexp_replace(normalize(name, NFD), '[\\u0300-\\u036f]', '', 'g')), '[^[:alnum:]/]+', ' ', 'g'))`,
      ),
    /**
     * No unit of any variant left (stock 0). Every sort of the list puts these after the products in
     * stock (docs/requirements.md#catalogue), so the list's indexes start with it. Kept by the database.
     */
    soldOut: boolean("sold_out")
      .notNull()
      .generatedAlwaysAs(sql`stock <= 0`),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_stock_check", sql`${t.stock} >= 0`),
    check("products_price_check", sql`${t.priceCents} >= 0`),
    check(
      "products_sale_price_check",
      sql`${t.salePriceCents} is null or (${t.salePriceCents} >= 0 and ${t.salePriceCents} < ${t.priceCents})`,
    ),
    // The list's sorts (decision 003): the products in stock first (sold_out false), then the sort,
    // then the id so that pages never overlap. A sort both ways has an index each way, since the
    // in-stock group comes first in both; a DESC index is NULLS FIRST, as ORDER BY … DESC is.
    // The list's indexes hold the products in the shop only (archived_at is null, as every list
    // query asks), so a page's ids and the entries OFFSET walks past are read off the index alone
    // (an index-only scan), never the table's rows (decision 003, 2026-11-28).
    index("products_list_newest_idx")
      .on(t.soldOut, t.dateAdded.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archivedAt} is null`),
    index("products_list_price_idx")
      .on(t.soldOut, t.effectivePriceCents, t.id)
      .where(sql`${t.archivedAt} is null`),
    index("products_list_price_desc_idx")
      .on(t.soldOut, t.effectivePriceCents.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archivedAt} is null`),
    // Name A-Z sorts on the normalised name byte-wise (the same on every server), then the id.
    index("products_list_name_idx")
      .on(t.soldOut, sql`${t.nameSort} collate "C"`, t.id)
      .where(sql`${t.archivedAt} is null`),
    // The list's count of the whole shop ('Mostrando X de Y'): the narrowest index of the products in the shop.
    index("products_in_shop_idx")
      .on(t.soldOut)
      .where(sql`${t.archivedAt} is null`),
    // 'Resumen''s counts of the products out of stock and low, and the 'Productos' tab's stock filters.
    index("products_lowest_stock_idx")
      .on(t.lowestStock)
      .where(sql`${t.archivedAt} is null`),
    // The newest first, not the list's: the admin's product tab and the one-letter suggestions.
    index("products_date_added_idx").on(t.dateAdded, t.id),
    // A filter's own list, newest first ('Más recientes', the default).
    index("products_expansion_idx").on(t.expansion, t.soldOut, t.dateAdded.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The CSV import matches a row to a product by name + expansion + card number.
    index("products_natural_key_idx").on(t.expansion, t.name),
    index("products_rarity_idx").on(t.rarity, t.soldOut, t.dateAdded.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_type_idx").on(t.type, t.soldOut, t.dateAdded.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_category_idx").on(t.category, t.soldOut, t.dateAdded.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_variant_keys_idx").using("gin", t.variantKeys),
    index("products_on_sale_idx")
      .on(t.soldOut, t.dateAdded.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.salePriceCents} is not null`),
    index("products_search_trgm_idx").using("gin", sql`${t.search} gin_trgm_ops`),
    // The words of the search text, for the typo match (search_words below).
    index("products_search_words_idx").using("gin", sql`string_to_array(${t.search}, ' ')`),
  ],
);

/**
 * Every word of the products' search text that a typo can be matched with (three characters or
 * more, not only digits): the search's fuzzy match looks a mistyped word up here, on a small
 * trigram index, then finds the products holding one of the words it matched
 * (catalog/products.server.ts, decision record 003). Kept by triggers on products (migration 0019);
 * a word no product holds any more stays, matching nothing.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
  },
  (t) => [index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);

/**
 * What is sold (decision record 017): one condition × language of a product, with its own price,
 * sale price and stock. A variant that appears in orders is archived, not deleted, when the admin
 * removes it; the product's summary columns follow every write here.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    condition: text("condition").notNull(),
    language: text("language").notNull(),
    priceCents: integer("price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    stock: integer("stock").notNull().default(0),
    effectivePriceCents: integer("effective_price_cents")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(sale_price_cents, price_cents)`),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live variant per condition and language of a product.
    uniqueIndex("product_variants_product_condition_language_key")
      .on(t.productId, t.condition, t.language)
      .where(sql`${t.archivedAt} is null`),
    index("product_variants_product_idx").on(t.productId),
    check("product_variants_stock_check", sql`${t.stock} >= 0`),
    check("product_variants_price_check", sql`${t.priceCents} >= 0`),
    check(
      "product_variants_sale_price_check",
      sql`${t.salePriceCents} is null or (${t.salePriceCents} >= 0 and ${t.salePriceCents} < ${t.priceCents})`,
    ),
    check("product_variants_condition_check", sql`${t.condition} in ${oneOf(CONDITIONS)}`),
    check("product_variants_language_check", sql`${t.language} in ${oneOf(LANGUAGES)}`),
  ],
);

export const carts = pgTable(
  "carts",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("carts_user_key")
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);

export const cartItems = pgTable(
  "cart_items",
  {
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The variant in the cart (its product is product_id). */
    variantId: text("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.variantId] }),
    index("cart_items_product_idx").on(t.productId),
    check("cart_items_quantity_check", sql`${t.quantity} > 0`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: id(),
    orderNumber: text("order_number").notNull().unique(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    guestEmail: text("guest_email"),
    contactName: text("contact_name").notNull(),
    contactPhone: text("contact_phone").notNull(),
    shippingAddress: jsonb("shipping_address").notNull(),
    shippingMethod: text("shipping_method").notNull(),
    shippingCostCents: integer("shipping_cost_cents").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    pointsUsed: integer("points_used").notNull().default(0),
    pointsEarned: integer("points_earned").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    finalTotalCents: integer("final_total_cents").notNull(),
    couponCode: text("coupon_code"),
    orderStatus: text("order_status").notNull().default("pending"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    paymentId: text("payment_id"),
    paymentMethod: text("payment_method").notNull().default("mercadopago"),
    paymentAttempts: integer("payment_attempts").notNull().default(0),
    trackingNumber: text("tracking_number"),
    whatsappNotifications: boolean("whatsapp_notifications").notNull().default(false),
    notes: text("notes"),
    cancelReason: text("cancel_reason"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by"),
    needsRefund: boolean("needs_refund").notNull().default(false),
    /** The random token of the checkout form that placed the order: a second submit finds this order. */
    checkoutToken: text("checkout_token").unique(),
    /**
     * Until when an unpaid order holds its stock, coupon use and points (decision record 015): set
     * by placeOrder, extended by a pending provider payment; past it the expiry job cancels the
     * order. The default is UNPAID_ORDER_HOLD_MINUTES' own; meaningless once the order is paid.
     */
    holdUntil: timestamp("hold_until", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 minutes'`),
    /** The IP the order was placed from (the per-IP cap on unpaid orders); null for orders placed before it was kept. */
    clientIp: text("client_ip"),
    /**
     * The origin the checkout reached the shop at (PUBLIC_URL's when set): the order's e-mails, also
     * those built later outside any request (the payment's, the expiry's), link there. Null for
     * orders placed before it was kept, and for imported ones.
     */
    origin: text("origin"),
    /**
     * Refunds the provider refused for this order: the refund's idempotency key is derived from the
     * order and this count + 1, so a retried refund (a timeout) is the same refund and a new try
     * after a refusal is a new one (docs/requirements.md#order-fulfilment).
     */
    refundAttempts: integer("refund_attempts").notNull().default(0),
    /**
     * What the admin's order search matches (lower case, accents removed, as catalog/search-text.ts):
     * order number, contact name and e-mail, and the account's name and e-mail. Written by placeOrder.
     */
    search: text("search").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    originCheck("orders_origin_check", t.origin),
    index("orders_user_idx").on(t.userId, t.createdAt.desc()),
    index("orders_status_idx").on(t.orderStatus, t.paymentStatus, t.createdAt),
    index("orders_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("orders_search_trgm_idx").using("gin", sql`${t.search} gin_trgm_ops`),
    // The 'Órdenes' tab's "Necesita reembolso" filter: the few flagged orders, newest first.
    index("orders_needs_refund_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.needsRefund}`),
    check("orders_order_status_check", sql`${t.orderStatus} in ${oneOf(ORDER_STATUSES)}`),
    check("orders_payment_status_check", sql`${t.paymentStatus} in ${oneOf(PAYMENT_STATUSES)}`),
    check("orders_shipping_method_check", sql`${t.shippingMethod} in ${oneOf(SHIPPING_METHOD_IDS)}`),
    check("orders_totals_check", sql`${t.finalTotalCents} >= 0 and ${t.subtotalCents} >= 0`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: text("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** The condition and language the line was sold as (kept when the variant changes or goes). */
    condition: text("condition"),
    language: text("language"),
    name: text("name").notNull(),
    image: text("image"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId), check("order_items_quantity_check", sql`${t.quantity} > 0`)],
);

export const payments = pgTable(
  "payments",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    status: text("status").notNull(),
    amountCents: integer("amount_cents"),
    currency: text("currency"),
    raw: jsonb("raw"),
    createdAt: createdAt(),
  },
  (t) => [
    // A provider payment id and status is applied once.
    uniqueIndex("payments_provider_payment_status_key").on(t.provider, t.providerPaymentId, t.status),
    index("payments_order_idx").on(t.orderId),
  ],
);

/**
 * The built-in `sandbox` payment provider's own records (docs/architecture.md#payments): what the
 * sandbox page decided for a payment, read back by the provider's
 * `fetchPayment` exactly as Mercado Pago's API would be asked. Not the shop's
 * payment state (that is `payments` and the order, written by applyPayment).
 */
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    externalReference: text("external_reference").notNull(),
    status: text("status").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("MXN"),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_payments_reference_idx").on(t.externalReference)],
);

/**
 * The sandbox provider's refunds, as Mercado Pago keeps them: one full refund per payment, and a
 * request repeated with the same idempotency key answers the same refund.
 */
export const sandboxRefunds = pgTable("sandbox_refunds", {
  id: text("id").primaryKey(),
  paymentId: text("payment_id")
    .notNull()
    .unique()
    .references(() => sandboxPayments.id, { onDelete: "cascade" }),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  status: text("status").notNull(),
  createdAt: createdAt(),
});

/**
 * An order's history (docs/requirements.md#order-fulfilment): one row per status change, payment,
 * refund, e-mail or note, written in the same transaction as what it records.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actor: text("actor").notNull(),
    /** The admin (or customer) who did it; the name is kept as it was then. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    /** What happened, in Spanish, as the admin reads it. */
    message: text("message").notNull(),
    data: jsonb("data"),
    /** The statement's own time (not the transaction's), so events of one transaction keep their order. */
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.createdAt),
    check("order_events_kind_check", sql`${t.kind} in ${oneOf(ORDER_EVENT_KINDS)}`),
    check("order_events_actor_check", sql`${t.actor} in ${oneOf(ORDER_EVENT_ACTORS)}`),
  ],
);

export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    code: text("code").notNull().unique(),
    discountPercent: integer("discount_percent").notNull(),
    type: text("type").notNull().default("general"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    description: text("description"),
    maxUses: integer("max_uses"),
    usedCount: integer("used_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("coupons_percent_check", sql`${t.discountPercent} between 1 and 100`),
    check("coupons_type_check", sql`${t.type} in ('general', 'single-use')`),
    check("coupons_used_count_check", sql`${t.usedCount} >= 0`),
    check("coupons_max_uses_check", sql`${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses}`),
  ],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: id(),
    couponId: text("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    discountCents: integer("discount_cents").notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("coupon_redemptions_order_key").on(t.orderId)],
);

export const loyaltyAccounts = pgTable(
  "loyalty_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
    totalEarned: integer("total_earned").notNull().default(0),
    totalSpent: integer("total_spent").notNull().default(0),
    /**
     * Points a refund could not take back because they were already spent (docs/requirements.md#loyalty-points):
     * netted against the next points earned or given back. The balance itself never goes below 0.
     */
    pointsOwed: integer("points_owed").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("loyalty_accounts_balance_check", sql`${t.balance} >= 0`),
    check("loyalty_accounts_points_owed_check", sql`${t.pointsOwed} >= 0`),
  ],
);

export const loyaltyTransactions = pgTable(
  "loyalty_transactions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    amount: integer("amount").notNull(),
    /** The movement's change to the points owed (`owed` +n, `settled` -n; 0 for the rest): they sum to `points_owed`. */
    owed: integer("owed").notNull().default(0),
    description: text("description").notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("loyalty_transactions_user_idx").on(t.userId, t.createdAt.desc()),
    // A point movement of a given kind happens once per order ('settled' follows each earning or
    // giving back of the order, which are once each).
    uniqueIndex("loyalty_transactions_order_kind_key")
      .on(t.orderId, t.type)
      .where(sql`${t.orderId} is not null and ${t.type} <> 'settled'`),
    check(
      "loyalty_transactions_type_check",
      sql`${t.type} in ('earned', 'spent', 'refunded', 'reversed', 'owed', 'settled', 'adjustment')`,
    ),
  ],
);

export const images = pgTable("images", {
  id: id(),
  originalName: text("original_name").notNull(),
  mime: text("mime").notNull(),
  size: integer("size").notNull(),
  width: integer("width"),
  height: integer("height"),
  bytes: bytea("bytes").notNull(),
  uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
});

export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: text("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    mime: text("mime").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width] })],
);

export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    payload: jsonb("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * One CSV import (docs/requirements.md#admin-area), run as a job in the server: the file waits in
 * `input` until a worker takes the run, `processed` counts rows as they go (the progress page),
 * and `result` holds the successes and errors when it is done.
 */
export const importRuns = pgTable("import_runs", {
  id: id(),
  kind: text("kind").notNull(),
  fileName: text("file_name"),
  status: text("status").notNull().default("queued"),
  input: text("input"),
  processed: integer("processed").notNull().default(0),
  total: integer("total").notNull().default(0),
  succeeded: integer("succeeded").notNull().default(0),
  failed: integer("failed").notNull().default(0),
  result: jsonb("result"),
  error: text("error"),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  startedAt: timestamp("started_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

/** Request counters for rate limits (a window per key, opened by its first attempt), shared by every app process (accounts/rate-limit.server.ts). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/**
 * The periodic jobs' periods (server/jobs/periodic.server.ts): when each job last started. Several
 * app processes on one database run each job once per period: the process whose tick claims the
 * period (a conditional upsert of this row) runs it, the others skip.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }).notNull(),
});

/** A signed-in customer's wishlist: the products they keep an eye on (the heart on cards and pages). */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index("wishlist_items_user_idx").on(t.userId, t.createdAt.desc())],
);

/**
 * 'Avísame cuando vuelva': an address asks to hear when a sold-out variant (or, with no variant,
 * any variant of the product) is back in stock. Sent once through the outbox, then notified_at
 * is set; a new request is needed for the next time.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: id(),
    email: text("email").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: text("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** When the address was confirmed (a guest's link, or at once for a customer's own e-mail); null: never mailed on restock. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** SHA-256 of the pending confirmation link's token; cleared when used. */
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    /**
     * The origin the request reached the shop at (PUBLIC_URL's when set): the back-in-stock e-mail,
     * built later outside any request, links there. Null for requests made before it was kept.
     */
    origin: text("origin"),
  },
  (t) => [
    originCheck("stock_alerts_origin_check", t.origin),
    // One waiting request per address and item: asking twice is the same request.
    uniqueIndex("stock_alerts_waiting_key")
      .on(sql`lower(${t.email})`, t.productId, sql`coalesce(${t.variantId}, '')`)
      .where(sql`${t.notifiedAt} is null`),
    index("stock_alerts_waiting_product_idx")
      .on(t.productId)
      .where(sql`${t.notifiedAt} is null`),
  ],
);
