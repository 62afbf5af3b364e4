/**
 * The files a client-side navigation to the next page of a purchase would fetch one after another
 * (the route's module, its imports, its stylesheet), named on the server so the page before it can
 * ask for them while the shopper looks at it (`<link rel="prefetch">`: the browser fetches them when
 * idle, at the lowest priority, into its cache): the list names the product page's, the product
 * page the cart's (its 'Agregar al carrito' posts to the cart's route), the cart the checkout's. See
 * docs/decisions/007-list-speed-against-a-bare-page.md, "The tap on a card". The server's last step
 * (app/lib/scripts-after-paint.server.ts, decision 026) moves these links into the page's loader,
 * which adds them once the page has loaded: a browser without JavaScript never fetches them.
 *
 * The server provides the URLs (app/entry.server.tsx, app/lib/route-assets.server.ts); in the
 * browser the context gives none, so the pages' JavaScript carries none of them.
 */
import { createContext } from "react";

export type NextPage = "product" | "cart" | "checkout";

export const NextPageAssetsContext = createContext<(page: NextPage) => readonly string[]>(() => []);
