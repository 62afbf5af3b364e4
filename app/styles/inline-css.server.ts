/**
 * The text of the sheets written into pages (app/styles/inline.ts), by their built URLs: only the
 * server's build imports this (app/entry.server.tsx provides it to the render).
 */
import appHref from "./app.css?url";
import appCss from "./app.css?inline";
import productHref from "./product.css?url";
import productCss from "./product.css?inline";
import cartHref from "./cart.css?url";
import cartCss from "./cart.css?inline";
import checkoutHref from "./checkout.css?url";
import checkoutCss from "./checkout.css?inline";
import ordersHref from "./orders.css?url";
import ordersCss from "./orders.css?inline";
import { NOT_ON_THE_LIST, withoutRulesFor } from "./first-paint";
import { APP_FIRST_PAINT } from "./inline";

/** The sheets of the pages asked for ahead by the page before them (app/lib/page-prefetch.ts). */
export const PRODUCT_STYLESHEET = productHref;
export const CART_STYLESHEET = cartHref;
export const CHECKOUT_STYLESHEET = checkoutHref;

export const INLINE_CSS: Readonly<Record<string, string>> = {
  [appHref]: appCss,
  [productHref]: productCss,
  [cartHref]: cartCss,
  [checkoutHref]: checkoutCss,
  // The payment provider's returns (payment.success, .failure, .pending); other order pages link it.
  [ordersHref]: ordersCss,
  // The list's cut of the shell's sheet (app/styles/first-paint.ts).
  [APP_FIRST_PAINT]: withoutRulesFor(appCss, NOT_ON_THE_LIST),
};
