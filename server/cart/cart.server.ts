/**
 * The cart (docs/requirements.md#cart, docs/architecture.md#browser-state-in-cookies): stored in
 * the database. A signed-in customer's cart is the account's (one per user, `carts.user_id`); a
 * guest's is keyed by an anonymous cart cookie (current-cart.server.ts says which one a request
 * has). A line is one variant of a product (decision record 017): its prices and stock are always
 * read fresh from product_variants; a quantity never exceeds the variant's stock. A form that names
 * only the product (a list card's 'Agregar') adds the variant the list shows for it.
 */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database, Queryable, Tx } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { queryPrepared } from "#server/db/prepared.ts";
import { isId } from "#domain/ids.ts";
import { ShopError } from "#server/errors.ts";
import { cartItems, carts, products, productVariants } from "#server/db/schema.ts";
import { isOnSale, summarizeCart, type CartSummary } from "#domain/pricing.ts";
import { CART_MESSAGES } from "#domain/messages.ts";
import { itemTitle, variantLabel, variantSlug } from "#domain/variant-names.ts";

export const MAX_LINE_QUANTITY = 999;

/** What a cart form names: the product, and the variant when the shopper chose one. */
export interface CartItemRef {
  productId: string;
  variantId?: string | null;
}

export interface CartLine {
  productId: string;
  variantId: string;
  condition: string;
  language: string;
  name: string;
  image: string | null;
  expansion: string;
  type: string | null;
  rarity: string | null;
  /** The variant's stock. */
  stock: number;
  quantity: number;
  /** Current prices from the database, in centavos: the page totals them with domain/pricing's rules. */
  priceCents: number;
  salePriceCents: number | null;
  /** How the page names the line: 'Casi nueva · Japonés', 'Charizard ex (Casi nueva · Japonés)', and the variant's product page link. */
  variantLabel: string;
  title: string;
  href: string;
}

/** A cart line as getCart reads it. */
interface CartRow extends Omit<CartLine, "image" | "variantLabel" | "title" | "href"> {
  images: string[];
}

export interface CartView {
  lines: CartLine[];
  /** Centavos, from domain/pricing (the same rules the checkout charges). */
  summary: CartSummary;
}

/** True when the id names a guest cart (one with no account): the only kind a cart cookie may name. */
export async function isGuestCart(db: Queryable, cartId: string): Promise<boolean> {
  if (!isId(cartId)) return false;
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), isNull(carts.userId)))
    .limit(1);
  return Boolean(row);
}

export async function createCart(db: Queryable, userId: string | null = null): Promise<string> {
  const id = newId();
  await db.insert(carts).values({ id, userId });
  return id;
}

/** Quantities by product id and by variant id, and the item count, for the header badge and 'En carrito (n)'. */
export async function cartQuantities(db: Queryable, cartId: string | null) {
  if (!cartId || !isId(cartId)) return tallyCart([]);
  const rows = await db
    .select({ productId: cartItems.productId, variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  return tallyCart(rows);
}

export interface CartQuantities {
  count: number;
  /** Units in the cart per product (all its variants): the cards' 'En carrito (n)'. */
  quantities: Record<string, number>;
  /** Units in the cart per variant: the product page's 'Agregar más (n en carrito)'. */
  variants: Record<string, number>;
}

export function tallyCart(rows: Array<{ productId: string; variantId: string; quantity: number }>): CartQuantities {
  const quantities: Record<string, number> = {};
  const variants: Record<string, number> = {};
  let count = 0;
  for (const row of rows) {
    quantities[row.productId] = (quantities[row.productId] ?? 0) + row.quantity;
    variants[row.variantId] = row.quantity;
    count += row.quantity;
  }
  return { count, quantities, variants };
}

function validQuantity(quantity: number): number {
  if (!Number.isInteger(quantity) || Math.abs(quantity) > 1_000_000) throw new ShopError(CART_MESSAGES.invalidQuantity);
  return quantity;
}

/**
 * The line's variant and its stock: the one the form names, or the one the list shows for the
 * product. The product is read under a key-share lock: an archive in progress (removeProduct holds
 * the row FOR UPDATE) makes the add wait and then see the product archived, so no line is added
 * after the archive has cleared the carts. A stock change (a plain UPDATE) does not wait for it.
 */
async function lineVariant(tx: Queryable, item: CartItemRef): Promise<{ productId: string; variantId: string; stock: number }> {
  const { productId, variantId } = item;
  if (!isId(productId) || (variantId != null && !isId(variantId))) throw new ShopError(CART_MESSAGES.productNotFound, "not_found");
  const [product] = await tx
    .select({ shownVariantId: products.shownVariantId })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.archivedAt)))
    .limit(1)
    .for("key share");
  const chosen = variantId ?? product?.shownVariantId;
  if (!product || !chosen) throw new ShopError(CART_MESSAGES.productNotFound, "not_found");
  const [variant] = await tx
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.id, chosen), eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
    .limit(1)
    .for("key share");
  if (!variant) throw new ShopError(CART_MESSAGES.productNotFound, "not_found");
  return { productId, variantId: chosen, stock: variant.stock };
}

async function addInTransaction(tx: Tx, cartId: string, item: CartItemRef, amount: number): Promise<number> {
  const { productId, variantId, stock } = await lineVariant(tx, item);
  if (stock <= 0) throw new ShopError(CART_MESSAGES.outOfStock, "conflict");
  const cap = Math.min(stock, MAX_LINE_QUANTITY);
  const [line] = await tx
    .insert(cartItems)
    .values({ cartId, productId, variantId, quantity: Math.min(amount, cap) })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.variantId],
      set: { quantity: sql`least(${cartItems.quantity} + ${amount}, ${cap})` },
    })
    .returning({ quantity: cartItems.quantity });
  await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
  return line?.quantity ?? 0;
}

function validAddAmount(quantity: number): number {
  const amount = validQuantity(quantity);
  if (amount < 1) throw new ShopError(CART_MESSAGES.invalidQuantity);
  return amount;
}

/**
 * Adds `quantity` (default 1) of a variant: an existing line rises by the amount
 * but never above stock; adding is refused at stock 0. Returns the line's new quantity.
 */
export async function addToCart(db: Database, cartId: string, item: CartItemRef, quantity = 1): Promise<number> {
  const amount = validAddAmount(quantity);
  return db.transaction((tx) => addInTransaction(tx, cartId, item, amount));
}

/**
 * A guest's first add: the cart is created in the same transaction, so a
 * refused add (sold out, unknown product) leaves nothing behind.
 */
export async function startCartWith(db: Database, item: CartItemRef, quantity = 1): Promise<{ cartId: string; quantity: number }> {
  const amount = validAddAmount(quantity);
  return db.transaction(async (tx) => {
    const cartId = await createCart(tx);
    return { cartId, quantity: await addInTransaction(tx, cartId, item, amount) };
  });
}

/**
 * The account's cart, made when the account has none, in one statement: two
 * devices starting it at the same moment get the same cart (the unique index
 * `carts_user_key` decides). The row stays locked until the transaction ends,
 * so changes to one account's cart run one after another.
 */
async function accountCartIn(tx: Tx, userId: string): Promise<string> {
  const [row] = await tx
    .insert(carts)
    .values({ id: newId(), userId })
    .onConflictDoUpdate({ target: carts.userId, targetWhere: sql`user_id is not null`, set: { updatedAt: new Date() } })
    .returning({ id: carts.id });
  if (!row) throw new Error("the account's cart was neither inserted nor found");
  return row.id;
}

/** The id of the account's cart, or null while it has none. */
export async function accountCartId(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).limit(1);
  return row?.id ?? null;
}

/**
 * A signed-in customer's add: to the account's cart, which is started in the
 * same transaction when there is none (a refused add leaves nothing behind).
 */
export async function addToAccountCart(db: Database, userId: string, item: CartItemRef, quantity = 1): Promise<number> {
  const amount = validAddAmount(quantity);
  return db.transaction(async (tx) => addInTransaction(tx, await accountCartIn(tx, userId), item, amount));
}

/** Sets a line's quantity: zero or less removes it; more than stock is capped at stock. */
export async function setCartQuantity(db: Database, cartId: string, item: CartItemRef, quantity: number): Promise<number> {
  const wanted = validQuantity(quantity);
  return db.transaction(async (tx) => {
    if (wanted <= 0) {
      await removeFromCart(tx, cartId, item);
      return 0;
    }
    const { productId, variantId, stock } = await lineVariant(tx, item);
    const next = Math.min(wanted, stock, MAX_LINE_QUANTITY);
    if (next <= 0) {
      await removeFromCart(tx, cartId, { productId, variantId });
      return 0;
    }
    const updated = await tx
      .update(cartItems)
      .set({ quantity: next })
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)))
      .returning({ quantity: cartItems.quantity });
    if (updated.length === 0) {
      await tx.insert(cartItems).values({ cartId, productId, variantId, quantity: next });
    }
    return next;
  });
}

/** Removes the variant's line, or, when the form names only the product, every line of the product. */
export async function removeFromCart(db: Queryable, cartId: string, item: CartItemRef): Promise<void> {
  if (!isId(item.productId) || (item.variantId != null && !isId(item.variantId))) return;
  const which = item.variantId ? eq(cartItems.variantId, item.variantId) : eq(cartItems.productId, item.productId);
  await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), which));
}

export async function clearCart(db: Queryable, cartId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

/** The cart with fresh prices and stock, and its summary (subtotal, shipping, total). */
export async function getCart(db: Queryable, cartId: string | null): Promise<CartView> {
  if (!cartId || !isId(cartId)) return { lines: [], summary: summarizeCart([]) };
  // The cart page and the checkout ask this on every view: a named prepared statement, planned once
  // (server/db/prepared.ts). An archived product's or variant's line is left out, as a deleted one's
  // is gone (removeProduct drops both).
  const rows = await queryPrepared<CartRow>(
    db,
    sql`select p.id as "productId", v.id as "variantId", v.condition, v.language, p.name, p.images, p.expansion, p.type,
          p.rarity, v.stock, v.price_cents as "priceCents", v.sale_price_cents as "salePriceCents", ci.quantity
        from cart_items ci
        join products p on p.id = ci.product_id and p.archived_at is null
        join product_variants v on v.id = ci.variant_id and v.archived_at is null
        where ci.cart_id = ${cartId}
        order by ci.added_at asc, v.id asc`,
  );
  const lines: CartLine[] = rows.map(({ images, ...row }) => ({
    ...row,
    image: images[0] ?? null,
    salePriceCents: isOnSale(row) ? row.salePriceCents : null,
    variantLabel: variantLabel(row),
    title: itemTitle(row.name, row),
    href: `/producto/${row.productId}?variante=${variantSlug(row)}`,
  }));
  return { lines, summary: summarizeCart(lines) };
}

/**
 * At login the guest cart joins the account's cart (docs/architecture.md#browser-state-in-cookies):
 * quantities add up, capped at stock; the account's cart is started if it has none. The guest cart
 * is then deleted, so an id that was once in a cookie never names an account's cart. Only a guest
 * cart (no owner) is merged; anything else the cookie names is left alone.
 */
export async function mergeGuestCart(db: Database, guestCartId: string | null, userId: string): Promise<void> {
  if (!guestCartId || !isId(guestCartId)) return;
  await db.transaction(async (tx) => {
    // Locked first: a second login with the same cookie waits, then finds the guest cart gone.
    const [guest] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, guestCartId), isNull(carts.userId)))
      .limit(1)
      .for("update");
    if (!guest) return;
    const accountCart = await accountCartIn(tx, userId);
    await tx.execute(sql`
      insert into cart_items (cart_id, product_id, variant_id, quantity, added_at)
      select ${accountCart}, g.product_id, g.variant_id, least(g.quantity, v.stock, ${MAX_LINE_QUANTITY}), g.added_at
      from cart_items g
      join products p on p.id = g.product_id
      join product_variants v on v.id = g.variant_id
      where g.cart_id = ${guest.id} and v.stock > 0 and p.archived_at is null and v.archived_at is null
      for key share of p
      on conflict (cart_id, variant_id) do update
        set quantity = least(cart_items.quantity + excluded.quantity,
                             (select stock from product_variants where id = excluded.variant_id),
                             ${MAX_LINE_QUANTITY})
    `);
    await tx.delete(carts).where(eq(carts.id, guest.id));
  });
}

/**
 * A guest cart nobody has added to for this long is unreachable (its cookie
 * lives 60 days): the hourly housekeeping job deletes it, with its lines.
 */
export const ABANDONED_GUEST_CART_DAYS = 90;

export async function deleteAbandonedGuestCarts(db: Queryable, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ABANDONED_GUEST_CART_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(carts)
    .where(and(isNull(carts.userId), lt(carts.updatedAt, before)))
    .returning({ id: carts.id });
  return deleted.length;
}
