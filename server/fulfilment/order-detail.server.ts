/**
 * The admin's order page data (docs/requirements.md#order-fulfilment): the order as the pages read
 * it, its payments, its history, the carrier's tracking link and, for a buyer who opted in, the
 * click-to-chat link with the message for its current status. Read-only.
 */
import { asc, eq } from "drizzle-orm";
import { chatLink, chatStatusMessage } from "#domain/fulfilment.ts";
import { mayNameOrder } from "#domain/orders.ts";
import { carrierName, trackingUrl } from "#domain/shipping.ts";
import type { Queryable } from "#server/db/client.ts";
import { orderItems, orders, payments, products, users } from "#server/db/schema.ts";
import { listOrderEvents, type OrderEventView } from "#server/order-events/index.ts";
import { flaggedPayments } from "./cancel-refund.server";
import { itemColumns, orderViewFrom, type OrderView } from "#server/orders/index.ts";

export interface AdminPaymentRow {
  provider: string;
  paymentId: string;
  status: string;
  amountCents: number | null;
  /** ISO. */
  createdAt: string;
}

export interface AdminOrderDetail {
  order: OrderView;
  contactName: string;
  contactPhone: string;
  carrier: string;
  trackingUrl: string | null;
  /** The provider that took the order's standing payment ('sandbox', 'mercadopago', 'manual'), if any. */
  paymentProvider: string | null;
  payments: AdminPaymentRow[];
  /**
   * Approved payments still standing that the order does not need (a second payment, or one made
   * after the order was cancelled): each gets its own 'Reembolsar' button. Oldest first.
   */
  paymentsToRefund: AdminPaymentRow[];
  events: OrderEventView[];
  /** Each line's product as the shop knows it now (expansion and card number, so the packer picks the right card); null for a deleted product. */
  lineProducts: ({ expansion: string; cardNumber: string | null } | null)[];
  /** For a buyer who opted in to chat-app notifications; null otherwise or without a usable phone. */
  chatUrl: string | null;
}

export async function adminOrderDetail(db: Queryable, orderNumber: string): Promise<AdminOrderDetail | null> {
  if (!mayNameOrder(orderNumber)) return null;
  const [row] = await db
    .select({ order: orders, user: { id: users.id, name: users.name, email: users.email } })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.orderNumber, orderNumber));
  if (!row) return null;
  const { order } = row;
  const [items, paymentRows, events] = await Promise.all([
    db
      .select({ ...itemColumns, expansion: products.expansion, cardNumber: products.cardNumber })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.name), asc(orderItems.id)),
    db
      .select({
        provider: payments.provider,
        paymentId: payments.providerPaymentId,
        status: payments.status,
        amountCents: payments.amountCents,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(asc(payments.createdAt)),
    listOrderEvents(db, order.id),
  ]);
  const toRefund = new Set(order.needsRefund ? (await flaggedPayments(db, order)).map((p) => `${p.provider}:${p.paymentId}`) : []);
  const view = orderViewFrom(order, row.user?.id ? row.user : null, items);
  const carrier = carrierName(order.shippingMethod);
  const tracking = order.trackingNumber ? trackingUrl(order.shippingMethod, order.trackingNumber) : null;
  const chatText = chatStatusMessage({
    orderNumber: order.orderNumber,
    orderStatus: order.orderStatus,
    contactName: order.contactName,
    carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: tracking,
    cancelReason: order.cancelReason,
  });
  return {
    order: view,
    contactName: order.contactName,
    contactPhone: order.contactPhone,
    carrier,
    trackingUrl: tracking,
    paymentProvider: paymentRows.find((p) => p.paymentId === order.paymentId)?.provider ?? null,
    payments: paymentRows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    paymentsToRefund: paymentRows
      .filter((p) => p.status === "approved" && toRefund.has(`${p.provider}:${p.paymentId}`))
      .map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    events,
    lineProducts: items.map((i) => (i.expansion ? { expansion: i.expansion, cardNumber: i.cardNumber } : null)),
    chatUrl: order.whatsappNotifications ? chatLink(order.contactPhone, chatText) : null,
  };
}
