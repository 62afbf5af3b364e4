import { Link, useSearchParams } from "react-router";
import { PRODUCT_PAGE_SIZES, ProductImage } from "#app/components/ProductImage.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * The product page's pictures: the shown one (with OFERTA when the chosen copy is on sale) and a
 * thumbnail per picture. Each thumbnail is a link (`?img=`, keeping the page's `?variante=`), so it
 * works without JavaScript; with it, a tap swaps the picture in place.
 */
export function ProductGallery({
  productId,
  name,
  images,
  onSale,
  shown,
  onShow,
}: {
  productId: string;
  name: string;
  images: string[];
  onSale: boolean;
  shown: number;
  onShow: (index: number) => void;
}) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const thumbHref = (i: number) => {
    const params = new URLSearchParams();
    // The thumbnails keep the URL's own choice (none: the default variant, and the plain address).
    const named = searchParams.get("variante");
    if (named) params.set("variante", named);
    if (i > 0) params.set("img", String(i));
    const query = params.toString();
    return `/producto/${productId}${query ? `?${query}` : ""}`;
  };
  return (
    <div className="gallery">
      <div className="gallery-main">
        <ProductImage src={images[shown]} alt={`${name}, imagen ${shown + 1} de ${images.length}`} eager sizes={PRODUCT_PAGE_SIZES} />
        {onSale ? <span className="badge badge-sale gallery-badge">OFERTA</span> : null}
      </div>
      {images.length > 1 ? (
        <ul className="gallery-thumbs" aria-label="Imágenes del producto">
          {images.map((src, i) => (
            <li key={src}>
              <Link
                to={thumbHref(i)}
                replace
                preventScrollReset
                aria-label={`Ver imagen ${i + 1}`}
                aria-current={i === shown ? "true" : undefined}
                onClick={(e) => {
                  if (!hydrated) return;
                  e.preventDefault();
                  onShow(i);
                }}
              >
                <ProductImage src={src} alt="" sizes="80px" width={100} height={140} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
