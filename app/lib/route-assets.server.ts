/**
 * What a route's first client-side visit fetches beyond the page already shown, read from the
 * build's manifest: the route's module and the imports the shown page has not loaded, then its own
 * stylesheet (app/lib/page-prefetch.ts).
 */
import type { EntryContext } from "react-router";
import type { NextPage } from "#app/lib/page-prefetch.ts";
import { CART_STYLESHEET, CHECKOUT_STYLESHEET, PRODUCT_STYLESHEET } from "#app/styles/inline-css.server.ts";

/** Each next page's route id (app/routes.ts) and its own sheet (`handle.stylesheet`). */
const NEXT_PAGES: Record<NextPage, { routeId: string; stylesheet: string }> = {
  product: { routeId: "routes/producto", stylesheet: PRODUCT_STYLESHEET },
  cart: { routeId: "routes/carrito", stylesheet: CART_STYLESHEET },
  checkout: { routeId: "routes/checkout", stylesheet: CHECKOUT_STYLESHEET },
};

export function assetsBeyondShownPage(context: EntryContext, page: NextPage): string[] {
  const { manifest } = context;
  const { routeId, stylesheet } = NEXT_PAGES[page];
  const target = manifest.routes[routeId];
  if (!target) return [];
  const loaded = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of context.staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (!route) continue;
    loaded.add(route.module);
    for (const url of route.imports ?? []) loaded.add(url);
  }
  const scripts = [target.module, ...(target.imports ?? [])].filter((url) => !loaded.has(url));
  return [...new Set(scripts), stylesheet];
}
