import { REFUSAL_STATUS, type RefusalCode } from "#domain/refusals.ts";

export type { RefusalCode };

/**
 * The one way a service refuses (docs/architecture.md#forms): it throws a ShopError whose message
 * is Spanish text meant for the shopper, with its `code` (the kind of refusal, domain/refusals.ts,
 * which alone decides the HTTP status) and, when one field is at fault, that field's form name.
 * The route's action turns it into the form's FormFailure. Callers branch on `code` and `field`,
 * never on the message. Anything else thrown is unexpected: logged, and shown as a generic error.
 */
export class ShopError extends Error {
  constructor(
    message: string,
    readonly code: RefusalCode = "invalid",
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The HTTP status the refusal answers (REFUSAL_STATUS). */
  get status(): number {
    return REFUSAL_STATUS[this.code];
  }
}
