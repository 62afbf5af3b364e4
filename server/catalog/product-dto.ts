import type { products } from "#server/db/schema.ts";
import { isOnSale, percentOff, unitPriceCents } from "#domain/pricing.ts";

type ProductRow = typeof products.$inferSelect;

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
  rarity: string;
  type: string;
  expansion: string;
  cardNumber: string | null;
  artist: string | null;
  comment: string | null;
  images: string[];
  dateAdded: string;
}

/** A product card in the list needs only these fields. */
export type ProductCardDto = Pick<
  ProductDto,
  "_id" | "name" | "price" | "salePrice" | "finalPrice" | "onSale" | "stock" | "rarity" | "type" | "expansion" | "images"
>;

const toPesos = (cents: number) => cents / 100;

export function toProductDto(row: ProductRow): ProductDto {
  return {
    ...toProductCardDto(row),
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
  row: Pick<ProductRow, "id" | "name" | "priceCents" | "salePriceCents" | "stock" | "rarity" | "type" | "expansion" | "images">,
): ProductCardDto {
  const onSale = isOnSale(row);
  return {
    _id: row.id,
    name: row.name,
    price: toPesos(row.priceCents),
    salePrice: onSale ? toPesos(row.salePriceCents as number) : null,
    finalPrice: toPesos(unitPriceCents(row)),
    onSale,
    stock: row.stock,
    rarity: row.rarity,
    type: row.type,
    expansion: row.expansion,
    images: row.images.slice(0, 1),
  };
}
