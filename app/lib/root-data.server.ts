import type { AppLoadContext } from "react-router";
import { cartQuantities } from "#server/cart/cart.server";
import { readCartId } from "#server/cart/cart-cookie.server";
import { getUser } from "#server/accounts/auth.server";
import { pointsBalance } from "#server/loyalty/points.server";

/** What every page needs: the site origin (canonical URLs) and the cart badge. */
export async function loadRootData(request: Request, context: AppLoadContext) {
  const cartId = await readCartId(request, context.config);
  const cart = await cartQuantities(context.db, cartId);
  const user = await getUser(request, context);
  return {
    origin: siteOrigin(request, context),
    cart,
    user: user
      ? { name: user.name, points: await pointsBalance(context.db, user.id), isAdmin: user.role === "admin" }
      : null,
  };
}

export function siteOrigin(request: Request, context: AppLoadContext): string {
  return context.config.PUBLIC_URL ? new URL(context.config.PUBLIC_URL).origin : new URL(request.url).origin;
}
