import type { AppLoadContext } from "react-router";
import { cartQuantities } from "#server/cart/cart.server";
import { readCartId } from "#server/cart/cart-cookie.server";

/** What every page needs: the site origin (canonical URLs) and the cart badge. */
export async function loadRootData(request: Request, context: AppLoadContext) {
  const cartId = await readCartId(request, context.config);
  const cart = await cartQuantities(context.db, cartId);
  return {
    origin: siteOrigin(request, context),
    cart,
    user: null as null | { name: string; points: number; isAdmin: boolean },
  };
}

export function siteOrigin(request: Request, context: AppLoadContext): string {
  return context.config.PUBLIC_URL ? new URL(context.config.PUBLIC_URL).origin : new URL(request.url).origin;
}
