/**
 * What the checkout page's loader and action hand to its view (plain data,
 * money in centavos). Kept here so the view does not reach into server/.
 */
import type { SavedAddress } from "#domain/address.ts";
import type { ShippingMethodId } from "#domain/shipping.ts";

export interface CheckoutCoupon {
  code: string;
  discountPercent: number;
  description: string | null;
}

export interface CheckoutViewLine {
  productId: string;
  name: string;
  image: string | null;
  quantity: number;
  priceCents: number;
  salePriceCents: number | null;
  stock: number;
}

export type CheckoutViewAddress = SavedAddress;

export interface CheckoutPageView {
  lines: CheckoutViewLine[];
  signedIn: boolean;
  contact: { name: string; email: string; phone: string };
  addresses: CheckoutViewAddress[];
  pointsBalance: number;
  checkoutToken: string;
  paymentError: string | null;
}

/** The action's answer: the page's state as posted, the applied coupon, and what went wrong. */
export interface CheckoutAnswer {
  intent: string | null;
  values: Record<string, string>;
  whatsappNotifications: boolean;
  savedAddressId: string;
  shippingMethod: ShippingMethodId;
  usePoints: boolean;
  checkoutToken: string;
  coupon: CheckoutCoupon | null;
  couponError: string | null;
  /** The first Spanish message of each field at fault. */
  fieldErrors: Record<string, string>;
  /** A message for the whole form (sold out, generic failure, a malformed request). */
  formError: string | null;
}
