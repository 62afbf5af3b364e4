import { useContext } from "react";
import { NextPageAssetsContext, type NextPage } from "#app/lib/page-prefetch.ts";

/**
 * The next page's module, imports and stylesheet, fetched by the browser when idle
 * (app/lib/page-prefetch.ts), so a tap with JavaScript waits for that page's data only, as a
 * document load waits for its HTML. React puts the `<link>`s in the `<head>`; in the browser the
 * context gives none and the server's stay. A page rendered in the browser (a client-side visit)
 * names what it can itself: see `PrefetchInBrowser` in the product page and the cart.
 */
export function PrefetchNextPage({ page }: { page: NextPage }) {
  const urls = useContext(NextPageAssetsContext)(page);
  return urls.map((href) => <link key={href} rel="prefetch" href={href} />);
}
