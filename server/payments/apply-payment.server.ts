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
import { orderLeftTheShop } from "#domain/fulfilment.ts";
import { PENDING_PAYMENT_GRACE_MINUTES, PENDING_PAYMENT_HOLD_HOURS } from "#domain/orders.ts";
import type { PaymentStatus } from "#domain/statuses.ts";
import type { Database, Queryable, Tx } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { orders, payments } from "#server/db/schema.ts";
import { logEvent } from "#server/http/error-log.ts";
import { creditPointsForPaidOrder, reversePointsForRefund } from "#server/loyalty/ledger.server.ts";
import { notifyMailQueued } from "#server/mail/outbox.server.ts";
import { orderRefundedMail, paymentApprovedMail } from "#server/mail/order-mails.ts";
import { catalogChanged } from "#server/catalog/catalog-cache.ts";
import { enqueueOrderMail, recordOrderEvent } from "#server/order-events/index.ts";
import { PROVIDER_ACTOR, type OrderActor } from "#domain/order-events.ts";
import { MANUAL_PAYMENT_METHODS, MANUAL_PROVIDER, isManualPaymentMethod, paymentTypeName } from "#domain/payments.ts";
import { formatMoneyCents, formatPoints } from "#domain/format.ts";
import { cancelOrder, lockOrderByNumber, orderMailRecipient, storedOrderMailData, type LockedOrder } from "#server/orders/index.ts";
import { latestRefundRequest } from "./refund-requests.server";
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
  /** The payment that paid a standing order given back: payment 'refunded', earned points reversed, the order cancelled. */
  | { kind: "refund" }
  /** Money taken that must go back (the order was cancelled, or is already paid by another payment). */
  | { kind: "flag-refund" }
  /**
   * A payment the order did not need was given back (a second payment, or one made after the order was
   * cancelled): recorded and e-mailed; the order's own payment stands, the flag stays while another stands.
   */
  | { kind: "refund-extra" }
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
    // Only the payment that pays a standing order cancels it; any other refund gives back an extra payment.
    if (order.orderStatus !== "cancelled" && order.paymentId === payment.id) return { kind: "refund" };
    return { kind: "refund-extra" };
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
  providerName: string,
  pointsEarned: number,
  options: ApplyOptions,
): Promise<void> {
  const to = await orderMailRecipient(tx, order);
  if (!to) return;
  const data = await storedOrderMailData(tx, order, { publicUrl: options.publicUrl, isPaid: true });
  const mail = paymentApprovedMail({ ...data, paymentId: payment.id, paymentLabel: paymentNumber(payment, providerName), pointsEarned });
  await enqueueOrderMail(tx, order.id, { kind: "payment-approved", to, ...mail }, options.actor ?? PROVIDER_ACTOR);
}

/** The reason a paid order refunded in the provider's own panel is cancelled with. */
export const PROVIDER_REFUND_REASON = "Reembolso realizado en el panel del proveedor de pagos";

/** How the history names a payment: "Pago 123 (tarjeta de crédito)" or the manual payment's method and reference. */
function paymentWords(payment: ProviderPayment, providerName: string): string {
  return `Pago ${paymentNumber(payment, providerName)}`;
}

/**
 * A payment as the buyer's e-mails name it, after 'Número de pago:': "123 (tarjeta de crédito)", or
 * "manual (transferencia, referencia X)". A buyer who paid twice learns which payment each e-mail is about.
 */
function paymentNumber(payment: ProviderPayment, providerName: string): string {
  if (providerName === MANUAL_PROVIDER) {
    const raw = (payment.raw ?? {}) as { method?: unknown; reference?: unknown };
    const method = isManualPaymentMethod(raw.method) ? MANUAL_PAYMENT_METHODS[raw.method] : "manual";
    return `manual (${method}${typeof raw.reference === "string" ? `, referencia ${raw.reference}` : ""})`;
  }
  return `${payment.id} (${paymentTypeName(payment.paymentTypeId)})`;
}

/** The history's line for what a payment did to its order; null for a decision that changed nothing. */
function paymentEventMessage(decision: PaymentDecision, payment: ProviderPayment, providerName: string): string | null {
  const what = paymentWords(payment, providerName);
  const amount = formatMoneyCents(payment.amountCents);
  switch (decision.kind) {
    case "approve":
      return `${what} aprobado por ${amount}`;
    case "set":
      return decision.paymentStatus === "pending" ? `${what} pendiente de confirmar por ${amount}` : `${what} rechazado`;
    case "flag-refund":
      return `${what} aprobado por ${amount} cuando el pedido ya estaba cancelado o pagado: hay que reembolsarlo`;
    default:
      return null;
  }
}

export interface ApplyOptions {
  /** The shop's public origin, for the link in the e-mail. */
  publicUrl?: string;
  /** Who, for the order's history: the provider unless an admin recorded the payment. */
  actor?: OrderActor;
}

/** Writes what the decision says, in the order's transaction; returns the points moved. */
async function carryOut(
  tx: Tx,
  order: LockedOrder,
  payment: ProviderPayment,
  providerName: string,
  decision: PaymentDecision,
  options: ApplyOptions,
) {
  const result = { pointsCredited: 0, pointsReversed: 0, mailQueued: false, unitsReleased: 0 };
  const message = paymentEventMessage(decision, payment, providerName);
  if (message) {
    await recordOrderEvent(tx, order.id, {
      kind: providerName === MANUAL_PROVIDER ? "manual-payment" : "payment",
      actor: options.actor ?? PROVIDER_ACTOR,
      message,
      data: { provider: providerName, paymentId: payment.id, status: payment.status, amountCents: payment.amountCents },
    });
  }
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
      await enqueuePaymentApprovedMail(tx, order, payment, providerName, order.userId ? order.pointsEarned : 0, options);
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
        .set({ ...touch, paymentStatus: "refunded", paymentId: order.paymentId ?? payment.id })
        .where(eq(orders.id, order.id));
      await refreshRefundFlag(tx, order.id);
      result.pointsReversed = await reversePointsForRefund(tx, order.id, order.orderNumber);
      result.unitsReleased = await refunded(tx, order, payment, providerName, result.pointsReversed, options);
      break;
    case "flag-refund":
      // A cancelled order names the payment to refund; a paid order keeps the payment that paid it.
      await tx
        .update(orders)
        .set({ ...touch, needsRefund: true, paymentId: order.orderStatus === "cancelled" ? payment.id : order.paymentId })
        .where(eq(orders.id, order.id));
      break;
    case "refund-extra":
      // A cancelled order's money went back; a paid order's own payment stands.
      if (order.orderStatus === "cancelled") {
        await tx
          .update(orders)
          .set({ ...touch, paymentStatus: "refunded" })
          .where(eq(orders.id, order.id));
      }
      await refreshRefundFlag(tx, order.id);
      await refunded(tx, { ...order, orderStatus: "cancelled" }, payment, providerName, 0, options);
      break;
    case "none":
      break;
  }
  return result;
}

/**
 * `needs_refund` as the order's payments say (docs/requirements.md#order-fulfilment): set while an
 * approved payment stands that is neither refunded nor charged back, other than the one paying the
 * order (a standing, approved order keeps its own payment). The flag clears only when none stands.
 */
export async function refreshRefundFlag(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`
    update ${orders} o set needs_refund = exists (
      select 1 from ${payments} p
      where p.order_id = o.id and p.status = 'approved'
        and not exists (
          select 1 from ${payments} r
          where r.provider = p.provider and r.provider_payment_id = p.provider_payment_id and r.status in ('refunded', 'charged_back')
        )
        and not (o.order_status <> 'cancelled' and o.payment_status = 'approved' and p.provider_payment_id = o.payment_id)
    )
    where o.id = ${orderId}`);
}

/**
 * Applies a payment fetched from the provider to its order (see the module
 * comment). Never throws for a payment it refuses; database errors propagate. Given a
 * transaction (a manual payment, checked under the admin's lock), it runs in a savepoint of it.
 */
export async function applyPayment(
  db: Queryable,
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
  let unitsReleased = 0;
  const outcome = await db.transaction(async (tx): Promise<ApplyOutcome> => {
    const order = await lockOrderByNumber(tx, reference);
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
      await recordOrderEvent(tx, order.id, {
        kind: "payment",
        actor: PROVIDER_ACTOR,
        message: `${paymentWords(payment, providerName)} ignorado: su monto (${Number.isFinite(payment.amountCents) ? formatMoneyCents(payment.amountCents) : "desconocido"} ${payment.currency}) no es el del pedido`,
        data: {
          provider: providerName,
          paymentId: payment.id,
          status: payment.status,
          amountCents: payment.amountCents,
          currency: payment.currency,
        },
      });
      return { outcome: "mismatch", orderId: order.id };
    }
    const previous = await recordedStatuses(tx, providerName, payment.id);
    if (!(await recordPayment(tx, order.id, providerName, payment))) return { outcome: "replay", orderId: order.id };
    const decision = decidePayment(order, payment, previous);
    const done = await carryOut(tx, order, payment, providerName, decision, options);
    mailQueued = done.mailQueued || decision.kind === "refund" || decision.kind === "refund-extra";
    unitsReleased = done.unitsReleased;
    if (decision.kind === "flag-refund") {
      logEvent("warn", "payment to refund: order cancelled or already paid", { orderId: order.id, paymentId: payment.id });
    }
    return { outcome: "applied", orderId: order.id, decision, pointsCredited: done.pointsCredited, pointsReversed: done.pointsReversed };
  });
  if (mailQueued) notifyMailQueued();
  // Given a transaction, this finds no cache and does nothing: that caller clears it after its commit.
  if (unitsReleased > 0) catalogChanged(db as Database);
  return outcome;
}

/**
 * A refund applied (docs/requirements.md#order-fulfilment): recorded in the history, by the admin
 * who asked for it (their request's reason) or else the provider. An order still standing is then
 * cancelled through cancelOrder (stock, coupon use and points used back, once; 'order-cancelled'
 * with the amount); an order already cancelled (a late or duplicate payment given back) gets
 * 'order-refunded'. Returns the units of stock given back.
 */
async function refunded(
  tx: Tx,
  order: LockedOrder,
  payment: ProviderPayment,
  providerName: string,
  pointsReversed: number,
  options: ApplyOptions,
): Promise<number> {
  const request = await latestRefundRequest(tx, order.id);
  const actor = request?.actor ?? options.actor ?? PROVIDER_ACTOR;
  const manualRefund = providerName === MANUAL_PROVIDER;
  await recordOrderEvent(tx, order.id, {
    kind: "refund",
    actor,
    message:
      `${paymentWords(payment, providerName)} reembolsado: ${formatMoneyCents(payment.amountCents)}` +
      (pointsReversed > 0 ? `; se retiraron ${formatPoints(pointsReversed)} puntos ganados con el pedido` : ""),
    data: { provider: providerName, paymentId: payment.id, amountCents: payment.amountCents, pointsReversed },
  });
  if (order.orderStatus !== "cancelled") {
    // An order that already left: its stock comes back only when the admin said its cards came back.
    const left = orderLeftTheShop(order.orderStatus);
    const cancelled = await cancelOrder(tx, order.id, {
      reason: request?.reason ?? PROVIDER_REFUND_REASON,
      by: actor.kind === "admin" ? "admin" : "sistema",
      actor,
      ...(left ? { goodsReturned: request?.goodsReturned ?? false } : {}),
      notify: {
        publicUrl: options.publicUrl,
        refundedCents: payment.amountCents,
        refundedPayment: paymentNumber(payment, providerName),
        manualRefund,
      },
    });
    return cancelled.units;
  }
  const to = await orderMailRecipient(tx, order);
  if (to) {
    const data = await storedOrderMailData(tx, order, { publicUrl: options.publicUrl, isPaid: false });
    const mail = orderRefundedMail({
      ...data,
      refundedCents: payment.amountCents,
      refundedPayment: paymentNumber(payment, providerName),
      manualRefund,
    });
    await enqueueOrderMail(tx, order.id, { kind: "order-refunded", to, ...mail }, actor);
  }
  return 0;
}
