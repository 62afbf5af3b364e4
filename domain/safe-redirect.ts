/**
 * Where a form or a login may send the browser next (`redirectTo`): a path on
 * the shop's own origin, nothing else. The value is resolved as a browser would
 * resolve it, and what comes back is the URL's own serialisation (ASCII,
 * percent-encoded), so it is always a valid Location header value.
 */

/** Stands for the shop's origin while resolving: a path resolves to it, any other target does not. */
const OWN_ORIGIN = "http://shop.invalid";
const MAX_LENGTH = 2000;
/**
 * Control characters (C0, DEL, C1) and backslashes are refused anywhere: browsers
 * drop tabs and newlines from URLs and read a backslash as a slash, so "/\t/x" and
 * "/\\x" mean "//x", another host.
 */
const CONTROL_OR_BACKSLASH = /[\p{Cc}\\]/u;

/** A same-origin path to go back to; anything else gives `fallback`. */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_LENGTH || !value.startsWith("/") || CONTROL_OR_BACKSLASH.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN) return fallback;
  const path = url.pathname + url.search + url.hash;
  // Dot segments can leave a path such as "/.//x" as "//x", which would name another host.
  return path.startsWith("//") ? fallback : path;
}

/** Where an admin lands after signing in: the admin area (docs/requirements.md#accounts-and-sessions). */
export const ADMIN_HOME_PATH = "/admin";

/**
 * Where a sign-in goes: the page it was asked with (`redirectTo`) when that is a safe path of the
 * shop, else the admin area for an admin and the home page for a customer.
 */
export function signInDestination(asked: string | null | undefined, role: "customer" | "admin"): string {
  return safeRedirectPath(asked, role === "admin" ? ADMIN_HOME_PATH : "/");
}
