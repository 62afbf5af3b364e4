import type { products, productVariants } from "#server/db/schema.ts";
import { isOnSale, percentOff, unitPriceCents } from "#domain/pricing.ts";
import { variantLabel, variantRank, variantSlug } from "#domain/variant-names.ts";

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

/** What a product page is made of: the product's columns it shows (getProduct reads only these). */
export type ProductPageRow = Pick<
  ProductRow,
  | "id"
  | "name"
  | "description"
  | "priceCents"
  | "salePriceCents"
  | "stock"
  | "shownVariantId"
  | "priceVaries"
  | "conditions"
  | "category"
  | "rarity"
  | "type"
  | "expansion"
  | "cardNumber"
  | "artist"
  | "comment"
  | "images"
  | "dateAdded"
>;

/** A live variant as a product page shows it. */
export type ProductPageVariant = Pick<VariantRow, "id" | "condition" | "language" | "priceCents" | "salePriceCents" | "stock">;

/** One variant as the product page shows it (decision record 017). */
export interface VariantDto {
  id: string;
  condition: string;
  language: string;
  /** 'Ligeramente jugada · Japonés'. */
  label: string;
  /** The URL's `?variante=` value: 'lp-ja'. */
  slug: string;
  price: number;
  salePrice: number | null;
  finalPrice: number;
  onSale: boolean;
  percentOff: number;
  stock: number;
}

/**
 * A product as the browser sees it: the old JSON field names (`_id`, `salePrice`,
 * …), prices in pesos with 2 decimals (docs/requirements.md#data-model), dates as ISO strings.
 */
export interface ProductDto {
  _id: string;
  name: string;
  description: string | null;
  price: number;
  salePrice: number | null;
  /** The unit price the shopper pays. */
  finalPrice: number;
  onSale: boolean;
  percentOff: number;
  stock: number;
  category: string;
  rarity: string | null;
  type: string | null;
  expansion: string;
  cardNumber: string | null;
  artist: string | null;
  comment: string | null;
  images: string[];
  dateAdded: string;
  /** What is sold, best condition first; the summary fields above are those of `shownVariantId`. */
  variants: VariantDto[];
  /** The variant the list shows (the cheapest in stock, else the cheapest). */
  shownVariantId: string | null;
  /** The variants in stock differ in price: the list says 'desde'. */
  priceVaries: boolean;
  /** The conditions in stock, best first (the list's chips). */
  conditions: string[];
}

/**
 * A product card in the list needs only these fields: they travel twice, in the page's markup and
 * in React Router's data for hydration, so a field the card does not show is left out
 * (docs/decisions/025-first-round-trip.md).
 */
export type ProductCardDto = Pick<
  ProductDto,
  "_id" | "name" | "price" | "salePrice" | "onSale" | "stock" | "rarity" | "type" | "expansion" | "images" | "priceVaries" | "conditions"
>;

const toPesos = (cents: number) => cents / 100;

/** A price pair in pesos as the pages show it (a product's summary or one variant's). */
export function pricesOf(row: { priceCents: number; salePriceCents: number | null }) {
  const onSale = isOnSale(row);
  return {
    price: toPesos(row.priceCents),
    salePrice: onSale ? toPesos(row.salePriceCents as number) : null,
    finalPrice: toPesos(unitPriceCents(row)),
    onSale,
  };
}

export function toVariantDto(row: ProductPageVariant): VariantDto {
  return {
    id: row.id,
    condition: row.condition,
    language: row.language,
    label: variantLabel(row),
    slug: variantSlug(row),
    ...pricesOf(row),
    percentOff: percentOff(row),
    stock: row.stock,
  };
}

/** A product with its live variants (the caller leaves archived ones out), best condition first, then Español, Inglés, Japonés. */
export function toProductDto(row: ProductPageRow, variants: readonly ProductPageVariant[]): ProductDto {
  return {
    ...toProductCardDto(row),
    finalPrice: toPesos(unitPriceCents(row)),
    shownVariantId: row.shownVariantId,
    variants: variants
      .slice()
      .sort((a, b) => variantRank(a) - variantRank(b))
      .map(toVariantDto),
    images: row.images,
    description: row.description,
    percentOff: percentOff(row),
    category: row.category,
    cardNumber: row.cardNumber,
    artist: row.artist,
    comment: row.comment,
    dateAdded: row.dateAdded.toISOString(),
  };
}

export function toProductCardDto(
  row: Pick<
    ProductRow,
    | "id"
    | "name"
    | "priceCents"
    | "salePriceCents"
    | "stock"
    | "rarity"
    | "type"
    | "expansion"
    | "images"
    | "shownVariantId"
    | "priceVaries"
    | "conditions"
  >,
): ProductCardDto {
  const { price, salePrice, onSale } = pricesOf(row);
  return {
    _id: row.id,
    name: row.name,
    price,
    salePrice,
    onSale,
    stock: row.stock,
    rarity: row.rarity,
    type: row.type,
    expansion: row.expansion,
    images: row.images.slice(0, 1),
    priceVaries: row.priceVaries,
    conditions: row.conditions,
  };
}
