import type { AppLoadContext } from "react-router";
import { shopperOf } from "#server/accounts/shopper.server.ts";
import { timed } from "#server/http/request-cost.ts";
import { currentYear } from "#domain/format.ts";
import { takeWelcome } from "./welcome-cookie.server";

/**
 * What every page needs: the site origin (canonical URLs), the cart badge and
 * the signed-in user, and whether to welcome a new customer; plus the headers that clear a stale
 * session cookie and a shown welcome.
 */
export async function loadRootData(request: Request, context: AppLoadContext) {
  // The session's user, the cart's quantities, the points and the wishlist (the hearts: a signed-in
  // visitor's page is rendered for them, decision 014) in one round trip, which the page's own
  // loaders share (server/accounts/shopper.server.ts).
  const { user, clearCookie, cart, points, wishlist } = await timed("shopper", () => shopperOf(request, context));
  // The welcome after sign-up, once (app/lib/welcome-cookie.server.ts): a cookie, no query.
  const welcome = await takeWelcome(request, context, user?.id ?? null);
  const headers = new Headers();
  if (clearCookie) headers.append("Set-Cookie", clearCookie);
  if (welcome.clearCookie) headers.append("Set-Cookie", welcome.clearCookie);
  const rootData = {
    origin: siteOrigin(request, context),
    whatsappNumber: context.config.WHATSAPP_NUMBER,
    /** The footer's copyright year in Mexico City. */
    year: currentYear(),
    cart,
    user: user ? { name: user.name, email: user.email, points, isAdmin: user.role === "admin" } : null,
    /** The ids of the products in the signed-in customer's wishlist (empty for a guest). */
    wishlist,
    /** A new customer's first page: the shell shows 'Bienvenido, …: tu cuenta está lista'. */
    welcome: welcome.welcome,
  };
  return { rootData, headers };
}

export function siteOrigin(request: Request, context: AppLoadContext): string {
  return context.config.PUBLIC_URL ? new URL(context.config.PUBLIC_URL).origin : new URL(request.url).origin;
}
