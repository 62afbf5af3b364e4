/**
 * An error whose message is Spanish text meant for the shopper, with the HTTP
 * status to answer. Anything else thrown is unexpected: logged, and shown as a
 * generic error page.
 */
export class ShopError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
