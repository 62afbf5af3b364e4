import { createCookie } from "react-router";
import type { AppConfig } from "../config";
import type { Database } from "../db/client";
import { cartExists } from "./cart.server";

const SIXTY_DAYS = 60 * 24 * 60 * 60;

let cookie: ReturnType<typeof createCookie> | undefined;

/** The anonymous cart cookie: signed, httpOnly, SameSite=Lax, Secure in production. */
export function cartCookie(config: AppConfig) {
  cookie ??= createCookie("cart", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    path: "/",
    maxAge: SIXTY_DAYS,
    secrets: [config.SESSION_SECRET],
  });
  return cookie;
}

/** The cart id from the request's cookie, or null (a tampered or unsigned cookie reads as null). */
export async function readCartId(request: Request, config: AppConfig): Promise<string | null> {
  const value = await cartCookie(config).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** The request's cart id when its cookie names a cart that exists, else null. */
export async function existingCartId(request: Request, db: Database, config: AppConfig): Promise<string | null> {
  const id = await readCartId(request, config);
  return id && (await cartExists(db, id)) ? id : null;
}
