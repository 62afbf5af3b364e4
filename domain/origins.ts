/**
 * The shop's origins as it records them (docs/requirements.md#e-mails-sent): an order and a
 * back-in-stock alert keep the origin their request reached the shop at, and the e-mails sent later
 * for them, outside any request, link there. An origin is a scheme (http or https), a host and an
 * optional port, exactly as `new URL(…).origin` writes it: no credentials, path, query or fragment.
 */

/** The longest origin kept: a DNS name (253) with its scheme and port, with room to spare. */
export const MAX_ORIGIN_LENGTH = 300;

/** The value when it is an http(s) origin as `URL.origin` writes it (lower case, no default port), else null. */
export function recordableOrigin(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_ORIGIN_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return url.origin === value ? value : null;
}

/** The origin of an http(s) URL (`https://tienda.example/x` → `https://tienda.example`), else null. */
export function originOfUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    return recordableOrigin(new URL(value).origin);
  } catch {
    return null;
  }
}
