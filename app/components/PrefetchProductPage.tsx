import { useContext } from "react";
import { ProductPageAssetsContext } from "#app/lib/page-prefetch.ts";

/**
 * On a list page: the product page's module, imports and stylesheet, fetched by the browser when
 * idle (app/lib/page-prefetch.ts), so a tap on a card with JavaScript waits for the product's data
 * and picture only, as a document load does. React puts the `<link>`s in the `<head>`; in the
 * browser the list renders none (the context is empty) and the server's stay.
 */
export function PrefetchProductPage() {
  const urls = useContext(ProductPageAssetsContext);
  return urls.map((href) => <link key={href} rel="prefetch" href={href} />);
}
