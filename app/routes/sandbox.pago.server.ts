/**
 * The sandbox payment page's server half (/sandbox/pago/{orderId}): who may see
 * and pay the order (the browser that placed it, or its signed-in owner), what
 * the page shows, and what a button does (server/payments payInSandbox).
 */
import type { AppLoadContext } from "react-router";
import { eq } from "drizzle-orm";
import type { SandboxDecision } from "#domain/payments.ts";
import { canRetryPayment } from "#domain/statuses.ts";
import type { Database } from "#server/db/client.ts";
import { orders } from "#server/db/schema.ts";
import { getUser } from "#server/accounts/auth.server.ts";
import { orderForPayment, readPendingOrder } from "#server/orders/index.ts";
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
 * Who may open an order's sandbox page: the browser whose pending-order cookie
 * names it (the one that placed it), or its signed-in owner.
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
  if (viewer.pendingOrderId !== order.id) {
    const [owner] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, order.id));
    if (!viewer.userId || owner?.userId !== viewer.userId) return null;
  }
  const { id, orderNumber, finalTotalCents, orderStatus, paymentStatus } = order;
  return { id, orderNumber, finalTotalCents, orderStatus, paymentStatus, payable: canRetryPayment(order) };
}

export type SandboxResult = { kind: "not-found" } | { kind: "not-payable" } | { kind: "done"; redirectTo: string };

/** What a sandbox button does, for the browser that asks. */
export async function completeSandboxPayment(
  request: Request,
  context: AppLoadContext,
  input: { orderId: string; decision: SandboxDecision },
): Promise<SandboxResult> {
  const order = await sandboxCheckout(context.db, input.orderId, await sandboxViewer(request, context));
  if (!order) return { kind: "not-found" };
  if (!order.payable) return { kind: "not-payable" };
  const origin = siteOrigin(request, context);
  return { kind: "done", redirectTo: await payInSandbox(context.db, context.config, { order, decision: input.decision, origin }) };
}
