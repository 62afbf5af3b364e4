/**
 * The stylesheets a page's first paint needs, written into the page itself (docs/decisions/025-first-round-trip.md):
 * the shell and catalogue (`app.css`) on every page, and the own sheet of the pages a shopper lands
 * on from outside (a product, the cart, the checkout). Each is keyed by its built file's URL, which
 * the browser loads instead when a client-side navigation first shows a page whose sheet the
 * document does not hold yet.
 *
 * The sheets' text reaches the render only on the server: app/entry.server.tsx provides it through
 * `InlineCssContext` (app/styles/inline-css.server.ts), and in the browser the context is empty, so
 * the browser's JavaScript carries neither the CSS a second time nor the other pages' sheet URLs.
 */
import { createContext } from "react";
import appHref from "./app.css?url";

/** The shell and the catalogue: every page. */
export const APP_STYLESHEET = appHref;

/**
 * A route module's `handle`: its own stylesheet, inlined like the shell's (app/root.tsx PageStylesheets).
 * The route imports its sheet's URL itself (`import href from "#app/styles/product.css?url"`), so the
 * URL travels in that page's chunk, not in the shell's.
 */
export interface StylesheetHandle {
  /** The built URL of one of the sheets app/styles/inline-css.server.ts holds. */
  stylesheet?: string;
  /** The page writes in only the part of the shell's sheet its first paint uses (the list: app/styles/first-paint.ts). */
  shellFirstPaint?: boolean;
}

/** Where the list's cut of the shell's sheet is keyed (a `<style data-href>`; never fetched). */
export const APP_FIRST_PAINT = `${appHref}#first-paint`;

/** The text of each inlined sheet by its URL (and the list's cut by APP_FIRST_PAINT): filled on the server, empty in the browser. */
export const InlineCssContext = createContext<Readonly<Record<string, string>>>({});
