/**
 * The sandbox provider's refunds (docs/architecture.md#payments), made as Mercado Pago makes them:
 * one full refund per approved payment, kept in `sandbox_refunds`; a request repeated with the same
 * idempotency key answers the same refund and refunds nothing more; the payment then reads
 * 'refunded'; and the provider announces the change to the shop's webhook with a signed
 * `payment.updated` notification, some time after it answered, as Mercado Pago does.
 */
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppConfig } from "#server/config.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { sandboxPayments, sandboxRefunds } from "#server/db/schema.ts";
import { logError, logEvent } from "#server/http/error-log.ts";
import { configuredOrigin } from "#server/mail/link-origin.ts";
import { signedNotification } from "./sandbox-decision.server";
import { RefundRefusedError, type PaymentProvider, type ProviderRefund, type RefundRequest } from "./types";
import { handleWebhook, type WebhookProcessing } from "./webhook.server";

/** The admin's words when the sandbox refuses a refund (why follows). */
export const SANDBOX_REFUND_REFUSED = "El sandbox rechazó el reembolso";

/** Each refusal: the admin's Spanish message, and the provider's words as Mercado Pago's API would put them. */
const REFUSALS = {
  unknown: ["el pago no existe.", "404 not_found: Payment not found"],
  refunded: ["el pago ya fue reembolsado.", "400 bad_request: Payment already refunded"],
  notApproved: ["el pago no está aprobado.", "400 bad_request: Invalid payment status"],
  keyTaken: ["la clave de idempotencia ya se usó para otro pago.", "409 conflict: idempotency key already used for another payment"],
} as const;

function refused(reason: keyof typeof REFUSALS, detail?: string): RefundRefusedError {
  const [message, providerMessage] = REFUSALS[reason];
  return new RefundRefusedError(`${SANDBOX_REFUND_REFUSED}: ${message}`, detail ? `${providerMessage} (${detail})` : providerMessage);
}

/**
 * How long after answering a refund the sandbox sends its notification. Mercado Pago's comes
 * after its answer, by which time the shop has applied the refunded payment itself (decision
 * record 016), so the notification is the replay it is with the real provider.
 */
export const SANDBOX_REFUND_NOTICE_DELAY_MS = 1_000;

type RefundRow = typeof sandboxRefunds.$inferSelect;

function toProviderRefund(row: RefundRow): ProviderRefund {
  return { id: row.id, paymentId: row.paymentId, amountCents: row.amountCents, status: row.status };
}

/** A refund id that looks like Mercado Pago's (10 digits). */
function newSandboxRefundId(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}

async function refundByKey(tx: Tx, idempotencyKey: string): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
  return row;
}

/**
 * Makes the full refund of a sandbox payment in one transaction, or answers the refund already
 * made under the same key (`made: false`). Calls racing on one payment wait on its row lock and
 * each sees the other's refund; the unique idempotency key settles two payments given one key.
 * Throws RefundRefusedError (nothing written) for an unknown, already refunded or unapproved
 * payment, and a plain Error for an amount other than the payment's (the shop's mistake).
 * Uses `db` itself: never call it inside an open transaction of the same PGlite database.
 */
export async function refundInSandbox(db: Database, request: RefundRequest): Promise<{ refund: ProviderRefund; made: boolean }> {
  if (!/^\d{1,20}$/.test(request.paymentId)) throw refused("unknown");
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, request.paymentId)).for("update");
    if (!payment) throw refused("unknown");
    const earlier = await refundByKey(tx, request.idempotencyKey);
    if (earlier) {
      if (earlier.paymentId !== payment.id) throw refused("keyTaken");
      return { refund: toProviderRefund(earlier), made: false };
    }
    if (payment.status === "refunded") throw refused("refunded");
    if (payment.status !== "approved") throw refused("notApproved", payment.status);
    if (payment.amountCents !== request.amountCents) {
      logEvent("error", "refund: the shop asked the sandbox for another amount than the payment's", {
        paymentId: payment.id,
        expectedCents: request.amountCents,
        paymentCents: payment.amountCents,
      });
      throw new Error(
        `sandbox refund of payment ${payment.id}: asked ${request.amountCents} centavos, the payment is ${payment.amountCents}`,
      );
    }
    const [row] = await tx
      .insert(sandboxRefunds)
      .values({
        id: newSandboxRefundId(),
        paymentId: payment.id,
        idempotencyKey: request.idempotencyKey,
        amountCents: payment.amountCents,
        status: "approved",
      })
      .onConflictDoNothing()
      .returning();
    // Under the payment's lock only the key can clash: another payment's refund committed with it.
    if (!row) throw refused("keyTaken");
    await tx.update(sandboxPayments).set({ status: "refunded" }).where(eq(sandboxPayments.id, payment.id));
    return { refund: toProviderRefund(row), made: true };
  });
}

export interface SandboxNoticeDeps {
  db: Database;
  config: AppConfig;
  /** The sandbox provider the webhook checks the signature with and fetches the payment from. */
  provider: PaymentProvider;
}

/**
 * Sends the sandbox's signed `payment.updated` notification about a refunded payment to the shop's
 * own webhook handler, now, and resolves when it was processed (never rejects: the webhook logs
 * its failures). The shop's webhook fetches the payment ('refunded') and hands it to applyPayment,
 * which records a (provider, payment id, status) once: after the shop applied the refund itself,
 * this is a replay.
 */
export async function announceSandboxRefund(deps: SandboxNoticeDeps, paymentId: string): Promise<WebhookProcessing> {
  // The notice never leaves the process: its URL only has to be the shop's, as Mercado Pago's would be.
  const origin = configuredOrigin(deps.config);
  const notification = signedNotification(deps.config, origin, paymentId, new Date(), "payment.updated");
  const { processing } = await handleWebhook(notification, { db: deps.db, provider: deps.provider, publicUrl: deps.config.PUBLIC_URL });
  return processing;
}

const scheduled = new Set<Promise<void>>();

/**
 * Sends announceSandboxRefund after `delayMs`, in the background (the refund's caller does not
 * wait for it, as it does not wait for Mercado Pago's); sandboxRefundNoticesIdle awaits it.
 */
export function scheduleSandboxRefundNotice(deps: SandboxNoticeDeps, paymentId: string, delayMs = SANDBOX_REFUND_NOTICE_DELAY_MS): void {
  const notice = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      announceSandboxRefund(deps, paymentId)
        .then((processing) => {
          if (processing.kind !== "applied") logEvent("warn", "sandbox refund notice not applied", { paymentId, kind: processing.kind });
        })
        .catch((error: unknown) => logError("sandbox refund notice failed", error, { paymentId }))
        .finally(resolve);
    }, delayMs);
    // A pending notice never keeps the process alive: a stop loses it, and the shop applied the refund itself.
    timer.unref();
  });
  scheduled.add(notice);
  void notice.finally(() => scheduled.delete(notice));
}

/** Resolves when every scheduled refund notice has been sent and processed (tests; a graceful stop). */
export async function sandboxRefundNoticesIdle(): Promise<void> {
  while (scheduled.size > 0) await Promise.all([...scheduled]);
}
