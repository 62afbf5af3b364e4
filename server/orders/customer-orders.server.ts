/**
 * A customer's own orders for 'Mis Pedidos' (docs/requirements.md#orders-and-statuses) and its
 * 'Pagar Ahora' (docs/requirements.md#payments): only the requester's orders
 * (docs/requirements.md#access-and-roles), newest first, in the old JSON field names with money in pesos.
 */
import { asc, desc, eq, inArray } from "drizzle-orm";
import { PAYMENT_MESSAGES } from "#domain/payments.ts";
import type { AppConfig } from "#server/config.ts";
import type { Database, Queryable } from "#server/db/client.ts";
import { orderItems, orders, users } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";
import { PaymentLinkError, createPaymentLinkForOrder, paymentProvider } from "#server/payments/index.ts";
import { orderForViewer, orderViewFrom, itemColumns, type OrderRef, type OrderView, type OrderViewer } from "./order-views.server";
import { storePendingOrder } from "./pending-order-cookie.server";

export interface CustomerOrder extends OrderView {
  /** Units ordered, all lines together. */
  itemCount: number;
}

/** The customer's orders with their lines, newest first (two queries, whatever the count). */
export async function listCustomerOrders(db: Queryable, userId: string, limit = 50): Promise<CustomerOrder[]> {
  const rows = await db
    .select({ order: orders, user: { id: users.id, name: users.name, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const items = await db
    .select(itemColumns)
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.order.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  return rows.map(({ order, user }) => {
    const lines = items.filter((i) => i.orderId === order.id);
    return { ...orderViewFrom(order, user, lines), itemCount: lines.reduce((sum, l) => sum + l.quantity, 0) };
  });
}

/**
 * 'Pagar Ahora' for the customer's own payable order: a fresh payment link
 * (createPaymentLinkForOrder counts the attempt, then asks the provider) and
 * the pending-order cookie that names the order for the return pages.
 * Throws ShopError (`not_found`, `conflict`) / PaymentLinkError with the Spanish message to show.
 */
export async function retryPaymentForCustomer(
  db: Database,
  config: AppConfig,
  userId: string,
  orderId: string,
): Promise<{ url: string; setCookie: string }> {
  return retryPaymentForViewer(db, config, { orderId }, { userId, pendingOrderId: null });
}

/**
 * 'Pagar Ahora' for an order the viewer may see (`viewerMaySee`: the signed-in
 * customer's own, or a guest's through its cookie or its e-mail's link key), as
 * retryPaymentForCustomer. Throws ShopError (`not_found`, `conflict`) / PaymentLinkError.
 */
export async function retryPaymentForViewer(
  db: Database,
  config: AppConfig,
  ref: OrderRef,
  viewer: OrderViewer,
): Promise<{ url: string; setCookie: string }> {
  const order = await orderForViewer(db, ref, viewer);
  if (!order) throw new ShopError(PAYMENT_MESSAGES.failed, "not_found");
  if (!order.canRetryPayment) throw new ShopError(PAYMENT_MESSAGES.notPayable, "conflict");
  const link = await createPaymentLinkForOrder(db, order._id, { config, provider: paymentProvider(config, db) });
  const setCookie = await storePendingOrder(config, { orderNumber: order.orderNumber, id: order._id, total: order.finalTotal });
  return { url: link.url, setCookie };
}

export { PaymentLinkError };
