import type { ReactElement } from "react";
import { useFetcher, useLocation } from "react-router";
import { useRootData } from "#app/root.tsx";
import { useServerFragment } from "#app/lib/server-fragments.tsx";
import type { ProductCardDto } from "#server/catalog/product-dto.ts";
import { AddToCartForm } from "./AddToCartForm";
import { Price } from "./Price";
import { ProductImage } from "./ProductImage";
import { WishlistButton } from "./WishlistButton";
import { CONDITION_LABELS, NEW_CONDITION, isCondition } from "#domain/variants.ts";

export function productCardButtonLabel(stock: number, inCart: number): string {
  if (stock <= 0) return "Agotado";
  if (inCart > 0) return `En carrito (${inCart})`;
  return "Agregar";
}

export function ProductCard({ product, inCart, eager }: { product: ProductCardDto; inCart: number; eager?: boolean }) {
  const href = `/producto/${product._id}`;
  const soldOut = product.stock <= 0;
  const label = productCardButtonLabel(product.stock, inCart);
  const fetcher = useFetcher();
  return (
    // One link per card, the title's, stretched over the whole card by CSS: the image and the
    // text are a click target and a screen reader hears the product once. It is a plain anchor:
    // the grid navigates on the client for it (useLinkDelegation), so the server renders no
    // router link per card.
    <article className="product-card">
      <div className="product-card-media">
        <ProductImage src={product.images[0]} alt="" eager={eager} sizes="(min-width: 1200px) 220px, (min-width: 768px) 30vw, 46vw" />
        <span className="badges">
          {product.onSale ? <span className="badge badge-sale">OFERTA</span> : null}
          {soldOut ? <span className="badge badge-soldout">AGOTADO</span> : null}
        </span>
        <WishlistButton productId={product._id} productName={product.name} className="product-card-wishlist" />
      </div>
      <div className="product-card-body">
        {product.type || product.rarity ? (
          <p className="tags">
            {product.type ? <span className="tag">{product.type}</span> : null}
            {product.rarity ? <span className="tag tag-rarity">{product.rarity}</span> : null}
          </p>
        ) : null}
        <h2 className="product-card-title">
          <a href={href} data-discover="true">
            {product.name}
          </a>
        </h2>
        <p className="product-card-expansion">{product.expansion}</p>
        <Price price={product.price} salePrice={product.salePrice} from={product.priceVaries} />
        <ConditionChips conditions={product.conditions} />
        <AddToCartForm productId={product._id} fetcher={fetcher} className="product-card-add">
          <button
            type="submit"
            className="button button-primary"
            disabled={soldOut || inCart >= product.stock}
            aria-label={`${label}: ${product.name}`}
          >
            {label}
          </button>
        </AddToCartForm>
      </div>
    </article>
  );
}

/**
 * The conditions in stock as chips ('NM', 'LP'; a screen reader hears 'Casi nueva'…). A sealed
 * product's or an accessory's one condition, 'Nuevo', shows none.
 */
function ConditionChips({ conditions }: { conditions: readonly string[] }) {
  const shown = conditions.filter((c) => c !== NEW_CONDITION && isCondition(c));
  if (shown.length === 0) return null;
  return (
    <ul className="condition-chips" aria-label="Condiciones disponibles">
      {shown.map((c) => (
        <li key={c} className="condition-chip">
          <span aria-hidden="true">{c}</span>
          <span className="visually-hidden">{isCondition(c) ? CONDITION_LABELS[c] : c}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * On the server only (a list calls it under `import.meta.env.SSR`): a card's HTML, kept by a key
 * that names every input of ProductCard's render above, the product, the quantity in the cart, and
 * what its heart and forms read from the root loader and the address (decision 028). A new input
 * of the card (a prop, a context it reads) goes into this key too. Null when SERVER_FRAGMENTS=off.
 */
export function useProductCardHtml() {
  const fragment = useServerFragment();
  const root = useRootData();
  const { pathname, search } = useLocation();
  if (!fragment) return null;
  const signedIn = Boolean(root?.user);
  const wishlist = root?.wishlist ?? [];
  return (product: ProductCardDto, inCart: number, card: ReactElement) =>
    fragment(JSON.stringify([product, inCart, signedIn, wishlist.includes(product._id), pathname + search]), card);
}
