import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { CART_ACTION } from "./cart-state";

/**
 * Posts an 'add' to the cart action. Without JavaScript it is a plain form that
 * comes back to this page (redirectTo); with JavaScript a fetcher posts in place
 * and the header badge follows.
 */
export function AddToCartForm({
  productId,
  quantity,
  disabled,
  label,
  accessibleName,
  className,
  children,
}: {
  productId: string;
  quantity?: number;
  disabled: boolean;
  label: string;
  accessibleName?: string;
  className?: string;
  children?: React.ReactNode;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" action={CART_ACTION} className={className}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {quantity === undefined ? <input type="hidden" name="quantity" value="1" /> : null}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
      {children}
      <button type="submit" className="button button-primary" disabled={disabled} aria-label={accessibleName}>
        {label}
      </button>
      {fetcher.data && typeof fetcher.data === "object" && "error" in fetcher.data ? (
        <p className="form-error" role="alert">
          {String((fetcher.data as { error: string }).error)}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
