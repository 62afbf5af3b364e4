/**
 * Cancelling orders (docs/architecture.md#transactions-and-invariants): `cancelOrder` is the one place
 * that gives stock, the coupon use and points back. It claims the order first
 * with one conditional update (not yet cancelled, payment not approved), so an
 * admin's cancel, a customer's and the expiry job can never both release, and
 * an order whose payment was approved is never cancelled here (a late approval
 * for an order already cancelled is flagged for a refund by applyPayment). The
 * expiry job releases orders whose stock hold lapsed (decision record 015).
 */
import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database, Queryable } from "#server/db/client.ts";
import { orders } from "#server/db/schema.ts";
import { UNPAID_ORDER_CANCEL_REASON, type CancelledBy } from "#domain/orders.ts";
import { SYSTEM_ACTOR, type OrderActor } from "#domain/order-events.ts";
import { formatPoints } from "#domain/format.ts";
import { enqueueOrderMail, recordOrderEvent } from "#server/order-events/index.ts";
import { orderCancelledMail } from "#server/mail/order-mails.ts";
import { notifyMailQueued } from "#server/mail/outbox.server.ts";
import { orderMailRecipient, storedOrderMailData } from "./order-mail-data.server";
import { releaseStock } from "#server/inventory/index.ts";
import { queueBackInStockMail } from "#server/stock-alerts/index.ts";
import { releaseCoupon } from "#server/coupons/index.ts";
import { refundPoints } from "#server/loyalty/ledger.server.ts";
import { catalogChanged } from "#server/catalog/catalog-cache.ts";
import { logError } from "#server/http/error-log.ts";

export interface CancelResult {
  /** True when this call cancelled the order (false: already cancelled, paid, or unknown). */
  cancelled: boolean;
  orderNumber: string | null;
  /** Units of stock given back. */
  units: number;
  couponReleased: boolean;
  pointsRefunded: number;
}

const NOT_CANCELLED: CancelResult = { cancelled: false, orderNumber: null, units: 0, couponReleased: false, pointsRefunded: 0 };

/**
 * Cancels an order and gives back its stock, coupon use and points, in one
 * transaction (a savepoint when `db` is already a transaction): the claim
 * `update … set order_status = 'cancelled' where id = ? and order_status <>
 * 'cancelled' and payment_status <> 'approved' returning` decides; only the
 * call that claimed it releases anything. `now` is the cancellation time.
 * Given the outer database, the product list's cache is cleared after commit;
 * a caller passing its own transaction calls catalogChanged(db) after its own commit.
 */
export async function cancelOrder(
  db: Queryable,
  orderId: string,
  options: {
    reason: string;
    by: CancelledBy;
    now?: Date;
    /**
     * Only an unpaid order whose hold lapsed before this time (the expiry job): an order that
     * meanwhile got a pending payment (hold extended) or was paid is left alone.
     */
    holdLapsedBy?: Date;
    /** Who, for the order's history; by default the shop ('sistema') or the customer, as `by` says. */
    actor?: OrderActor;
    /**
     * For an order already shipped or delivered (docs/requirements.md#order-fulfilment): whether its
     * cards came back to the shop. False keeps the stock as it is (the cards are with the buyer);
     * true gives it back. Undefined: the order never left, its stock comes back.
     */
    goodsReturned?: boolean;
    /**
     * E-mail the buyer 'order-cancelled' with the reason (and, for a refunded order, the amount
     * given back), in the same transaction. `publicUrl` is the shop's origin for the order's link.
     */
    notify?: { publicUrl?: string; refundedCents?: number | null; refundedPayment?: string | null; manualRefund?: boolean };
  },
): Promise<CancelResult> {
  const lapsed = options.holdLapsedBy
    ? [eq(orders.orderStatus, "pending"), inArray(orders.paymentStatus, UNPAID), lt(orders.holdUntil, options.holdLapsedBy)]
    : [];
  const result = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orders)
      .set({
        orderStatus: "cancelled",
        cancelReason: options.reason,
        cancelledAt: options.now ?? new Date(),
        cancelledBy: options.by,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, orderId), ne(orders.orderStatus, "cancelled"), ne(orders.paymentStatus, "approved"), ...lapsed))
      .returning();
    if (!claimed) return NOT_CANCELLED;
    const keepStock = options.goodsReturned === false;
    const { units, productIds } = keepStock ? { units: 0, productIds: [] } : await releaseStock(tx, claimed.id);
    // A cancelled order's units can bring a sold-out card back: its waiting alerts go out once.
    const alerted = keepStock
      ? 0
      : await queueBackInStockMail(tx, productIds, options.notify?.publicUrl ? { origin: options.notify.publicUrl } : undefined);
    const couponReleased = await releaseCoupon(tx, claimed.id);
    const pointsRefunded = await refundPoints(tx, claimed.id, claimed.orderNumber);
    const actor = options.actor ?? (options.by === "cliente" ? { kind: "cliente" as const, userId: claimed.userId } : SYSTEM_ACTOR);
    await recordOrderEvent(tx, claimed.id, {
      kind: "cancelled",
      actor,
      message: cancelledMessage(options.reason, { units, couponReleased, pointsRefunded }, options.goodsReturned),
      data: { reason: options.reason, units, couponReleased, pointsRefunded, goodsReturned: options.goodsReturned ?? null },
    });
    if (options.notify) {
      const to = await orderMailRecipient(tx, claimed);
      if (to) {
        const data = await storedOrderMailData(tx, claimed, { publicUrl: options.notify.publicUrl, isPaid: false });
        const mail = orderCancelledMail({
          ...data,
          reason: options.reason,
          refundedCents: options.notify.refundedCents ?? null,
          refundedPayment: options.notify.refundedPayment ?? null,
          manualRefund: options.notify.manualRefund ?? false,
        });
        await enqueueOrderMail(tx, claimed.id, { kind: "order-cancelled", to, ...mail }, actor);
      }
    }
    return { cancelled: true, orderNumber: claimed.orderNumber, units, couponReleased, pointsRefunded, alerted };
  });
  const { alerted, ...cancelResult } = { alerted: 0, ...result };
  // With a transaction handle this finds no cache and does nothing (the caller clears it after commit).
  if (cancelResult.units > 0) catalogChanged(db as Database);
  if (cancelResult.cancelled && (options.notify || alerted > 0)) notifyMailQueued();
  return cancelResult;
}

/** The history's line for a cancellation: the reason and what came back. */
function cancelledMessage(
  reason: string,
  back: { units: number; couponReleased: boolean; pointsRefunded: number },
  goodsReturned: boolean | undefined,
): string {
  const returned = [
    back.units > 0 ? (back.units === 1 ? "1 unidad" : `${back.units} unidades`) : null,
    back.couponReleased ? "el uso del cupón" : null,
    back.pointsRefunded > 0 ? `${formatPoints(back.pointsRefunded)} puntos usados` : null,
  ].filter(Boolean);
  const goods =
    goodsReturned === undefined
      ? ""
      : goodsReturned
        ? " La mercancía volvió a la tienda: su stock se repuso."
        : " La mercancía no volvió a la tienda: el stock no cambió.";
  return `Pedido cancelado. Motivo: ${reason}.${returned.length ? ` Volvieron ${returned.join(", ")}.` : ""}${goods}`;
}

/** Payment statuses of an order nobody has paid yet. */
const UNPAID = ["pending", "rejected"];

/** How many lapsed holds one expiry run looks at; the rest wait for the next run. */
const EXPIRY_BATCH = 500;

/**
 * The expiry job's work (decision record 015): every order still unpaid (order pending, payment
 * pending or rejected) whose hold lapsed before `now` is cancelled by 'sistema' with
 * UNPAID_ORDER_CANCEL_REASON, giving back its stock, coupon use and points through cancelOrder,
 * each in its own transaction (one failure is logged and the rest go on), and the buyer is told
 * by e-mail ('order-cancelled'). The claim re-checks the
 * hold, so a pending payment applied meanwhile keeps its order, and two runs at once release each
 * order once. `beforeRelease` (the server's job asks the payment provider there) runs first for
 * each due order and may extend its hold. Returns how many this run cancelled.
 */
export async function expireUnpaidOrders(
  db: Database,
  options: { now?: Date; beforeRelease?: (order: DueOrder) => Promise<void>; publicUrl?: string } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const due = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, paymentAttempts: orders.paymentAttempts })
    .from(orders)
    .where(and(eq(orders.orderStatus, "pending"), inArray(orders.paymentStatus, UNPAID), lt(orders.holdUntil, now)))
    .orderBy(orders.holdUntil)
    .limit(EXPIRY_BATCH);
  let cancelled = 0;
  for (const order of due) {
    try {
      if (options.beforeRelease) await options.beforeRelease(order);
      const result = await cancelOrder(db, order.id, {
        reason: UNPAID_ORDER_CANCEL_REASON,
        by: "sistema",
        now,
        holdLapsedBy: now,
        notify: { publicUrl: options.publicUrl },
      });
      if (result.cancelled) cancelled++;
    } catch (error) {
      logError("expiring an unpaid order failed", error, { orderId: order.id });
    }
  }
  return cancelled;
}

/** An order whose hold lapsed, as the expiry job hands it to `beforeRelease`. */
export interface DueOrder {
  id: string;
  orderNumber: string;
  /** Payment links made for it: 0 means the provider cannot know of any payment. */
  paymentAttempts: number;
}
