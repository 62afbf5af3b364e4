/**
 * What both providers share: the webhook secret and the notification check
 * (the sandbox signs its notifications exactly as Mercado Pago does).
 */
import { createHmac } from "node:crypto";
import { ok } from "#domain/result.ts";
import type { AppConfig } from "#server/config.ts";
import { logEvent } from "#server/http/error-log.ts";
import { notificationParts, verifySignature } from "./signature";
import type { VerifiedNotification } from "./types";

/**
 * The key of the webhook's HMAC: MERCADOPAGO_WEBHOOK_SECRET, or in sandbox mode
 * without it a secret derived from SESSION_SECRET (the sandbox only signs for
 * the shop itself). Mercado Pago mode without a secret: every notification is refused.
 */
export function webhookSecret(config: AppConfig): string | undefined {
  if (config.MERCADOPAGO_WEBHOOK_SECRET) return config.MERCADOPAGO_WEBHOOK_SECRET;
  if (config.PAYMENT_PROVIDER !== "sandbox") return undefined;
  return createHmac("sha256", config.SESSION_SECRET).update("sandbox-webhook-secret").digest("hex");
}

/** The shop's public origin for links the provider calls or sends the buyer to ('' when unset: paths stay relative). */
export function publicOrigin(config: AppConfig): string {
  return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : "";
}

async function bodyType(request: Request): Promise<string | null> {
  try {
    const body: unknown = await request.clone().json();
    const type = (body as { type?: unknown } | null)?.type;
    return typeof type === "string" ? type : null;
  } catch {
    return null;
  }
}

/** The signature check (docs/architecture.md#payments), then the payment id a valid notification is about (data.id of the query string). */
export async function verifyNotificationWith(
  secret: string | undefined,
  request: Request,
  now = Date.now(),
): Promise<VerifiedNotification> {
  const parts = notificationParts(request);
  const check = verifySignature({ secret, signatureHeader: parts.signatureHeader, requestId: parts.requestId, dataId: parts.dataId, now });
  if (!check.ok) {
    logEvent("warn", "webhook refused", { reason: check.failure, requestId: parts.requestId });
    return check;
  }
  const topic = parts.type ?? (await bodyType(request));
  return ok({ topic, paymentId: topic === "payment" ? parts.dataId : null });
}
