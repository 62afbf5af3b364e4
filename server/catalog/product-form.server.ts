/**
 * The admin's add and edit product screens (SPEC §2 "Add / edit product", §5 "Product form", §8):
 * what a posted form becomes (validated with the one product schema, product-input.ts), the values
 * a refused form shows again, and the values an edit form starts from. The route modules call these
 * and return data or a redirect.
 */
import { and, eq, isNull } from "drizzle-orm";
import { isId } from "#domain/ids.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { EMPTY_PRODUCT_FORM, centsToPesosText, type ProductFormValues } from "#domain/product-form.ts";
import type { Database, Queryable } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";
import { logError } from "#server/http/error-log.ts";
import { listImages } from "#server/images/gallery.server.ts";
import { rawText, trimmedText } from "#server/accounts/forms.ts";
import { createProduct, removeProduct, updateProduct, type RemoveProductResult } from "./product-admin.server";
import { PRODUCT_LIMITS } from "#domain/forms.ts";
import { PRODUCT_FIELDS, parseProductInput, type ProductField, type ProductFieldErrors } from "./product-input";

/** The form field of the gallery picker without JavaScript: the chosen image's path joins the images. */
export const GALLERY_IMAGE_FIELD = "galleryImage";

/** How much of a posted value is shown back: a little more than the field takes, so a too-long value still reads as such. */
const SHOWN_BACK_MARGIN = 100;
const SHOWN_BACK_DEFAULT = 200;
/** Image rows shown back at most (a hostile post may carry hundreds). */
const SHOWN_BACK_IMAGES = 10;

const limitOf = (field: ProductField): number => (PRODUCT_LIMITS as Record<string, number>)[field] ?? SHOWN_BACK_DEFAULT;

/** The posted images: every non-blank `images` entry, then the gallery pick (if any). */
function postedImages(form: FormData): string[] {
  const typed = form.getAll("images").map(rawText);
  const picked = trimmedText(form.get(GALLERY_IMAGE_FIELD));
  return [...typed, picked].filter((url) => url.trim() !== "");
}

/** What the admin typed, to put back in a refused form: text only, capped. */
export function postedProductValues(form: FormData): ProductFormValues {
  const values = { ...EMPTY_PRODUCT_FORM };
  for (const field of PRODUCT_FIELDS) {
    if (field === "images") continue;
    values[field] = rawText(form.get(field)).slice(0, limitOf(field) + SHOWN_BACK_MARGIN);
  }
  values.images = postedImages(form)
    .slice(0, SHOWN_BACK_IMAGES)
    .map((url) => url.slice(0, PRODUCT_LIMITS.imageUrl + SHOWN_BACK_MARGIN));
  return values;
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
  return {
    name: row.name,
    description: row.description ?? "",
    price: centsToPesosText(row.priceCents),
    salePrice: row.salePriceCents === null ? "" : centsToPesosText(row.salePriceCents),
    stock: String(row.stock),
    category: row.category,
    rarity: row.rarity,
    type: row.type,
    expansion: row.expansion,
    cardNumber: row.cardNumber ?? "",
    artist: row.artist ?? "",
    comment: row.comment ?? "",
    images: row.images,
  };
}

/** The gallery's images as the form's picker lists them (newest first). */
export async function galleryChoices(db: Queryable): Promise<Array<{ id: string; originalName: string; path: string }>> {
  return (await listImages(db)).map(({ id, originalName, path }) => ({ id, originalName, path }));
}

export type ProductFormResult =
  | { ok: true; id: string }
  | { ok: false; status: 400 | 404 | 500; errors: ProductFieldErrors; banner: string | null; values: ProductFormValues };

/**
 * Validates a posted product form and writes it: a new product (`id` null) or the product `id`.
 * Refused input → 400 with a message per field; a product gone meanwhile → 404; a failed write →
 * 500 with 'Error al agregar producto' / 'Error al actualizar producto' (logged). Nothing is
 * written unless the whole form is valid.
 */
export async function saveProductForm(db: Database, form: FormData, id: string | null, requestId?: string): Promise<ProductFormResult> {
  const raw: Partial<Record<ProductField, unknown>> = {};
  for (const field of PRODUCT_FIELDS) raw[field] = field === "images" ? postedImages(form) : form.get(field);
  const parsed = parseProductInput(raw, id === null ? "new" : "edit");
  const failed = (status: 400 | 404 | 500, errors: ProductFieldErrors, banner: string | null): ProductFormResult => ({
    ok: false,
    status,
    errors,
    banner,
    values: postedProductValues(form),
  });
  if (!parsed.ok) return failed(400, parsed.errors, null);
  const failure = id === null ? ADMIN_MESSAGES.addFailed : ADMIN_MESSAGES.updateFailed;
  try {
    if (id === null) return { ok: true, id: await createProduct(db, parsed.product) };
    if (!isId(id) || !(await updateProduct(db, id, parsed.product))) return failed(404, {}, failure);
    return { ok: true, id };
  } catch (error) {
    logError(id === null ? "product create failed" : "product update failed", error, { requestId });
    return failed(500, {}, failure);
  }
}

/** The delete button: erased, archived (orders name it), not found (or a malformed id), or failed (logged). */
export async function deleteProductForm(db: Database, id: string, requestId?: string): Promise<RemoveProductResult | "failed"> {
  if (!isId(id)) return "not-found";
  try {
    return await removeProduct(db, id);
  } catch (error) {
    logError("product delete failed", error, { requestId });
    return "failed";
  }
}
