/**
 * The gallery's uploads (docs/requirements.md#admin-area): the limits the upload form checks before
 * sending and the server enforces, and file sizes as the gallery shows them. Admin screens only, so
 * the storefront's pages do not carry it.
 */
import { onFirstUse } from "#domain/format.ts";

/** The largest upload (docs/requirements.md#limits). */
export const GALLERY_MAX_BYTES = 5 * 1024 * 1024;

/** The picture types the gallery takes (what the file picker offers; the server decodes to be sure). */
export const GALLERY_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/** The gallery upload form's file field (the form draws it, the server's schema reads it). */
export const GALLERY_FILE_FIELD = "imagen";

const fileSizeNumber = onFirstUse(() => new Intl.NumberFormat("es-MX", { maximumFractionDigits: 1 }));
const FILE_SIZE_UNITS = ["B", "KB", "MB", "GB"] as const;

/** A file size as the gallery shows it (docs/requirements.md#admin-area): "512 B", "1.5 KB", "4.8 MB" (1 KB = 1024 B). */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // Move up a unit while the shown number would be 1024 or more ("1,024 KB" is "1 MB").
  while (unit < FILE_SIZE_UNITS.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit++;
  }
  return `${fileSizeNumber().format(unit === 0 ? Math.round(value) : value)} ${FILE_SIZE_UNITS[unit]}`;
}
