/**
 * The payment webhook (docs/architecture.md#payments): checks the signature (401 and nothing
 * written when bad), answers 200 at once (Mercado Pago waits 22 s, then retries,
 * and delivers duplicates, sometimes concurrently), then fetches the payment by
 * id from the provider and hands it to applyPayment. Errors after the answer are
 * logged; a notification lost that way is caught by the reconciliation job.
 */
import type { Database } from "#server/db/client.ts";
import { logError, logEvent } from "#server/http/error-log.ts";
import { applyPayment, type ApplyOutcome } from "./apply-payment.server";
import type { PaymentProvider } from "./types";

export type WebhookProcessing =
  | { kind: "refused" }
  | { kind: "ignored"; topic: string | null }
  | { kind: "payment-not-found"; paymentId: string }
  | { kind: "applied"; paymentId: string; result: ApplyOutcome }
  | { kind: "failed"; paymentId: string };

export interface WebhookAnswer {
  /** What the route answers, at once. */
  response: Response;
  /** The work after the answer (never rejects): tests and the sandbox await it. */
  processing: Promise<WebhookProcessing>;
}

const inFlight = new Set<Promise<unknown>>();

/** Resolves when every notification being processed now is done (tests; a graceful stop). */
export async function webhooksIdle(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

function answer(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export interface WebhookDeps {
  db: Database;
  provider: PaymentProvider;
  /** The shop's public origin, for links in the e-mails a payment sends. */
  publicUrl?: string;
}

async function processPayment(deps: WebhookDeps, paymentId: string): Promise<WebhookProcessing> {
  try {
    const payment = await deps.provider.fetchPayment(paymentId);
    if (!payment) {
      logEvent("warn", "webhook: payment not found at the provider", { provider: deps.provider.name, paymentId });
      return { kind: "payment-not-found", paymentId };
    }
    return { kind: "applied", paymentId, result: await applyPayment(deps.db, payment, deps.provider.name, { publicUrl: deps.publicUrl }) };
  } catch (error) {
    logError("webhook: payment could not be applied", error, { provider: deps.provider.name, paymentId });
    return { kind: "failed", paymentId };
  }
}

export async function handleWebhook(request: Request, deps: WebhookDeps): Promise<WebhookAnswer> {
  const verified = await deps.provider.verifyNotification(request);
  if (!verified.ok) {
    return { response: answer(401, { error: "invalid signature" }), processing: Promise.resolve({ kind: "refused" }) };
  }
  const { paymentId, topic } = verified.value;
  if (!paymentId) {
    return { response: answer(200, { received: true }), processing: Promise.resolve({ kind: "ignored", topic }) };
  }
  // Started after this function returns the answer (a resolved promise's callback runs later).
  const processing = Promise.resolve().then(() => processPayment(deps, paymentId));
  inFlight.add(processing);
  void processing.finally(() => inFlight.delete(processing));
  return { response: answer(200, { received: true }), processing };
}
