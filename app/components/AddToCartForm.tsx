import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { CART_ACTION } from "./cart-state";
import { FormError } from "#app/components/form-parts.tsx";
import { failureFor } from "#domain/form-failure.ts";

/**
 * Posts an 'add' to the cart action. Without JavaScript it is a plain form that
 * comes back to this page (redirectTo); with JavaScript a fetcher posts in place
 * and the header badge follows. A plain <form> whose submit hands the form to the
 * fetcher: the same request as `fetcher.Form`, without resolving the action path
 * through the router on every server render (a product list renders 24 of them).
 * Quantity 1 is the action's default, so a card sends none.
 */
export function AddToCartForm({
  productId,
  variantId,
  disabled,
  label,
  accessibleName,
  note,
  className,
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
  children?: React.ReactNode;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
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
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
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
      <FormError message={failureFor(fetcher.data)?.formError} />
    </form>
  );
}
