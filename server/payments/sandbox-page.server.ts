/**
 * The sandbox payment page's server side (/sandbox/pago/{orderId}): what the
 * page shows, and what a button does. A decision is recorded as the sandbox
 * provider's payment, announced to the shop's own webhook handler by a
 * notification signed exactly as Mercado Pago signs them (the same signature
 * check, the same fetch-and-apply path), awaited until applied, and answered
 * with the back URL and query parameters the real provider uses.
 */
import { randomInt, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { SandboxDecision } from "#domain/payments.ts";
import { canRetryPayment } from "#domain/statuses.ts";
import type { AppConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { orders } from "#server/db/schema.ts";
import { orderForPayment } from "#server/orders/order-views.server.ts";
import { webhookSecret } from "./providers";
import { SANDBOX_OUTCOMES, recordSandboxPayment, sandboxPreferenceId, sandboxProvider } from "./sandbox.server";
import { signNotification } from "./signature";
import { handleWebhook } from "./webhook.server";

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

/** The request Mercado Pago would send the shop's webhook about this payment. */
export function signedNotification(config: AppConfig, origin: string, paymentId: string, now = new Date()): Request {
  const secret = webhookSecret(config);
  if (!secret) throw new Error("no webhook secret to sign the sandbox notification");
  const requestId = randomUUID();
  const ts = String(now.getTime());
  const url = `${origin}/api/webhooks/mercadopago?data.id=${paymentId}&type=payment`;
  return new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-request-id": requestId,
      "x-signature": signNotification(secret, { dataId: paymentId, requestId, ts }),
    },
    body: JSON.stringify({
      action: "payment.created",
      api_version: "v1",
      data: { id: paymentId },
      date_created: now.toISOString(),
      id: randomInt(100_000_000_000, 200_000_000_000),
      live_mode: false,
      type: "payment",
      user_id: "sandbox",
    }),
  });
}

/** The back URL's path and query, as Mercado Pago builds them (the literal "null" where a value is missing). */
export function returnUrl(input: {
  status: string;
  paymentId: string;
  orderNumber: string;
  paymentType: string;
  preferenceId: string;
}): string {
  const page = input.status === "approved" ? "success" : input.status === "pending" ? "pending" : "failure";
  const query = new URLSearchParams({
    collection_id: input.paymentId,
    collection_status: input.status,
    payment_id: input.paymentId,
    status: input.status,
    external_reference: input.orderNumber,
    payment_type: input.paymentType,
    merchant_order_id: "null",
    preference_id: input.preferenceId,
    site_id: "MLM",
    processing_mode: "aggregator",
    merchant_account_id: "null",
  });
  return `/payment/${page}?${query.toString()}`;
}

export type SandboxResult = { kind: "not-found" } | { kind: "not-payable" } | { kind: "done"; redirectTo: string };

/** What a sandbox button does (see the module comment). `origin` is the shop's own. */
export async function completeSandboxPayment(
  db: Database,
  config: AppConfig,
  input: { orderId: string; decision: SandboxDecision; origin: string; viewer: SandboxViewer },
): Promise<SandboxResult> {
  const order = await sandboxCheckout(db, input.orderId, input.viewer);
  if (!order) return { kind: "not-found" };
  if (!order.payable) return { kind: "not-payable" };
  const outcome = SANDBOX_OUTCOMES[input.decision];
  const payment = await recordSandboxPayment(db, {
    orderId: order.id,
    orderNumber: order.orderNumber,
    amountCents: order.finalTotalCents,
    status: outcome.status,
  });
  const { response, processing } = await handleWebhook(signedNotification(config, input.origin, payment.id), {
    db,
    provider: sandboxProvider(config, db),
    publicUrl: config.PUBLIC_URL ?? input.origin,
  });
  const processed = await processing;
  if (response.status !== 200 || processed.kind !== "applied") {
    throw new Error(`sandbox notification not applied: ${response.status} ${processed.kind}`);
  }
  return {
    kind: "done",
    redirectTo: returnUrl({
      status: outcome.status,
      paymentId: payment.id,
      orderNumber: order.orderNumber,
      paymentType: outcome.paymentTypeId,
      preferenceId: sandboxPreferenceId(order.id),
    }),
  };
}
