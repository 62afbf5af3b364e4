import { useContext } from "react";
import { PrefetchPageLinks } from "react-router";
import { NextPageAssetsContext, type NextPage } from "#app/lib/page-prefetch.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * Next pages with a fixed address. A page the browser rendered itself (a client-side visit) has no
 * list from the server: React Router's own prefetch names that page's module and imports (and asks
 * for its data, which the server answers empty, server/http/speculative-data.ts), not the
 * stylesheet, which only the server knows. The cart's 'Proceder al pago' does the same for the
 * checkout with `prefetch="render"`.
 */
const FIXED_ADDRESS: Partial<Record<NextPage, string>> = { cart: "/carrito" };

/**
 * The next page's module, imports and stylesheet, fetched by the browser when idle
 * (app/lib/page-prefetch.ts), so a tap with JavaScript waits for that page's data only, as a
 * document load waits for its HTML. React puts the `<link>`s in the `<head>`; in the browser the
 * context gives none and the server's stay.
 */
export function PrefetchNextPage({ page }: { page: NextPage }) {
  const urls = useContext(NextPageAssetsContext)(page);
  const hydrated = useHydrated();
  const address = FIXED_ADDRESS[page];
  return (
    <>
      {urls.map((href) => (
        <link key={href} rel="prefetch" href={href} />
      ))}
      {hydrated && address ? <PrefetchPageLinks page={address} /> : null}
    </>
  );
}
