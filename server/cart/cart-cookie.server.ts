import { createCookie } from "react-router";
import type { AppConfig } from "../config";
import type { Database } from "../db/client";
import { cartExists, createCart } from "./cart.server";

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

/**
 * The request's cart, created when missing (only mutations call this, so a
 * browsing visitor gets no cookie). `setCookie` is set when a new cart was made.
 */
export async function requireCart(request: Request, db: Database, config: AppConfig) {
  const existing = await readCartId(request, config);
  if (existing && (await cartExists(db, existing))) return { cartId: existing, setCookie: null as string | null };
  const cartId = await createCart(db);
  return { cartId, setCookie: await cartCookie(config).serialize(cartId) };
}
