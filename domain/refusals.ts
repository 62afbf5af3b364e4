/**
 * The one shape of "refused" (docs/architecture.md#forms): what kind of refusal a service's
 * ShopError is, and the HTTP status each kind answers, in this one place. Browser-safe, so the
 * domain's pure rules can name the kind of their refusals too.
 */
export const REFUSAL_STATUS = {
  /** The input is missing, malformed or out of range. */
  invalid: 400,
  /** Wrong credentials. */
  unauthorized: 401,
  /** The requester may not do this. */
  forbidden: 403,
  /** No such thing (or not the requester's to see: one answer for both). */
  not_found: 404,
  /** The thing's state forbids it now (already cancelled, sold out, one at a time…). */
  conflict: 409,
  /** Too big to take. */
  too_large: 413,
  /** Too many tries: wait. */
  rate_limited: 429,
  /** Something the shop could not account for; nothing was written. */
  unexpected: 500,
  /** The payment provider refused or failed. */
  provider_failed: 502,
  /** The payment provider did not answer in time; the outcome is unknown. */
  provider_timeout: 504,
} as const;

export type RefusalCode = keyof typeof REFUSAL_STATUS;
