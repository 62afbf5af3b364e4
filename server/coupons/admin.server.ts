/**
 * The admin's coupons (SPEC §2 "Coupon admin", §5 "Coupon create form", §7 GET/POST/PUT/DELETE
 * /coupons): the list, create, activate / deactivate and delete. The checkout's side (check,
 * redeem, release) is ./index.ts.
 *
 * Deleting a coupon that orders used is allowed (SPEC: the admin can delete): the orders keep
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
  type CouponFormErrors,
  type CouponFormValues,
  type CouponType,
} from "#domain/coupons.ts";
import { CONTROL_CHARACTER } from "#domain/forms.ts";
import { isId } from "#domain/ids.ts";
import { rawText, trimmedText } from "#server/accounts/forms.ts";
import type { Queryable } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { newId } from "#server/db/ids.ts";
import { coupons, users } from "#server/db/schema.ts";

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

/** The create form (SPEC §5): every rule of the spec plus the shop's limits (domain/coupons.ts). */
const couponFormSchema = z
  .object({
    code: z.preprocess(
      trimmedText,
      z
        .string()
        .min(1, M.codeRequired)
        .max(COUPON_LIMITS.code, M.codeTooLong)
        .regex(/^[A-Za-z0-9_-]+$/, M.codeInvalid)
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

/** The form's fields as typed, to show back in a refused form: text only, capped. */
export function postedCouponValues(form: FormData): CouponFormValues {
  const values = { ...EMPTY_COUPON_FORM };
  for (const field of COUPON_FORM_FIELDS)
    values[field] = rawText(form.get(field)).slice(0, field === "description" ? COUPON_LIMITS.description + 100 : 100);
  return values;
}

export type CouponFormParse = { ok: true; coupon: CouponInput } | { ok: false; errors: CouponFormErrors };

/** Validates the create form: the coupon, or the first message of each field that failed. */
export function parseCouponForm(form: FormData): CouponFormParse {
  const raw: Record<string, unknown> = Object.fromEntries(COUPON_FORM_FIELDS.map((f) => [f, form.get(f)]));
  // Max uses only for a general coupon (SPEC §5): a single-use coupon ignores the field (its one use is the rule;
  // without JavaScript the field stays on screen whatever the type).
  if (trimmedText(raw.type) === "single-use") raw.maxUses = "";
  const result = couponFormSchema.safeParse(raw);
  if (result.success) return { ok: true, coupon: result.data };
  const errors: CouponFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof CouponFormValues | undefined;
    if (field && (COUPON_FORM_FIELDS as readonly string[]).includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

export type CreateCouponResult =
  { ok: true; id: string; code: string } | { ok: false; status: 400 | 409; errors: CouponFormErrors; values: CouponFormValues };

/**
 * Creates a coupon from the posted form: expiry = `now` + days valid. Invalid input: 400 with
 * the messages; a code already taken (also by a concurrent create: the unique index decides):
 * 409 with the message next to the code. Nothing is written unless the coupon is.
 */
export async function createCoupon(db: Queryable, form: FormData, now = new Date()): Promise<CreateCouponResult> {
  const parsed = parseCouponForm(form);
  if (!parsed.ok) return { ok: false, status: 400, errors: parsed.errors, values: postedCouponValues(form) };
  const c = parsed.coupon;
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
    if (isUniqueViolation(error)) return { ok: false, status: 409, errors: { code: M.codeTaken }, values: postedCouponValues(form) };
    throw error;
  }
  return { ok: true, id, code: c.code };
}

/** Activates or deactivates a coupon; false for a malformed or unknown id (nothing changed). */
export async function setCouponActive(db: Queryable, id: unknown, active: boolean): Promise<boolean> {
  if (!isId(id)) return false;
  const [row] = await db.update(coupons).set({ isActive: active }).where(eq(coupons.id, id)).returning({ id: coupons.id });
  return row !== undefined;
}

/** Deletes a coupon (its redemption rows go with it; orders keep their code and discount); false for a malformed or unknown id. */
export async function deleteCoupon(db: Queryable, id: unknown): Promise<boolean> {
  if (!isId(id)) return false;
  const [row] = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  return row !== undefined;
}
