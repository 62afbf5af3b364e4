/**
 * Reconciliation (docs/architecture.md#payments): in case a notification never came (or came while
 * the shop was down, or failed after its 200), the provider is asked about the
 * orders still waiting for a payment, by external_reference, and what it knows
 * goes through applyPayment like a notification.
 */
import { and, asc, gt, inArray, lt, ne } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { orders } from "#server/db/schema.ts";
import { logError } from "#server/http/error-log.ts";
import { startPeriodicJob, type PeriodicJob } from "#server/jobs/periodic.server.ts";
import { applyPayment } from "./apply-payment.server";
import type { PaymentProvider } from "./types";

const MINUTE_MS = 60 * 1000;

/** Orders younger than this are left to their notifications. */
export const RECONCILE_MIN_AGE_MS = 10 * MINUTE_MS;
export const RECONCILE_INTERVAL_MS = 15 * MINUTE_MS;
/** At most this many orders per run, oldest first. */
const BATCH = 100;

export interface ReconcileSummary {
  ordersChecked: number;
  paymentsApplied: number;
  failures: number;
}

export async function reconcilePendingPayments(
  db: Database,
  provider: PaymentProvider,
  options: { now?: Date; minAgeMs?: number; publicUrl?: string } = {},
): Promise<ReconcileSummary> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - (options.minAgeMs ?? RECONCILE_MIN_AGE_MS));
  const waiting = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(
      and(
        inArray(orders.paymentStatus, ["pending", "rejected"]),
        ne(orders.orderStatus, "cancelled"),
        gt(orders.paymentAttempts, 0),
        lt(orders.createdAt, before),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  const summary: ReconcileSummary = { ordersChecked: 0, paymentsApplied: 0, failures: 0 };
  for (const order of waiting) {
    summary.ordersChecked++;
    try {
      for (const payment of await provider.searchPayments(order.orderNumber)) {
        if (payment.externalReference !== order.orderNumber) continue;
        const result = await applyPayment(db, payment, provider.name, { publicUrl: options.publicUrl });
        if (result.outcome === "applied") summary.paymentsApplied++;
      }
    } catch (error) {
      summary.failures++;
      logError("reconciliation failed for an order", error, { orderId: order.id });
    }
  }
  return summary;
}

/** The periodic job started by the server (every 15 minutes). */
export function startPaymentReconciliation(
  db: Database,
  provider: PaymentProvider,
  options: { publicUrl?: string; intervalMs?: number } = {},
): PeriodicJob {
  return startPeriodicJob(
    "payment-reconciliation",
    options.intervalMs ?? RECONCILE_INTERVAL_MS,
    () => reconcilePendingPayments(db, provider, { publicUrl: options.publicUrl }),
    { shared: db },
  );
}
