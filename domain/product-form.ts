/**
 * The admin's product form as the browser shows it (SPEC §2 "Add / edit product", §3 "Product"):
 * every field as text, the images as a list. The server fills it from a product (edit) or from
 * what was posted (a refused form keeps every typed value); the view renders it.
 */
import { MAX_PRODUCT_IMAGES } from "./catalog";

export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  salePrice: string;
  stock: string;
  category: string;
  rarity: string;
  type: string;
  expansion: string;
  cardNumber: string;
  artist: string;
  comment: string;
  /** The non-blank image URLs, in order (at most MAX_PRODUCT_IMAGES shown as rows). */
  images: string[];
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: "",
  description: "",
  price: "",
  salePrice: "",
  stock: "",
  category: "",
  rarity: "",
  type: "",
  expansion: "",
  cardNumber: "",
  artist: "",
  comment: "",
  images: [],
};

/** The dashboard notices the product screens redirect to (`/admin?…&aviso=…`). */
export const PRODUCT_NOTICE_KEYS = {
  added: "producto-agregado",
  updated: "producto-actualizado",
  deleted: "producto-eliminado",
  archived: "producto-archivado",
  loadFailed: "error-cargar-producto",
} as const;

/** The image rows a form without JavaScript shows: always the maximum, blanks ignored. */
export const IMAGE_ROWS = MAX_PRODUCT_IMAGES;

/** Centavos as the price field shows them: "1234.50". */
export function centsToPesosText(cents: number): string {
  return (cents / 100).toFixed(2);
}
