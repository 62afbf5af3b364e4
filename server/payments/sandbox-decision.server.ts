/**
 * A decision of the sandbox payment page, paid the way Mercado Pago pays
 * (docs/architecture.md#payments): recorded as the sandbox provider's payment, announced to the
 * shop's own webhook handler by a notification signed exactly as Mercado Pago
 * signs them (the same signature check, the same fetch-and-apply path), awaited
 * until applied, and answered with the back URL and query parameters the real
 * provider uses.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { SandboxDecision } from "#domain/payments.ts";
import type { AppConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { webhookSecret } from "./providers";
import { SANDBOX_OUTCOMES, recordSandboxPayment, sandboxPreferenceId, sandboxProvider } from "./sandbox.server";
import { signNotification } from "./signature";
import { handleWebhook } from "./webhook.server";

/** The request Mercado Pago would send the shop's webhook about this payment (`payment.updated` for a change, e.g. a refund). */
export function signedNotification(
  config: AppConfig,
  origin: string,
  paymentId: string,
  now = new Date(),
  action: "payment.created" | "payment.updated" = "payment.created",
): Request {
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
      action,
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

/**
 * Pays a payable order as the sandbox decides (the caller checked who asks and
 * that the order is payable); `origin` is the shop's own. Returns where the
 * buyer goes: the provider's back URL.
 */
export async function payInSandbox(
  db: Database,
  config: AppConfig,
  input: { order: { id: string; orderNumber: string; finalTotalCents: number }; decision: SandboxDecision; origin: string },
): Promise<string> {
  const { order } = input;
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
  return returnUrl({
    status: outcome.status,
    paymentId: payment.id,
    orderNumber: order.orderNumber,
    paymentType: outcome.paymentTypeId,
    preferenceId: sandboxPreferenceId(order.id),
  });
}
