/**
 * The hourly housekeeping job: data that has served its purpose is deleted so
 * the tables stay small (expired sessions, old reset links and rate-limit
 * counters, abandoned guest carts, guests' back-in-stock requests never confirmed in time).
 */
import type { Queryable } from "#server/db/client.ts";
import { purgeExpiredAccountData } from "#server/accounts/housekeeping.server.ts";
import { deleteAbandonedGuestCarts } from "#server/cart/cart.server.ts";
import { deleteUnconfirmedStockAlerts } from "#server/stock-alerts/index.ts";

export async function runHousekeeping(db: Queryable, now = new Date()) {
  const accounts = await purgeExpiredAccountData(db, now);
  const guestCarts = await deleteAbandonedGuestCarts(db, now);
  const unconfirmedAlerts = await deleteUnconfirmedStockAlerts(db, now);
  return { ...accounts, guestCarts, unconfirmedAlerts };
}
