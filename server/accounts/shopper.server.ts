/**
 * Who is asking for a page, and what they hold, in one database round trip
 * (docs/architecture.md#one-read-of-the-shopper-per-page): the signed-in user (from the session
 * cookie), their points and wishlist, and the request's cart (the account's for a customer, the
 * guest cart the cart cookie names for a guest; the same rule as `currentCart`) with its quantities.
 *
 * Every page's root loader needs all of it (the header's badge and name, the cards' 'En carrito (n)'
 * and hearts); a page's own loader often needs the user or the cart again. For a GET (a page or its
 * data) the answer is kept for the request, so those loaders share the one read instead of asking
 * the session again. An action (any other method) reads afresh: it may change what is read.
 */
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { isId } from "#domain/ids.ts";
import { MAX_WISHLIST_ITEMS } from "#domain/wishlist.ts";
import type { Database } from "#server/db/client.ts";
import { queryPrepared } from "#server/db/prepared.ts";
import { readCartId } from "#server/cart/cart-cookie.server.ts";
import { tallyCart, type CartQuantities } from "#server/cart/cart.server.ts";
import { hashSecret } from "./secret-hash";
import { readSessionId, sessionCookie } from "./sessions.server";
import type { SessionUser } from "./users.server";

export interface Shopper {
  user: SessionUser | null;
  /** The Set-Cookie that clears a session cookie naming no live session; null otherwise. */
  clearCookie: string | null;
  /** The signed-in customer's points balance (0 for a guest). */
  points: number;
  /** The signed-in customer's wishlist, newest first (empty for a guest). */
  wishlist: string[];
  /** The request's cart: null while the account or the browser has none. */
  cartId: string | null;
  cart: CartQuantities;
}

interface ShopperRow extends Record<string, unknown> {
  id: string | null;
  name: string | null;
  email: string | null;
  role: SessionUser["role"] | null;
  points: number | null;
  wishlist: string[] | null;
  cart_id: string | null;
  cart_lines: Array<[string, string, number]> | null;
}

/**
 * The shopper of a session id and a guest cart id (both as the cookies hold them; either may be
 * null), read in one query; no query at all when there is neither.
 */
export async function readShopper(
  db: Database,
  ids: { sessionId: string | null; guestCartId: string | null },
  now = new Date(),
): Promise<Omit<Shopper, "clearCookie">> {
  const sessionHash = ids.sessionId && ids.sessionId.length <= 100 ? hashSecret(ids.sessionId) : null;
  const guestCartId = ids.guestCartId && isId(ids.guestCartId) ? ids.guestCartId : null;
  if (!sessionHash && !guestCartId) return { user: null, points: 0, wishlist: [], cartId: null, cart: tallyCart([]) };
  // One row whatever matches: the session's user (or none), the account's cart, else (no user) the
  // guest cart, which must not be an account's. Each branch is an index lookup.
  const query = sql`
    select u.id, u.name, u.email, u.role,
      la.balance as points,
      (select json_agg(w.product_id order by w.created_at desc)
         from (select product_id, created_at from wishlist_items where user_id = u.id
               order by created_at desc limit ${MAX_WISHLIST_ITEMS}) w) as wishlist,
      c.id as cart_id,
      (select json_agg(json_build_array(ci.product_id, ci.variant_id, ci.quantity))
         from cart_items ci where ci.cart_id = c.id) as cart_lines
    from (select 1) as one
    left join sessions s on s.id_hash = ${sessionHash} and s.expires_at > ${now.toISOString()}::timestamptz
    left join users u on u.id = s.user_id
    left join loyalty_accounts la on la.user_id = u.id
    left join lateral (
      select id from carts where u.id is not null and user_id = u.id
      union all
      select id from carts where u.id is null and id = ${guestCartId} and user_id is null
      limit 1
    ) c on true`;
  // Every page asks this: a named prepared statement, planned once instead of on each request (the
  // planning was 1.5 ms of its 2.2 ms on the embedded database; server/db/prepared.ts).
  const [row] = await queryPrepared<ShopperRow>(db, query);
  const user = row?.id ? { id: row.id, name: row.name!, email: row.email!, role: row.role! } : null;
  return {
    user,
    points: Math.floor(row?.points ?? 0),
    wishlist: row?.wishlist ?? [],
    cartId: row?.cart_id ?? null,
    cart: tallyCart((row?.cart_lines ?? []).map(([productId, variantId, quantity]) => ({ productId, variantId, quantity }))),
  };
}

/**
 * The reads kept, by the request's load context: React Router hands each loader of a request a
 * Request object of its own, but the one load context `getLoadContext` made for that request. A
 * read is reused only for the same cookies (a caller that reuses a load context for another
 * visitor, as some tests do, gets that visitor's own read).
 */
const perRequest = new WeakMap<AppLoadContext, { cookie: string | null; reading: Promise<Shopper> }>();

/**
 * The request's shopper (above), read once per GET request however many loaders ask. After a
 * no-JavaScript form post, React Router runs the page's loaders in the same load context, with a
 * GET request of their own: the action (a POST) kept nothing, so they read what it wrote.
 */
export function shopperOf(request: Request, context: AppLoadContext): Promise<Shopper> {
  const keep = request.method === "GET" || request.method === "HEAD";
  const cookie = request.headers.get("Cookie");
  const kept = keep ? perRequest.get(context) : undefined;
  if (kept && kept.cookie === cookie) return kept.reading;
  const reading = readShopperOf(request, context);
  if (keep) perRequest.set(context, { cookie, reading });
  return reading;
}

async function readShopperOf(request: Request, context: AppLoadContext): Promise<Shopper> {
  const [sessionId, guestCartId] = await Promise.all([readSessionId(request, context.config), readCartId(request, context.config)]);
  const shopper = await readShopper(context.db, { sessionId, guestCartId });
  const clearCookie = sessionId && !shopper.user ? await sessionCookie(context.config).serialize("", { maxAge: 0 }) : null;
  return { ...shopper, clearCookie };
}
