import { Link, useFetcher, useLocation } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { CART_ACTION } from "./cart-state";
import { FormError } from "#app/components/form-parts.tsx";
import { failureFor, NOTICE_PARAM } from "#domain/form-failure.ts";
import { CART_ADDED_NOTICE, CART_FEEDBACK } from "#domain/cart-feedback.ts";

/**
 * Posts an 'add' to the cart action. Without JavaScript it is a plain form that
 * comes back to this page (redirectTo); with JavaScript a fetcher posts in place
 * and the header badge follows. A plain <form> whose submit hands the form to the
 * fetcher: the same request as `fetcher.Form`, without resolving the action path
 * through the router on every server render (a product list renders 24 of them).
 * Quantity 1 is the action's default, so a card sends none.
 *
 * With `announce` (the product page) a success says so in a status beside the button, 'Agregado al
 * carrito' with a link to the cart: with JavaScript when the fetcher's answer comes, without it on
 * the page the post comes back to, which carries the notice key (`?aviso=agregado-al-carrito`).
 */
export function AddToCartForm({
  productId,
  variantId,
  disabled,
  label,
  accessibleName,
  note,
  className,
  announce = false,
  children,
}: {
  productId: string;
  /** The variant chosen on the product page; a list card names none (the server adds the one the list shows). */
  variantId?: string;
  disabled: boolean;
  label: string;
  accessibleName?: string;
  /** A line beside the button that describes it (the product page's chosen variant), with its id. */
  note?: { id: string; text: string };
  className?: string;
  /** Say 'Agregado al carrito' (with a link to the cart) after a successful add. */
  announce?: boolean;
  children?: React.ReactNode;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  const failure = failureFor(fetcher.data);
  const query = new URLSearchParams(location.search);
  // Without JavaScript the post comes back here with the notice key; with it, the fetcher's answer says so.
  const cameBackAdded = fetcher.data === undefined && query.get(NOTICE_PARAM) === CART_ADDED_NOTICE;
  const added = announce && fetcher.state === "idle" && ((fetcher.data !== undefined && !failure) || cameBackAdded);
  if (announce) query.set(NOTICE_PARAM, CART_ADDED_NOTICE);
  const returnTo = announce ? `${location.pathname}?${query}` : location.pathname + location.search;
  const button = (
    <button type="submit" className="button button-primary" disabled={disabled} aria-label={accessibleName} aria-describedby={note?.id}>
      {label}
    </button>
  );
  return (
    <form
      method="post"
      action={CART_ACTION}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        fetcher.submit(event.currentTarget, { method: "post", action: CART_ACTION });
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={returnTo} />}
      {children}
      {note ? (
        // The button and its note stay side by side: the note wraps its words rather than fall below.
        <div className="add-to-cart-action">
          {button}
          <p className="add-to-cart-note" id={note.id}>
            {note.text}
          </p>
        </div>
      ) : (
        button
      )}
      {announce ? (
        // Always in the page, so a screen reader announces the words when they appear.
        <p role="status" className="add-to-cart-status">
          {added ? (
            <>
              <span className="add-to-cart-added">{CART_FEEDBACK.added}</span> <Link to="/carrito">{CART_FEEDBACK.viewCart}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <FormError message={failure?.formError} />
    </form>
  );
}
