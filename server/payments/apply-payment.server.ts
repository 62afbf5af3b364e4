/**
 * applyPayment: the ONLY writer of `payments`, `orders.payment_status` and
 * `orders.payment_id` (docs/architecture.md#payments). The webhook, the sandbox and the
 * reconciliation job all hand it a payment fetched from the provider.
 *
 * One transaction, in named steps: lock the order named by the payment's
 * external_reference; refuse a payment whose amount or currency is not the
 * order's (nothing recorded); record the payment once per provider, payment id
 * and status (a replay inserts nothing and changes nothing); then move the order
 * forward only, by `decidePayment`'s table. A pending payment extends the
 * order's stock hold to the payment's own expiry (decision record 015); a
 * payment for an order whose hold lapsed and was cancelled is recorded and, if
 * approved, flagged for a refund: never re-sold, never lost silently.
 */
import { and, eq, sql } from "drizzle-orm";
import { PENDING_PAYMENT_GRACE_MINUTES, PENDING_PAYMENT_HOLD_HOURS } from "#domain/orders.ts";
import type { PaymentStatus } from "#domain/statuses.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { orders, payments, users } from "#server/db/schema.ts";
import { logEvent } from "#server/http/error-log.ts";
import { creditPointsForPaidOrder, reversePointsForRefund } from "#server/loyalty/ledger.server.ts";
import { enqueueMail, notifyMailQueued } from "#server/mail/outbox.server.ts";
import { paymentApprovedMail } from "#server/mail/order-mails.ts";
// The one import past server/orders' index: the index reaches back into server/payments ('Pagar Ahora'),
// so going through it here would make a cycle in which a class is read before it is defined.
import { storedOrderMailData } from "#server/orders/order-mail-data.server.ts";
import type { ProviderPayment } from "./types";

/** The only currency the shop sells in. */
export const SHOP_CURRENCY = "MXN";

/** The shop's payment status a provider status means; null for one that changes nothing (in_mediation, unknown). */
export function shopPaymentStatus(providerStatus: string): PaymentStatus | null {
  switch (providerStatus) {
    case "approved":
      return "approved";
    case "pending":
    case "in_process":
    case "authorized":
      return "pending";
    case "rejected":
    case "cancelled":
      return "rejected";
    case "refunded":
    case "charged_back":
      return "refunded";
    default:
      return null;
  }
}

/**
 * Until when a pending payment (cash at OXXO, a SPEI transfer, a card under review) holds its
 * order (decision record 015): the payment's own expiry plus a grace for the provider's late
 * confirmation, or PENDING_PAYMENT_HOLD_HOURS from now when the provider gives no expiry. The
 * order's hold only ever grows (`greatest`).
 */
export function pendingHoldUntil(payment: Pick<ProviderPayment, "expiresAt">, now = new Date()): Date {
  const expires = payment.expiresAt;
  if (expires && !Number.isNaN(expires.getTime())) return new Date(expires.getTime() + PENDING_PAYMENT_GRACE_MINUTES * 60 * 1000);
  return new Date(now.getTime() + PENDING_PAYMENT_HOLD_HOURS * 60 * 60 * 1000);
}

/** How far along one payment is: a payment never goes back (a late 'pending' after 'approved' is stale). */
const RANK: Record<PaymentStatus, number> = { pending: 0, rejected: 1, approved: 2, refunded: 3 };

export interface OrderPaymentState {
  orderStatus: string;
  paymentStatus: string;
  paymentId: string | null;
}

/** What a payment does to its order. */
export type PaymentDecision =
  /** Paid: payment 'approved', order 'processing' (from 'pending'), points credited, e-mail. */
  | { kind: "approve" }
  /** Still payable: payment 'pending' or 'rejected'. */
  | { kind: "set"; paymentStatus: "pending" | "rejected" }
  /** Money given back: payment 'refunded', earned points reversed, any refund flag cleared. */
  | { kind: "refund" }
  /** Money taken that must go back (the order was cancelled, or is already paid by another payment). */
  | { kind: "flag-refund" }
  /** A flagged duplicate payment was refunded: the flag is cleared, the order's payment stands. */
  | { kind: "clear-flag" }
  /** Recorded, the order unchanged. */
  | { kind: "none"; reason: "unknown-status" | "stale" | "order-cancelled" | "order-refunded" | "already-approved" };

/**
 * The forward-only table (pure). `previous` are the statuses already recorded for
 * this same provider payment id.
 */
export function decidePayment(order: OrderPaymentState, payment: { id: string; status: string }, previous: string[]): PaymentDecision {
  const status = shopPaymentStatus(payment.status);
  if (!status) return { kind: "none", reason: "unknown-status" };
  const reached = Math.max(-1, ...previous.map((s) => shopPaymentStatus(s)).map((s) => (s ? RANK[s] : -1)));
  if (reached >= RANK[status]) return { kind: "none", reason: "stale" };

  if (status === "refunded") {
    if (order.paymentStatus === "refunded") return { kind: "none", reason: "order-refunded" };
    if (order.paymentStatus === "approved" && order.paymentId !== payment.id) return { kind: "clear-flag" };
    return { kind: "refund" };
  }
  if (order.orderStatus === "cancelled") {
    return status === "approved" ? { kind: "flag-refund" } : { kind: "none", reason: "order-cancelled" };
  }
  if (order.paymentStatus === "refunded") return { kind: "none", reason: "order-refunded" };
  if (order.paymentStatus === "approved") {
    // A late pending or rejected never undoes approved; a second approved payment is a double charge.
    return status === "approved" && order.paymentId !== payment.id ? { kind: "flag-refund" } : { kind: "none", reason: "already-approved" };
  }
  if (status === "approved") return { kind: "approve" };
  return { kind: "set", paymentStatus: status };
}

export type ApplyOutcome =
  | { outcome: "unknown-order" }
  | { outcome: "mismatch"; orderId: string }
  | { outcome: "replay"; orderId: string }
  | { outcome: "applied"; orderId: string; decision: PaymentDecision; pointsCredited: number; pointsReversed: number };

type LockedOrder = typeof orders.$inferSelect;

async function lockOrder(tx: Tx, orderNumber: string): Promise<LockedOrder | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for("update");
  return order ?? null;
}

function matchesOrder(order: LockedOrder, payment: ProviderPayment): boolean {
  return payment.amountCents === order.finalTotalCents && payment.currency.toUpperCase() === SHOP_CURRENCY;
}

async function recordedStatuses(tx: Tx, provider: string, paymentId: string): Promise<string[]> {
  const rows = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, paymentId)));
  return rows.map((r) => r.status);
}

/** Inserts the payments row; false when this provider, payment id and status is already recorded (a replay). */
async function recordPayment(tx: Tx, orderId: string, provider: string, payment: ProviderPayment): Promise<boolean> {
  const inserted = await tx
    .insert(payments)
    .values({
      id: newId(),
      orderId,
      provider,
      providerPaymentId: payment.id,
      status: payment.status,
      amountCents: payment.amountCents,
      currency: payment.currency,
      raw: (payment.raw ?? null) as object | null,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  return inserted.length > 0;
}

async function enqueuePaymentApprovedMail(
  tx: Tx,
  order: LockedOrder,
  payment: ProviderPayment,
  pointsEarned: number,
  options: ApplyOptions,
): Promise<void> {
  // The contact e-mail typed at checkout (kept for every order), else the account's.
  let to = order.guestEmail;
  if (!to && order.userId) {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
    to = user?.email ?? null;
  }
  if (!to) return;
  const data = await storedOrderMailData(tx, order, { publicUrl: options.publicUrl, isPaid: true });
  await enqueueMail(tx, { kind: "payment-approved", to, ...paymentApprovedMail({ ...data, paymentId: payment.id, pointsEarned }) });
}

export interface ApplyOptions {
  /** The shop's public origin, for the link in the e-mail. */
  publicUrl?: string;
}

/** Writes what the decision says, in the order's transaction; returns the points moved. */
async function carryOut(tx: Tx, order: LockedOrder, payment: ProviderPayment, decision: PaymentDecision, options: ApplyOptions) {
  const result = { pointsCredited: 0, pointsReversed: 0, mailQueued: false };
  const touch = { updatedAt: sql`now()` };
  switch (decision.kind) {
    case "approve":
      await tx
        .update(orders)
        .set({
          ...touch,
          paymentStatus: "approved",
          paymentId: payment.id,
          orderStatus: sql`case when ${orders.orderStatus} = 'pending' then 'processing' else ${orders.orderStatus} end`,
        })
        .where(eq(orders.id, order.id));
      result.pointsCredited = await creditPointsForPaidOrder(tx, order.id);
      await enqueuePaymentApprovedMail(tx, order, payment, order.userId ? order.pointsEarned : 0, options);
      result.mailQueued = true;
      break;
    case "set":
      await tx
        .update(orders)
        .set({
          ...touch,
          paymentStatus: decision.paymentStatus,
          paymentId: payment.id,
          ...(decision.paymentStatus === "pending"
            ? { holdUntil: sql`greatest(${orders.holdUntil}, ${pendingHoldUntil(payment).toISOString()}::timestamptz)` }
            : {}),
        })
        .where(eq(orders.id, order.id));
      break;
    case "refund":
      await tx
        .update(orders)
        .set({ ...touch, paymentStatus: "refunded", paymentId: order.paymentId ?? payment.id, needsRefund: false })
        .where(eq(orders.id, order.id));
      result.pointsReversed = await reversePointsForRefund(tx, order.id, order.orderNumber);
      break;
    case "flag-refund":
      // A cancelled order names the payment to refund; a paid order keeps the payment that paid it.
      await tx
        .update(orders)
        .set({ ...touch, needsRefund: true, paymentId: order.orderStatus === "cancelled" ? payment.id : order.paymentId })
        .where(eq(orders.id, order.id));
      break;
    case "clear-flag":
      await tx
        .update(orders)
        .set({ ...touch, needsRefund: false })
        .where(eq(orders.id, order.id));
      break;
    case "none":
      break;
  }
  return result;
}

/**
 * Applies a payment fetched from the provider to its order (see the module
 * comment). Never throws for a payment it refuses; database errors propagate.
 */
export async function applyPayment(
  db: Database,
  payment: ProviderPayment,
  providerName: string,
  options: ApplyOptions = {},
): Promise<ApplyOutcome> {
  const reference = payment.externalReference;
  if (!reference) {
    logEvent("warn", "payment without external_reference ignored", { provider: providerName, paymentId: payment.id });
    return { outcome: "unknown-order" };
  }
  let mailQueued = false;
  const outcome = await db.transaction(async (tx): Promise<ApplyOutcome> => {
    const order = await lockOrder(tx, reference);
    if (!order) {
      logEvent("warn", "payment for an unknown order ignored", { provider: providerName, paymentId: payment.id, reference });
      return { outcome: "unknown-order" };
    }
    if (!matchesOrder(order, payment)) {
      logEvent("warn", "payment amount or currency does not match its order; nothing recorded", {
        provider: providerName,
        paymentId: payment.id,
        orderId: order.id,
        amountCents: payment.amountCents,
        currency: payment.currency,
        expectedCents: order.finalTotalCents,
      });
      return { outcome: "mismatch", orderId: order.id };
    }
    const previous = await recordedStatuses(tx, providerName, payment.id);
    if (!(await recordPayment(tx, order.id, providerName, payment))) return { outcome: "replay", orderId: order.id };
    const decision = decidePayment(order, payment, previous);
    const done = await carryOut(tx, order, payment, decision, options);
    mailQueued = done.mailQueued;
    if (decision.kind === "flag-refund") {
      logEvent("warn", "payment to refund: order cancelled or already paid", { orderId: order.id, paymentId: payment.id });
    }
    return { outcome: "applied", orderId: order.id, decision, pointsCredited: done.pointsCredited, pointsReversed: done.pointsReversed };
  });
  if (mailQueued) notifyMailQueued();
  return outcome;
}
