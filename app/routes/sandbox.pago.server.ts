/**
 * The sandbox payment page's server half (/sandbox/pago/{orderId}): who may see
 * and pay the order (viewerMaySee: its signed-in owner, or for a guest's order the browser that placed it), what
 * the page shows, and what a button does (server/payments payInSandbox).
 */
import type { AppLoadContext } from "react-router";
import type { SandboxDecision } from "#domain/payments.ts";
import { canRetryPayment } from "#domain/statuses.ts";
import type { Database } from "#server/db/client.ts";
import { getUser } from "#server/accounts/auth.server.ts";
import { orderForPayment, readPendingOrder, viewerMaySee } from "#server/orders/index.ts";
import { payInSandbox } from "#server/payments/index.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";

export interface SandboxCheckout {
  id: string;
  orderNumber: string;
  finalTotalCents: number;
  orderStatus: string;
  paymentStatus: string;
  /** Pending or rejected and not cancelled: the buttons are shown. */
  payable: boolean;
}

/**
 * Who may open an order's sandbox page (viewerMaySee): a customer's order only its
 * signed-in owner, a guest's the browser whose pending-order cookie names it.
 */
export interface SandboxViewer {
  pendingOrderId: string | null;
  userId: string | null;
}

/** Who is asking: the order the browser's pending-order cookie names, and the signed-in customer. */
export async function sandboxViewer(request: Request, context: AppLoadContext): Promise<SandboxViewer> {
  const [pending, user] = await Promise.all([readPendingOrder(request, context.config), getUser(request, context)]);
  return { pendingOrderId: pending?.id ?? null, userId: user?.id ?? null };
}

/** The order as its sandbox page shows it; null for an unknown id, or for a viewer who may not pay it (one 404 for both). */
export async function sandboxCheckout(db: Database, orderId: string, viewer: SandboxViewer): Promise<SandboxCheckout | null> {
  const order = await orderForPayment(db, orderId);
  if (!order) return null;
  // The one rule of who sees an order: a customer's only by that signed-in customer (whatever a cookie says), a guest's by its cookie.
  if (!viewerMaySee(order, viewer)) return null;
  const { id, orderNumber, finalTotalCents, orderStatus, paymentStatus } = order;
  return { id, orderNumber, finalTotalCents, orderStatus, paymentStatus, payable: canRetryPayment(order) };
}

export type SandboxResult = { kind: "not-found" } | { kind: "not-payable" } | { kind: "done"; redirectTo: string };

/**
 * What a sandbox button does, for the browser that asks. `openedPayable`: the page was shown while
 * the order was payable (SANDBOX_OPENED_PAYABLE_FIELD). Mercado Pago's checkout left open in a
 * second tab still takes a payment after the first tab paid, so the sandbox does too (the shop
 * records it and flags the order for a refund, decision record 021); a page opened after the order
 * was paid shows no buttons, and a cancelled order takes nothing.
 */
export async function completeSandboxPayment(
  request: Request,
  context: AppLoadContext,
  input: { orderId: string; decision: SandboxDecision; openedPayable?: boolean },
): Promise<SandboxResult> {
  const order = await sandboxCheckout(context.db, input.orderId, await sandboxViewer(request, context));
  if (!order) return { kind: "not-found" };
  const secondTab = input.openedPayable === true && order.paymentStatus === "approved" && order.orderStatus !== "cancelled";
  if (!order.payable && !secondTab) return { kind: "not-payable" };
  const origin = siteOrigin(request, context);
  return { kind: "done", redirectTo: await payInSandbox(context.db, context.config, { order, decision: input.decision, origin }) };
}
