/**
 * The checkout route's server half (docs/requirements.md#checkout):
 * what the page reads (cart lines with database prices,
 * the customer's contact, saved addresses with the default first, points
 * balance), how its one form is read (every intent: apply or remove a coupon,
 * toggle points, change the carrier, place the order, retry a stored order's
 * payment) and answered; the paying step is in checkout-payment.server.ts. The
 * route module stays a thin switch over these.
 */
import { ADDRESS_LIMITS, HONEYPOT_FIELD, normalizeLineBreaks, typedText } from "#domain/forms.ts";
import { failureFromIssues, type FieldErrors, type FormFailure } from "#domain/form-failure.ts";
import {
  CHECKOUT_INTENTS,
  CHECKOUT_MESSAGES,
  CHECKOUT_NEW_ADDRESS,
  COUPON_CODE_MAX_LENGTH,
  normalizeCouponCode,
  type CheckoutIntent,
} from "#domain/orders.ts";
import { isOnSale } from "#domain/pricing.ts";
import { STANDARD_SHIPPING_METHOD, isShippingMethodId, type ShippingMethodId } from "#domain/shipping.ts";
import { ID_PATTERN } from "#domain/ids.ts";
import type { Queryable } from "#server/db/client.ts";
import { listAddresses } from "#server/accounts/addresses.server.ts";
import { getProfile } from "#server/accounts/profile.server.ts";
import type { SessionUser } from "#server/accounts/users.server.ts";
import { getCart } from "#server/cart/cart.server.ts";
import type { CurrentCart } from "#server/cart/current-cart.server.ts";
import { checkCoupon, type AppliedCoupon } from "#server/coupons/index.ts";
import { appliedCouponValues } from "#domain/coupons.ts";
import { pointsBalance } from "#server/loyalty/points.server.ts";
import { checkoutAddressSchema, checkoutContactSchema, missingColonia, type PlaceOrderInput } from "#server/orders/index.ts";
import { parseForm } from "#app/lib/form.server.ts";

/** The page's data, or null when the cart is empty (the page then sends the shopper to /carrito). */
export async function checkoutPageData(db: Queryable, cart: CurrentCart, user: SessionUser | null) {
  const { lines } = await getCart(db, cart.id);
  if (lines.length === 0) return null;
  const [profile, addresses, balance] = user
    ? await Promise.all([getProfile(db, user.id), listAddresses(db, user.id), pointsBalance(db, user.id)])
    : [null, [], 0];
  return {
    lines: lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      name: l.name,
      /** Which copy: 'Ligeramente jugada · Japonés' (two variants of one card are two lines). */
      variantLabel: l.variantLabel,
      image: l.image,
      quantity: l.quantity,
      priceCents: l.priceCents,
      salePriceCents: isOnSale(l) ? l.salePriceCents : null,
      stock: l.stock,
    })),
    signedIn: user !== null,
    contact: { name: profile?.name ?? user?.name ?? "", email: profile?.email ?? user?.email ?? "", phone: profile?.phone ?? "" },
    addresses,
    pointsBalance: balance,
  };
}

// ---------------------------------------------------------------------------
// The form

/** The text fields a refused form gives back as typed (capped). */
export const CHECKOUT_TEXT_FIELDS = [
  "name",
  "email",
  "phone",
  "street",
  "colonia",
  "city",
  "state",
  "zipCode",
  "references",
  "couponInput",
] as const;
export type CheckoutTextField = (typeof CHECKOUT_TEXT_FIELDS)[number];

/** What a refused form gives back as typed: each value capped (typedText: never inside a character). */
function echoedValues(values: Record<CheckoutTextField, string>): Record<CheckoutTextField, string> {
  return Object.fromEntries(Object.entries(values).map(([name, v]) => [name, typedText(v, ADDRESS_LIMITS.references)])) as Record<
    CheckoutTextField,
    string
  >;
}

/**
 * The posted checkout form, read leniently (every value a string, line breaks
 * as the browser counts them; never cut: the schemas refuse what is too long);
 * nothing here is trusted yet.
 */
export interface CheckoutForm {
  intent: CheckoutIntent | null;
  values: Record<CheckoutTextField, string>;
  whatsappNotifications: boolean;
  /** A saved address id, CHECKOUT_NEW_ADDRESS, or "" (not chosen: a guest, or a customer without addresses). */
  savedAddressId: string;
  /** The shipping method as posted (checked by `checkoutFormProblem`). */
  shippingMethod: string;
  usePoints: boolean;
  /** The coupon already applied (hidden field), upper-cased; "" when none. */
  couponCode: string;
  checkoutToken: string;
  /** The hidden field people leave empty (docs/architecture.md#security). */
  honeypotFilled: boolean;
}

const text = (v: FormDataEntryValue | null, cap?: number) => (typeof v === "string" ? v.slice(0, cap) : "");
const checked = (v: FormDataEntryValue | null) => v === "on" || v === "true" || v === "1";

export function readCheckoutForm(form: FormData): CheckoutForm {
  const intent = form.get("intent");
  const values = Object.fromEntries(CHECKOUT_TEXT_FIELDS.map((name) => [name, normalizeLineBreaks(text(form.get(name)))])) as Record<
    CheckoutTextField,
    string
  >;
  return {
    intent: typeof intent === "string" && (CHECKOUT_INTENTS as readonly string[]).includes(intent) ? (intent as CheckoutIntent) : null,
    values,
    whatsappNotifications: checked(form.get("whatsappNotifications")),
    savedAddressId: text(form.get("savedAddressId"), 64).trim(),
    shippingMethod: text(form.get("shippingMethod"), 64),
    usePoints: checked(form.get("usePoints")),
    couponCode: normalizeCouponCode(text(form.get("couponCode"), 64)),
    checkoutToken: text(form.get("checkoutToken"), 100),
    honeypotFilled: text(form.get(HONEYPOT_FIELD), 300).trim() !== "",
  };
}

/**
 * A request no real checkout form sends (unknown intent, filled honeypot, a
 * shipping method or saved-address id that is not well-formed, an applied
 * coupon code longer than any): the Spanish message and the field, else null.
 */
export function checkoutFormProblem(form: CheckoutForm): { message: string; field: string | null } | null {
  if (!form.intent || form.honeypotFilled) return { message: CHECKOUT_MESSAGES.invalidRequest, field: null };
  if (form.intent === "retry") return null;
  if (!isShippingMethodId(form.shippingMethod)) return { message: CHECKOUT_MESSAGES.shippingMethodInvalid, field: "shippingMethod" };
  if (form.savedAddressId !== "" && form.savedAddressId !== CHECKOUT_NEW_ADDRESS && !ID_PATTERN.test(form.savedAddressId)) {
    return { message: CHECKOUT_MESSAGES.savedAddressInvalid, field: "savedAddressId" };
  }
  if (form.couponCode.length > COUPON_CODE_MAX_LENGTH) return { message: CHECKOUT_MESSAGES.couponInvalid, field: "couponInput" };
  return null;
}

/** The form's shipping method, or the standard one when it is not one of the shop's. */
export function shippingMethodOf(form: CheckoutForm): ShippingMethodId {
  return isShippingMethodId(form.shippingMethod) ? form.shippingMethod : STANDARD_SHIPPING_METHOD;
}

/** Whether the order ships to a new address typed into the form (always for a guest). */
export function usesNewAddress(form: CheckoutForm, signedIn: boolean): boolean {
  return !signedIn || form.savedAddressId === "" || form.savedAddressId === CHECKOUT_NEW_ADDRESS;
}

/**
 * The field rules for placing the order (docs/requirements.md#validation-rules): the contact
 * always, the address fields when a new address is used; every field's messages, or null when the
 * form is fine.
 */
export function checkoutFieldErrors(form: CheckoutForm, signedIn: boolean): FieldErrors | null {
  const newAddress = usesNewAddress(form, signedIn);
  const schema = newAddress ? checkoutContactSchema.extend(checkoutAddressSchema.shape) : checkoutContactSchema;
  const parsed = parseForm(schema, form.values);
  const fieldErrors: FieldErrors = parsed.ok ? {} : { ...parsed.failure.fieldErrors };
  // The carrier's colonia rule (Estafeta and DHL refuse a label without it), beside the schema's own checks of the field.
  const noColonia = newAddress ? missingColonia(form.values, shippingMethodOf(form)) : null;
  if (noColonia && !fieldErrors.colonia?.length) fieldErrors.colonia = [noColonia];
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : null;
}

/**
 * What the checkout's action answers, refused or not: the one FormFailure shape
 * (the page's state as posted in `values`, each field's messages, the form's
 * message), with the coupon applied (null when none).
 */
/** The checkout's answer is the one FormFailure; its applied coupon travels in `values` (appliedCouponOf reads it). */
export type CheckoutAnswer = FormFailure;

/** The answer for this form: what was posted (text capped; the carrier and the points switch as the server reads them). */
export function checkoutAnswer(
  form: CheckoutForm,
  signedIn: boolean,
  parts: { coupon?: AppliedCoupon | null; fieldErrors?: FieldErrors; formError?: string | null } = {},
): CheckoutAnswer {
  const values = {
    ...echoedValues(form.values),
    whatsappNotifications: form.whatsappNotifications ? "on" : "",
    savedAddressId: form.savedAddressId,
    shippingMethod: shippingMethodOf(form),
    usePoints: signedIn && form.usePoints ? "on" : "",
    checkoutToken: form.checkoutToken,
    ...appliedCouponValues(parts.coupon ?? null),
  };
  const failure = failureFromIssues([], { intent: form.intent ?? undefined, values, formError: parts.formError ?? undefined });
  return { ...failure, fieldErrors: parts.fieldErrors ?? {} };
}

/** The coupon box's check (read-only): the applied coupon, or the reason it was refused. */
export async function couponForCheckout(
  db: Queryable,
  code: string,
  userId: string | null,
): Promise<{ coupon: AppliedCoupon | null; error: string | null }> {
  const result = await checkCoupon(db, code, userId);
  return result.ok ? { coupon: result.value, error: null } : { coupon: null, error: result.failure };
}

/** placeOrder's input from the form (placeOrder checks every part again). */
export function placeOrderInputFrom(form: CheckoutForm, cartId: string, userId: string | null): PlaceOrderInput {
  const v = form.values;
  const newAddress = usesNewAddress(form, userId !== null);
  return {
    cartId,
    userId,
    contact: { name: v.name, email: v.email, phone: v.phone },
    whatsappNotifications: form.whatsappNotifications,
    address: newAddress
      ? { street: v.street, colonia: v.colonia, city: v.city, state: v.state, zipCode: v.zipCode, references: v.references }
      : null,
    savedAddressId: newAddress ? null : form.savedAddressId,
    // A signed-in customer's new address is saved to the profile once the order is placed.
    saveAddress: userId !== null && newAddress,
    shippingMethod: form.shippingMethod,
    couponCode: form.couponCode === "" ? null : form.couponCode,
    usePoints: userId !== null && form.usePoints,
    checkoutToken: form.checkoutToken,
  };
}
