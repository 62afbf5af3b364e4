import type { AppLoadContext } from "react-router";
import { currentCartQuantities } from "#server/cart/current-cart.server.ts";
import { getUserForPage } from "#server/accounts/auth.server.ts";
import { pointsBalance } from "#server/loyalty/points.server.ts";
import { currentYear } from "#domain/format.ts";

/**
 * What every page needs: the site origin (canonical URLs), the cart badge and
 * the signed-in user; plus the header that clears a stale session cookie.
 */
export async function loadRootData(request: Request, context: AppLoadContext) {
  const { user, clearCookie } = await getUserForPage(request, context);
  // Two lookups that depend only on the user: side by side (on PostgreSQL they run in parallel).
  const [cart, points] = await Promise.all([currentCartQuantities(request, context, user), user ? pointsBalance(context.db, user.id) : 0]);
  const headers = new Headers();
  if (clearCookie) headers.append("Set-Cookie", clearCookie);
  const rootData = {
    origin: siteOrigin(request, context),
    whatsappNumber: context.config.WHATSAPP_NUMBER,
    /** The footer's copyright year in Mexico City. */
    year: currentYear(),
    cart,
    user: user ? { name: user.name, points, isAdmin: user.role === "admin" } : null,
  };
  return { rootData, headers };
}

export function siteOrigin(request: Request, context: AppLoadContext): string {
  return context.config.PUBLIC_URL ? new URL(context.config.PUBLIC_URL).origin : new URL(request.url).origin;
}
