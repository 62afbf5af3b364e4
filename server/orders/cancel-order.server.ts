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
import { releaseStock } from "#server/inventory/index.ts";
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
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    if (!claimed) return NOT_CANCELLED;
    const units = await releaseStock(tx, claimed.id);
    const couponReleased = await releaseCoupon(tx, claimed.id);
    const pointsRefunded = await refundPoints(tx, claimed.id, claimed.orderNumber);
    return { cancelled: true, orderNumber: claimed.orderNumber, units, couponReleased, pointsRefunded };
  });
  // With a transaction handle this finds no cache and does nothing (the caller clears it after commit).
  if (result.units > 0) catalogChanged(db as Database);
  return result;
}

/** Payment statuses of an order nobody has paid yet. */
const UNPAID = ["pending", "rejected"];

/** How many lapsed holds one expiry run looks at; the rest wait for the next run. */
const EXPIRY_BATCH = 500;

/**
 * The expiry job's work (decision record 015): every order still unpaid (order pending, payment
 * pending or rejected) whose hold lapsed before `now` is cancelled by 'sistema' with
 * UNPAID_ORDER_CANCEL_REASON, giving back its stock, coupon use and points through cancelOrder,
 * each in its own transaction (one failure is logged and the rest go on). The claim re-checks the
 * hold, so a pending payment applied meanwhile keeps its order, and two runs at once release each
 * order once. `beforeRelease` (the server's job asks the payment provider there) runs first for
 * each due order and may extend its hold. Returns how many this run cancelled.
 */
export async function expireUnpaidOrders(
  db: Database,
  options: { now?: Date; beforeRelease?: (order: DueOrder) => Promise<void> } = {},
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
      const result = await cancelOrder(db, order.id, { reason: UNPAID_ORDER_CANCEL_REASON, by: "sistema", now, holdLapsedBy: now });
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
