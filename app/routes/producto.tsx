import { Suspense, lazy, useMemo, useState } from "react";
import { Link, PrefetchPageLinks, data, useLocation, useNavigate, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/producto";
import { getProduct } from "#server/catalog/products.server.ts";
import { formatMoney } from "#domain/format.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { LOW_STOCK_THRESHOLD } from "#domain/catalog.ts";
import { SHOP } from "#domain/shop.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useAfterPriorityPictures } from "#app/lib/use-after-priority-pictures.ts";
import { useShopPhone } from "#app/lib/shop-phone.ts";
import { ProductAddToCart } from "#app/components/ProductAddToCart.tsx";
import { PrefetchNextPage } from "#app/components/PrefetchNextPage.tsx";
import { StockAlertForm as StockAlertFormNow } from "#app/components/StockAlertForm.tsx";
import { WishlistButton } from "#app/components/WishlistButton.tsx";
import { Price } from "#app/components/Price.tsx";
import { QuantityStepper } from "#app/components/QuantityStepper.tsx";
import { ProductGallery } from "#app/components/ProductGallery.tsx";
import { useCartQuantities } from "#app/components/cart-state.ts";
import { GuaranteeBlock } from "#app/components/GuaranteeBlock.tsx";
import { VariantPicker, unitsLeft } from "#app/components/VariantPicker.tsx";
import { chooseVariant } from "#domain/variant-names.ts";
import { CART_FEEDBACK } from "#domain/cart-feedback.ts";
import { NOTICE_PARAM } from "#domain/form-failure.ts";
import { productJsonLd } from "./producto-json-ld";
import type { StylesheetHandle } from "#app/styles/inline.ts";
import productStylesheet from "#app/styles/product.css?url";
import cartStylesheet from "#app/styles/cart.css?url";

// 'Avísame cuando vuelva' shows only on a sold-out choice: the server renders it in the page, the
// browser loads its code when one is shown (a product in stock does not carry it). Meanwhile the
// server's form works as a plain post.
const StockAlertForm = import.meta.env.SSR
  ? StockAlertFormNow
  : lazy(() => import("#app/components/StockAlertForm.tsx").then((m) => ({ default: m.StockAlertForm })));

/** The page's own sheet, written into the page (docs/decisions/025-first-round-trip.md). */
export const handle: StylesheetHandle = { stylesheet: productStylesheet };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = await getProduct(context.db, params.id);
  if (!product) return data({ product: null, imageIndex: 0 }, { status: 404 });
  const requested = Number(new URL(request.url).searchParams.get("img"));
  const imageIndex = Number.isInteger(requested) && requested >= 0 && requested < product.images.length ? requested : 0;
  return { product, imageIndex };
}

/**
 * Choosing another variant only changes `?variante=` (and a thumbnail `?img=`): the page already
 * has every variant, so the browser does not ask the server again. Anything else revalidates.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  return false;
};

export const meta: Route.MetaFunction = ({ data: loaderData, matches, params }) => {
  const origin = originFrom(matches);
  const product = loaderData?.product;
  if (!product) {
    return pageMeta({
      title: "Producto no encontrado",
      description: "El producto que buscas no existe.",
      path: `/producto/${params.id}`,
      origin,
      noindex: true,
    });
  }
  const number = product.cardNumber ? ` ${product.cardNumber}` : "";
  return [
    ...pageMeta({
      title: `${product.name}${number} – ${product.expansion}`,
      description: `${product.name}${number} de ${product.expansion}${product.rarity ? ` (${product.rarity})` : ""}. ${product.priceVaries ? "Desde " : ""}${formatMoney(product.finalPrice)}. Producto original, envío a todo México.`,
      path: `/producto/${product._id}`,
      origin,
      image: product.images[0] ? `${product.images[0]}${product.images[0].startsWith("/media/") ? "?w=720" : ""}` : undefined,
      type: "product",
    }),
    { property: "product:price:amount", content: product.finalPrice.toFixed(2) },
    { property: "product:price:currency", content: "MXN" },
    { "script:ld+json": productJsonLd(product, origin) },
  ];
};

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product, imageIndex } = loaderData;
  if (!product) return <ProductNotFound />;
  return <ProductView product={product} initialImage={imageIndex} />;
}

function ProductNotFound() {
  return (
    <section className="empty-state">
      <h1>Producto no encontrado</h1>
      <p>Es posible que el enlace sea incorrecto o que el producto ya no esté disponible.</p>
      <Link to="/" className="button button-primary">
        Volver al inicio
      </Link>
    </section>
  );
}

type Product = NonNullable<Route.ComponentProps["loaderData"]["product"]>;

function ProductView({ product, initialImage }: { product: Product; initialImage: number }) {
  const phone = useShopPhone();
  const hydrated = useHydrated();
  // False when this page came with the document (hydrated), true when the browser rendered it.
  const [renderedInBrowser] = useState(hydrated);
  const pictureLoaded = useAfterPriorityPictures();
  const navigate = useNavigate();
  const [imageIndex, setImageIndex] = useState(initialImage);
  const location = useLocation();
  // The field's text while typing (it may be empty for a moment); the number sent is clamped to 1..stock.
  const [quantityText, setQuantityText] = useState("1");
  // The chosen variant is the URL's (?variante=), on the server and in the browser alike.
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = chooseVariant(product.variants, searchParams.get("variante"));
  const stock = chosen?.stock ?? 0;
  const cart = useCartQuantities();
  const inCart = chosen ? (cart.variants[chosen.id] ?? 0) : 0;
  const soldOut = stock <= 0;
  const canAdd = !soldOut && inCart < stock;
  // A sold-out product with one copy needs no choice of copies: it is named, and 'Agotado' said once.
  const showPicker = product.category === "Carta Individual" && !(soldOut && product.variants.length === 1);
  const alertVariantId = product.variants.length > 1 ? chosen?.id : null;
  // The same element across renders: the re-render that follows hydration (useHydrated) must not
  // update the still-dehydrated boundary while its lazy code loads, or React drops the server's form
  // and shows nothing until the code comes (the form vanished for a moment on a slow phone).
  const stockAlert = useMemo(
    () =>
      soldOut ? (
        <Suspense>
          <StockAlertForm productId={product._id} variantId={alertVariantId} />
        </Suspense>
      ) : null,
    [soldOut, product._id, alertVariantId],
  );
  const maxToAdd = Math.max(1, stock);
  const lowStock = stock > 0 && stock <= LOW_STOCK_THRESHOLD;
  // Beside the button, what it adds (a sealed product's one variant is named above): the chosen variant.
  const note = product.category === "Carta Individual" && chosen ? { id: "variante-elegida", text: chosen.label } : undefined;
  // At the stock limit the disabled button says why; a sold-out copy has no button (the alert is offered instead).
  const addLabel = !canAdd ? CART_FEEDBACK.allInCart : inCart > 0 ? `Agregar más (${inCart} en carrito)` : "Agregar al carrito";
  const chatText = `Hola, me interesa ${product.name}${product.cardNumber ? ` (${product.cardNumber})` : ""} de ${product.expansion}${chosen ? `, ${chosen.label}` : ""}. ¿Me puedes enviar fotos de su condición?`;
  const choose = (slug: string) => {
    setQuantityText("1");
    setSearchParams(
      (params) => {
        params.set("variante", slug);
        params.delete(NOTICE_PARAM);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const chatHref = phone.chatHref(chatText);

  return (
    <article className="product-detail">
      {/* 'Agregar al carrito' posts to the cart's route, whose module React Router loads first. */}
      <PrefetchNextPage page="cart" />
      {renderedInBrowser && pictureLoaded ? (
        // PrefetchInBrowser: the same in a page the browser rendered (a client-side visit; the
        // server's list reaches only a document load, whose loader adds it), once the product's
        // picture is in. React Router's prefetch names the route's module and imports (and asks for
        // its data, which the server answers empty, server/http/speculative-data.ts), not the sheet
        // of the route's handle.
        <>
          <link rel="prefetch" href={cartStylesheet} />
          <PrefetchPageLinks page="/carrito" />
        </>
      ) : null}
      <p>
        <Link
          to="/productos"
          className="back-link"
          onClick={(e) => {
            // Back within the shop when we came from one of its pages; otherwise to the list.
            if (hydrated && location.key !== "default") {
              e.preventDefault();
              navigate(-1);
            }
          }}
        >
          ← Volver
        </Link>
      </p>
      <div className="product-detail-grid">
        <ProductGallery
          productId={product._id}
          name={product.name}
          images={product.images}
          onSale={chosen?.onSale ?? false}
          shown={imageIndex}
          onShow={setImageIndex}
        />
        <div className="product-info">
          <p className="tags">
            {product.type ? <span className="tag">{product.type}</span> : null}
            {product.rarity ? <span className="tag tag-rarity">{product.rarity}</span> : null}
            {chosen?.onSale ? <span className="badge badge-sale">OFERTA</span> : null}
          </p>
          <h1>{product.name}</h1>
          <WishlistButton productId={product._id} showLabel className="detail-wishlist" />
          <p className="product-expansion">
            {product.expansion}
            {product.cardNumber ? ` · ${product.cardNumber}` : ""}
          </p>
          {showPicker ? (
            <VariantPicker variants={product.variants} chosenId={chosen?.id ?? null} onChoose={choose} />
          ) : chosen ? (
            <p className="variant-single">{chosen.label}</p>
          ) : null}
          {chosen ? (
            <Price price={chosen.price} salePrice={chosen.salePrice} percentOff={chosen.percentOff} className="price-large" />
          ) : null}
          <p className={`stock-line ${lowStock ? "is-low" : ""} ${soldOut ? "is-out" : ""}`} aria-live="polite">
            {lowStock ? `¡Últimas piezas! Solo ${unitsLeft(stock)}` : unitsLeft(stock)}
          </p>
          {stockAlert}
          {product.comment ? (
            <div className="seller-comment">
              <h2>Comentario del vendedor</h2>
              <p>{product.comment}</p>
            </div>
          ) : null}
          {product.description ? <p className="product-description">{product.description}</p> : null}

          {soldOut ? null : (
            <ProductAddToCart productId={product._id} variantId={chosen?.id} disabled={!canAdd} label={addLabel} note={note}>
              {canAdd ? <QuantityStepper max={maxToAdd} text={quantityText} onText={setQuantityText} /> : null}
            </ProductAddToCart>
          )}
          {cart.count > 0 ? (
            <Link to="/carrito" className="button">
              Ir al carrito
            </Link>
          ) : null}
          <a className="button button-chat" href={chatHref} target="_blank" rel="noopener noreferrer">
            Pedir fotos de la condición por WhatsApp
          </a>
          <GuaranteeBlock />
          <p className="visually-hidden">Vendido por {SHOP.name}</p>
        </div>
      </div>
    </article>
  );
}
