/**
 * The admin's coupons (docs/requirements.md#coupons): the list, create, activate / deactivate and
 * delete. The checkout's side (check, redeem, release) is ./index.ts.
 *
 * Deleting a coupon that orders used is allowed: the orders keep
 * their code and discount (copied onto the order when it was placed) and the `coupon_redemptions`
 * rows go with the coupon (ON DELETE CASCADE), so cancelling such an order later releases
 * nothing for the coupon and goes on with stock and points.
 */
import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  COUPON_ADMIN_MESSAGES as M,
  COUPON_FORM_FIELDS,
  COUPON_LIMITS,
  EMPTY_COUPON_FORM,
  isCouponType,
  type CouponType,
} from "#domain/coupons.ts";
import { CONTROL_CHARACTER, typedText } from "#domain/forms.ts";
import { isId } from "#domain/ids.ts";
import { trimmedText } from "#server/accounts/forms.ts";
import type { Queryable } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { newId } from "#server/db/ids.ts";
import { coupons, users } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";

type CouponFormField = (typeof COUPON_FORM_FIELDS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many coupons the screen lists (newest first); the total is shown beside them. */
export const COUPON_LIST_LIMIT = 500;

/** One coupon as the admin screen shows it (dates as ISO text). */
export interface AdminCoupon {
  id: string;
  code: string;
  discountPercent: number;
  type: CouponType;
  expiresAt: string;
  description: string | null;
  maxUses: number | null;
  usedCount: number;
  isActive: boolean;
  /** The customer a coupon is tied to (made elsewhere); null: anyone may use it. */
  owner: { name: string; email: string } | null;
  createdAt: string;
}

export interface CouponList {
  coupons: AdminCoupon[];
  /** Every coupon, listed or not. */
  total: number;
}

/** The coupons, newest first (at most COUPON_LIST_LIMIT), with the customer each is tied to. */
export async function listCoupons(db: Queryable, limit = COUPON_LIST_LIMIT): Promise<CouponList> {
  const rows = await db
    .select({ coupon: coupons, ownerName: users.name, ownerEmail: users.email })
    .from(coupons)
    .leftJoin(users, eq(users.id, coupons.userId))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(coupons);
  return {
    total: total?.n ?? rows.length,
    coupons: rows.map(({ coupon: c, ownerName, ownerEmail }) => ({
      id: c.id,
      code: c.code,
      discountPercent: c.discountPercent,
      type: isCouponType(c.type) ? c.type : "general",
      expiresAt: c.expiresAt.toISOString(),
      description: c.description,
      maxUses: c.maxUses,
      usedCount: c.usedCount,
      isActive: c.isActive,
      owner: c.userId && ownerName !== null && ownerEmail !== null ? { name: ownerName, email: ownerEmail } : null,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

/** A whole number of at most `digits` digits within [min, max]; `required` says what a blank gets. */
const wholeNumber = (options: { min: number; max: number; digits: number; required: string | null; invalid: string }) =>
  z.preprocess(
    trimmedText,
    z.string().transform((v, ctx) => {
      if (v === "") {
        if (options.required) ctx.addIssue({ code: "custom", message: options.required });
        return null;
      }
      const n = new RegExp(`^\\d{1,${options.digits}}$`).test(v) ? Number(v) : NaN;
      if (!(n >= options.min && n <= options.max)) {
        ctx.addIssue({ code: "custom", message: options.invalid });
        return z.NEVER;
      }
      return n;
    }),
  );

/** The create form (docs/requirements.md#coupons): every rule, with the shop's limits from domain/coupons.ts. */
export const couponFormSchema = z
  .object({
    code: z.preprocess(
      trimmedText,
      z
        .string()
        .min(1, M.codeRequired)
        .max(COUPON_LIMITS.code, M.codeTooLong)
        // A blank code has the required message only.
        .regex(/^[A-Za-z0-9_-]*$/, M.codeInvalid)
        .transform((v) => v.toUpperCase()),
    ),
    discountPercent: wholeNumber({
      min: COUPON_LIMITS.minPercent,
      max: COUPON_LIMITS.maxPercent,
      digits: 3,
      required: M.percentRequired,
      invalid: M.percentInvalid,
    }),
    type: z.preprocess(trimmedText, z.string().refine(isCouponType, M.typeInvalid)),
    daysValid: wholeNumber({
      min: COUPON_LIMITS.minDaysValid,
      max: COUPON_LIMITS.maxDaysValid,
      digits: 4,
      required: M.daysRequired,
      invalid: M.daysInvalid,
    }),
    maxUses: wholeNumber({ min: COUPON_LIMITS.minUses, max: COUPON_LIMITS.maxUses, digits: 7, required: null, invalid: M.maxUsesInvalid }),
    description: z.preprocess(
      trimmedText,
      z
        .string()
        .max(COUPON_LIMITS.description, M.descriptionTooLong)
        .refine((v) => !CONTROL_CHARACTER.test(v), M.textInvalid)
        .transform((v) => (v === "" ? null : v)),
    ),
  })
  .transform((input) => ({
    ...input,
    discountPercent: input.discountPercent!,
    daysValid: input.daysValid!,
    type: input.type as CouponType,
  }));

export type CouponInput = z.output<typeof couponFormSchema>;

/** The form's fields as typed, to show back in a refused form (a FormFailure's values): text only, capped. */
export function postedCouponValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = { ...EMPTY_COUPON_FORM };
  for (const field of COUPON_FORM_FIELDS)
    values[field] = typedText(form.get(field), field === "description" ? COUPON_LIMITS.description + 100 : 100);
  return values;
}

/**
 * The create form's fields as the schema reads them. Max uses only for a general coupon
 * (docs/requirements.md#coupons): a single-use coupon ignores the field (its one use is the rule;
 * without JavaScript the field stays on screen whatever the type).
 */
export function couponFormInput(form: FormData): Record<CouponFormField, unknown> {
  const raw = Object.fromEntries(COUPON_FORM_FIELDS.map((f) => [f, form.get(f)])) as Record<CouponFormField, unknown>;
  if (trimmedText(raw.type) === "single-use") raw.maxUses = "";
  return raw;
}

/**
 * Creates a coupon from the parsed form: expiry = `now` + days valid. A code already taken (also
 * by a concurrent create: the unique index decides) is refused (409, on the code); nothing is
 * written then.
 */
export async function createCoupon(db: Queryable, c: CouponInput, now = new Date()): Promise<{ id: string; code: string }> {
  const id = newId();
  try {
    await db.insert(coupons).values({
      id,
      code: c.code,
      discountPercent: c.discountPercent,
      type: c.type,
      expiresAt: new Date(now.getTime() + c.daysValid * DAY_MS),
      description: c.description,
      maxUses: c.maxUses,
      isActive: true,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ShopError(M.codeTaken, "conflict", "code");
    throw error;
  }
  return { id, code: c.code };
}

/** Activates or deactivates a coupon; an unknown (or malformed) id is refused (404, nothing changed). */
export async function setCouponActive(db: Queryable, id: string, active: boolean): Promise<void> {
  const [row] = isId(id) ? await db.update(coupons).set({ isActive: active }).where(eq(coupons.id, id)).returning({ id: coupons.id }) : [];
  if (!row) throw new ShopError(M.updateFailed, "not_found");
}

/** Deletes a coupon (its redemption rows go with it; orders keep their code and discount); an unknown (or malformed) id is refused (404). */
export async function deleteCoupon(db: Queryable, id: string): Promise<void> {
  const [row] = isId(id) ? await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id }) : [];
  if (!row) throw new ShopError(M.deleteFailed, "not_found");
}
