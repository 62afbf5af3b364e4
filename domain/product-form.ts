/**
 * The admin's product form as the browser shows it (docs/requirements.md#admin-area,
 * docs/requirements.md#data-model): every field as text, the images as a list, the variants as rows
 * (condition, language, price, sale price, stock; `variants.{i}.{field}` in the posted form). The
 * server fills it from a product (edit) or from what was posted (a refused form keeps every typed
 * value); the view renders it.
 */
import { dashboardHref } from "./admin-dashboard";
import { DEFAULT_LANGUAGE } from "./variants";

/** The most variants one product takes: every condition of a single in every language (5 × 3). */
export const MAX_PRODUCT_VARIANTS = 15;

/** One variant row of the form, as text. `id` is the variant's (edit), empty for a row not saved yet. */
export interface VariantFormValues {
  id: string;
  condition: string;
  language: string;
  price: string;
  salePrice: string;
  stock: string;
}

const VARIANT_FORM_FIELDS = ["id", "condition", "language", "price", "salePrice", "stock"] as const;

/** A new, empty variant row: the category's default condition (the view picks it from a blank), in the default language. */
export const EMPTY_VARIANT_ROW: VariantFormValues = {
  id: "",
  condition: "",
  language: DEFAULT_LANGUAGE,
  price: "",
  salePrice: "",
  stock: "",
};

/** The posted name of a variant row's field: `variants.0.price`. */
export const variantFieldName = (index: number, field: keyof VariantFormValues) => `variants.${index}.${field}`;

/** The no-JavaScript buttons of the variant rows (the posted `intent`): one more empty row, or row `i` taken out. */
export const ADD_VARIANT_INTENT = "add-variant";
export const removeVariantIntent = (index: number) => `remove-variant-${index}`;
/** The row a `remove-variant-{i}` intent names, or null. */
export function removedVariantIndex(intent: unknown): number | null {
  const match = typeof intent === "string" ? /^remove-variant-(\d{1,2})$/.exec(intent) : null;
  return match ? Number(match[1]) : null;
}

export interface ProductFormValues {
  name: string;
  description: string;
  category: string;
  rarity: string;
  type: string;
  expansion: string;
  cardNumber: string;
  artist: string;
  comment: string;
  /** The non-blank image URLs, in order (the form shows at most MAX_PRODUCT_IMAGES rows). */
  images: string[];
  /** The variant rows, in order (at least one). */
  variants: VariantFormValues[];
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: "",
  description: "",
  category: "",
  rarity: "",
  type: "",
  expansion: "",
  cardNumber: "",
  artist: "",
  comment: "",
  images: [],
  variants: [EMPTY_VARIANT_ROW],
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

/**
 * The values as a refused form's FormFailure carries them (text by field name; the images as
 * `images.0`, `images.1`…; the variants as `variants.0.price`…).
 */
export function productFormRecord(values: ProductFormValues): Record<string, string> {
  const { images, variants, ...text } = values;
  return {
    ...text,
    ...Object.fromEntries(images.map((url, index) => [imageKey(index), url])),
    ...Object.fromEntries(
      variants.flatMap((row, index) => VARIANT_FORM_FIELDS.map((field) => [variantFieldName(index, field), row[field]])),
    ),
  };
}

/** A refused form's values back as the form's (a field missing from the record is empty; no variant row: one empty row). */
export function productFormValuesFrom(record: Record<string, string>): ProductFormValues {
  const values = { ...EMPTY_PRODUCT_FORM };
  for (const field of Object.keys(EMPTY_PRODUCT_FORM) as (keyof ProductFormValues)[]) {
    if (field !== "images" && field !== "variants") values[field] = record[field] ?? "";
  }
  const images: string[] = [];
  for (let index = 0; record[imageKey(index)] !== undefined; index++) images.push(record[imageKey(index)]!);
  const variants: VariantFormValues[] = [];
  for (let index = 0; VARIANT_FORM_FIELDS.some((field) => record[variantFieldName(index, field)] !== undefined); index++) {
    const row = { ...EMPTY_VARIANT_ROW };
    for (const field of VARIANT_FORM_FIELDS) row[field] = record[variantFieldName(index, field)] ?? "";
    variants.push(row);
  }
  return { ...values, images, variants: variants.length > 0 ? variants : [EMPTY_VARIANT_ROW] };
}
