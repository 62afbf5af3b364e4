/**
 * The admin's add and edit product screens (docs/requirements.md#admin-area):
 * what a posted form becomes (validated with the one product schema, product-input.ts), the values
 * a refused form shows again, and the values an edit form starts from. The route modules call these
 * and return data or a redirect.
 */
import { and, eq, isNull } from "drizzle-orm";
import { isId } from "#domain/ids.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import {
  EMPTY_PRODUCT_FORM,
  MAX_PRODUCT_VARIANTS,
  centsToPesosText,
  productFormRecord,
  variantFieldName,
  type ProductFormValues,
  type VariantFormValues,
} from "#domain/product-form.ts";
import { variantRank } from "#domain/variant-names.ts";
import type { Database, Queryable } from "#server/db/client.ts";
import { products, productVariants } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";
import { listImages } from "#server/images/gallery.server.ts";
import { rawText, trimmedText } from "#server/accounts/forms.ts";
import { createProduct, removeProduct, updateProduct, type RemoveProductResult } from "./product-admin.server";
import { PRODUCT_LIMITS, typedText } from "#domain/forms.ts";
import { PRODUCT_FIELDS, VARIANT_FIELDS, type ProductField, type ProductInput } from "./product-input";

/** The form field of the gallery picker without JavaScript: the chosen image's path joins the images. */
export const GALLERY_IMAGE_FIELD = "galleryImage";

/** How much of a posted value is shown back: a little more than the field takes, so a too-long value still reads as such. */
const SHOWN_BACK_MARGIN = 100;
const SHOWN_BACK_DEFAULT = 200;
/** Image rows shown back at most (a hostile post may carry hundreds). */
const SHOWN_BACK_IMAGES = 10;

const limitOf = (field: ProductField): number => (PRODUCT_LIMITS as Record<string, number>)[field] ?? SHOWN_BACK_DEFAULT;

/** The posted images: every `images` entry (blanks too: the schema drops them), then the gallery pick (if any). */
function postedImages(form: FormData): string[] {
  const picked = trimmedText(form.get(GALLERY_IMAGE_FIELD));
  return [...form.getAll("images").map(rawText), ...(picked ? [picked] : [])];
}

const VARIANT_FIELD_NAME = /^variants\.(\d{1,3})\.(id|condition|language|price|salePrice|stock)$/;

/** The variant rows' numbers the form posted (`variants.{i}.…`), in order; gaps (a row taken out by hand) are skipped. */
function postedVariantIndexes(form: FormData): number[] {
  const indexes = new Set<number>();
  for (const name of form.keys()) {
    const match = VARIANT_FIELD_NAME.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes].sort((a, b) => a - b);
}

/** A posted product form's fields as the product schema reads them: every field once, the images as a list, the variant rows as a list. */
export function productFieldsFromForm(form: FormData): Partial<Record<ProductField | "variants", unknown>> {
  const raw: Partial<Record<ProductField | "variants", unknown>> = {};
  for (const field of PRODUCT_FIELDS) raw[field] = field === "images" ? postedImages(form) : form.get(field);
  raw.variants = postedVariantIndexes(form).map((index) =>
    Object.fromEntries(VARIANT_FIELDS.map((field) => [field, form.get(variantFieldName(index, field))])),
  );
  return raw;
}

/** How much of a variant's posted field is shown back (an id is 24 characters, a price or stock a dozen). */
const VARIANT_SHOWN_BACK = 40;

/** The posted variant rows as text (at most MAX_PRODUCT_VARIANTS + 1 shown back: a hostile post may carry hundreds). */
export function postedVariantRows(form: FormData): VariantFormValues[] {
  return postedVariantIndexes(form)
    .slice(0, MAX_PRODUCT_VARIANTS + 1)
    .map(
      (index) =>
        Object.fromEntries(
          VARIANT_FIELDS.map((field) => [field, typedText(form.get(variantFieldName(index, field)), VARIANT_SHOWN_BACK)]),
        ) as unknown as VariantFormValues,
    );
}

/** What the admin typed, as the form's values (text only, capped); `variants` replaces the posted rows (a row added or taken out). */
export function postedProductFormValues(form: FormData, variants: VariantFormValues[] = postedVariantRows(form)): ProductFormValues {
  const values = { ...EMPTY_PRODUCT_FORM };
  for (const field of PRODUCT_FIELDS) {
    if (field === "images") continue;
    values[field] = typedText(form.get(field), limitOf(field) + SHOWN_BACK_MARGIN);
  }
  values.images = postedImages(form)
    .filter((url) => url.trim() !== "")
    .slice(0, SHOWN_BACK_IMAGES)
    .map((url) => typedText(url, PRODUCT_LIMITS.imageUrl + SHOWN_BACK_MARGIN));
  values.variants = variants;
  return values;
}

/** What the admin typed, to put back in a refused form (a FormFailure's values): text only, capped. */
export function postedProductValues(form: FormData): Record<string, string> {
  return productFormRecord(postedProductFormValues(form));
}

/** An edit form's starting values: the product in the shop (not archived), or null for a malformed, unknown or archived id. */
export async function productFormValues(db: Queryable, id: string): Promise<ProductFormValues | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.archivedAt)))
    .limit(1);
  if (!row) return null;
  const variants = await db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, id), isNull(productVariants.archivedAt)));
  variants.sort((a, b) => variantRank(a) - variantRank(b));
  return {
    name: row.name,
    description: row.description ?? "",
    category: row.category,
    rarity: row.rarity ?? "",
    type: row.type ?? "",
    expansion: row.expansion,
    cardNumber: row.cardNumber ?? "",
    artist: row.artist ?? "",
    comment: row.comment ?? "",
    images: row.images,
    variants: variants.map((v) => ({
      id: v.id,
      condition: v.condition,
      language: v.language,
      price: centsToPesosText(v.priceCents),
      salePrice: v.salePriceCents === null ? "" : centsToPesosText(v.salePriceCents),
      stock: String(v.stock),
    })),
  };
}

/** The gallery's images as the form's picker lists them (newest first). */
export async function galleryChoices(db: Queryable): Promise<Array<{ id: string; originalName: string; path: string }>> {
  return (await listImages(db)).map(({ id, originalName, path }) => ({ id, originalName, path }));
}

/**
 * Writes a validated product: a new one (`id` null: its new id) or the product `id`. A product
 * gone meanwhile (archived, deleted, or a malformed id) is refused with 'Error al actualizar
 * producto' (404); nothing is written then.
 */
export async function saveProductForm(db: Database, input: ProductInput, id: string | null): Promise<string> {
  if (id === null) return createProduct(db, input);
  if (!isId(id) || !(await updateProduct(db, id, input))) throw new ShopError(ADMIN_MESSAGES.updateFailed, "not_found");
  return id;
}

/** The delete button: the product erased, or archived (orders name it); one not found (or a malformed id) is refused (404). */
export async function deleteProductForm(db: Database, id: string): Promise<RemoveProductResult> {
  const removed = isId(id) ? await removeProduct(db, id) : "not-found";
  if (removed === "not-found") throw new ShopError(ADMIN_MESSAGES.deleteFailed, "not_found");
  return removed;
}
