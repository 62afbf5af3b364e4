/**
 * The admin's image gallery (docs/requirements.md#admin-area, docs/architecture.md#stack): images
 * stored in the database with WebP variants, served at /media/imagenes/{id}/{file}. An image never
 * changes once stored (a new upload is a new id), which is what lets its URL be cached as
 * immutable.
 */
import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Queryable } from "#server/db/client.ts";
import { images, imageVariants } from "#server/db/schema.ts";
import { newId } from "#server/db/ids.ts";
import { isId } from "#domain/ids.ts";
import { GALLERY_IMAGE_FILE, galleryImagePath, isImageWidth, type ImageWidth } from "#domain/images.ts";
import { GALLERY_FILE_FIELD } from "#domain/gallery-upload.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { ShopError } from "#server/errors.ts";
import { prepareGalleryImage, type GalleryFileProblem, type PreparedImage } from "./decode.server";

export { galleryImagePath };

/** One gallery image as the admin screens show it. `path` is what a product stores in its images. */
export interface GalleryImage {
  id: string;
  originalName: string;
  size: number;
  uploadedAt: string;
  path: string;
}

/** Every gallery image, newest first. */
export async function listImages(db: Queryable): Promise<GalleryImage[]> {
  const rows = await db
    .select({ id: images.id, originalName: images.originalName, size: images.size, uploadedAt: images.uploadedAt })
    .from(images)
    .orderBy(desc(images.uploadedAt), desc(images.id));
  return rows.map((row) => ({ ...row, uploadedAt: row.uploadedAt.toISOString(), path: galleryImagePath(row.id) }));
}

/** Stores a checked image and its variants in one transaction; its new id. */
export async function saveGalleryImage(db: Database, image: PreparedImage, uploadedBy: string | null): Promise<string> {
  const id = newId();
  await db.transaction((tx) => insertGalleryImage(tx, id, image, { uploadedBy }));
  return id;
}

/**
 * Writes a checked image and its variants under `id` in the caller's transaction (the upload's new
 * id, or the id an imported image already had, with its upload time).
 */
export async function insertGalleryImage(
  tx: Queryable,
  id: string,
  image: PreparedImage,
  options: { uploadedBy?: string | null; uploadedAt?: Date } = {},
): Promise<void> {
  await tx.insert(images).values({
    id,
    originalName: image.originalName,
    mime: image.mime,
    size: image.size,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    uploadedBy: options.uploadedBy ?? null,
    ...(options.uploadedAt ? { uploadedAt: options.uploadedAt } : {}),
  });
  await tx.insert(imageVariants).values(image.variants.map((v) => ({ imageId: id, width: v.width, mime: "image/webp", bytes: v.bytes })));
}

/** Why a file was refused, in the gallery's Spanish words (the upload form, the MongoDB import's report). */
export const PROBLEM_MESSAGES: Record<GalleryFileProblem, string> = {
  missing: ADMIN_MESSAGES.imageMissing,
  "too-large": ADMIN_MESSAGES.imageTooLarge,
  "not-image": ADMIN_MESSAGES.imageOnly,
  "too-many-pixels": ADMIN_MESSAGES.imageTooManyPixels,
};

export { GALLERY_FILE_FIELD };

/** The upload form: a chosen file (with none chosen, browsers send an empty, nameless part, or none at all). */
export const galleryUploadSchema = z.object({
  [GALLERY_FILE_FIELD]: z.custom<File>((v) => v instanceof File && !(v.size === 0 && v.name === ""), PROBLEM_MESSAGES.missing),
});

/**
 * A chosen file, checked and stored: the new id. One over 5 MB, one that is not an image, or one
 * with too many pixels is refused with a Spanish message (on the file field).
 */
export async function uploadGalleryImage(db: Database, file: File, uploadedBy: string | null): Promise<string> {
  const prepared = await prepareGalleryImage(Buffer.from(await file.arrayBuffer()), file.name);
  if (!prepared.ok) throw new ShopError(PROBLEM_MESSAGES[prepared.failure], "invalid", GALLERY_FILE_FIELD);
  return saveGalleryImage(db, prepared.value, uploadedBy);
}

/** Deletes an image and (by cascade) its variants; an unknown (or malformed) id is refused (404). */
export async function deleteGalleryImage(db: Queryable, id: string): Promise<void> {
  const rows = isId(id) ? await db.delete(images).where(eq(images.id, id)).returning({ id: images.id }) : [];
  if (rows.length === 0) throw new ShopError(ADMIN_MESSAGES.imageDeleteFailed, "not_found");
}

/** What a media URL asks for: an image id and a storefront width (null: the largest variant). */
export interface VariantRequest {
  id: string;
  width: ImageWidth | null;
}

/**
 * Reads `/media/imagenes/{id}/imagen.webp?w=…`; null (a 404) for a malformed id, another file name,
 * or a `w` that is not exactly one of the storefront's widths (so the set of cached URLs stays small).
 */
export function parseVariantRequest(id: string | undefined, file: string | undefined, search: URLSearchParams): VariantRequest | null {
  if (!isId(id) || file !== GALLERY_IMAGE_FILE) return null;
  const asked = search.getAll("w");
  if (asked.length === 0) return { id, width: null };
  if (asked.length > 1 || !/^[1-9]\d{0,3}$/.test(asked[0]!)) return null;
  const width = Number(asked[0]);
  return isImageWidth(width) ? { id, width } : null;
}

/**
 * The variant that serves a request: the narrowest one at least as wide as asked (a narrow original
 * has only its own width: then the widest there is); the widest when no width is asked.
 */
function variantOrder(width: ImageWidth | null) {
  if (width === null) return [desc(imageVariants.width)];
  const wideEnough = sql`${imageVariants.width} >= ${width}`;
  return [
    sql`case when ${wideEnough} then 0 else 1 end`,
    sql`case when ${wideEnough} then ${imageVariants.width} else -${imageVariants.width} end`,
  ];
}

/** The variant's width alone (for a conditional request), or null when the image does not exist. */
export async function galleryVariantWidth(db: Queryable, req: VariantRequest): Promise<number | null> {
  const [row] = await db
    .select({ width: imageVariants.width })
    .from(imageVariants)
    .where(eq(imageVariants.imageId, req.id))
    .orderBy(...variantOrder(req.width))
    .limit(1);
  return row?.width ?? null;
}

/** The one variant's WebP bytes (a single row is read), or null when the image does not exist. */
export async function readGalleryVariant(db: Queryable, req: VariantRequest): Promise<{ width: number; bytes: Buffer } | null> {
  const [row] = await db
    .select({ width: imageVariants.width, bytes: imageVariants.bytes })
    .from(imageVariants)
    .where(eq(imageVariants.imageId, req.id))
    .orderBy(...variantOrder(req.width))
    .limit(1);
  return row ?? null;
}

/** A strong validator: a stored variant never changes, so its image id and width name its bytes. */
export function variantEtag(id: string, width: number): string {
  return `"${id}-${width}"`;
}
