/**
 * Placing an order (docs/architecture.md#transactions-and-invariants,
 * decision record 008): ONE transaction of named steps, each a function below taking `tx`:
 *
 *   lockCart → loadCartLines → resolveAddress → quoteCheckout →
 *   [checkUnpaidOrderCaps, when the caller passes caps] → insertOrder (claims
 *   the checkout token and a fresh order number; an unpaid order holds what it
 *   takes until `hold_until`, decision record 015; a total of 0 is inserted
 *   paid) → reserveStock → insertOrderItems → redeemCoupon →
 *   debitPoints → [creditPointsForPaidOrder when paid] → saveAddressToProfile
 *   → savePhoneToProfile → emptyCart → enqueueOrderMails
 *
 * Any step that throws rolls everything back: no order, no stock taken, no
 * coupon use, no points, the cart as it was. Locks are taken in one global
 * order (cart, products by id, coupon, loyalty account, user), so concurrent
 * checkouts queue instead of deadlocking. The payment provider is never called
 * here: the caller asks for a payment link after this commits.
 */
import { randomBytes } from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database, Tx } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { addresses, carts, loyaltyAccounts, orderItems, orders, users } from "#server/db/schema.ts";
import { CHECKOUT_MESSAGES, DEFAULT_UNPAID_ORDER_HOLD_MINUTES, NO_CHARGE_PAYMENT_METHOD, orderNumberFrom } from "#domain/orders.ts";
import { isId } from "#domain/ids.ts";
import { quoteOrder, redeemablePoints, unitPriceCents, type OrderQuote } from "#domain/pricing.ts";
import { carrierName, isShippingMethodId, type ShippingMethodId } from "#domain/shipping.ts";
import { MAX_ADDRESSES_PER_USER } from "#domain/forms.ts";
import { OutOfStockError, reserveStock } from "#server/inventory/index.ts";
import { itemTitle } from "#domain/variant-names.ts";
import { CouponError, checkCoupon, redeemCoupon } from "#server/coupons/index.ts";
import { creditPointsForPaidOrder, debitPoints } from "#server/loyalty/ledger.server.ts";
import { addAddressIn } from "#server/accounts/addresses.server.ts";
import { clearCart, getCart } from "#server/cart/cart.server.ts";
import { notifyMailQueued } from "#server/mail/outbox.server.ts";
import { enqueueOrderMail, recordOrderEvent } from "#server/order-events/index.ts";
import type { OrderActor } from "#domain/order-events.ts";
import { formatMoneyCents } from "#domain/format.ts";
import { orderReceivedMail, paymentApprovedMail, type OrderMailData } from "#server/mail/order-mails.ts";
import { catalogChanged } from "#server/catalog/catalog-cache.ts";
import { orderSearchText } from "#server/catalog/search-text.ts";
import { logError } from "#server/http/error-log.ts";
import { failureFromIssues, firstFieldAtFault, type ValidationIssue } from "#domain/form-failure.ts";
import {
  CHECKOUT_TOKEN_PATTERN,
  CheckoutError,
  checkoutAddressSchema,
  checkoutContactSchema,
  missingColonia,
  type CheckoutAddress,
} from "./checkout-input";
import { orderLink } from "./order-links";
import { originOfUrl } from "#domain/origins.ts";
import { mailLinkOrigin } from "#server/mail/link-origin.ts";
import { capIp, checkUnpaidOrderCaps, type UnpaidOrderCapsInput } from "./unpaid-order-caps.server";
import { ShopError } from "#server/errors.ts";

export interface PlaceOrderInput {
  /** The cart being bought: the signed-in customer's own cart, or a guest cart. */
  cartId: string;
  userId: string | null;
  contact: { name: string; email: string; phone: string };
  whatsappNotifications: boolean;
  /** A new address (checked with checkoutAddressSchema) … */
  address?: { street: string; colonia?: string | null; city: string; state: string; zipCode: string; references?: string | null } | null;
  /** … or one of the signed-in customer's saved addresses. */
  savedAddressId?: string | null;
  /** Save the new address to the customer's profile once the order is placed. */
  saveAddress?: boolean;
  shippingMethod: string;
  couponCode: string | null;
  /** Spend the customer's points (floor of the balance, capped so the total stays ≥ 0). */
  usePoints: boolean;
  /** The checkout form's random token: posting it twice gives back the first order. */
  checkoutToken: string;
}

export interface PlacedOrder {
  id: string;
  orderNumber: string;
  finalTotalCents: number;
  /** The contact e-mail the order's mails go to. */
  email: string;
  /** True when the total was 0 (coupon and points covered it): paid at once, no provider. */
  isPaid: boolean;
}

export interface PlaceOrderOptions {
  /**
   * The origin the checkout reached the shop at (PUBLIC_URL's when set; the checkout passes
   * `siteOrigin`): kept on the order, and the link of its e-mails, now and later.
   */
  publicUrl?: string;
  /** How long an unpaid order holds its stock, coupon use and points (UNPAID_ORDER_HOLD_MINUTES; default 30). */
  holdMinutes?: number;
  /** The caps on unpaid orders per e-mail and per IP (the checkout page always passes them; see the section at the end). */
  caps?: UnpaidOrderCapsInput;
}

const ORDER_NUMBER_ATTEMPTS = 8;

/** The columns of a saved address that make a shipping address (read for the order, compared before saving a new one). */
const ADDRESS_COLUMNS = {
  street: addresses.street,
  colonia: addresses.colonia,
  city: addresses.city,
  state: addresses.state,
  zipCode: addresses.zipCode,
  references: addresses.references,
};

interface BoughtLine {
  productId: string;
  variantId: string;
  condition: string;
  language: string;
  name: string;
  image: string | null;
  priceCents: number;
  salePriceCents: number | null;
  quantity: number;
}

type ShippingAddress = CheckoutAddress & { name: string; phone: string; country: string };

/**
 * Places the order for the cart, in one transaction (see the module comment).
 * The same `checkoutToken` again returns the order already placed, writing
 * nothing. Throws CheckoutError (Spanish message, kind, field) on any refusal;
 * then nothing was written.
 */
export async function placeOrder(db: Database, input: PlaceOrderInput, options: PlaceOrderOptions = {}): Promise<PlacedOrder> {
  const checked = checkInput(input);
  const earlier = await orderForToken(db, input.checkoutToken, input.userId, checked.contact);
  if (earlier) return earlier;
  let placed: PlacedOrder;
  try {
    placed = await db.transaction(async (tx) => {
      await lockCart(tx, input.cartId, input.userId);
      const lines = await loadCartLines(tx, input.cartId);
      const address = await resolveAddress(tx, input, checked);
      const quoted = await quoteCheckout(tx, input, lines, checked.shippingMethod);
      const isPaid = quoted.quote.totalCents === 0;
      if (options.caps && !isPaid) await checkUnpaidOrderCaps(tx, { email: checked.contact.email, userId: input.userId, ...options.caps });
      const order = await insertOrder(tx, input, checked, address, quoted, isPaid, {
        holdMinutes: options.holdMinutes ?? DEFAULT_UNPAID_ORDER_HOLD_MINUTES,
        clientIp: options.caps ? capIp(options.caps.clientIp) : null,
        origin: originOfUrl(options.publicUrl),
      });
      await reserveStock(
        tx,
        lines.map((l) => ({ ...l, name: itemTitle(l.name, l) })),
      );
      await insertOrderItems(tx, order.id, lines);
      if (quoted.coupon) {
        await redeemCoupon(tx, {
          code: quoted.coupon.code,
          userId: input.userId,
          orderId: order.id,
          discountCents: quoted.quote.couponDiscountCents,
          discountPercent: quoted.coupon.discountPercent,
        });
      }
      if (quoted.quote.pointsUsed > 0 && input.userId) {
        await debitPoints(tx, { userId: input.userId, orderId: order.id, orderNumber: order.orderNumber, points: quoted.quote.pointsUsed });
      }
      if (isPaid) await creditPointsForPaidOrder(tx, order.id);
      if (input.userId && input.saveAddress && !input.savedAddressId) await saveAddressToProfile(tx, input.userId, address);
      if (input.userId) await savePhoneToProfile(tx, input.userId, checked.contact.phone);
      await clearCart(tx, input.cartId);
      await enqueueOrderMails(tx, { order, input, checked, address, lines, quote: quoted.quote, coupon: quoted.coupon, isPaid, options });
      return {
        id: order.id,
        orderNumber: order.orderNumber,
        finalTotalCents: quoted.quote.totalCents,
        email: checked.contact.email,
        isPaid,
      };
    });
  } catch (error) {
    // The same form submitted twice at once: the twin that won placed the order (this one then found the
    // cart emptied, or hit the token's unique index), and this submit answers with that order.
    const first = await orderForToken(db, input.checkoutToken, input.userId, checked.contact).catch(() => null);
    if (first) return first;
    throw asCheckoutError(error);
  }
  notifyMailQueued();
  catalogChanged(db);
  return placed;
}

interface CheckedInput {
  contact: { name: string; email: string; phone: string };
  shippingMethod: ShippingMethodId;
  newAddress: CheckoutAddress | null;
}

/** Step 0, before any query: the input's shape, with the field messages. */
function checkInput(input: PlaceOrderInput): CheckedInput {
  if (!isId(input.cartId) || !CHECKOUT_TOKEN_PATTERN.test(input.checkoutToken ?? "")) {
    throw new CheckoutError("invalid", CHECKOUT_MESSAGES.invalidRequest);
  }
  if (input.userId !== null && !isId(input.userId)) throw new CheckoutError("invalid", CHECKOUT_MESSAGES.invalidRequest);
  const contact = checkoutContactSchema.safeParse(input.contact ?? {});
  if (!contact.success) throw refusedInput("invalid", contact.error);
  if (!isShippingMethodId(input.shippingMethod)) {
    throw new CheckoutError("invalid", CHECKOUT_MESSAGES.shippingMethodInvalid, { field: "shippingMethod" });
  }
  let newAddress: CheckoutAddress | null = null;
  if (input.savedAddressId) {
    if (!input.userId || !isId(input.savedAddressId)) {
      throw new CheckoutError("address", CHECKOUT_MESSAGES.savedAddressInvalid, { field: "savedAddressId" });
    }
  } else {
    const address = checkoutAddressSchema.safeParse(input.address ?? {});
    if (!address.success) throw refusedInput("address", address.error);
    const noColonia = missingColonia(address.data, input.shippingMethod);
    if (noColonia) throw new CheckoutError("address", noColonia, { field: "colonia" });
    newAddress = address.data;
  }
  return { contact: contact.data, shippingMethod: input.shippingMethod, newAddress };
}

/** Input that failed its schema: every field's messages (the first one is the error's own message and field). */
function refusedInput(kind: "invalid" | "address", error: { issues: readonly ValidationIssue[] }) {
  const { fieldErrors } = failureFromIssues(error.issues);
  const field = firstFieldAtFault({ fieldErrors, values: {} });
  const message = (field && fieldErrors[field]?.[0]) ?? CHECKOUT_MESSAGES.invalidRequest;
  return new CheckoutError(kind, message, { field, fieldErrors });
}

/**
 * Step: the cart, locked (FOR NO KEY UPDATE) so two checkouts of one cart run
 * one after the other (the second then finds it empty). A customer buys only
 * their own cart, a guest only a guest cart.
 */
async function lockCart(tx: Tx, cartId: string, userId: string | null): Promise<void> {
  const [cart] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), userId ? eq(carts.userId, userId) : isNull(carts.userId)))
    .for("no key update");
  if (!cart) throw new CheckoutError("empty-cart", CHECKOUT_MESSAGES.emptyCart);
}

/** Step: the cart's lines with the products' current prices from the database (the cart page's own read). */
async function loadCartLines(tx: Tx, cartId: string): Promise<BoughtLine[]> {
  const { lines } = await getCart(tx, cartId);
  if (lines.length === 0) throw new CheckoutError("empty-cart", CHECKOUT_MESSAGES.emptyCart);
  return lines.map(({ productId, variantId, condition, language, name, image, priceCents, salePriceCents, quantity }) => ({
    productId,
    variantId,
    condition,
    language,
    name,
    image,
    priceCents,
    salePriceCents,
    quantity,
  }));
}

/** Step: the shipping address: the new one typed, or the customer's own saved one (someone else's is refused). */
async function resolveAddress(tx: Tx, input: PlaceOrderInput, checked: CheckedInput): Promise<ShippingAddress> {
  const person = { name: checked.contact.name, phone: checked.contact.phone, country: "México" };
  if (checked.newAddress) return { ...checked.newAddress, ...person };
  const [saved] = await tx
    .select({ ...ADDRESS_COLUMNS, country: addresses.country })
    .from(addresses)
    .where(and(eq(addresses.id, input.savedAddressId as string), eq(addresses.userId, input.userId as string)));
  if (!saved) throw new CheckoutError("address", CHECKOUT_MESSAGES.savedAddressInvalid, { field: "savedAddressId" });
  // A saved address from before the carriers' rule may lack the colonia: the customer adds a new one.
  if (missingColonia(saved, checked.shippingMethod)) {
    throw new CheckoutError("address", CHECKOUT_MESSAGES.savedAddressNoColonia(carrierName(checked.shippingMethod)), {
      field: "savedAddressId",
    });
  }
  return { ...saved, state: saved.state as ShippingAddress["state"], ...person, country: saved.country || "México" };
}

interface QuotedCheckout {
  quote: OrderQuote;
  coupon: { code: string; discountPercent: number } | null;
}

/**
 * Step: the totals from the pricing rules (domain/pricing quoteOrder): the
 * coupon is checked (its use is counted later, conditionally), the points
 * asked for are the floor of the customer's balance, capped by quoteOrder.
 */
async function quoteCheckout(
  tx: Tx,
  input: PlaceOrderInput,
  lines: BoughtLine[],
  shippingMethod: ShippingMethodId,
): Promise<QuotedCheckout> {
  let coupon: QuotedCheckout["coupon"] = null;
  if (input.couponCode !== null && input.couponCode !== undefined) {
    const checked = await checkCoupon(tx, input.couponCode, input.userId);
    if (!checked.ok) throw new CheckoutError("coupon", checked.failure, { field: "couponInput" });
    coupon = { code: checked.value.code, discountPercent: checked.value.discountPercent };
  }
  let pointsRequested = 0;
  if (input.usePoints && input.userId) {
    const [account] = await tx
      .select({ balance: loyaltyAccounts.balance })
      .from(loyaltyAccounts)
      .where(eq(loyaltyAccounts.userId, input.userId));
    pointsRequested = redeemablePoints(account?.balance ?? 0);
  }
  const quote = quoteOrder({ lines, shippingMethod, couponPercent: coupon?.discountPercent ?? null, pointsRequested });
  return { quote, coupon };
}

/**
 * Step: the order row. Inserted before stock, coupon and points because their
 * rows reference it, and because it claims the checkout token (a concurrent
 * second submit of the same form waits on the unique index, then finds this
 * order). The order number is drawn at random and redrawn on a collision.
 */
async function insertOrder(
  tx: Tx,
  input: PlaceOrderInput,
  checked: CheckedInput,
  address: ShippingAddress,
  quoted: QuotedCheckout,
  isPaid: boolean,
  placement: { holdMinutes: number; clientIp: string | null; origin: string | null },
): Promise<{ id: string; orderNumber: string; holdUntil: Date }> {
  const { quote } = quoted;
  const [account] = input.userId
    ? await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, input.userId))
    : [];
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
    const id = newId();
    const orderNumber = newOrderNumber();
    const search = orderSearchText({
      orderNumber,
      contactName: checked.contact.name,
      email: checked.contact.email,
      accountName: account?.name,
      accountEmail: account?.email,
    });
    const inserted = await tx
      .insert(orders)
      .values({
        id,
        orderNumber,
        userId: input.userId,
        guestEmail: checked.contact.email,
        contactName: checked.contact.name,
        contactPhone: checked.contact.phone,
        shippingAddress: address,
        shippingMethod: checked.shippingMethod,
        shippingCostCents: quote.shippingCents,
        subtotalCents: quote.subtotalCents,
        discountCents: quote.couponDiscountCents,
        pointsUsed: quote.pointsUsed,
        pointsEarned: input.userId ? quote.pointsEarned : 0,
        totalCents: quote.subtotalCents + quote.shippingCents - quote.couponDiscountCents,
        finalTotalCents: quote.totalCents,
        couponCode: quoted.coupon?.code ?? null,
        orderStatus: isPaid ? "processing" : "pending",
        paymentStatus: isPaid ? "approved" : "pending",
        ...(isPaid ? { paymentMethod: NO_CHARGE_PAYMENT_METHOD } : {}),
        whatsappNotifications: input.whatsappNotifications,
        checkoutToken: input.checkoutToken,
        holdUntil: sql`now() + make_interval(mins => ${Math.round(placement.holdMinutes)})`,
        clientIp: placement.clientIp,
        origin: placement.origin,
        search,
      })
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning({ id: orders.id, orderNumber: orders.orderNumber, holdUntil: orders.holdUntil });
    if (inserted[0]) return inserted[0];
  }
  throw new Error("no free order number after several attempts");
}

/** A fresh random order number ("CV-7K3Q9M"). */
export function newOrderNumber(): string {
  for (;;) {
    const number = orderNumberFrom(randomBytes(16));
    if (number) return number;
  }
}

/** Step: the order's lines, with the name, condition, language, first image and unit price copied as bought. */
async function insertOrderItems(tx: Tx, orderId: string, lines: BoughtLine[]): Promise<void> {
  await tx.insert(orderItems).values(
    lines.map((line) => ({
      id: newId(),
      orderId,
      productId: line.productId,
      variantId: line.variantId,
      condition: line.condition,
      language: line.language,
      name: line.name,
      image: line.image,
      unitPriceCents: unitPriceCents(line),
      quantity: line.quantity,
    })),
  );
}

const SAVED_ADDRESS_FIELDS = ["street", "colonia", "city", "state", "zipCode", "references"] as const;

/**
 * Step: a new address goes to the customer's profile, unless the profile already
 * has the same one (each checkout to it would add a copy) or is full: the order
 * still ships there.
 */
async function saveAddressToProfile(tx: Tx, userId: string, address: ShippingAddress): Promise<void> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const saved = await tx.select(ADDRESS_COLUMNS).from(addresses).where(eq(addresses.userId, userId)).limit(MAX_ADDRESSES_PER_USER);
  if (saved.length >= MAX_ADDRESSES_PER_USER) return;
  const same = (row: (typeof saved)[number]) => SAVED_ADDRESS_FIELDS.every((field) => (row[field] ?? null) === (address[field] ?? null));
  if (saved.some(same)) return;
  await addAddressIn(tx, userId, {
    street: address.street,
    colonia: address.colonia,
    city: address.city,
    state: address.state,
    zipCode: address.zipCode,
    references: address.references,
    makeDefault: false,
  });
}

/**
 * Step: the phone typed at checkout goes to the customer's profile when the profile has none, so
 * the next checkout is prefilled with it (docs/requirements.md#checkout); a phone the profile
 * already has is never overwritten (the customer changes it in 'Mi perfil').
 */
async function savePhoneToProfile(tx: Tx, userId: string, phone: string): Promise<void> {
  await tx
    .update(users)
    .set({ phone, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), or(isNull(users.phone), eq(users.phone, ""))));
}

/** Step: 'pedido recibido' into the outbox (and 'pago confirmado' for an order with nothing to pay). */
async function enqueueOrderMails(
  tx: Tx,
  ctx: {
    order: { id: string; orderNumber: string; holdUntil: Date };
    input: PlaceOrderInput;
    checked: CheckedInput;
    address: ShippingAddress;
    lines: BoughtLine[];
    quote: OrderQuote;
    coupon: QuotedCheckout["coupon"];
    isPaid: boolean;
    options: PlaceOrderOptions;
  },
): Promise<void> {
  const data: OrderMailData = {
    orderNumber: ctx.order.orderNumber,
    contactName: ctx.checked.contact.name,
    lines: ctx.lines.map((l) => ({ name: itemTitle(l.name, l), quantity: l.quantity, unitPriceCents: unitPriceCents(l) })),
    subtotalCents: ctx.quote.subtotalCents,
    shippingMethod: ctx.checked.shippingMethod,
    shippingCostCents: ctx.quote.shippingCents,
    couponCode: ctx.coupon?.code ?? null,
    discountCents: ctx.quote.couponDiscountCents,
    pointsUsed: ctx.quote.pointsUsed,
    finalTotalCents: ctx.quote.totalCents,
    address: ctx.address,
    orderUrl: orderLink(mailLinkOrigin(originOfUrl(ctx.options.publicUrl)), {
      orderNumber: ctx.order.orderNumber,
      userId: ctx.input.userId,
      checkoutToken: ctx.input.checkoutToken,
    }),
    isPaid: ctx.isPaid,
    holdUntil: ctx.order.holdUntil,
  };
  const to = ctx.checked.contact.email;
  const actor: OrderActor = { kind: "cliente", userId: ctx.input.userId };
  await recordOrderEvent(tx, ctx.order.id, {
    kind: "created",
    actor,
    message: ctx.isPaid
      ? "Pedido creado sin cargo: el cupón y los puntos cubrieron el total"
      : `Pedido creado por ${formatMoneyCents(ctx.quote.totalCents)}`,
    data: { finalTotalCents: ctx.quote.totalCents },
  });
  await enqueueOrderMail(tx, ctx.order.id, { kind: "order-received", to, ...orderReceivedMail(data) }, actor);
  if (ctx.isPaid) {
    const pointsEarned = ctx.input.userId ? ctx.quote.pointsEarned : 0;
    await enqueueOrderMail(
      tx,
      ctx.order.id,
      { kind: "payment-approved", to, ...paymentApprovedMail({ ...data, paymentId: null, pointsEarned }) },
      actor,
    );
  }
}

/**
 * The order a checkout token already placed (for this same shopper), as placeOrder returns it; null when none.
 * The same shopper is the same customer, or for a guest (who has no account to compare) the same contact
 * typed in the form: a second submit of one form carries it, another guest holding the token does not.
 */
async function orderForToken(
  db: Database,
  token: string,
  userId: string | null,
  contact: CheckedInput["contact"],
): Promise<PlacedOrder | null> {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      finalTotalCents: orders.finalTotalCents,
      email: orders.guestEmail,
      userId: orders.userId,
      phone: orders.contactPhone,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(eq(orders.checkoutToken, token))
    .limit(1);
  if (!row) return null;
  const sameGuest = userId !== null || (row.email === contact.email && row.phone === contact.phone);
  if (row.userId !== userId || !sameGuest) throw new CheckoutError("invalid", CHECKOUT_MESSAGES.tokenTaken, { code: "conflict" });
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    finalTotalCents: row.finalTotalCents,
    email: row.email ?? "",
    isPaid: row.paymentMethod === NO_CHARGE_PAYMENT_METHOD && row.paymentStatus === "approved",
  };
}

/** Any failure as the CheckoutError the page shows; unexpected ones are logged and get the generic text. */
function asCheckoutError(error: unknown): CheckoutError {
  if (error instanceof CheckoutError) return error;
  if (error instanceof OutOfStockError) return new CheckoutError("out-of-stock", error.message, { soldOut: error.shortages, cause: error });
  if (error instanceof CouponError) return new CheckoutError("coupon", error.message, { field: "couponInput", cause: error });
  // The points debit is refused at its field (debitPoints): the balance changed meanwhile.
  if (error instanceof ShopError && error.field === "usePoints")
    return new CheckoutError("points", error.message, { field: "usePoints", cause: error });
  logError("placeOrder failed", error);
  return new CheckoutError("failed", CHECKOUT_MESSAGES.failed, { cause: error });
}
