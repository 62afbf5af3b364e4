/**
 * Pricing rules (docs/requirements.md#pricing-and-rounding), pure functions over integer centavos.
 * Every total the shop shows or charges is computed here from database prices: the server computes
 * what is charged, and the browser may run the same functions to show a summary before the server
 * answers.
 */
import { FREE_SHIPPING_THRESHOLD_CENTS, STANDARD_SHIPPING_METHOD, shippingCostCents, type ShippingMethodId } from "./shipping";

export interface Priced {
  priceCents: number;
  salePriceCents: number | null;
}

/** A product is on sale when it has a sale price below its price. */
export function isOnSale(p: Priced): boolean {
  return p.salePriceCents !== null && p.salePriceCents < p.priceCents;
}

/** The unit price the shopper pays: the sale price when on sale, else the price. */
export function unitPriceCents(p: Priced): number {
  return isOnSale(p) ? (p.salePriceCents as number) : p.priceCents;
}

/** Rounded percent off shown on the product detail (e.g. 25 for "-25%"); 0 when not on sale. */
export function percentOff(p: Priced): number {
  if (!isOnSale(p) || p.priceCents === 0) return 0;
  return Math.round(((p.priceCents - (p.salePriceCents as number)) / p.priceCents) * 100);
}

export interface CartLineInput extends Priced {
  quantity: number;
}

export function lineTotalCents(line: CartLineInput): number {
  return unitPriceCents(line) * line.quantity;
}

export function subtotalCents(lines: readonly CartLineInput[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/** Cart count: the sum of quantities. */
export function itemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Cart page shipping: the standard method's price, free at or above $2,000.00 (none for an empty cart). */
export function cartShippingCents(subtotal: number): number {
  return shippingCostCents(STANDARD_SHIPPING_METHOD, subtotal);
}

/** How much more buys free shipping ('Agrega $X más para envío gratis'); 0 once reached. */
export function amountToFreeShippingCents(subtotal: number): number {
  return Math.max(0, FREE_SHIPPING_THRESHOLD_CENTS - subtotal);
}

export interface CartSummary {
  itemCount: number;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  amountToFreeShippingCents: number;
}

export function summarizeCart(lines: readonly CartLineInput[]): CartSummary {
  const subtotal = subtotalCents(lines);
  const shipping = cartShippingCents(subtotal);
  return {
    itemCount: itemCount(lines),
    subtotalCents: subtotal,
    shippingCents: shipping,
    totalCents: subtotal + shipping,
    amountToFreeShippingCents: amountToFreeShippingCents(subtotal),
  };
}

/** Loyalty: 1% of the subtotal comes back as points, 1 point = 1 MXN (docs/requirements.md#loyalty-points). */
export const POINTS_EARN_PERCENT = 1;

/** Points an order earns: floor(1% of the subtotal in pesos). */
export function pointsEarnedFor(subtotalCents: number): number {
  return Math.floor((Math.max(0, subtotalCents) * POINTS_EARN_PERCENT) / 100 / 100);
}

/** Points a balance can spend: its floor (balances may hold fractions from old data). */
export function redeemablePoints(balance: number): number {
  return Math.max(0, Math.floor(balance));
}

/** Coupon discount = round((subtotal + shipping) × percent / 100), in whole pesos (docs/requirements.md#pricing-and-rounding). */
export function couponDiscountCents(subtotalCents: number, shippingCents: number, percent: number): number {
  const pesos = Math.round(((subtotalCents + shippingCents) / 100) * (percent / 100));
  return Math.min(pesos * 100, subtotalCents + shippingCents);
}

export interface OrderQuoteInput {
  lines: readonly CartLineInput[];
  shippingMethod: ShippingMethodId;
  /** The applied coupon's percent, or null. */
  couponPercent: number | null;
  /** Points the shopper chose to use (0 when the toggle is off); capped here. */
  pointsRequested: number;
}

export interface OrderQuote {
  subtotalCents: number;
  shippingCents: number;
  couponDiscountCents: number;
  pointsUsed: number;
  totalCents: number;
  pointsEarned: number;
}

/**
 * The checkout's summary and the amount charged: subtotal, shipping of the chosen
 * method, coupon discount, points used (whole points, capped so the total never
 * goes below 0), total, and the points the order will earn.
 */
export function quoteOrder(input: OrderQuoteInput): OrderQuote {
  const subtotal = subtotalCents(input.lines);
  const shipping = shippingCostCents(input.shippingMethod, subtotal);
  const discount = input.couponPercent ? couponDiscountCents(subtotal, shipping, input.couponPercent) : 0;
  const due = subtotal + shipping - discount;
  const pointsUsed = Math.min(redeemablePoints(input.pointsRequested), Math.floor(due / 100));
  return {
    subtotalCents: subtotal,
    shippingCents: shipping,
    couponDiscountCents: discount,
    pointsUsed,
    totalCents: due - pointsUsed * 100,
    pointsEarned: pointsEarnedFor(subtotal),
  };
}
