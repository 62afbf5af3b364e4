/**
 * The product page's structured data (schema.org Product with one Offer per variant, each with
 * its condition and availability), for search engines' rich results. It sits beside its route so
 * that it loads with the product page, not with the shell that every page shares.
 */
import type { ProductDto } from "#server/catalog/product-dto.ts";
import { schemaItemCondition } from "#domain/variant-names.ts";

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
    offers: product.variants.map((variant) => ({
      "@type": "Offer",
      sku: variant.id,
      name: variant.label,
      url: `${origin}/producto/${product._id}?variante=${variant.slug}`,
      priceCurrency: "MXN",
      price: variant.finalPrice.toFixed(2),
      availability: variant.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: schemaItemCondition(variant.condition),
    })),
  };
}
