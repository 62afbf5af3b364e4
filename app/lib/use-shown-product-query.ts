import { useNavigation } from "react-router";
import { parseProductQuery, type ProductQuery } from "#domain/product-query.ts";

/** The paths that render the product list (routes.ts: the index and /productos). */
const LIST_PATHS = new Set(["/", "/productos"]);

/**
 * The list state the controls show. While a navigation to the list is pending it is the state that
 * navigation asked for, so a tapped filter shows at once (a slow phone waits seconds for the server)
 * and the next tap builds on it; otherwise the loaded one. `pending` says the results on screen are
 * about to be replaced.
 */
export function useShownProductQuery(loaded: ProductQuery): { query: ProductQuery; pending: boolean } {
  const { location } = useNavigation();
  if (!location || !LIST_PATHS.has(location.pathname)) return { query: loaded, pending: false };
  return { query: parseProductQuery(new URLSearchParams(location.search)), pending: true };
}
