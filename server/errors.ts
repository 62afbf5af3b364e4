/**
 * The one way a service refuses (docs/architecture.md, "Forms"): it throws a
 * ShopError whose message is Spanish text meant for the shopper, with the HTTP
 * status to answer and, when one field is at fault, that field's form name. The
 * route's action turns it into the form's FormFailure. Anything else thrown is
 * unexpected: logged, and shown as a generic error.
 */
export class ShopError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
