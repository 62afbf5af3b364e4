/**
 * 'Cancelar pedido' and 'Reembolsar' (docs/requirements.md#order-fulfilment, decision record 016).
 *
 * An unpaid order is cancelled through cancelOrder under the order's lock. A paid order, and a
 * payment flagged `needs_refund`, are refunded at the provider FIRST; only when the provider
 * reports the payment refunded is it handed to applyPayment, whose refund step takes back the
 * points earned, cancels a standing order (stock, coupon use, points used back) and e-mails the
 * buyer. A refusal or a timeout changes nothing but the history. The refund's idempotency key is
 * the order, the payment and the count of refused refunds: a retry after a timeout, and two admins
 * at once, make one refund at the provider, and applyPayment applies it once.
 *
 * An order paid twice (two tabs, a cash ticket paid after a card) has more than one approved
 * payment: cancelling refunds each of them, one request, key and history entry per payment; one
 * the provider does not give back keeps the order flagged `needs_refund`, and 'Reembolsar' is
 * offered for it. An order already shipped or delivered is cancelled only with the admin's answer
 * to '¿Recibiste de vuelta la mercancía?': its stock comes back only when they say yes.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { FULFILMENT_MESSAGES, orderLeftTheShop } from "#domain/fulfilment.ts";
import type { OrderActor } from "#domain/order-events.ts";
import { MANUAL_PROVIDER } from "#domain/payments.ts";
import { formatMoneyCents } from "#domain/format.ts";
import type { Database, Queryable, Tx } from "#server/db/client.ts";
import { orders, payments } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";
import { logError, logEvent } from "#server/http/error-log.ts";
import { catalogChanged } from "#server/catalog/catalog-cache.ts";
import { notifyMailQueued } from "#server/mail/outbox.server.ts";
import { recordOrderEvent } from "#server/order-events/index.ts";
import { reversePointsForRefund } from "#server/loyalty/ledger.server.ts";
import { cancelOrder } from "#server/orders/index.ts";
import { RefundRefusedError, SHOP_CURRENCY, applyPayment, type PaymentProvider, type ProviderPayment } from "#server/payments/index.ts";
import { lockOrderForAdmin, type LockedOrder } from "./lock-order.server";

type AdminActor = Extract<OrderActor, { kind: "admin" }>;

export interface CancelInput {
  orderNumber: string;
  /** The form's checked reason (3 to 500 characters). */
  reason: string;
  actor: AdminActor;
  publicUrl?: string;
  /**
   * For an order already shipped or delivered: the admin's answer to '¿Recibiste de vuelta la
   * mercancía?' (required then; ignored for an order that never left).
   */
  goodsReturned?: boolean | null;
}

/** What 'Cancelar pedido' or 'Reembolsar' did. */
export type CancelOutcome = (
  | /** An unpaid order, cancelled. */
    { kind: "cancelled" }
    /** The payment refunded (a paid order then cancelled, or a flagged payment given back). */
  | { kind: "refunded"; amountCents: number }
  /** The provider took the refund but has not finished it: the order changes when it reports it refunded. */
  | { kind: "refund-in-process"; amountCents: number }
) & {
  /** Other approved payments of the order still not given back (the order stays flagged for 'Reembolsar'). */
  paymentsLeft?: number;
};

/** The payment to give back and who holds it. */
interface RefundTarget {
  provider: string;
  paymentId: string;
  amountCents: number;
}

/**
 * Cancels an order as an admin: an unpaid one at once, a paid one after its refund. Throws
 * ShopError: 404 unknown, 409 already cancelled or paid through another provider, 502 refused by
 * the provider, 504 no answer from it.
 */
export async function cancelOrderAsAdmin(db: Database, provider: PaymentProvider, input: CancelInput): Promise<CancelOutcome> {
  const plan = await db.transaction(async (tx) => {
    const order = await lockOrderForAdmin(tx, input.orderNumber);
    if (order.orderStatus === "cancelled") throw new ShopError(FULFILMENT_MESSAGES.alreadyCancelled, "conflict");
    const left = orderLeftTheShop(order.orderStatus);
    if (left && typeof input.goodsReturned !== "boolean")
      throw new ShopError(FULFILMENT_MESSAGES.goodsReturnedRequired, "invalid", "mercancia");
    const goods = left ? { goodsReturned: input.goodsReturned === true } : {};
    if (order.paymentStatus !== "approved") {
      const result = await cancelOrder(tx, order.id, {
        reason: input.reason,
        by: "admin",
        actor: input.actor,
        notify: { publicUrl: input.publicUrl },
        ...goods,
      });
      return { done: true as const, units: result.units };
    }
    const target = await standingPayment(tx, order);
    if (!target) {
      // Paid with nothing to charge (coupon and points covered it): nothing goes back but what cancelling gives.
      await tx
        .update(orders)
        .set({ paymentStatus: "refunded", updatedAt: sql`now()` })
        .where(eq(orders.id, order.id));
      await reversePointsForRefund(tx, order.id, order.orderNumber);
      const result = await cancelOrder(tx, order.id, {
        reason: input.reason,
        by: "admin",
        actor: input.actor,
        notify: { publicUrl: input.publicUrl },
        ...goods,
      });
      return { done: true as const, units: result.units };
    }
    await requestRefund(tx, order, target, { reason: input.reason, actor: input.actor, ...goods });
    return { done: false as const, order, target };
  });
  if (plan.done) {
    if (plan.units > 0) catalogChanged(db);
    notifyMailQueued();
    return { kind: "cancelled", ...(await refundOtherPayments(db, provider, input)) };
  }
  const outcome = await refundAtProvider(db, provider, plan.order, plan.target, input);
  return { ...outcome, ...(await refundOtherPayments(db, provider, input)) };
}

/**
 * After a paid order's cancel: gives back every other approved payment still standing (an order
 * paid twice), each through refundFlaggedPayment (its own request, key and history entry). A refund
 * that fails is in the history and leaves the order flagged; the count of those is returned.
 */
async function refundOtherPayments(db: Database, provider: PaymentProvider, input: CancelInput): Promise<{ paymentsLeft?: number }> {
  const order = await orderForRefunds(db, input.orderNumber);
  if (!order?.needsRefund) return {};
  const others = await flaggedPayments(db, order);
  let left = 0;
  for (const other of others) {
    try {
      const outcome = await refundFlaggedPayment(db, provider, {
        orderNumber: input.orderNumber,
        actor: input.actor,
        publicUrl: input.publicUrl,
        paymentId: other.paymentId,
        reason: `Cancelación del pedido: ${input.reason}`,
      });
      if (outcome.kind === "refund-in-process") left++;
    } catch (error) {
      if (!(error instanceof ShopError)) logError("refund of a second payment failed", error, { orderNumber: input.orderNumber });
      left++;
    }
  }
  return left > 0 ? { paymentsLeft: left } : {};
}

async function orderForRefunds(db: Database, orderNumber: string) {
  const [row] = await db
    .select({
      id: orders.id,
      needsRefund: orders.needsRefund,
      paymentStatus: orders.paymentStatus,
      paymentId: orders.paymentId,
      orderStatus: orders.orderStatus,
      finalTotalCents: orders.finalTotalCents,
    })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  return row ?? null;
}

/**
 * 'Reembolsar': gives back the payment an order is flagged for (paid after it was cancelled, or a
 * second payment of a paid order). Throws ShopError as cancelOrderAsAdmin does; 409 when nothing
 * is flagged.
 */
export async function refundFlaggedPayment(
  db: Database,
  provider: PaymentProvider,
  input: {
    orderNumber: string;
    actor: AdminActor;
    publicUrl?: string;
    /** The provider's id of the payment to give back (the page offers one button per payment); by default the newest. */
    paymentId?: string | null;
    reason?: string;
  },
): Promise<CancelOutcome> {
  const reason = input.reason ?? "Reembolso de un pago que el pedido no necesitaba";
  const plan = await db.transaction(async (tx) => {
    const order = await lockOrderForAdmin(tx, input.orderNumber);
    if (!order.needsRefund) throw new ShopError(FULFILMENT_MESSAGES.nothingToRefund, "conflict");
    const flagged = await flaggedPayments(tx, order);
    const target = input.paymentId ? flagged.find((p) => p.paymentId === input.paymentId) : flagged[0];
    if (!target) throw new ShopError(FULFILMENT_MESSAGES.nothingToRefund, "conflict");
    await requestRefund(tx, order, target, { ...input, reason });
    return { order, target };
  });
  return refundAtProvider(db, provider, plan.order, plan.target, input);
}

/** The approved payment that paid the order (the one `orders.payment_id` names). */
async function standingPayment(tx: Tx, order: LockedOrder): Promise<RefundTarget | null> {
  const [row] = await tx
    .select({ provider: payments.provider, paymentId: payments.providerPaymentId, amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.providerPaymentId, order.paymentId ?? ""), eq(payments.status, "approved")))
    .limit(1);
  if (!row) return null;
  return { provider: row.provider, paymentId: row.paymentId, amountCents: row.amountCents ?? order.finalTotalCents };
}

/**
 * The approved payments of the order that should not stand and are not refunded yet (newest first):
 * the one rule of "a payment still to give back", used by the refunds and the order page.
 */
export async function flaggedPayments(
  tx: Queryable,
  order: Pick<LockedOrder, "id" | "paymentStatus" | "paymentId" | "orderStatus" | "finalTotalCents">,
): Promise<RefundTarget[]> {
  const standing = order.paymentStatus === "approved" && order.orderStatus !== "cancelled" ? order.paymentId : null;
  const rows = await tx
    .select({ provider: payments.provider, paymentId: payments.providerPaymentId, amountCents: payments.amountCents })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.status, "approved"),
        sql`not exists (select 1 from ${payments} r where r.provider = ${payments.provider} and r.provider_payment_id = ${payments.providerPaymentId} and r.status in ('refunded', 'charged_back'))`,
      ),
    )
    .orderBy(desc(payments.createdAt));
  return rows
    .filter((r) => r.paymentId !== standing)
    .map((r) => ({ provider: r.provider, paymentId: r.paymentId, amountCents: r.amountCents ?? order.finalTotalCents }));
}

/** The history's 'refund-requested' row (the reason and the admin, read back by applyPayment's refund step). */
async function requestRefund(
  tx: Tx,
  order: LockedOrder,
  target: RefundTarget,
  input: { reason: string; actor: AdminActor; goodsReturned?: boolean },
) {
  const goods =
    input.goodsReturned === undefined
      ? ""
      : input.goodsReturned
        ? " (la mercancía volvió a la tienda)"
        : " (la mercancía no volvió a la tienda)";
  await recordOrderEvent(tx, order.id, {
    kind: "refund-requested",
    actor: input.actor,
    message: `Reembolso solicitado de ${formatMoneyCents(target.amountCents)} (pago ${target.paymentId}). Motivo: ${input.reason}${goods}`,
    data: {
      reason: input.reason,
      paymentId: target.paymentId,
      provider: target.provider,
      amountCents: target.amountCents,
      ...(input.goodsReturned === undefined ? {} : { goodsReturned: input.goodsReturned }),
    },
  });
}

/** The refund's idempotency key: the same for a retry, new after a refusal (decision record 016). */
export function refundIdempotencyKey(order: Pick<LockedOrder, "id" | "refundAttempts">, paymentId: string): string {
  return `order-${order.id}-payment-${paymentId}-refund-${order.refundAttempts + 1}`;
}

async function refundAtProvider(
  db: Database,
  provider: PaymentProvider,
  order: LockedOrder,
  target: RefundTarget,
  input: { actor: AdminActor; publicUrl?: string },
): Promise<CancelOutcome> {
  const options = { actor: input.actor, publicUrl: input.publicUrl };
  if (target.provider === MANUAL_PROVIDER) {
    // Paid outside the provider (or with nothing to charge): the shop gives the money back by the same means.
    await applyPayment(db, manualRefund(order, target), MANUAL_PROVIDER, options);
    return { kind: "refunded", amountCents: target.amountCents };
  }
  if (target.provider !== provider.name) {
    await failed(db, order, `El pago ${target.paymentId} es de ${target.provider}; la tienda usa ${provider.name}`);
    throw new ShopError(FULFILMENT_MESSAGES.refundProviderMismatch, "conflict");
  }
  let alreadyRefunded: ProviderPayment | null = null;
  try {
    await provider.refundPayment({
      paymentId: target.paymentId,
      amountCents: target.amountCents,
      idempotencyKey: refundIdempotencyKey(order, target.paymentId),
    });
  } catch (error) {
    if (!(error instanceof RefundRefusedError)) {
      logError("refund: no answer from the provider", error, { orderId: order.id, paymentId: target.paymentId });
      await failed(db, order, "El proveedor de pagos no respondió; el resultado se confirmará al reintentar");
      throw new ShopError(FULFILMENT_MESSAGES.refundUnknown, "provider_timeout");
    }
    // Refused: unless the payment is already refunded (another key, the provider's panel), a new try needs a new key.
    const current = await provider.fetchPayment(target.paymentId).catch(() => null);
    if (current?.status !== "refunded") {
      logEvent("warn", "refund refused by the provider", { orderId: order.id, paymentId: target.paymentId, detail: error.providerMessage });
      await failed(db, order, `${error.message} (${error.providerMessage})`, true);
      throw new ShopError(FULFILMENT_MESSAGES.refundRefused(error.message), "provider_failed");
    }
    alreadyRefunded = current;
  }
  // What the provider now says of the payment (never the refund's answer alone): applied as it says.
  const payment = alreadyRefunded ?? (await provider.fetchPayment(target.paymentId));
  if (payment?.status !== "refunded") {
    await recordOrderEvent(db, order.id, {
      kind: "refund-requested",
      actor: input.actor,
      message: "El proveedor de pagos aceptó el reembolso y lo está procesando; el pedido cambiará cuando lo confirme",
      data: { paymentId: target.paymentId, inProcess: true },
    });
    return { kind: "refund-in-process", amountCents: target.amountCents };
  }
  await applyPayment(db, payment, provider.name, options);
  return { kind: "refunded", amountCents: target.amountCents };
}

/** A refund that did not happen: the history says so; a refusal also counts toward the next key. */
async function failed(db: Database, order: LockedOrder, detail: string, refused = false): Promise<void> {
  await db.transaction(async (tx) => {
    if (refused) {
      await tx
        .update(orders)
        .set({ refundAttempts: sql`${orders.refundAttempts} + 1` })
        .where(eq(orders.id, order.id));
    }
    await recordOrderEvent(tx, order.id, {
      kind: "refund-failed",
      actor: { kind: "sistema" },
      message: `Reembolso no realizado: ${detail}`,
    });
  });
}

function manualRefund(order: LockedOrder, target: RefundTarget) {
  return {
    id: target.paymentId,
    status: "refunded",
    externalReference: order.orderNumber,
    amountCents: target.amountCents,
    currency: SHOP_CURRENCY,
    paymentTypeId: null,
    raw: { manualRefund: true },
  };
}
