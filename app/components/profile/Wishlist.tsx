/**
 * 'Lista de deseos' (/perfil?tab=lista-de-deseos): the products the customer hearted, newest first,
 * each with its picture, name, expansion, price ('desde' when its variants differ), whether it is
 * in stock ('Agotado'), and 'Quitar' (a form post to the heart's action that comes back here;
 * with JavaScript a fetcher, and the row goes at once).
 */
import { Link, useFetcher } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Price } from "#app/components/Price.tsx";
import { ProductImage } from "#app/components/ProductImage.tsx";
import { FormError } from "#app/components/forms.tsx";
import { failureFor } from "#domain/form-failure.ts";
import { WISHLIST_ACTION, WISHLIST_MESSAGES, WISHLIST_TAB_HREF } from "#domain/wishlist.ts";
import type { WishlistEntry } from "#server/wishlist/index.ts";

export function Wishlist({ entries }: { entries: WishlistEntry[] }) {
  return (
    <>
      <h2 id="perfil-panel-titulo">{WISHLIST_MESSAGES.tabTitle}</h2>
      {entries.length === 0 ? (
        <div className="wishlist-empty">
          <p>{WISHLIST_MESSAGES.empty}</p>
          <Link to="/productos" className="button button-primary">
            {WISHLIST_MESSAGES.browse}
          </Link>
        </div>
      ) : (
        <ul className="wishlist-rows">
          {entries.map((entry) => (
            <WishlistRow key={entry._id} entry={entry} />
          ))}
        </ul>
      )}
    </>
  );
}

function WishlistRow({ entry }: { entry: WishlistEntry }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const failure = failureFor(fetcher.data);
  // Gone at once when removed with JavaScript; back if the removal was refused.
  if (fetcher.state !== "idle" || (fetcher.data !== undefined && !failure)) return null;
  const soldOut = entry.stock <= 0;
  const href = `/producto/${entry._id}`;
  return (
    <li className="wishlist-row">
      <div className="wishlist-row-image">
        <ProductImage src={entry.image} alt="" sizes="72px" width={72} height={100} />
      </div>
      <div className="wishlist-row-text">
        <h3 className="wishlist-row-name">
          <Link to={href}>{entry.name}</Link>
        </h3>
        <p className="wishlist-row-expansion">
          {entry.expansion}
          {entry.cardNumber ? ` · ${entry.cardNumber}` : ""}
        </p>
        <div className="wishlist-row-price">
          {entry.priceVaries ? <span className="price-from">desde</span> : null}
          <Price price={entry.price} salePrice={entry.salePrice} />
        </div>
        <p className={soldOut ? "stock-line is-out" : "stock-line"}>{soldOut ? WISHLIST_MESSAGES.soldOut : WISHLIST_MESSAGES.inStock}</p>
      </div>
      <fetcher.Form method="post" action={WISHLIST_ACTION} className="wishlist-row-remove">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productId" value={entry._id} />
        {hydrated ? null : <input type="hidden" name="redirectTo" value={WISHLIST_TAB_HREF} />}
        <button type="submit" className="button button-danger-quiet" aria-label={`${WISHLIST_MESSAGES.remove}: ${entry.name}`}>
          {WISHLIST_MESSAGES.removeShort}
        </button>
        <FormError message={failure?.formError} />
      </fetcher.Form>
    </li>
  );
}
