/**
 * Shipping methods and their prices (docs/requirements.md#shipping-methods), in centavos. The
 * checkout charges these, the cart estimates with the standard method, and the policy pages print
 * them.
 */
export const FREE_SHIPPING_THRESHOLD_CENTS = 200_000;

export const SHIPPING_METHOD_IDS = ["estafeta", "dhl"] as const;
export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];

export interface ShippingMethod {
  id: ShippingMethodId;
  name: string;
  /** Price below the free-shipping threshold. */
  priceCents: number;
  /** Price at or above the threshold. */
  thresholdPriceCents: number;
  /** Delivery estimate in business days. */
  minDays: number;
  maxDays: number;
}

export const SHIPPING_METHODS: Record<ShippingMethodId, ShippingMethod> = {
  estafeta: { id: "estafeta", name: "Estafeta", priceCents: 15_000, thresholdPriceCents: 0, minDays: 3, maxDays: 5 },
  dhl: { id: "dhl", name: "DHL Express", priceCents: 22_000, thresholdPriceCents: 11_000, minDays: 1, maxDays: 3 },
};

/** The method the cart page estimates with, and the checkout's preselected one. */
export const STANDARD_SHIPPING_METHOD: ShippingMethodId = "estafeta";

export function isShippingMethodId(value: unknown): value is ShippingMethodId {
  return typeof value === "string" && (SHIPPING_METHOD_IDS as readonly string[]).includes(value);
}

/** What a method costs for a subtotal; an empty order ships nothing. */
export function shippingCostCents(method: ShippingMethodId, subtotalCents: number): number {
  if (subtotalCents <= 0) return 0;
  const m = SHIPPING_METHODS[method];
  return subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS ? m.thresholdPriceCents : m.priceCents;
}

/** "3-5 días hábiles". */
export function deliveryEstimate(method: ShippingMethodId): string {
  const m = SHIPPING_METHODS[method];
  return `${m.minDays}-${m.maxDays} días hábiles`;
}

/** The percent off a method's price at or above the threshold (100 when it ships free). */
export function thresholdDiscountPercent(method: ShippingMethodId): number {
  const m = SHIPPING_METHODS[method];
  return Math.round(((m.priceCents - m.thresholdPriceCents) / m.priceCents) * 100);
}
