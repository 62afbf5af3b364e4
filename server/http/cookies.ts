import { createCookie, type Cookie } from "react-router";
import type { AppConfig } from "#server/config.ts";

const made = new Map<string, Cookie>();

/**
 * The shop's signed cookies (docs/architecture.md#security): HttpOnly, SameSite=Lax, Secure when
 * served over HTTPS, signed with SESSION_SECRET. One instance per name and
 * secret, so each request does not build a new one.
 */
export function signedCookie(name: string, maxAgeSeconds: number, config: AppConfig): Cookie {
  const key = `${name}\u0000${config.SESSION_SECRET}\u0000${config.secureCookies}`;
  let cookie = made.get(key);
  if (!cookie) {
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/",
      maxAge: maxAgeSeconds,
      secrets: [config.SESSION_SECRET],
    });
    made.set(key, cookie);
  }
  return cookie;
}

/** The string value of a signed cookie in the request, or null when missing, unsigned or tampered with. */
export async function readSignedCookie(cookie: Cookie, request: Request): Promise<string | null> {
  const value = await cookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}
