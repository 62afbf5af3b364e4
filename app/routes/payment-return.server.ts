/**
 * The server half of the payment return pages and /confirmacion
 * (docs/requirements.md#payments): which order a page shows, in which state,
 * whether the browser's pending-order cookie is done with, and 'Pagar Ahora'
 * from the page.
 *
 * The query's reference is never trusted: it names an order only when the
 * viewer may see it (`viewerMaySee`: a customer's order only to that signed-in
 * customer; a guest's to the browser whose signed cookie names it, or through
 * its e-mail's link key); the literal "null", a malformed number or someone
 * else's order reads as absent, and the cookie's order is used instead. The
 * state comes from the database, written by applyPayment alone: a return's
 * query never makes an order look paid.
 */
import { redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import { mayNameOrder } from "#domain/orders.ts";
import { orderLookupPath, orderPaymentState, pendingOrderSettled, type OrderPaymentState } from "#domain/order-pages.ts";
import type { ShippingAddress } from "#domain/address.ts";
import { PAYMENT_MESSAGES } from "#domain/payments.ts";
import { getUser } from "#server/accounts/auth.server.ts";
import { logError } from "#server/http/error-log.ts";
import {
  clearPendingOrder,
  guestOrderLinkKey,
  isLinkKey,
  orderForViewer,
  readPendingOrder,
  type OrderView,
  type PendingOrder,
} from "#server/orders/index.ts";
import { retryPaymentForViewer } from "#server/payments/index.ts";
import { refuse, refuseThrown, tryReadForm } from "#app/lib/form.server.ts";
import { failureOf } from "#domain/form-failure.ts";
import { PRIVATE_PAGE_HEADERS } from "#app/lib/private-page.ts";

export interface ReturnPageOrder {
  /** The order from the database, when the viewer may see it. */
  order: OrderView | null;
  /** The browser's stored pending order (the signed cookie), when it holds one. */
  stored: PendingOrder | null;
  /** The order could not be read (the database failed): the stored copy is shown if any. */
  loadFailed: boolean;
  /** The signed-in customer's id, or null. */
  userId: string | null;
  /** The link key the page was opened with (`?clave=`, /confirmacion only), when well-formed. */
  linkKey: string | null;
  /** The shown order's own link key when it is a guest's (its 'Consulta tu pedido' link), else null. */
  orderLinkKey: string | null;
}

/**
 * The order named by `reference` (the query's external_reference or ?pedido=)
 * if the viewer may see it, else the one the pending-order cookie names (if the
 * viewer may see that one).
 */
export async function returnPageOrder(
  request: Request,
  context: AppLoadContext,
  reference: string | null,
  linkKey: string | null = null,
): Promise<ReturnPageOrder> {
  const [stored, user] = await Promise.all([readPendingOrder(request, context.config), getUser(request, context)]);
  const key = isLinkKey(linkKey) ? linkKey : null;
  const viewer = { userId: user?.id ?? null, pendingOrderId: stored?.id ?? null, linkKey: key };
  try {
    let order = mayNameOrder(reference) ? await orderForViewer(context.db, { orderNumber: reference }, viewer) : null;
    if (!order && stored) order = await orderForViewer(context.db, { orderId: stored.id }, viewer);
    // Only for an order this viewer may see (above): its own link, to open it later on any device.
    const orderLinkKey = order ? await guestOrderLinkKey(context.db, order) : null;
    return { order, stored, loadFailed: false, userId: viewer.userId, linkKey: key, orderLinkKey };
  } catch (error) {
    logError("order lookup for a return page failed", error, { requestId: context.requestId });
    return { order: null, stored, loadFailed: true, userId: viewer.userId, linkKey: key, orderLinkKey: null };
  }
}

/**
 * What a page shows of an order's payment: its state in the database, or
 * `confirming` when the database has no payment yet but the provider's return
 * says one was just made (its notification is on its way), or null when only
 * the stored copy is known (the database could not be read).
 */
export type ReturnPageState = OrderPaymentState | "confirming" | null;

/** What a result page prints of the order it knows: from the database, else the stored copy. */
export interface ReturnPageSummary {
  orderNumber: string;
  /** Pesos: the order's final total (what is charged). */
  total: number;
  paymentId: string | null;
  email: string | null;
  /** Points the order earns, for the signed-in customer who placed it; else null. */
  pointsEarned: number | null;
  state: ReturnPageState;
  /** 'Pagar Ahora' is offered (the order awaits a payment or its last one was refused). */
  canPay: boolean;
  /** The link key to post with 'Pagar Ahora' (a guest who came from the e-mail), else null. */
  payKey: string | null;
  /** A payment arrived after the order was cancelled and will be given back (decision record 015). */
  refundDue: boolean;
  /** The order's lines as bought: which copy (condition · language), thumbnail, unit price in pesos. */
  items: { name: string; variant: string | null; image: string | null; price: number; quantity: number }[];
  /** Where it ships; null when only the stored copy is known. */
  shippingAddress: ShippingAddress | null;
  /** The order's own page: a guest's keyed 'Consulta tu pedido' link (any browser, no sign-in), a customer's 'Mis Pedidos'. */
  orderPath: string | null;
  /** The order was placed without an account. */
  guest: boolean;
}

/** Provider return statuses that mean a payment was just made (approved, or to be confirmed). */
const PAYMENT_MADE_STATUSES = new Set(["approved", "pending", "in_process", "authorized"]);

/** Whether a provider's return query says a payment was just made (a payment id and a status of one). */
export function returnClaimsPayment(url: URL): boolean {
  const id = url.searchParams.get("payment_id") ?? url.searchParams.get("collection_id");
  const status = url.searchParams.get("status") ?? url.searchParams.get("collection_status");
  return id !== null && /^\d{1,30}$/.test(id) && status !== null && PAYMENT_MADE_STATUSES.has(status);
}

export function returnPageSummary(found: ReturnPageOrder, options: { claimedPayment?: boolean } = {}): ReturnPageSummary | null {
  const { order, stored } = found;
  if (order) {
    const ownOrder = order.user !== null && order.user._id === found.userId;
    let state: ReturnPageState = orderPaymentState(order);
    if (state === "unpaid" && options.claimedPayment) state = "confirming";
    return {
      orderNumber: order.orderNumber,
      total: order.finalTotal,
      paymentId: order.paymentId,
      email: order.email || null,
      pointsEarned: ownOrder && order.loyaltyPoints.earned > 0 ? order.loyaltyPoints.earned : null,
      state,
      canPay: (state === "unpaid" || state === "rejected") && order.canRetryPayment,
      payKey: order.user === null ? found.linkKey : null,
      refundDue: state === "cancelled" && order.needsRefund,
      items: order.items.map(({ name, variant, image, price, quantity }) => ({ name, variant, image, price, quantity })),
      shippingAddress: order.shippingAddress,
      orderPath: ownOrder
        ? `/mis-pedidos?${new URLSearchParams({ pedido: order.orderNumber })}`
        : order.user === null && found.orderLinkKey
          ? orderLookupPath(order.orderNumber, found.orderLinkKey)
          : null,
      guest: order.user === null,
    };
  }
  // The cookie's own copy only when the database could not be read: it may name an order this viewer may not see.
  if (stored && found.loadFailed) {
    return {
      orderNumber: stored.orderNumber,
      total: stored.total,
      paymentId: null,
      email: null,
      pointsEarned: null,
      state: null,
      canPay: false,
      payKey: null,
      refundDue: false,
      items: [],
      shippingAddress: null,
      orderPath: null,
      guest: false,
    };
  }
  return null;
}

/**
 * The page's headers: private, and the Set-Cookie that clears the stored
 * pending order when the page shows the very order it names and that order is
 * paid or has a payment on its way. An order still to pay keeps it, so
 * 'Intentar de nuevo' and /checkout can offer the payment again.
 */
export async function returnPageHeaders(context: AppLoadContext, found: ReturnPageOrder): Promise<Headers> {
  const headers = new Headers(PRIVATE_PAGE_HEADERS);
  const { order, stored } = found;
  if (order && stored && stored.id === order._id && pendingOrderSettled(orderPaymentState(order))) {
    headers.append("Set-Cookie", await clearPendingOrder(context.config));
  }
  return headers;
}

/** The order page's own link for an order (what 'Pagar Ahora' posts to, and comes back to when refused). */
export function orderPagePath(order: { orderNumber: string; payKey: string | null }): string {
  const query = new URLSearchParams({ pedido: order.orderNumber, ...(order.payKey ? { clave: order.payKey } : {}) });
  return `/confirmacion?${query}`;
}

const payForm = z.object({
  intent: z.literal("pay"),
  pedido: z.string().min(1).max(40),
  clave: z.string().max(100).optional(),
});

/**
 * 'Pagar Ahora' from an order's page: a fresh payment link for an order the
 * viewer may see and that can still be paid, the pending-order cookie naming
 * it, then a 303 to the link. Refusals answer the one FormFailure with a 4xx
 * (5xx when the provider failed) and set nothing.
 */
export async function payFromOrderPage(request: Request, context: AppLoadContext) {
  const form = await tryReadForm(request);
  const parsed = payForm.safeParse({
    intent: form?.get("intent"),
    pedido: form?.get("pedido"),
    clave: form?.get("clave") ?? undefined,
  });
  if (!parsed.success) return refuse(failureOf(PAYMENT_MESSAGES.failed));
  const [stored, user] = await Promise.all([readPendingOrder(request, context.config), getUser(request, context)]);
  const clave = parsed.data.clave;
  const viewer = { userId: user?.id ?? null, pendingOrderId: stored?.id ?? null, linkKey: isLinkKey(clave) ? clave : null };
  try {
    const { url, setCookie } = await retryPaymentForViewer(context.db, context.config, { orderNumber: parsed.data.pedido }, viewer);
    return redirect(url, { status: 303, headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    return refuseThrown(error, {
      fallback: PAYMENT_MESSAGES.failed,
      log: "payment from the order page failed",
      requestId: context.requestId,
    });
  }
}
