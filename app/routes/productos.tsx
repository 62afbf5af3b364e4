import { Suspense, type MouseEventHandler } from "react";
import { data, redirect, useLocation } from "react-router";
import type { Route } from "./+types/productos";
import { listProducts } from "#server/catalog/products.server.ts";
import { isBannerClosed } from "#app/lib/banner-cookie.server.ts";
import { isCanonicalUpToOrder, parseProductQuery, productListHref, serializeProductQuery } from "#domain/product-query.ts";
import { formatCount } from "#domain/format.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { LoyaltyBanner } from "#app/components/LoyaltyBanner.tsx";
import { Pagination } from "#app/components/Pagination.tsx";
import { PrefetchNextPage } from "#app/components/PrefetchNextPage.tsx";
import { ProductCard, useProductCardHtml } from "#app/components/ProductCard.tsx";
import { PRODUCT_PAGE_SIZES } from "#app/components/ProductImage.tsx";
import { ProductFilters, SortSelect } from "#app/components/ProductFilters.tsx";
import { useCartQuantities } from "#app/components/cart-state.ts";
import { useRootData } from "#app/root.tsx";
import { useShownProductQuery } from "#app/lib/use-shown-product-query.ts";
import { useLinkDelegation } from "#app/lib/use-link-delegation.ts";
import type { StylesheetHandle } from "#app/styles/inline.ts";

/** The list writes in only the part of the shell's sheet its first paint uses (docs/decisions/025-first-round-trip.md). */
export const handle: StylesheetHandle = { shellFirstPaint: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseProductQuery(url.searchParams);
  // Every view has one canonical URL (the page's canonical link). A link that only orders the
  // parameters differently is answered as it is: a redirect would cost a phone a round trip.
  // What the no-JS form adds (`sort=`, empty fields) or a malformed value is redirected away, so
  // the address bar, bookmarks and shared links show the clean URL.
  const canonical = serializeProductQuery(query);
  if (!isCanonicalUpToOrder(url.searchParams, canonical)) {
    throw redirect(canonical ? `${url.pathname}?${canonical}` : url.pathname);
  }
  const result = await listProducts(context.db, query);
  // A page past the end (an old link, a hand-edited URL) goes to the last page.
  if (result.total > 0 && query.page > result.pages) {
    throw redirect(productListHref(query, { page: result.pages }, url.pathname));
  }
  return data({ query, ...result, bannerClosed: isBannerClosed(request) }, { headers: { "Cache-Control": "private, no-cache" } });
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const search = loaderData?.query.search;
  const canonical = loaderData ? serializeProductQuery(loaderData.query) : "";
  const title = search ? `Resultados para “${search}”` : "Cartas Pokémon TCG originales";
  const page = loaderData?.query.page ?? 1;
  return pageMeta({
    title: page > 1 ? `${title} (página ${page})` : title,
    description:
      "Cartas individuales, producto sellado y accesorios de Pokémon TCG originales en México. Precios en MXN, envío a todo el país y 1% de tu compra en puntos.",
    path: canonical ? `/productos?${canonical}` : "/productos",
    origin: originFrom(matches),
  });
};

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { query, products, total, pages, page, bannerClosed } = loaderData;
  const { pathname } = useLocation();
  const { quantities } = useCartQuantities();
  const root = useRootData();
  // While the list is loading, the controls show what was asked for and the results dim.
  const { query: requested, pending: loading } = useShownProductQuery(query);
  const followLink = useLinkDelegation(preloadProductPicture);
  const shown = products.length;
  return (
    <div className="catalog">
      <PrefetchNextPage page="product" />
      {bannerClosed ? null : <LoyaltyBanner user={root?.user ?? null} />}
      <div className="catalog-head">
        <h1>{query.search ? `Resultados para “${query.search}”` : "Cartas Pokémon TCG originales"}</h1>
        <p className="result-count" role="status">
          Mostrando {formatCount(shown)} de {formatCount(total)} resultados
        </p>
      </div>
      <div className="catalog-toolbar">
        <SortSelect query={requested} />
      </div>
      <div className="catalog-layout">
        <ProductFilters query={requested} pathname={pathname} total={loading ? null : total} />
        <section
          className={loading ? "catalog-results is-loading" : "catalog-results"}
          aria-label="Productos"
          aria-busy={loading || undefined}
        >
          {shown === 0 ? (
            <div className="empty-state">
              <p>No se encontraron productos</p>
            </div>
          ) : (
            // The cards hydrate after the rest of the page, in slices that leave the phone free between
            // them (docs/architecture.md, "Hydration in slices"); a tap on a card before then hydrates
            // it at once.
            <Suspense>
              <ProductGrid products={products} quantities={quantities} onClick={followLink} />
            </Suspense>
          )}
          <Pagination page={page} pages={pages} hrefFor={(p) => productListHref(query, { page: p }, pathname)} />
        </section>
      </div>
    </div>
  );
}

/**
 * A tap on a card: the product page's picture is asked for at once, beside the page's data, as a
 * document load's preload scanner would ask for it, instead of once the page has rendered (60–70 ms
 * later on a slow phone, decision 026). The card shows the same picture in the same widths; with the
 * product page's `sizes` the browser picks the file that page's `<img>` will use, and matches it to
 * this preload.
 */
function preloadProductPicture(anchor: HTMLAnchorElement) {
  const picture = anchor.closest("article")?.querySelector("img");
  if (!picture?.srcset) return;
  const link = document.createElement("link");
  Object.assign(link, {
    rel: "preload",
    as: "image",
    href: picture.src,
    imageSrcset: picture.srcset,
    imageSizes: PRODUCT_PAGE_SIZES,
    fetchPriority: "high",
  });
  document.head.append(link);
}

/**
 * The cards. On the server each card's HTML is kept per distinct input and reused (decision 028);
 * in the browser's build that branch is gone (`import.meta.env.SSR` is false there) and the cards
 * render and hydrate as usual.
 */
function ProductGrid({
  products,
  quantities,
  onClick,
}: {
  products: Route.ComponentProps["loaderData"]["products"];
  quantities: Readonly<Record<string, number>>;
  onClick: MouseEventHandler<HTMLUListElement>;
}) {
  // A build-time constant: the server always calls this hook, the browser never.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const cardHtml = import.meta.env.SSR ? useProductCardHtml() : null;
  return (
    <ul className="product-grid" onClick={onClick}>
      {products.map((product, i) => {
        const inCart = quantities[product._id] ?? 0;
        const card = <ProductCard product={product} inCart={inCart} eager={i === 0} />;
        // The first card's eager picture is preloaded from the page's <head> (React hoists it while
        // rendering the page), so that card is always rendered in place.
        const html = import.meta.env.SSR && cardHtml && i > 0 ? cardHtml(product, inCart, card) : null;
        if (html !== null) return <li key={product._id} dangerouslySetInnerHTML={{ __html: html }} />;
        return <li key={product._id}>{card}</li>;
      })}
    </ul>
  );
}
