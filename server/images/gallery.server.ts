/**
 * The admin's image gallery (SPEC §2 "Gallery admin", DESIGN §2): images stored in the database
 * with WebP variants, served at /media/imagenes/{id}/{file}.
 */
import { desc } from "drizzle-orm";
import type { Queryable } from "#server/db/client.ts";
import { images } from "#server/db/schema.ts";

/** One gallery image as the admin screens show it. `path` is what a product stores in its images. */
export interface GalleryImage {
  id: string;
  originalName: string;
  size: number;
  uploadedAt: string;
  path: string;
}

/** The path a product stores for a gallery image; the storefront asks for its widths with `?w=`. */
export function galleryImagePath(id: string): string {
  return `/media/imagenes/${id}/imagen.webp`;
}

/** Every gallery image, newest first. */
export async function listImages(db: Queryable): Promise<GalleryImage[]> {
  const rows = await db
    .select({ id: images.id, originalName: images.originalName, size: images.size, uploadedAt: images.uploadedAt })
    .from(images)
    .orderBy(desc(images.uploadedAt), desc(images.id));
  return rows.map((row) => ({ ...row, uploadedAt: row.uploadedAt.toISOString(), path: galleryImagePath(row.id) }));
}
