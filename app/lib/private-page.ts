import type { HeadersFunction } from "react-router";

/** Pages with a shopper's own data (cart, profile, orders, a reset link): never kept by a browser cache or a proxy. */
export const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;

/**
 * The route `headers` export of such pages. React Router applies it to the HTML
 * document and to the data requests of client navigations alike.
 */
export const privatePageHeaders: HeadersFunction = () => PRIVATE_PAGE_HEADERS;
