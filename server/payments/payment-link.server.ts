/**
 * A payment link for an order (after placeOrder commits, and 'Pagar Ahora'):
 * the attempt is counted in its own short statement, then the provider is
 * called with no transaction open (docs/architecture.md#server-modules).
 */
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { PENDING_PAYMENT_HOLD_HOURS } from "#domain/orders.ts";
import { PAYMENT_MESSAGES } from "#domain/payments.ts";
import type { AppConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { orders, users } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";
import { logError } from "#server/http/error-log.ts";
import type { PaymentOrder, PaymentProvider } from "./types";

const HOUR_MS = 60 * 60 * 1000;

/** Why no payment link: the order is not payable now, the provider failed, or it answered without a link. */
export type PaymentLinkFailure = "not-payable" | "failed" | "no-link";

/**
 * The payment link could not be made; `message` is its Spanish text (domain/payments.ts) and
 * `reason` says which failure it was (the checkout shows a different page for each).
 */
export class PaymentLinkError extends ShopError {
  constructor(readonly reason: PaymentLinkFailure) {
    super(
      reason === "not-payable" ? PAYMENT_MESSAGES.notPayable : reason === "failed" ? PAYMENT_MESSAGES.failed : PAYMENT_MESSAGES.noLink,
      reason === "not-payable" ? "conflict" : "provider_failed",
    );
  }
}

/**
 * Counts a new attempt for a payable order (canRetryPayment: pending or rejected, not cancelled,
 * and its stock hold not lapsed: decision record 015); null when it is not payable.
 */
async function claimAttempt(db: Database, orderId: string): Promise<PaymentOrder | null> {
  const [row] = await db
    .update(orders)
    .set({ paymentAttempts: sql`${orders.paymentAttempts} + 1` })
    .where(
      and(
        eq(orders.id, orderId),
        ne(orders.orderStatus, "cancelled"),
        inArray(orders.paymentStatus, ["pending", "rejected"]),
        gt(orders.holdUntil, sql`now()`),
      ),
    )
    .returning({
      id: orders.id,
      orderNumber: orders.orderNumber,
      finalTotalCents: orders.finalTotalCents,
      guestEmail: orders.guestEmail,
      userId: orders.userId,
      attempt: orders.paymentAttempts,
      holdUntil: orders.holdUntil,
    });
  if (!row) return null;
  let email = row.guestEmail ?? "";
  if (row.userId) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    email = user?.email ?? email;
  }
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    finalTotalCents: row.finalTotalCents,
    email,
    attempt: row.attempt,
    holdUntil: row.holdUntil,
    cashExpiresAt: new Date(Date.now() + PENDING_PAYMENT_HOLD_HOURS * HOUR_MS),
  };
}

export async function createPaymentLinkForOrder(
  db: Database,
  orderId: string,
  deps: { config: AppConfig; provider: PaymentProvider },
): Promise<{ url: string; preferenceId: string }> {
  const order = await claimAttempt(db, orderId);
  if (!order) throw new PaymentLinkError("not-payable");
  let link: { url: string; preferenceId: string };
  try {
    link = await deps.provider.createPaymentLink(order);
  } catch (error) {
    logError("payment link failed", error, { provider: deps.provider.name, orderId });
    throw new PaymentLinkError("failed");
  }
  if (!link.url) throw new PaymentLinkError("no-link");
  return link;
}
