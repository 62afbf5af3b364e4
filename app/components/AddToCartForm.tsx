import type { useFetcher } from "react-router";
import { useLocation } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { CART_ACTION } from "./cart-state";
import { FormError } from "#app/components/form-parts.tsx";
import { failureFor } from "#domain/form-failure.ts";

/**
 * Posts an 'add' to the cart action. Without JavaScript it is a plain form that
 * comes back to this page (redirectTo); with JavaScript the caller's fetcher posts in place
 * and the header badge follows. A plain <form> whose submit hands the form to the
 * fetcher: the same request as `fetcher.Form`, without resolving the action path
 * through the router on every server render (a product list renders 24 of them).
 * Quantity 1 is the action's default, so a card sends none.
 *
 * The caller puts the button (and anything beside it) inside, and owns the fetcher, so it can say
 * what the answer was: a card only shows a failure (here, under its children); the product page
 * says 'Agregado al carrito' too (ProductAddToCart.tsx).
 */
export function AddToCartForm({
  productId,
  variantId,
  fetcher,
  returnTo,
  className,
  children,
}: {
  productId: string;
  /** The variant chosen on the product page; a list card names none (the server adds the one the list shows). */
  variantId?: string;
  fetcher: ReturnType<typeof useFetcher>;
  /** Where the post without JavaScript comes back to: this page unless said otherwise. */
  returnTo?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
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
      {hydrated ? null : <input type="hidden" name="redirectTo" value={returnTo ?? location.pathname + location.search} />}
      {children}
      <FormError message={failureFor(fetcher.data)?.formError} />
    </form>
  );
}
