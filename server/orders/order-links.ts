/**
 * Links to an order for its e-mails. A customer's goes to 'Mis Pedidos' (the
 * order named in the query; 'Pagar Ahora' is there). A guest's goes to
 * 'Consulta tu pedido' (/consulta-pedido) with the order's link key
 * (`?pedido=…&clave=…`), which shows the order, its shipping and tracking, and
 * lets it be paid without the pending-order cookie, on any device; the same key
 * is what the page's lookup by number and e-mail leads to. /confirmacion takes
 * the same query, for the e-mails sent before.
 *
 * The link key is derived from the order's checkout token (144 random bits,
 * known only to the browser that placed the order, never shown anywhere): a
 * SHA-256 of it under a label of its own, so the key opens the order's page
 * but cannot be turned back into the token. It needs no secret and no column,
 * and it cannot be guessed from the order number.
 */
import { createHash, timingSafeEqual } from "node:crypto";

const LINK_KEY_LABEL = "cartas-del-valle order link\u0000";

/** A link key as it may appear in a query: base64url, 43 characters. */
const LINK_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The order's link key, or null for an order placed without a checkout token. */
export function orderLinkKey(checkoutToken: string | null): string | null {
  if (!checkoutToken) return null;
  return createHash("sha256")
    .update(LINK_KEY_LABEL + checkoutToken)
    .digest("base64url");
}

/** Whether a value from a query or a form has a link key's form (whether it opens anything is linkKeyOpens's answer). */
export function isLinkKey(value: unknown): value is string {
  return typeof value === "string" && LINK_KEY_PATTERN.test(value);
}

/** Whether a key from a query opens the order with this checkout token (constant time; malformed keys never do). */
export function linkKeyOpens(checkoutToken: string | null, key: string | null | undefined): boolean {
  if (!isLinkKey(key)) return false;
  const expected = orderLinkKey(checkoutToken);
  if (!expected) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(key));
}

/** The absolute link to an order from an e-mail, at `origin` (`mailLinkOrigin` of server/mail/link-origin.ts). */
export function orderLink(origin: string, order: { orderNumber: string; userId: string | null; checkoutToken: string | null }): string {
  if (order.userId) return `${origin}/mis-pedidos?${new URLSearchParams({ pedido: order.orderNumber })}`;
  const key = orderLinkKey(order.checkoutToken);
  const query = new URLSearchParams({ pedido: order.orderNumber, ...(key ? { clave: key } : {}) });
  return `${origin}/consulta-pedido?${query}`;
}
