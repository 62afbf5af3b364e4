/**
 * Pricing rules (SPEC §9), pure functions over integer centavos. Every total the
 * shop shows or charges is computed here, on the server, from database prices.
 */
export const FREE_SHIPPING_THRESHOLD_CENTS = 200_000;
export const CART_SHIPPING_CENTS = 15_000;

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

/** Cart page shipping: free at or above $2,000.00, else $150.00 (none for an empty cart). */
export function cartShippingCents(subtotal: number): number {
  if (subtotal <= 0) return 0;
  return subtotal >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : CART_SHIPPING_CENTS;
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
