/**
 * The checkout's input rules (docs/requirements.md#checkout): contact and new-address
 * schemas with the Spanish messages, the checkout token, and the error
 * placeOrder throws. The checkout page parses its form with these; placeOrder
 * checks its input with them again, whatever the caller sends.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { CHECKOUT_MESSAGES } from "#domain/orders.ts";
import { PHONE_PATTERN } from "#domain/forms.ts";
import { carrierName, coloniaRequiredFor } from "#domain/shipping.ts";
import { registerSchema, trimmedText } from "#server/accounts/forms.ts";
import { addressSchema } from "#server/accounts/profile-forms.ts";
import { ShopError, type RefusalCode } from "#server/errors.ts";
import type { FieldErrors } from "#domain/form-failure.ts";
import type { Shortage } from "#server/inventory/index.ts";

/** Contact: name, e-mail and a 10-digit phone, all required (docs/requirements.md#checkout). */
export const checkoutContactSchema = z.object({
  name: registerSchema.shape.name,
  email: registerSchema.shape.email,
  phone: z.preprocess(
    (v) => trimmedText(v).replace(/[\s()-]/g, ""),
    z.string().min(1, CHECKOUT_MESSAGES.phoneRequired).pipe(z.string().regex(PHONE_PATTERN, CHECKOUT_MESSAGES.phoneInvalid)),
  ),
});

/**
 * A new shipping address: the profile's address rules (street, city, one of the 32 states, a 5-digit zip code required;
 * colonia and references optional, references counted with its line breaks as the field counts them).
 */
export const checkoutAddressSchema = addressSchema.omit({ makeDefault: true });

/**
 * The carrier's rule on the colonia (docs/requirements.md#checkout): Estafeta and DHL refuse a
 * label without it, so an address shipped by a method that needs it must name one. The field's
 * Spanish message when it is missing, else null (the schema above checks its length and characters).
 */
export function missingColonia(address: { colonia?: string | null }, shippingMethod: string): string | null {
  if (!coloniaRequiredFor(shippingMethod) || (address.colonia ?? "").trim() !== "") return null;
  return CHECKOUT_MESSAGES.coloniaRequired(carrierName(shippingMethod));
}

export type CheckoutContact = z.infer<typeof checkoutContactSchema>;
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

/** The form's checkout token: random, URL-safe, 16 to 64 characters. */
export const CHECKOUT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A fresh token for a checkout form (144 random bits): the same token posted twice places one order. */
export function newCheckoutToken(): string {
  return randomBytes(18).toString("base64url");
}

export type CheckoutErrorKind = "invalid" | "empty-cart" | "out-of-stock" | "coupon" | "points" | "address" | "failed";

/**
 * Why an order was not placed; nothing was written. A ShopError: `message` is
 * the Spanish text for the page, `field` the form field it belongs to (when one
 * does; "couponInput" for the coupon box), `code` the kind of refusal (and so the HTTP status); `fieldErrors`
 * every field's messages when the input failed its schema, `soldOut` the
 * products that ran out (out-of-stock).
 */
export class CheckoutError extends ShopError {
  readonly soldOut: Shortage[];
  readonly fieldErrors: FieldErrors;
  constructor(
    readonly kind: CheckoutErrorKind,
    message: string,
    options: { field?: string | null; fieldErrors?: FieldErrors; soldOut?: Shortage[]; code?: RefusalCode; cause?: unknown } = {},
  ) {
    super(
      message,
      options.code ??
        (kind === "failed" ? "unexpected" : kind === "out-of-stock" || kind === "coupon" || kind === "points" ? "conflict" : "invalid"),
      options.field ?? null,
    );
    this.soldOut = options.soldOut ?? [];
    this.fieldErrors = options.fieldErrors ?? (options.field ? { [options.field]: [message] } : {});
    if (options.cause !== undefined) this.cause = options.cause;
  }
}
