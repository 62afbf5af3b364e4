import type { AppConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { readSignedCookie, signedCookie } from "#server/http/cookies.ts";
import { cartExists } from "./cart.server";

const SIXTY_DAYS = 60 * 24 * 60 * 60;

/** The anonymous cart cookie (signed, see http/cookies.ts). */
export function cartCookie(config: AppConfig) {
  return signedCookie("cart", SIXTY_DAYS, config);
}

/** The cart id from the request's cookie, or null (a tampered or unsigned cookie reads as null). */
export function readCartId(request: Request, config: AppConfig): Promise<string | null> {
  return readSignedCookie(cartCookie(config), request);
}

/** The request's cart id when its cookie names a cart that exists, else null. */
export async function existingCartId(request: Request, db: Database, config: AppConfig): Promise<string | null> {
  const id = await readCartId(request, config);
  return id && (await cartExists(db, id)) ? id : null;
}
