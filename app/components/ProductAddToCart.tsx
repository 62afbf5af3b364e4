import { Link, useFetcher, useLocation } from "react-router";
import { AddToCartForm } from "./AddToCartForm";
import { failureFor, NOTICE_PARAM } from "#domain/form-failure.ts";
import { CART_ADDED_NOTICE, CART_FEEDBACK } from "#domain/cart-feedback.ts";

/**
 * The product page's add to cart: the button, with a line beside it that describes it (a card's
 * chosen copy), whatever the page puts before it (the quantity), and a status that says a success,
 * 'Agregado al carrito' with a link to the cart: with JavaScript when the fetcher's answer comes,
 * without it on the page the post comes back to, which carries the notice key
 * (`?aviso=agregado-al-carrito`).
 */
export function ProductAddToCart({
  productId,
  variantId,
  disabled,
  label,
  note,
  children,
}: {
  productId: string;
  variantId?: string;
  disabled: boolean;
  label: string;
  /** A line beside the button that describes it (a single card's chosen copy), with its id. */
  note?: { id: string; text: string };
  children?: React.ReactNode;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  // Without JavaScript the post comes back here with the notice key; with it, the fetcher's answer says so.
  const cameBackAdded = fetcher.data === undefined && query.get(NOTICE_PARAM) === CART_ADDED_NOTICE;
  const added = fetcher.state === "idle" && ((fetcher.data !== undefined && !failureFor(fetcher.data)) || cameBackAdded);
  query.set(NOTICE_PARAM, CART_ADDED_NOTICE);
  const button = (
    <button type="submit" className="button button-primary" disabled={disabled} aria-describedby={note?.id}>
      {label}
    </button>
  );
  return (
    <AddToCartForm
      productId={productId}
      variantId={variantId}
      fetcher={fetcher}
      returnTo={`${location.pathname}?${query}`}
      className="detail-add"
    >
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
      {/* Always in the page, so a screen reader announces the words when they appear. */}
      <p role="status" className="add-to-cart-status">
        {added ? (
          <>
            <span className="add-to-cart-added">{CART_FEEDBACK.added}</span> <Link to="/carrito">{CART_FEEDBACK.viewCart}</Link>
          </>
        ) : null}
      </p>
    </AddToCartForm>
  );
}
