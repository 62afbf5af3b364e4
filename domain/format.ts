/**
 * es-MX formatting in the shop's time zone (docs/architecture.md#where-code-goes): money, counts and
 * points, which every storefront page shows. Dates are in `domain/dates.ts`, file sizes in
 * `domain/gallery-upload.ts`: only the account, order and admin screens show them, and a module here
 * travels with every page's JavaScript.
 */
/** The shop's time zone: every date shown, and the days the sales figures count, are Mexico City's. */
export const SHOP_TIME_ZONE = "America/Mexico_City";

/**
 * A formatter made at its first use, not when the module loads: every page imports this module,
 * and building an Intl formatter costs a phone's browser tens of milliseconds (the first one far
 * more) that the pages which show no date should not pay.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** A whole number with es-MX grouping: 1234567 → "1,234,567". */
function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Money without Intl: "$1,234.50" for a number of centavos, exactly as es-MX's currency format
 * writes MXN (domain/format.test.ts compares the two on thousands of amounts). A phone's browser
 * spends 80–230 ms (4× CPU throttle) setting Intl up on its first use, and the product list's
 * hydration would be that first use: the prices are the only numbers most pages show.
 */
function pesosText(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  return `${whole < 0 ? "-" : ""}$${grouped(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
}

/** 123450 centavos → "$1,234.50 MXN". */
export function formatMoneyCents(cents: number): string {
  return `${pesosText(cents)} MXN`;
}

/** 1234.5 pesos → "$1,234.50 MXN" (amounts are whole centavos; a fraction of one is rounded). */
export function formatMoney(pesos: number): string {
  return `${pesosText(Math.round(pesos * 100))} MXN`;
}

/** A whole count ("1,000,000" rows, uses) with es-MX grouping, without Intl. */
export function formatCount(count: number): string {
  const whole = Math.trunc(count);
  return `${whole < 0 ? "-" : ""}${grouped(Math.abs(whole))}`;
}

/** Points as shown everywhere (the header's chip on every page): rounded down (docs/requirements.md#loyalty-points), with es-MX grouping ("1,234"). */
export function formatPoints(points: number): string {
  return formatCount(Math.floor(points));
}

const yearInMexicoCity = onFirstUse(() => new Intl.DateTimeFormat("en", { year: "numeric", timeZone: SHOP_TIME_ZONE }));

/** The current year in Mexico City (the footer's copyright line: the root loader computes it on the server). */
export function currentYear(now = new Date()): number {
  return Number(yearInMexicoCity().format(now));
}
