/** es-MX formatting in the shop's time zone (DESIGN §3): one place for money and dates. */
const TIME_ZONE = "America/Mexico_City";

/**
 * A formatter made at its first use, not when the module loads: every page imports this module, and
 * a phone's browser spends tens of milliseconds building a date formatter with a time zone that the
 * product list never uses.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const money = onFirstUse(() => new Intl.NumberFormat("es-MX", {
  style: "currency",
  currency: "MXN",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
}));

/** 123450 centavos → "$1,234.50 MXN". */
export function formatMoneyCents(cents: number): string {
  return `${money().format(cents / 100)} MXN`;
}

/** 1234.5 pesos → "$1,234.50 MXN". */
export function formatMoney(pesos: number): string {
  return `${money().format(pesos)} MXN`;
}

const wholeNumber = onFirstUse(() => new Intl.NumberFormat("es-MX", { maximumFractionDigits: 0 }));

/** Points as shown everywhere: rounded down (SPEC §9), with es-MX grouping ("1,234"). */
export function formatPoints(points: number): string {
  return wholeNumber().format(Math.floor(points));
}

const longDate = onFirstUse(() => new Intl.DateTimeFormat("es-MX", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: TIME_ZONE,
}));

/** "22 de noviembre de 2026". */
export function formatDate(value: Date | string): string {
  return longDate().format(typeof value === "string" ? new Date(value) : value);
}

const dateTime = onFirstUse(() => new Intl.DateTimeFormat("es-MX", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: TIME_ZONE,
}));

export function formatDateTime(value: Date | string): string {
  return dateTime().format(typeof value === "string" ? new Date(value) : value);
}

const fileSizeNumber = onFirstUse(() => new Intl.NumberFormat("es-MX", { maximumFractionDigits: 1 }));
const FILE_SIZE_UNITS = ["B", "KB", "MB", "GB"] as const;

/** A file size as the gallery shows it (SPEC §2): "512 B", "1.5 KB", "4.8 MB" (1 KB = 1024 B). */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // Move up a unit while the shown number would be 1024 or more ("1,024 KB" is "1 MB").
  while (unit < FILE_SIZE_UNITS.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit++;
  }
  return `${fileSizeNumber().format(unit === 0 ? Math.round(value) : value)} ${FILE_SIZE_UNITS[unit]}`;
}

const yearInMexicoCity = onFirstUse(() => new Intl.DateTimeFormat("en", { year: "numeric", timeZone: TIME_ZONE }));

/** The current year in Mexico City (the footer's copyright line). */
export function currentYear(now = new Date()): number {
  return Number(yearInMexicoCity().format(now));
}
