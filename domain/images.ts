/**
 * The shop's own pictures (docs/architecture.md#stack): the widths the storefront asks for and the
 * gallery's upload limits. Shared by the browser (ProductImage's srcset, the gallery's checks
 * before upload) and the server (the variants made at upload, the media route's answers).
 */

/** The WebP widths made for every gallery image and asked for by ProductImage (`?w=`), smallest first. */
export const IMAGE_WIDTHS = [240, 360, 480, 720] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

/** The largest upload (docs/requirements.md#limits). */
export const GALLERY_MAX_BYTES = 5 * 1024 * 1024;

/** The gallery's one file name in its image URLs. */
export const GALLERY_IMAGE_FILE = "imagen.webp";

/** The path a product stores for a gallery image; the storefront asks for its widths with `?w=`. */
export function galleryImagePath(id: string): string {
  return `/media/imagenes/${id}/${GALLERY_IMAGE_FILE}`;
}

/** The picture types the gallery takes (what the file picker offers; the server decodes to be sure). */
export const GALLERY_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/** The gallery upload form's file field (the form draws it, the server's schema reads it). */
export const GALLERY_FILE_FIELD = "imagen";
