/**
 * The expiry of unpaid orders (decision record 015): every minute the server gives back the stock,
 * coupon use and points of each order whose hold lapsed (`expireUnpaidOrders`, through
 * `cancelOrder`). Before releasing an order that had a payment link, the payment provider is asked
 * about its payments and what it knows is applied, as reconciliation does: a pending cash payment
 * whose notification was lost extends the hold instead of losing the buyer the order. When the
 * provider cannot be asked, that order waits for the next run. `npm run jobs:expire-orders` runs
 * the same work once.
 */
import type { Database } from "#server/db/client.ts";
import { expireUnpaidOrders, type DueOrder } from "#server/orders/index.ts";
import { applyPayment, type PaymentProvider } from "#server/payments/index.ts";
import { startPeriodicJob, type PeriodicJob } from "./periodic.server";

/** How often lapsed holds are looked for: a hold lasts minutes, so its stock is back within a minute of lapsing. */
export const ORDER_EXPIRY_INTERVAL_MS = 60 * 1000;

export async function releaseLapsedHolds(
  db: Database,
  provider: PaymentProvider,
  options: { now?: Date; publicUrl?: string } = {},
): Promise<number> {
  const askProvider = async (order: DueOrder) => {
    if (order.paymentAttempts === 0) return; // no link was made: the provider cannot know of a payment
    for (const payment of await provider.searchPayments(order.orderNumber)) {
      if (payment.externalReference !== order.orderNumber) continue;
      await applyPayment(db, payment, provider.name, { publicUrl: options.publicUrl });
    }
  };
  return expireUnpaidOrders(db, { now: options.now, beforeRelease: askProvider, publicUrl: options.publicUrl });
}

/** The periodic job the server starts (and runs at start). */
export function startOrderExpiry(db: Database, provider: PaymentProvider, options: { publicUrl?: string } = {}): PeriodicJob {
  return startPeriodicJob(
    "expire-unpaid-orders",
    ORDER_EXPIRY_INTERVAL_MS,
    async () => {
      const cancelled = await releaseLapsedHolds(db, provider, options);
      if (cancelled > 0) console.log(`Pedidos sin pago cancelados (productos de vuelta a la venta): ${cancelled}.`);
    },
    { runAtStart: true, shared: db },
  );
}
