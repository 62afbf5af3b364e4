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
  /** The carrier refuses a label without the colonia: the checkout requires it for this method (docs/requirements.md#shipping-methods). */
  needsColonia: boolean;
}

export const SHIPPING_METHODS: Record<ShippingMethodId, ShippingMethod> = {
  estafeta: { id: "estafeta", name: "Estafeta", priceCents: 15_000, thresholdPriceCents: 0, minDays: 3, maxDays: 5, needsColonia: true },
  dhl: { id: "dhl", name: "DHL Express", priceCents: 22_000, thresholdPriceCents: 11_000, minDays: 1, maxDays: 3, needsColonia: true },
};

/** The method the cart page estimates with, and the checkout's preselected one. */
export const STANDARD_SHIPPING_METHOD: ShippingMethodId = "estafeta";

export function isShippingMethodId(value: unknown): value is ShippingMethodId {
  return typeof value === "string" && (SHIPPING_METHOD_IDS as readonly string[]).includes(value);
}

/** Whether an order shipped by this method must name the colonia (an unknown method: no). */
export function coloniaRequiredFor(method: string): boolean {
  return isShippingMethodId(method) && SHIPPING_METHODS[method].needsColonia;
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

/**
 * The carriers' public tracking pages (docs/requirements.md#order-fulfilment). `url` builds the
 * page for one tracking number when the carrier's page takes it in its address; `pageUrl` is the
 * carrier's plain tracking page, where the buyer types the number when it does not.
 * DHL Express México: its tracking page reads `tracking-id` and searches at once with `submit=1`.
 * Estafeta: its tracking site's `searchByGet` reads `wayBill`, with `wayBillType` 1 for a 10-digit
 * tracking code ('código de rastreo') and 0 for a waybill number ('número de guía', 22 characters).
 * A carrier without such an address gets only `pageUrl`: the pages show the number with a copy
 * button and tell the buyer to type it there.
 */
interface CarrierTracking {
  pageUrl: string;
  url?: (encodedNumber: string) => string;
}

const CARRIER_TRACKING: Record<ShippingMethodId, CarrierTracking> = {
  estafeta: {
    pageUrl: "https://www.estafeta.com/Herramientas/Rastreo",
    url: (n) =>
      `https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=${n}&wayBillType=${/^\d{10}$/.test(n) ? 1 : 0}&isShipmentDetail=False`,
  },
  dhl: {
    pageUrl: "https://www.dhl.com/mx-es/home/rastreo.html",
    url: (n) => `https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=${n}&submit=1`,
  },
};

/** A tracking number as the admin may type it: letters and digits, 6 to 40 (after normalizing). */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9]{6,40}$/;

/** " 1234-5678 abc " → "12345678ABC": trims, drops spaces and dashes, upper case. */
export function normalizeTrackingNumber(raw: string): string {
  return raw.replace(/[\s-]+/g, "").toUpperCase();
}

/**
 * The carrier's tracking page for a number: the page showing that shipment when the carrier's
 * page takes the number, else its plain tracking page (see `trackingPageTakesNumber`); null for a
 * method that is not one of the shop's.
 */
export function trackingUrl(method: string, trackingNumber: string): string | null {
  if (!isShippingMethodId(method)) return null;
  const carrier = CARRIER_TRACKING[method];
  const number = trackingNumber.trim();
  return carrier.url && number ? carrier.url(encodeURIComponent(number)) : carrier.pageUrl;
}

/** Whether `trackingUrl` opens the shipment itself (false: the buyer types the number there). */
export function trackingPageTakesNumber(method: string): boolean {
  return isShippingMethodId(method) && CARRIER_TRACKING[method].url !== undefined;
}

/** The carrier's name for a shipping method ("DHL Express"); an unknown method is shown as stored. */
export function carrierName(method: string): string {
  return isShippingMethodId(method) ? SHIPPING_METHODS[method].name : method;
}
