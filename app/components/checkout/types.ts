/**
 * What the checkout page's loader and action hand to its view (plain data,
 * money in centavos). Kept here so the view does not reach into server/.
 */
import type { SavedAddress } from "#domain/address.ts";

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

/** The action's answer: the one FormFailure shape, with the applied coupon. */
export type { CheckoutAnswer } from "#server/orders/checkout-page.server.ts";
