/**
 * The order a payment return page or /confirmacion shows (SPEC §2 Payment
 * result pages, Order confirmation; §4 Stored pending order; DESIGN §6, §7).
 * The query's reference is never trusted: it names an order only when the
 * browser's signed pending-order cookie or the signed-in customer owns it; the
 * literal "null", a malformed number or someone else's order reads as absent,
 * and the stored order is used instead. These pages only display: payment state
 * comes from the database, written by applyPayment alone.
 */
import type { AppLoadContext } from "react-router";
import { isOrderNumber } from "#domain/orders.ts";
import { getUser } from "#server/accounts/auth.server.ts";
import { logError } from "#server/http/error-log.ts";
import { orderForViewer, type OrderView } from "./order-views.server";
import { readPendingOrder, type PendingOrder } from "./pending-order-cookie.server";

export interface ReturnPageOrder {
  /** The order from the database, when the viewer may see it. */
  order: OrderView | null;
  /** The browser's stored pending order (the signed cookie), when it holds one. */
  stored: PendingOrder | null;
  /** The order could not be read (the database failed): the stored copy is shown if any. */
  loadFailed: boolean;
  /** The signed-in customer's id, or null. */
  userId: string | null;
}

/**
 * The order named by `reference` (the query's external_reference or ?pedido=)
 * if the viewer owns it, else the one the pending-order cookie names.
 */
export async function returnPageOrder(request: Request, context: AppLoadContext, reference: string | null): Promise<ReturnPageOrder> {
  const [stored, user] = await Promise.all([readPendingOrder(request, context.config), getUser(request, context)]);
  const viewer = { userId: user?.id ?? null, pendingOrderId: stored?.id ?? null };
  try {
    let order = isOrderNumber(reference) ? await orderForViewer(context.db, { orderNumber: reference }, viewer) : null;
    if (!order && stored) order = await orderForViewer(context.db, { orderId: stored.id }, viewer);
    return { order, stored, loadFailed: false, userId: viewer.userId };
  } catch (error) {
    logError("order lookup for a return page failed", error, { requestId: context.requestId });
    return { order: null, stored, loadFailed: true, userId: viewer.userId };
  }
}

/** What a result page prints of the order it knows: from the database, else the stored copy. */
export interface ReturnPageSummary {
  orderNumber: string;
  /** Pesos: the order's final total (what is charged). */
  total: number;
  paymentId: string | null;
  email: string | null;
  /** Points the order earns, for the signed-in customer who placed it; else null. */
  pointsEarned: number | null;
  /** The order was cancelled (its stock hold lapsed, or the shop cancelled it): the page says so (decision record 015). */
  cancelled: boolean;
  /** A payment arrived after the cancellation and will be given back. */
  refundDue: boolean;
}

export function returnPageSummary(found: ReturnPageOrder): ReturnPageSummary | null {
  const { order, stored } = found;
  if (order) {
    const ownOrder = order.user !== null && order.user._id === found.userId;
    return {
      orderNumber: order.orderNumber,
      total: order.finalTotal,
      paymentId: order.paymentId,
      email: order.email || null,
      pointsEarned: ownOrder && order.loyaltyPoints.earned > 0 ? order.loyaltyPoints.earned : null,
      cancelled: order.orderStatus === "cancelled",
      refundDue: order.orderStatus === "cancelled" && order.needsRefund,
    };
  }
  if (stored) {
    return {
      orderNumber: stored.orderNumber,
      total: stored.total,
      paymentId: null,
      email: null,
      pointsEarned: null,
      cancelled: false,
      refundDue: false,
    };
  }
  return null;
}

export { clearPendingOrder } from "./pending-order-cookie.server";
