/**
 * The admin's product form as the browser shows it (docs/requirements.md#admin-area,
 * docs/requirements.md#data-model): every field as text, the images as a list. The server fills it
 * from a product (edit) or from what was posted (a refused form keeps every typed value); the view
 * renders it.
 */
import { dashboardHref } from "./admin-dashboard";

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
  /** The non-blank image URLs, in order (the form shows at most MAX_PRODUCT_IMAGES rows). */
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

/**
 * Where the edit screen sends the admin when its product can't be loaded (unknown, malformed or
 * archived id): the dashboard, which shows 'Error al cargar el producto' for this key
 * (docs/requirements.md#messages). The success notices are the dashboard's own keys
 * (domain/admin-dashboard.ts `dashboardHref`).
 */
export const PRODUCT_LOAD_FAILED_HREF = dashboardHref({ aviso: "error-cargar-producto" });

/** Centavos as the price field shows them: "1234.50". */
export function centsToPesosText(cents: number): string {
  return (cents / 100).toFixed(2);
}

const imageKey = (index: number) => `images.${index}`;

/** The values as a refused form's FormFailure carries them (text by field name; the images as `images.0`, `images.1`…). */
export function productFormRecord(values: ProductFormValues): Record<string, string> {
  const { images, ...text } = values;
  return { ...text, ...Object.fromEntries(images.map((url, index) => [imageKey(index), url])) };
}

/** A refused form's values back as the form's (a field missing from the record is empty). */
export function productFormValuesFrom(record: Record<string, string>): ProductFormValues {
  const values = { ...EMPTY_PRODUCT_FORM };
  for (const field of Object.keys(EMPTY_PRODUCT_FORM) as (keyof ProductFormValues)[]) {
    if (field !== "images") values[field] = record[field] ?? "";
  }
  const images: string[] = [];
  for (let index = 0; record[imageKey(index)] !== undefined; index++) images.push(record[imageKey(index)]!);
  return { ...values, images };
}
