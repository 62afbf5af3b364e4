/** Shared facts of the shop's forms, read by the views (input limits) and by the server's schemas. */

/** The honeypot field public forms carry: people leave it empty (it is hidden), naive bots fill it. */
export const HONEYPOT_FIELD = "sitio_web";

/** A chosen password: at least 6 characters (docs/requirements.md#limits), at most 72 (bcrypt's limit). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 72;

/** Caps on the address fields (characters), the same as the inputs' maxLength. */
export const ADDRESS_LIMITS = { street: 200, colonia: 100, city: 100, references: 300 } as const;

/** The longest value each product text field takes (the admin's product form and CSV import). */
export const PRODUCT_LIMITS = {
  name: 200,
  description: 5000,
  cardNumber: 30,
  artist: 120,
  comment: 1000,
  imageUrl: 1000,
} as const;

/** How many addresses one customer may keep, so the table can't be flooded. */
export const MAX_ADDRESSES_PER_USER = 20;

/** Mexican zip codes are exactly 5 digits; phones 10 digits (docs/requirements.md#limits). */
export const ZIP_CODE_PATTERN = /^\d{5}$/;
export const PHONE_PATTERN = /^\d{10}$/;

/**
 * Control characters (C0, DEL, C1: NUL, tabs, newlines…): nobody types them in a
 * one-line field, and PostgreSQL refuses NUL in text, so such a value is refused.
 */
export const CONTROL_CHARACTER = /\p{Cc}/u;
/** The same in a multi-line field (a textarea), where tabs and line breaks are text. */
export const CONTROL_CHARACTER_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;

/**
 * A textarea's value with its line breaks as the browser counts them for
 * `maxlength` (one character each): a form posts each as CRLF, two characters.
 * A limit is checked on this, so what fits in the field is never refused.
 */
export function normalizeLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, "\n");
}

/**
 * A posted value as typed, to show back in a refused form: text only (anything
 * else reads as empty), line breaks as the field holds them, at most `max`
 * characters, never cut inside one. Only the echoed copy is capped; what is
 * validated is never cut.
 */
export function typedText(value: unknown, max: number): string {
  return typeof value === "string" ? Array.from(normalizeLineBreaks(value)).slice(0, max).join("") : "";
}
