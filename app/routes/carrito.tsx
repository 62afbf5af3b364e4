import { useState } from "react";
import { PrefetchNextPage } from "#app/components/PrefetchNextPage.tsx";
import { Link, data, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/carrito";
import { clearCart, getCart, removeFromCart, setCartQuantity } from "#server/cart/cart.server.ts";
import { addToCurrentCart, currentCart } from "#server/cart/current-cart.server.ts";
import { readForm, refuse } from "#app/lib/form.server.ts";
import { failureFor, failureOf } from "#domain/form-failure.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { formatMoneyCents } from "#domain/format.ts";
import { lineTotalCents, summarizeCart } from "#domain/pricing.ts";
import { parseCartForm } from "#app/lib/cart-form.ts";
import { safeRedirectPath } from "#domain/safe-redirect.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Price } from "#app/components/Price.tsx";
import { ProductImage } from "#app/components/ProductImage.tsx";
import { CART_ACTION, useCartQuantities } from "#app/components/cart-state.ts";
import type { StylesheetHandle } from "#app/styles/inline.ts";
import cartStylesheet from "#app/styles/cart.css?url";
import checkoutStylesheet from "#app/styles/checkout.css?url";
import { ShopError } from "#server/errors.ts";

/** The page's own sheet, written into the page (docs/decisions/025-first-round-trip.md). */
export const handle: StylesheetHandle = { stylesheet: cartStylesheet };

export async function loader({ request, context }: Route.LoaderArgs) {
  return getCart(context.db, (await currentCart(request, context)).id);
}

export const headers = privatePageHeaders;

/**
 * One action for every cart control (intent add | set | remove | clear). A no-JS
 * post gets a 303 back to the page it came from; a fetcher gets data.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = parseCartForm(form);
  const redirectTo = form.has("redirectTo") ? safeRedirectPath(form.get("redirectTo"), "/carrito") : null;
  if (!parsed.ok) return refuse(failureOf(parsed.failure));

  const cart = await currentCart(request, context);
  const cartId = cart.id;
  const headers = new Headers();
  try {
    const cmd = parsed.value;
    if (cmd.intent === "add") {
      // A guest's first add starts a guest cart and its cookie; a customer's goes to the account's cart.
      const added = await addToCurrentCart(context, cart, cmd, cmd.quantity);
      if (added.setCookie) headers.append("Set-Cookie", added.setCookie);
    } else if (cartId) {
      if (cmd.intent === "set") await setCartQuantity(context.db, cartId, cmd, cmd.quantity);
      else if (cmd.intent === "remove") await removeFromCart(context.db, cartId, cmd);
      else await clearCart(context.db, cartId);
    }
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
    // Without JavaScript the cart page renders with this message and the 4xx status.
    return data(failureOf(error.message), { status: error.status, headers });
  }
  if (redirectTo) return redirect(redirectTo, { status: 303, headers });
  return data({ ok: true as const }, { headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Carrito", description: "Tu carrito de compras.", path: "/carrito", origin: originFrom(matches), noindex: true });

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const { variants } = useCartQuantities();
  // Quantities still being saved count at once (capped at stock), so the summary follows a tap;
  // the figures come from the same rules the server and the checkout use.
  const lines = loaderData.lines
    .map((line) => {
      const shown = variants[line.variantId] ?? line.quantity;
      return { ...line, quantity: shown === line.quantity ? shown : Math.min(shown, line.stock) };
    })
    .filter((line) => line.quantity > 0);
  const summary = summarizeCart(lines);
  const clear = useFetcher();
  const hydrated = useHydrated();
  // False when this page came with the document (hydrated), true when the browser rendered it.
  const [renderedInBrowser] = useState(hydrated);
  const shownError = failureFor(actionData)?.formError ?? null;

  if (lines.length === 0) {
    return (
      <section className="empty-state cart-empty">
        <h1>Tu carrito está vacío</h1>
        {shownError ? (
          <p className="form-error" role="alert">
            {shownError}
          </p>
        ) : null}
        <p>Explora el catálogo y agrega tus cartas favoritas.</p>
        <Link to="/productos" className="button button-primary">
          Ir a la tienda
        </Link>
      </section>
    );
  }

  return (
    <div className="cart">
      <h1>Carrito de compras</h1>
      {shownError ? (
        <p className="form-error" role="alert">
          {shownError}
        </p>
      ) : null}
      <div className="cart-layout">
        <section aria-label="Productos en tu carrito">
          <ul className="cart-lines">
            {lines.map((line) => (
              <CartLineItem key={line.variantId} line={line} />
            ))}
          </ul>
          <clear.Form method="post" action={CART_ACTION}>
            <input type="hidden" name="intent" value="clear" />
            {hydrated ? null : <input type="hidden" name="redirectTo" value="/carrito" />}
            <button type="submit" className="button button-danger-quiet">
              Vaciar carrito
            </button>
          </clear.Form>
        </section>
        <aside className="cart-summary" aria-labelledby="resumen-titulo">
          <h2 id="resumen-titulo">Resumen del pedido</h2>
          <dl>
            <div>
              <dt>
                Subtotal ({summary.itemCount} {summary.itemCount === 1 ? "artículo" : "artículos"})
              </dt>
              <dd data-testid="cart-subtotal">{formatMoneyCents(summary.subtotalCents)}</dd>
            </div>
            <div>
              <dt>Envío</dt>
              <dd data-testid="cart-shipping">{summary.shippingCents === 0 ? "Gratis" : formatMoneyCents(summary.shippingCents)}</dd>
            </div>
            <div className="cart-total">
              <dt>Total</dt>
              <dd data-testid="cart-total">{formatMoneyCents(summary.totalCents)}</dd>
            </div>
          </dl>
          {summary.amountToFreeShippingCents > 0 ? (
            <p className="free-shipping-hint">Agrega {formatMoneyCents(summary.amountToFreeShippingCents)} más para envío gratis</p>
          ) : (
            <p className="free-shipping-hint is-reached">¡Tu pedido tiene envío gratis!</p>
          )}
          {/* Fetched while the shopper reads the cart: the checkout's module and its imports (React
              Router's render prefetch) and its stylesheet (named in the route's handle, which React
              Router does not prefetch), one round trip after another when tapped (BENCH_ONLY=phone). */}
          <PrefetchNextPage page="checkout" />
          {/* PrefetchInBrowser: the sheet, in a cart the browser rendered (a client-side visit; a
              document's loader adds the server's list). The link prefetches the rest. */}
          {renderedInBrowser ? <link rel="prefetch" href={checkoutStylesheet} /> : null}
          <Link to="/checkout" prefetch="render" className="button button-primary button-block">
            Proceder al pago
          </Link>
          <Link to="/productos" className="button button-block">
            Seguir comprando
          </Link>
        </aside>
      </div>
    </div>
  );
}

type Line = Route.ComponentProps["loaderData"]["lines"][number];

/** One cart line; `line.quantity` already includes a change still being saved. */
function CartLineItem({ line }: { line: Line }) {
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  const { href, title } = line;
  const quantity = line.quantity;
  const lineTotal = lineTotalCents(line);
  const regular = line.priceCents * quantity;
  const error = failureFor(fetcher.data)?.formError ?? null;
  const hidden = (
    <>
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="variantId" value={line.variantId} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value="/carrito" />}
    </>
  );
  return (
    <li className="cart-line">
      <Link to={href} className="cart-line-image" tabIndex={-1} aria-hidden="true">
        <ProductImage src={line.image} alt="" sizes="96px" width={100} height={140} />
      </Link>
      <div className="cart-line-info">
        <h2 className="cart-line-name">
          <Link to={href}>{line.name}</Link>
        </h2>
        <p className="cart-line-variant">{line.variantLabel}</p>
        <p className="cart-line-meta">{line.expansion}</p>
        {line.type || line.rarity ? (
          <p className="tags">
            {line.type ? <span className="tag">{line.type}</span> : null}
            {line.rarity ? <span className="tag tag-rarity">{line.rarity}</span> : null}
          </p>
        ) : null}
        {line.stock <= 0 ? <p className="form-error">Agotado: retíralo para continuar</p> : null}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <fetcher.Form method="post" action={CART_ACTION} className="stepper-controls cart-stepper" aria-label={`Cantidad de ${title}`}>
        <input type="hidden" name="intent" value="set" />
        {hidden}
        <button type="submit" name="quantity" value={quantity - 1} className="icon-button" aria-label={`Quitar uno de ${title}`}>
          −
        </button>
        <output className="stepper-value" aria-live="polite" aria-label={`Cantidad: ${quantity}`}>
          {quantity}
        </output>
        <button
          type="submit"
          name="quantity"
          value={quantity + 1}
          className="icon-button"
          aria-label={`Agregar uno de ${title}`}
          disabled={quantity >= line.stock}
        >
          +
        </button>
      </fetcher.Form>
      <div className="cart-line-total">
        <Price price={regular / 100} salePrice={line.salePriceCents !== null ? lineTotal / 100 : null} />
        <fetcher.Form method="post" action={CART_ACTION}>
          <input type="hidden" name="intent" value="remove" />
          {hidden}
          <button type="submit" className="link-button" aria-label={`Eliminar ${title} del carrito`}>
            Eliminar
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}
