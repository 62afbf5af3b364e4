/**
 * The stylesheets a page's first paint needs, written into the page itself (docs/decisions/025-first-round-trip.md):
 * the shell and catalogue (`app.css`) on every page, and the own sheet of the pages a shopper lands
 * on from outside (a product, the cart, the checkout). Each is keyed by its built file's URL, which
 * the browser loads instead when a client-side navigation first shows a page whose sheet the
 * document does not hold yet.
 *
 * The sheets' text is only imported by the server build (`import.meta.env.SSR` is false in the
 * browser's build, so the `?inline` modules are dropped there): the browser's JavaScript does not
 * carry the CSS a second time.
 */
import appHref from "./app.css?url";
import appCss from "./app.css?inline";
import productHref from "./product.css?url";
import productCss from "./product.css?inline";
import cartHref from "./cart.css?url";
import cartCss from "./cart.css?inline";
import checkoutHref from "./checkout.css?url";
import checkoutCss from "./checkout.css?inline";
import { NOT_ON_THE_LIST, withoutRulesFor } from "./first-paint";

/** The shell and the catalogue: every page. */
export const APP_STYLESHEET = appHref;
/** The product page's, the cart's and the checkout's own sheets (a route names its one in `handle.stylesheet`). */
export const PRODUCT_STYLESHEET = productHref;
export const CART_STYLESHEET = cartHref;
export const CHECKOUT_STYLESHEET = checkoutHref;

/** A route module's `handle`: its own stylesheet, inlined like the shell's (app/root.tsx PageStylesheets). */
export interface StylesheetHandle {
  stylesheet?: string;
  /** The page writes in only the part of the shell's sheet its first paint uses (the list: app/styles/first-paint.ts). */
  shellFirstPaint?: boolean;
}

/** The text of each inlined sheet by its URL; empty in the browser. */
export const INLINE_CSS: Readonly<Record<string, string>> = import.meta.env.SSR
  ? { [appHref]: appCss, [productHref]: productCss, [cartHref]: cartCss, [checkoutHref]: checkoutCss }
  : {};

/** Where the list's cut of the shell's sheet is keyed (a `<style data-href>`; never fetched). */
export const APP_FIRST_PAINT = `${appHref}#first-paint`;

/** The list's cut of the shell's sheet; empty in the browser. */
export const APP_FIRST_PAINT_CSS: string = import.meta.env.SSR ? withoutRulesFor(appCss, NOT_ON_THE_LIST) : "";
