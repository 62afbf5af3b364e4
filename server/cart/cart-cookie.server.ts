import type { AppConfig } from "#server/config.ts";
import { readSignedCookie, signedCookie } from "#server/http/cookies.ts";

const SIXTY_DAYS = 60 * 24 * 60 * 60;

/** The anonymous cart cookie (signed, see http/cookies.ts): it names a guest cart, never an account's. */
export function cartCookie(config: AppConfig) {
  return signedCookie("cart", SIXTY_DAYS, config);
}

/** The cart id from the request's cookie, or null (a tampered or unsigned cookie reads as null). */
export function readCartId(request: Request, config: AppConfig): Promise<string | null> {
  return readSignedCookie(cartCookie(config), request);
}

/** The Set-Cookie that removes the cart cookie (at login, once the guest cart is merged, and at logout). */
export function clearCartCookie(config: AppConfig): Promise<string> {
  return cartCookie(config).serialize("", { maxAge: 0 });
}
