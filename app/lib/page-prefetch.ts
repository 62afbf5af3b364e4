/**
 * The files a client-side navigation from the list to a product page would fetch one after another
 * (the product route's module, its imports, its stylesheet), named on the server so the list's
 * document can ask for them while the shopper looks at it (`<link rel="prefetch">`: the browser
 * fetches them when idle, at the lowest priority, into its cache). See
 * docs/decisions/007-list-speed-against-a-bare-page.md, "The tap on a card". The server's last step
 * (app/lib/scripts-after-paint.server.ts, decision 026) moves these links into the page's loader,
 * which adds them once the page has loaded.
 *
 * The server provides the URLs (app/entry.server.tsx, app/lib/route-assets.server.ts); in the
 * browser the context is empty, so the list's JavaScript carries none of them.
 */
import { createContext } from "react";

export const ProductPageAssetsContext = createContext<readonly string[]>([]);
