/**
 * The coupon admin's words and pure rules (docs/requirements.md#coupons). Browser-safe: the screen
 * shows these, the server (server/coupons/admin.server.ts) validates with the same limits.
 * The checkout's rules for using a coupon are in server/coupons/index.ts and orders.ts.
 */
import { NOTICE_PARAM } from "./form-failure";
import { formatCount } from "./format";
import { COUPON_CODE_MAX_LENGTH } from "./orders";

export const COUPON_TYPES = ["general", "single-use"] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** The type badges (docs/requirements.md#coupons). */
export const COUPON_TYPE_LABELS: Record<CouponType, string> = {
  general: "General",
  "single-use": "Uso Único",
};

export function isCouponType(value: unknown): value is CouponType {
  return typeof value === "string" && (COUPON_TYPES as readonly string[]).includes(value);
}

/** The create form's starting values (docs/requirements.md#coupons): type general, 7 days valid, all else empty. */
export const COUPON_FORM_DEFAULTS = { type: "general", daysValid: 7 } as const satisfies { type: CouponType; daysValid: number };

/**
 * The create form's limits. A code is what the checkout's coupon box takes: at most 20 characters
 * (docs/requirements.md#coupons), stored upper-cased, only unaccented letters, digits, '-' and '_'.
 */
export const COUPON_LIMITS = {
  code: COUPON_CODE_MAX_LENGTH,
  minPercent: 1,
  maxPercent: 100,
  minDaysValid: 1,
  /** Ten years: a longer validity is a typing mistake. */
  maxDaysValid: 3650,
  minUses: 1,
  maxUses: 1_000_000,
  description: 200,
} as const;

/** A stored code (already trimmed and upper-cased). */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]+$/;

export const COUPON_ADMIN_MESSAGES = {
  // Notices and refusals.
  loadFailed: "Error al cargar cupones",
  created: "Cupón creado exitosamente",
  createFailed: "Error al crear cupón",
  updateFailed: "Error al actualizar cupón",
  deleteFailed: "Error al eliminar cupón",
  // The delete confirmation.
  confirmDelete: "¿Eliminar este cupón?",
  // The screen's own notices after a redirect.
  activated: "Cupón activado",
  deactivated: "Cupón desactivado",
  deleted: "Cupón eliminado exitosamente",
  // The create form's fields (docs/requirements.md#coupons).
  codeRequired: "El código es requerido",
  codeTooLong: `El código admite hasta ${COUPON_LIMITS.code} caracteres`,
  codeInvalid: "El código solo puede tener letras sin acentos, números, guion (-) y guion bajo (_)",
  codeTaken: "Ya existe un cupón con ese código",
  percentRequired: "El porcentaje de descuento es requerido",
  percentInvalid: `El descuento debe ser un número entero de ${COUPON_LIMITS.minPercent} a ${COUPON_LIMITS.maxPercent}`,
  typeInvalid: "Selecciona el tipo de cupón",
  daysRequired: "Los días de validez son requeridos",
  daysInvalid: `Los días de validez deben ser un número entero de ${COUPON_LIMITS.minDaysValid} a ${COUPON_LIMITS.maxDaysValid}`,
  maxUsesInvalid: `El máximo de usos debe ser un número entero de ${COUPON_LIMITS.minUses} a ${formatCount(COUPON_LIMITS.maxUses)}, o vacío para usos ilimitados`,
  descriptionTooLong: `La descripción admite hasta ${COUPON_LIMITS.description} caracteres`,
  textInvalid: "El texto contiene caracteres no permitidos",
  invalidRequest: "La solicitud no es válida.",
} as const;

/** The notices `/admin/cupones?aviso=…` shows after a redirect (all successes). */
export const COUPON_NOTICES = {
  creado: COUPON_ADMIN_MESSAGES.created,
  activado: COUPON_ADMIN_MESSAGES.activated,
  desactivado: COUPON_ADMIN_MESSAGES.deactivated,
  eliminado: COUPON_ADMIN_MESSAGES.deleted,
} as const;
export type CouponNotice = keyof typeof COUPON_NOTICES;

/** The text of a notice key, or null for none or an unknown one. */
export function couponNoticeText(key: string | null): string | null {
  return key !== null && Object.prototype.hasOwnProperty.call(COUPON_NOTICES, key) ? COUPON_NOTICES[key as CouponNotice] : null;
}

export type CouponStatusTone = "gray" | "red" | "orange" | "green";

export interface CouponDisplayStatus {
  label: "Inactivo" | "Expirado" | "Usado" | "Activo";
  tone: CouponStatusTone;
  /** The badge's class (app/styles/admin-coupons.css). */
  className: `coupon-status-${CouponStatusTone}`;
}

const status = (label: CouponDisplayStatus["label"], tone: CouponStatusTone): CouponDisplayStatus => ({
  label,
  tone,
  className: `coupon-status-${tone}`,
});

/**
 * The status badge (first match wins, docs/requirements.md#coupons): inactive 'Inactivo' (gray); past expiry
 * 'Expirado' (red); single-use used at least once 'Usado' (orange); else 'Activo' (green).
 * A coupon expires at `expiresAt` exactly, as the checkout sees it.
 */
export function couponDisplayStatus(
  coupon: { isActive: boolean; expiresAt: Date | string; type: string; usedCount: number },
  now: Date | string | number,
): CouponDisplayStatus {
  if (!coupon.isActive) return status("Inactivo", "gray");
  if (new Date(coupon.expiresAt).getTime() <= new Date(now).getTime()) return status("Expirado", "red");
  if (coupon.type === "single-use" && coupon.usedCount > 0) return status("Usado", "orange");
  return status("Activo", "green");
}

/** The usage line (docs/requirements.md#coupons): "3 / 10 usos" with a maximum, else "3 veces" ("1 vez"). */
export function couponUsage(usedCount: number, maxUses: number | null): string {
  if (maxUses !== null) return `${usedCount} / ${maxUses} usos`;
  return usedCount === 1 ? "1 vez" : `${usedCount} veces`;
}

/** The discount as the card shows it: "15% de descuento". */
export function couponDiscountText(percent: number): string {
  return `${percent}% de descuento`;
}

/** The create form's fields as typed (what a refused form shows again). */
export interface CouponFormValues {
  code: string;
  discountPercent: string;
  type: string;
  daysValid: string;
  maxUses: string;
  description: string;
}

export const COUPON_FORM_FIELDS = [
  "code",
  "discountPercent",
  "type",
  "daysValid",
  "maxUses",
  "description",
] as const satisfies readonly (keyof CouponFormValues)[];

export const EMPTY_COUPON_FORM: CouponFormValues = {
  code: "",
  discountPercent: "",
  type: COUPON_FORM_DEFAULTS.type,
  daysValid: String(COUPON_FORM_DEFAULTS.daysValid),
  maxUses: "",
  description: "",
};

/** `/admin/cupones` with its state: the open form (`?nuevo=1`), a delete question (`?eliminar=id`), a notice. */
export function couponsHref(state: { nuevo?: boolean; eliminar?: string; aviso?: CouponNotice } = {}): string {
  const params = new URLSearchParams();
  if (state.nuevo) params.set("nuevo", "1");
  if (state.eliminar) params.set("eliminar", state.eliminar);
  if (state.aviso) params.set(NOTICE_PARAM, state.aviso);
  const query = params.toString();
  return query ? `/admin/cupones?${query}` : "/admin/cupones";
}

/** A coupon applied at the checkout: what the page shows of it and discounts with. */
export interface AppliedCoupon {
  code: string;
  discountPercent: number;
  description: string | null;
}

/**
 * The checkout's applied coupon travels in its form answer's `values` (text, like
 * every value of the one FormFailure shape): the code, the percent and the
 * description. These write and read them.
 */
export function appliedCouponValues(
  coupon: AppliedCoupon | null,
): Record<"couponCode" | "couponDiscountPercent" | "couponDescription", string> {
  return {
    couponCode: coupon?.code ?? "",
    couponDiscountPercent: coupon ? String(coupon.discountPercent) : "",
    couponDescription: coupon?.description ?? "",
  };
}

export function appliedCouponOf(values: Partial<Record<string, string>>): AppliedCoupon | null {
  const percent = Number(values.couponDiscountPercent);
  if (!values.couponCode || !Number.isInteger(percent) || percent < 1 || percent > 100) return null;
  return { code: values.couponCode, discountPercent: percent, description: values.couponDescription || null };
}
