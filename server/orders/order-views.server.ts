/**
 * Orders as the pages read them (docs/requirements.md#payments): the old
 * JSON field names (docs/requirements.md#data-model), money in pesos.
 * Access (`viewerMaySee`, docs/requirements.md#access-and-roles): a customer's order is seen only by that
 * signed-in customer, whatever a cookie or a link says; a guest's order by the
 * browser whose signed pending-order cookie names it, or through the link key
 * of its e-mail; nobody else sees anything (null, which the pages answer with
 * their empty state).
 */
import { asc, eq } from "drizzle-orm";
import { variantLabel } from "#domain/variant-names.ts";
import type { ShippingAddress } from "#domain/address.ts";
import type { Queryable } from "#server/db/client.ts";
import { orderItems, orders, users } from "#server/db/schema.ts";
import { isId } from "#domain/ids.ts";
import { mayNameOrder } from "#domain/orders.ts";
import { canRetryPayment } from "#domain/statuses.ts";
import { linkKeyOpens, orderLinkKey } from "./order-links";

export interface OrderViewItem {
  /** The product's id (null when the product was deleted since). */
  product: string | null;
  name: string;
  /** What the line was sold as ('Ligeramente jugada · Japonés'); null for lines older than variants. */
  variant: string | null;
  image: string | null;
  /** Unit price paid, pesos. */
  price: number;
  quantity: number;
}

export type OrderViewAddress = ShippingAddress;

export interface OrderView {
  _id: string;
  orderNumber: string;
  items: OrderViewItem[];
  shippingAddress: OrderViewAddress;
  shippingMethod: string;
  shippingCost: number;
  subtotal: number;
  /** Coupon discount, pesos. */
  discount: number;
  couponCode: string | null;
  /** Subtotal + shipping − coupon discount, pesos. */
  total: number;
  /** What is charged: total − points used, pesos. */
  finalTotal: number;
  orderStatus: string;
  paymentStatus: string;
  paymentId: string | null;
  paymentMethod: string;
  trackingNumber: string | null;
  /** The order's contact e-mail. */
  email: string;
  whatsappNotifications: boolean;
  user: { _id: string; name: string; email: string } | null;
  notes: string | null;
  cancelReason: string | null;
  cancelledAt: string | null;
  cancelledBy: string | null;
  needsRefund: boolean;
  createdAt: string;
  updatedAt: string;
  loyaltyPoints: { used: number; earned: number };
  /** 'Pagar Ahora' is offered (payment pending or rejected, order not cancelled). */
  canRetryPayment: boolean;
}

export type OrderRef = { orderNumber: string } | { orderId: string };

export interface OrderViewer {
  userId: string | null;
  /** The order id the browser's signed pending-order cookie names. */
  pendingOrderId: string | null;
  /** The link key of a guest order's e-mail (`?clave=`), as given. */
  linkKey?: string | null;
}

/**
 * Who may see (and pay) an order: an order with a customer only that signed-in
 * customer; a guest's order the browser whose pending-order cookie names it, or
 * whoever holds its e-mail's link key.
 */
export function viewerMaySee(order: { id: string; userId: string | null; checkoutToken: string | null }, viewer: OrderViewer): boolean {
  if (order.userId !== null) return order.userId === viewer.userId;
  if (viewer.pendingOrderId !== null && viewer.pendingOrderId === order.id) return true;
  return linkKeyOpens(order.checkoutToken, viewer.linkKey);
}

const pesos = (cents: number) => cents / 100;

/**
 * The order with its items and address, for the viewer allowed to see it
 * (`viewerMaySee`). Null for a malformed reference, an unknown order, or anyone
 * else's order.
 */
export async function orderForViewer(db: Queryable, ref: OrderRef, viewer: OrderViewer): Promise<OrderView | null> {
  return readOrderView(db, ref, (order) => viewerMaySee(order, viewer));
}

/**
 * The order a reference names, with its customer and lines as the pages read them, when `maySee`
 * allows it; null for a malformed reference, an unknown order or one `maySee` refuses. The one read
 * behind orderForViewer and the lookup's link (order-lookup.server.ts), each with its own rule.
 */
export async function readOrderView(db: Queryable, ref: OrderRef, maySee: (order: OrderRow) => boolean): Promise<OrderView | null> {
  let where;
  if ("orderNumber" in ref) {
    if (!mayNameOrder(ref.orderNumber)) return null;
    where = eq(orders.orderNumber, ref.orderNumber);
  } else {
    if (!isId(ref.orderId)) return null;
    where = eq(orders.id, ref.orderId);
  }
  const [row] = await db
    .select({ order: orders, user: { id: users.id, name: users.name, email: users.email } })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .limit(1);
  if (!row || !maySee(row.order)) return null;
  const items = await db.select(itemColumns).from(orderItems).where(eq(orderItems.orderId, row.order.id)).orderBy(asc(orderItems.id));
  return orderViewFrom(row.order, row.user, items);
}

/** The columns of an order line that a view shows. */
export const itemColumns = {
  orderId: orderItems.orderId,
  productId: orderItems.productId,
  name: orderItems.name,
  condition: orderItems.condition,
  language: orderItems.language,
  image: orderItems.image,
  unitPriceCents: orderItems.unitPriceCents,
  quantity: orderItems.quantity,
};

type OrderRow = typeof orders.$inferSelect;
type ItemRow = {
  productId: string | null;
  name: string;
  condition: string | null;
  language: string | null;
  image: string | null;
  unitPriceCents: number;
  quantity: number;
};

/** An order row, its customer (or null for a guest) and its lines as the pages read them. No access check: callers check ownership. */
export function orderViewFrom(
  order: OrderRow,
  user: { id: string; name: string; email: string } | null,
  items: readonly ItemRow[],
): OrderView {
  const address = (order.shippingAddress ?? {}) as Partial<OrderViewAddress>;
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    items: items.map((i) => ({
      product: i.productId,
      name: i.name,
      variant: i.condition && i.language ? variantLabel({ condition: i.condition, language: i.language }) : null,
      image: i.image,
      price: pesos(i.unitPriceCents),
      quantity: i.quantity,
    })),
    shippingAddress: {
      name: address.name ?? order.contactName,
      phone: address.phone ?? order.contactPhone,
      street: address.street ?? "",
      colonia: address.colonia ?? null,
      city: address.city ?? "",
      state: address.state ?? "",
      zipCode: address.zipCode ?? "",
      country: address.country || "México",
      references: address.references ?? null,
    },
    shippingMethod: order.shippingMethod,
    shippingCost: pesos(order.shippingCostCents),
    subtotal: pesos(order.subtotalCents),
    discount: pesos(order.discountCents),
    couponCode: order.couponCode,
    total: pesos(order.totalCents),
    finalTotal: pesos(order.finalTotalCents),
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    paymentId: order.paymentId,
    paymentMethod: order.paymentMethod,
    trackingNumber: order.trackingNumber,
    email: order.guestEmail ?? user?.email ?? "",
    whatsappNotifications: order.whatsappNotifications,
    user: user ? { _id: user.id, name: user.name, email: user.email } : null,
    notes: order.notes,
    cancelReason: order.cancelReason,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancelledBy: order.cancelledBy,
    needsRefund: order.needsRefund,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    loyaltyPoints: { used: order.pointsUsed, earned: order.pointsEarned },
    canRetryPayment: canRetryPayment(order),
  };
}

/**
 * The link key of a guest's order (its e-mail's `?clave=`, which opens 'Consulta tu pedido' on any
 * device), for a page that already shows the order to this viewer (`orderForViewer`): the browser
 * that placed it knows its checkout token, and so the key, already. Null for a customer's order
 * (it is seen signed in, in 'Mis Pedidos'), an order without a token, or an unknown id.
 */
export async function guestOrderLinkKey(db: Queryable, order: Pick<OrderView, "_id" | "user">): Promise<string | null> {
  if (order.user !== null || !isId(order._id)) return null;
  const [row] = await db
    .select({ userId: orders.userId, checkoutToken: orders.checkoutToken })
    .from(orders)
    .where(eq(orders.id, order._id))
    .limit(1);
  return row && row.userId === null ? orderLinkKey(row.checkoutToken) : null;
}

/** What the payment step needs of an order (Part B's createPaymentLinkForOrder). */
export interface OrderForPayment {
  id: string;
  orderNumber: string;
  /** The customer who placed it; null for a guest's order. */
  userId: string | null;
  checkoutToken: string | null;
  finalTotalCents: number;
  email: string;
  paymentAttempts: number;
  createdAt: Date;
  orderStatus: string;
  paymentStatus: string;
}

/** The order's payment facts by id; null for a malformed or unknown id. No access check: callers check ownership. */
export async function orderForPayment(db: Queryable, orderId: string): Promise<OrderForPayment | null> {
  if (!isId(orderId)) return null;
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      checkoutToken: orders.checkoutToken,
      finalTotalCents: orders.finalTotalCents,
      guestEmail: orders.guestEmail,
      userEmail: users.email,
      paymentAttempts: orders.paymentAttempts,
      createdAt: orders.createdAt,
      orderStatus: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  const { guestEmail, userEmail, ...rest } = row;
  return { ...rest, email: guestEmail ?? userEmail ?? "" };
}
