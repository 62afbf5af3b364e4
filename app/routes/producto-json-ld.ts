/**
 * The product page's structured data (schema.org Product with one Offer), for
 * search engines' rich results. It sits beside its route so that it loads with
 * the product page, not with the shell that every page shares.
 */
import type { ProductDto } from "#server/catalog/product-dto.ts";

export function productJsonLd(product: ProductDto, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description ?? undefined,
    sku: product._id,
    category: product.category,
    image: product.images.map((src) => (src.startsWith("http") ? src : `${origin}${src}`)),
    brand: { "@type": "Brand", name: "Pokémon TCG" },
    offers: {
      "@type": "Offer",
      url: `${origin}/producto/${product._id}`,
      priceCurrency: "MXN",
      price: product.finalPrice.toFixed(2),
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}
