/**
 * Which cart is this request's (docs/architecture.md#browser-state-in-cookies), answered in one
 * place for the root loader's badge, /carrito and its actions: a signed-in customer's cart is the
 * account's, the same on every device; a guest's is the guest cart the cart cookie names. A cookie
 * that names an account's cart, or a cart that is gone, reads as no cart.
 */
import type { AppLoadContext } from "react-router";
import { readSessionId, sessionUser } from "#server/accounts/sessions.server.ts";
import { shopperOf } from "#server/accounts/shopper.server.ts";
import { cartCookie, readCartId } from "./cart-cookie.server";
import { accountCartId, addToAccountCart, addToCart, isGuestCart, startCartWith, type CartItemRef } from "./cart.server";

export interface CurrentCart {
  /** The cart's id; null while the account or the browser has none. */
  id: string | null;
  /** The signed-in customer the cart belongs to; null for a guest. */
  userId: string | null;
}

/**
 * The request's cart. `signedIn` is the user a caller has already read from
 * the session (the root loader has it), so the session is not read twice;
 * leave it out to have the session read here.
 */
export async function currentCart(request: Request, context: AppLoadContext, signedIn?: { id: string } | null): Promise<CurrentCart> {
  // A page's loaders share the root loader's one read of the shopper, which found the cart by this rule.
  if (request.method === "GET" || request.method === "HEAD") {
    const shopper = await shopperOf(request, context);
    return { id: shopper.cartId, userId: shopper.user?.id ?? null };
  }
  const user = signedIn === undefined ? await sessionUser(context.db, await readSessionId(request, context.config)) : signedIn;
  if (user) return { id: await accountCartId(context.db, user.id), userId: user.id };
  const cookieCartId = await readCartId(request, context.config);
  return { id: cookieCartId && (await isGuestCart(context.db, cookieCartId)) ? cookieCartId : null, userId: null };
}

/**
 * Adds to the request's cart: to the account's for a signed-in customer
 * (started with this add when there is none), else to the guest cart, or to a
 * new guest cart whose cookie `setCookie` then holds.
 */
export async function addToCurrentCart(
  context: AppLoadContext,
  cart: CurrentCart,
  item: CartItemRef,
  quantity: number,
): Promise<{ quantity: number; setCookie: string | null }> {
  if (cart.userId) return { quantity: await addToAccountCart(context.db, cart.userId, item, quantity), setCookie: null };
  if (cart.id) return { quantity: await addToCart(context.db, cart.id, item, quantity), setCookie: null };
  const started = await startCartWith(context.db, item, quantity);
  return { quantity: started.quantity, setCookie: await cartCookie(context.config).serialize(started.cartId) };
}
