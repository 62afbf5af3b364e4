/**
 * The shop's own pictures (docs/architecture.md#stack): the widths the storefront asks for and the
 * gallery's image paths. Shared by the browser (ProductImage's srcset) and the server (the variants
 * made at upload, the media route's answers). The upload's limits are in `domain/gallery-upload.ts`.
 */

/** The WebP widths made for every gallery image and asked for by ProductImage (`?w=`), smallest first. */
export const IMAGE_WIDTHS = [240, 360, 480, 720] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

/** The gallery's one file name in its image URLs. */
export const GALLERY_IMAGE_FILE = "imagen.webp";

/** The path a product stores for a gallery image; the storefront asks for its widths with `?w=`. */
export function galleryImagePath(id: string): string {
  return `/media/imagenes/${id}/${GALLERY_IMAGE_FILE}`;
}
