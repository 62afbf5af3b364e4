/** Dates as the shop shows them: es-MX words, in the shop's time zone (docs/architecture.md#where-code-goes). */
import { SHOP_TIME_ZONE, onFirstUse } from "#domain/format.ts";

const longDate = onFirstUse(
  () =>
    new Intl.DateTimeFormat("es-MX", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: SHOP_TIME_ZONE,
    }),
);

/** "22 de noviembre de 2026". */
export function formatDate(value: Date | string): string {
  return longDate().format(typeof value === "string" ? new Date(value) : value);
}

const dateTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat("es-MX", {
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: SHOP_TIME_ZONE,
    }),
);

export function formatDateTime(value: Date | string): string {
  return dateTime().format(typeof value === "string" ? new Date(value) : value);
}
