/**
 * Unpaid-order caps (decision record 015). One visitor must not hold the shop's stock with
 * orders nobody pays: at most UNPAID_ORDER_CAPS.perEmail orders on hold per signed-in account (for a
 * guest, per contact e-mail among guest orders) and UNPAID_ORDER_CAPS.perIp per IP, both times
 * RATE_LIMIT_FACTOR. Checked inside placeOrder's transaction, after the cart lock, under
 * transaction-scoped advisory locks on the buyer and the IP (always in that order), so two checkouts of one buyer at once cannot both
 * take the last place. A refusal is a CheckoutError with status 429: nothing is written.
 */
import { and, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { orders } from "#server/db/schema.ts";
import { CHECKOUT_MESSAGES, UNPAID_ORDER_CAPS } from "#domain/orders.ts";
import { CheckoutError } from "./checkout-input";

export interface UnpaidOrderCapsInput {
  /** The client's IP (the load context's clientIp). */
  clientIp: string;
  /** RATE_LIMIT_FACTOR: multiplies both caps. */
  factor: number;
}

/** The advisory-lock classes of the caps (the first key of pg_advisory_xact_lock(int, int)). */
const CAP_LOCK_EMAIL = 15_001;
const CAP_LOCK_IP = 15_002;

/** The IP as stored in orders.client_ip and locked on. */
export function capIp(clientIp: string): string {
  return clientIp.slice(0, 100);
}

function scaledCap(limit: number, factor: number): number {
  return Math.max(1, Math.floor(limit * factor));
}

/** Orders still holding stock for a buyer: unpaid (pending or rejected), not cancelled, hold not lapsed. */
function onHold() {
  return and(eq(orders.orderStatus, "pending"), inArray(orders.paymentStatus, ["pending", "rejected"]), gt(orders.holdUntil, sql`now()`));
}

export async function checkUnpaidOrderCaps(tx: Tx, input: UnpaidOrderCapsInput & { email: string; userId: string | null }): Promise<void> {
  const ip = capIp(input.clientIp);
  // A signed-in customer is counted by their account alone: guest orders typed with their e-mail by
  // anyone else must not lock them out. A guest is counted by the e-mail typed, among guest orders.
  const buyerKey = input.userId ?? input.email;
  await tx.execute(sql`select pg_advisory_xact_lock(${CAP_LOCK_EMAIL}, hashtext(${buyerKey}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${CAP_LOCK_IP}, hashtext(${ip}))`);
  const buyer = input.userId ? eq(orders.userId, input.userId) : and(isNull(orders.userId), eq(orders.guestEmail, input.email));
  const [byEmail] = await tx.select({ n: count() }).from(orders).where(and(onHold(), buyer));
  const [byIp] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(onHold(), eq(orders.clientIp, ip)));
  if (
    Number(byEmail?.n ?? 0) >= scaledCap(UNPAID_ORDER_CAPS.perEmail, input.factor) ||
    Number(byIp?.n ?? 0) >= scaledCap(UNPAID_ORDER_CAPS.perIp, input.factor)
  ) {
    throw new CheckoutError("invalid", CHECKOUT_MESSAGES.tooManyUnpaidOrders, { code: "rate_limited" });
  }
}
