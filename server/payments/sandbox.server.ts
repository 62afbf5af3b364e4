/**
 * The built-in `sandbox` provider (docs/architecture.md#payments): the payment link is the shop's
 * own page /sandbox/pago/{orderId}, and the provider's API is the
 * `sandbox_payments` table, where the sandbox page writes what it decided. It
 * reads those rows exactly as the Mercado Pago provider reads the real API, so
 * everything after the notification is the same code. Refunds: sandbox-refund.server.ts.
 */
import { randomInt } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { PENDING_PAYMENT_HOLD_HOURS } from "#domain/orders.ts";
import type { SandboxDecision } from "#domain/payments.ts";
import type { AppConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { sandboxPayments } from "#server/db/schema.ts";
import { publicOrigin, verifyNotificationWith, webhookSecret } from "./providers";
import { SANDBOX_REFUND_NOTICE_DELAY_MS, refundInSandbox, scheduleSandboxRefundNotice } from "./sandbox-refund.server";
import type { PaymentProvider, ProviderPayment } from "./types";

type SandboxRow = typeof sandboxPayments.$inferSelect;

/** The payment a decision of the sandbox page makes, as Mercado Pago would report it. */
export const SANDBOX_OUTCOMES: Record<SandboxDecision, { status: string; paymentTypeId: string }> = {
  approve: { status: "approved", paymentTypeId: "credit_card" },
  reject: { status: "rejected", paymentTypeId: "credit_card" },
  // Left pending as a cash payment at OXXO would be.
  pending: { status: "pending", paymentTypeId: "ticket" },
};

export function sandboxPaymentPath(orderId: string): string {
  return `/sandbox/pago/${orderId}`;
}

export function sandboxPreferenceId(orderId: string): string {
  return `sandbox-${orderId}`;
}

function paymentTypeOf(status: string): string {
  return status === "pending" ? SANDBOX_OUTCOMES.pending.paymentTypeId : SANDBOX_OUTCOMES.approve.paymentTypeId;
}

/** A pending sandbox payment stands for an OXXO ticket: it expires PENDING_PAYMENT_HOLD_HOURS after it was made. */
function ticketExpiry(row: SandboxRow): Date | null {
  return row.status === "pending" ? new Date(row.createdAt.getTime() + PENDING_PAYMENT_HOLD_HOURS * 60 * 60 * 1000) : null;
}

function toProviderPayment(row: SandboxRow): ProviderPayment {
  return {
    id: row.id,
    status: row.status,
    externalReference: row.externalReference,
    amountCents: row.amountCents,
    currency: row.currency,
    paymentTypeId: paymentTypeOf(row.status),
    expiresAt: ticketExpiry(row),
    raw: {
      id: Number(row.id),
      status: row.status,
      external_reference: row.externalReference,
      transaction_amount: row.amountCents / 100,
      currency_id: row.currency,
      date_of_expiration: ticketExpiry(row)?.toISOString() ?? null,
      sandbox: true,
    },
  };
}

/** A new payment id that looks like Mercado Pago's (11 digits). */
export function newSandboxPaymentId(): string {
  return String(randomInt(10_000_000_000, 100_000_000_000));
}

/** Writes the sandbox's record of a payment (what the provider's API will report). */
export async function recordSandboxPayment(
  db: Database,
  input: { orderId: string; orderNumber: string; amountCents: number; status: string },
): Promise<ProviderPayment> {
  const [row] = await db
    .insert(sandboxPayments)
    .values({
      id: newSandboxPaymentId(),
      orderId: input.orderId,
      externalReference: input.orderNumber,
      status: input.status,
      amountCents: input.amountCents,
      currency: "MXN",
    })
    .returning();
  return toProviderPayment(row!);
}

export interface SandboxProviderOptions {
  /**
   * When the refund's `payment.updated` notification goes to the shop's webhook, after the refund
   * answered: SANDBOX_REFUND_NOTICE_DELAY_MS by default; null sends none (a test sends it itself
   * with announceSandboxRefund).
   */
  refundNoticeDelayMs?: number | null;
}

export function sandboxProvider(config: AppConfig, db: Database, options: SandboxProviderOptions = {}): PaymentProvider {
  const secret = webhookSecret(config);
  const provider: PaymentProvider = {
    name: "sandbox",
    async createPaymentLink(order) {
      return { url: `${publicOrigin(config)}${sandboxPaymentPath(order.id)}`, preferenceId: sandboxPreferenceId(order.id) };
    },
    verifyNotification: (request) => verifyNotificationWith(secret, request),
    async fetchPayment(paymentId) {
      if (!/^\d{1,20}$/.test(paymentId)) return null;
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
      return row ? toProviderPayment(row) : null;
    },
    /**
     * A full refund recorded in `sandbox_refunds` (refundInSandbox: the same key answers the same
     * refund; refusals are RefundRefusedError); a new refund is then announced to the shop's
     * webhook in the background, as Mercado Pago does (scheduleSandboxRefundNotice).
     */
    async refundPayment(request) {
      const { refund, made } = await refundInSandbox(db, request);
      const delayMs = options.refundNoticeDelayMs === undefined ? SANDBOX_REFUND_NOTICE_DELAY_MS : options.refundNoticeDelayMs;
      if (made && delayMs !== null) scheduleSandboxRefundNotice({ db, config, provider }, refund.paymentId, delayMs);
      return refund;
    },
    async searchPayments(externalReference) {
      const rows = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.externalReference, externalReference))
        .orderBy(asc(sandboxPayments.createdAt));
      return rows.map(toProviderPayment);
    },
  };
  return provider;
}
