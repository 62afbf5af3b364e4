/**
 * The heart (docs/requirements.md#wishlist-and-back-in-stock-alerts): a toggle button that adds the
 * product to the signed-in customer's wishlist or takes it out. It says its state to a screen
 * reader twice over: `aria-pressed`, and a name that reads what a press does ('Agregar a la lista
 * de deseos' / 'Quitar de la lista de deseos'). Without JavaScript it is a plain form that comes
 * back to this page (redirectTo); with JavaScript a fetcher posts and the heart turns at once.
 * A guest gets the same heart as a small GET form to sign in and come back here (a shop keeps the
 * heart in sight: it tells the visitor the shop has a wishlist); a form, not a link, so a product
 * card keeps its one link. The state comes from the root loader, which
 * a cookieless (cached) page renders empty: a guest's heart (decision 014).
 */
import { useFetcher, useLocation } from "react-router";
import { useRootData } from "#app/root.tsx";
import { Icon } from "./icons";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { FormError } from "#app/components/form-parts.tsx";
import { failureFor } from "#domain/form-failure.ts";
import { WISHLIST_ACTION, WISHLIST_HEART_LABELS } from "#domain/wishlist-heart.ts";

/**
 * `productName` (cards) joins the product's name to the button's name, so a list of 24 hearts
 * reads apart; `showLabel` (the product page) prints the name beside the heart.
 */
export function WishlistButton({
  productId,
  productName,
  showLabel,
  className,
}: {
  productId: string;
  productName?: string;
  showLabel?: boolean;
  className?: string;
}) {
  const root = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  const here = location.pathname + location.search;
  const pending = fetcher.formData?.get("intent");
  const inList = pending === "add" ? true : pending === "remove" ? false : (root?.wishlist ?? []).includes(productId);
  const label = inList ? WISHLIST_HEART_LABELS.remove : WISHLIST_HEART_LABELS.add;
  const name = productName ? `${label}: ${productName}` : label;
  const classes = `wishlist ${showLabel ? "wishlist-labelled" : ""} ${className ?? ""}`.trim();

  if (!root?.user) {
    return (
      <form method="get" action="/login" className={classes}>
        <input type="hidden" name="redirectTo" value={here} />
        <button type="submit" className="wishlist-button" aria-label={showLabel ? undefined : name}>
          <Icon name="heart" />
          {showLabel ? <span>{WISHLIST_HEART_LABELS.add}</span> : null}
        </button>
      </form>
    );
  }
  return (
    <form
      method="post"
      action={WISHLIST_ACTION}
      className={classes}
      onSubmit={(event) => {
        event.preventDefault();
        fetcher.submit(event.currentTarget, { method: "post", action: WISHLIST_ACTION });
      }}
    >
      <input type="hidden" name="intent" value={inList ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={here} />}
      <button type="submit" className="wishlist-button" aria-pressed={inList} aria-label={showLabel ? undefined : name}>
        <Icon name={inList ? "heart-filled" : "heart"} />
        {showLabel ? <span>{label}</span> : null}
      </button>
      <FormError message={failureFor(fetcher.data)?.formError} />
    </form>
  );
}
