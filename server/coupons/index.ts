/**
 * Coupons at checkout (docs/requirements.md#coupons,
 * docs/architecture.md#transactions-and-invariants). A coupon is usable when it exists, is active, has not
 * expired, is under its max uses, is not a single-use coupon already used, and,
 * when it names a customer, only by that customer. `checkCoupon` answers the
 * checkout box (a read); `redeemCoupon` counts the use inside the order's
 * transaction with one conditional update, so a single-use coupon raced by two
 * orders is applied to exactly one; `releaseCoupon` gives a cancelled order's
 * use back, once.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable, Tx } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { couponRedemptions, coupons } from "#server/db/schema.ts";
import { CHECKOUT_MESSAGES, COUPON_CODE_MAX_LENGTH, normalizeCouponCode, type CouponRefusal } from "#domain/orders.ts";
import { ShopError } from "#server/errors.ts";
import { takeRateLimit, type RateLimitRule } from "#server/accounts/rate-limit.server.ts";
import type { AppliedCoupon } from "#domain/coupons.ts";
import { fail, ok, type Result } from "#domain/result.ts";

/** What the checkout shows for an applied coupon (code, discountPercent, description). */
export type { AppliedCoupon };

/** The applied coupon, or the Spanish reason it was refused. */
export type CouponCheck = Result<AppliedCoupon, string>;

/** A coupon refused while placing the order; `message` is the Spanish reason, shown in the checkout's coupon box. */
export class CouponError extends ShopError {
  constructor(readonly refusal: CouponRefusal | "couponEmpty") {
    super(CHECKOUT_MESSAGES[refusal], "conflict", "couponInput");
  }
}

/**
 * How many coupon codes may be tried (the coupon box, and a code posted again
 * with the checkout's other intents) per IP and per signed-in customer, each
 * multiplied by RATE_LIMIT_FACTOR: enough for a shopper, too few to guess codes.
 */
export const COUPON_RATE_LIMITS = {
  perIp: { name: "coupon:ip", limit: 30, windowSeconds: 15 * 60 },
  perUser: { name: "coupon:user", limit: 15, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Counts one try of a coupon code; false when the IP's or the customer's allowance is used up. */
export async function allowCouponAttempt(db: Queryable, who: { ip: string; userId: string | null }, factor = 1): Promise<boolean> {
  const checks = [takeRateLimit(db, COUPON_RATE_LIMITS.perIp, who.ip, factor)];
  if (who.userId) checks.push(takeRateLimit(db, COUPON_RATE_LIMITS.perUser, who.userId, factor));
  return (await Promise.all(checks)).every(Boolean);
}

type CouponRow = typeof coupons.$inferSelect;

/** The first rule a coupon breaks for this user at `now`, or null when it is usable. */
export function couponRefusal(coupon: CouponRow | undefined, userId: string | null, now: Date): CouponRefusal | null {
  if (!coupon) return "couponInvalid";
  if (coupon.userId && coupon.userId !== userId) return "couponInvalid";
  if (!coupon.isActive) return "couponInactive";
  if (coupon.expiresAt.getTime() <= now.getTime()) return "couponExpired";
  if (coupon.type === "single-use" && coupon.usedCount > 0) return "couponUsed";
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) return "couponExhausted";
  return null;
}

async function findCoupon(db: Queryable, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return row;
}

/**
 * The checkout box's validation (read-only, docs/requirements.md#coupons):
 * the code is trimmed and upper-cased; empty → 'Ingresa un código de cupón';
 * unknown, inactive, expired, used up or someone else's → the reason in Spanish.
 * A coupon that names a customer reads as unknown to anybody else.
 */
export async function checkCoupon(db: Queryable, code: string, userId: string | null, now = new Date()): Promise<CouponCheck> {
  const normalized = normalizeCouponCode(code);
  if (!normalized) return fail(CHECKOUT_MESSAGES.couponEmpty);
  if (normalized.length > COUPON_CODE_MAX_LENGTH) return fail(CHECKOUT_MESSAGES.couponInvalid);
  const coupon = await findCoupon(db, normalized);
  const refusal = couponRefusal(coupon, userId, now);
  if (refusal || !coupon) return fail(CHECKOUT_MESSAGES[refusal ?? "couponInvalid"]);
  return ok({ code: coupon.code, discountPercent: coupon.discountPercent, description: coupon.description });
}

/**
 * Counts one use of the coupon for an order, in the order's transaction: one
 * conditional update of `used_count` (every rule re-checked in its WHERE, the
 * row locked by it, so concurrent orders queue and the later ones see the new
 * count), then the `coupon_redemptions` row. `discountPercent`, when given, must
 * still be the coupon's (the percent the order was quoted with). Throws
 * CouponError with the reason when the coupon can no longer be used.
 */
export async function redeemCoupon(
  tx: Tx,
  input: { code: string; userId: string | null; orderId: string; discountCents: number; discountPercent?: number },
): Promise<{ couponId: string; discountPercent: number }> {
  const code = normalizeCouponCode(input.code);
  if (!code) throw new CouponError("couponEmpty");
  const [claimed] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.code, code),
        eq(coupons.isActive, true),
        sql`${coupons.expiresAt} > now()`,
        sql`(${coupons.maxUses} is null or ${coupons.usedCount} < ${coupons.maxUses})`,
        sql`(${coupons.type} <> 'single-use' or ${coupons.usedCount} = 0)`,
        input.userId ? sql`(${coupons.userId} is null or ${coupons.userId} = ${input.userId})` : isNull(coupons.userId),
        input.discountPercent !== undefined ? eq(coupons.discountPercent, input.discountPercent) : undefined,
      ),
    )
    .returning({ id: coupons.id, discountPercent: coupons.discountPercent });
  if (!claimed) {
    const coupon = await findCoupon(tx, code);
    throw new CouponError(couponRefusal(coupon, input.userId, new Date()) ?? "couponInvalid");
  }
  await tx.insert(couponRedemptions).values({
    id: newId(),
    couponId: claimed.id,
    orderId: input.orderId,
    userId: input.userId,
    discountCents: input.discountCents,
  });
  return { couponId: claimed.id, discountPercent: claimed.discountPercent };
}

/**
 * Gives back the coupon use of a cancelled order, once: the redemption is
 * marked released (only while it is not), and only then the count goes down.
 * Returns true when this call gave the use back.
 */
export async function releaseCoupon(tx: Tx, orderId: string): Promise<boolean> {
  const [released] = await tx
    .update(couponRedemptions)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  if (!released) return false;
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.id, released.couponId));
  return true;
}

// The coupon admin's list, form schema and changes (app/routes/admin/cupones.tsx).
export {
  COUPON_LIST_LIMIT,
  couponFormInput,
  couponFormSchema,
  createCoupon,
  deleteCoupon,
  listCoupons,
  postedCouponValues,
  setCouponActive,
  type AdminCoupon,
  type CouponInput,
  type CouponList,
} from "./admin.server";
