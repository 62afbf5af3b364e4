/**
 * Product images are 5:7 portrait cards. Images the shop serves itself
 * (/media/...) come in several WebP widths, so a phone downloads a small one;
 * width and height are always set so nothing shifts while they load.
 */
import { IMAGE_WIDTHS } from "#domain/images.ts";

/** The product page's main picture's `sizes` (ProductGallery); a tap on a card preloads it with these (productos.tsx). */
export const PRODUCT_PAGE_SIZES = "(min-width: 900px) 440px, 92vw";

export function isOwnMedia(src: string): boolean {
  return src.startsWith("/media/");
}

function withWidth(src: string, width: number): string {
  return `${src}${src.includes("?") ? "&" : "?"}w=${width}`;
}

export function ProductImage({
  src,
  alt,
  sizes,
  eager = false,
  className,
  width = 500,
  height = 700,
}: {
  src: string | null | undefined;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
  width?: number;
  height?: number;
}) {
  if (!src) {
    return (
      <div className={`image-placeholder ${className ?? ""}`} role="img" aria-label={alt} style={{ aspectRatio: `${width} / ${height}` }} />
    );
  }
  const own = isOwnMedia(src);
  return (
    <img
      className={className}
      src={own ? withWidth(src, 480) : src}
      srcSet={own ? IMAGE_WIDTHS.map((w) => `${withWidth(src, w)} ${w}w`).join(", ") : undefined}
      sizes={own ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
    />
  );
}
