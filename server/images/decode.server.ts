/**
 * What the gallery accepts (docs/requirements.md#admin-area, docs/architecture.md#security): a file
 * is an image when sharp DECODES it as one of the raster formats below — its name and the browser's
 * Content-Type are never trusted. Decompression bombs are refused from the header before any pixel
 * is decoded (and sharp's own `limitInputPixels` stops a lying header); an animated or multi-page
 * file gives its first frame only, so a thousand frames cost no more than one. The WebP variants
 * are made here, from one decode of the picture, at the storefront's widths (never wider than the
 * original).
 */
import sharp, { type Metadata, type SharpOptions } from "sharp";
import { IMAGE_WIDTHS } from "#domain/images.ts";
import { GALLERY_MAX_BYTES } from "#domain/gallery-upload.ts";
import { fail, ok, type Result } from "#domain/result.ts";

/** 40 megapixels: a phone photo is 12–50 MP; past this a 5 MB file is a bomb, not a card picture. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** How long an original name may be once cleaned. */
export const ORIGINAL_NAME_MAX = 120;

const DECODE: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1, page: 0 };
const WEBP = { quality: 80, effort: 4 } as const;

/** The raster formats the gallery stores, as sharp names them, with the MIME type kept for the original. */
function mimeOf(meta: Metadata): string | null {
  switch (meta.format) {
    case "jpeg":
      return "image/jpeg";
    case "png":
      return "image/png";
    case "webp":
      return "image/webp";
    case "gif":
      return "image/gif";
    case "heif":
      // sharp's prebuilt libvips reads AVIF (an AV1-compressed HEIF) only.
      return meta.compression === "av1" ? "image/avif" : null;
    default:
      // SVG (a script-capable document, not a picture), TIFF and the rest are refused.
      return null;
  }
}

export interface ImageVariant {
  width: number;
  bytes: Buffer;
}

export interface PreparedImage {
  originalName: string;
  mime: string;
  size: number;
  /** Of the picture as shown (EXIF orientation applied). */
  width: number;
  height: number;
  bytes: Buffer;
  /** WebP, smallest first. */
  variants: ImageVariant[];
}

export type GalleryFileProblem = "missing" | "too-large" | "not-image" | "too-many-pixels";

/** The checked image with its variants, or the problem that refuses the file. */
export type PrepareResult = Result<PreparedImage, GalleryFileProblem>;

/**
 * The widths of the variants for a picture `width` pixels wide: each storefront width below it,
 * and the largest storefront width or the picture's own width when it is narrower (never upscaled).
 * 1000 → 240, 360, 480, 720; 400 → 240, 360, 400; 100 → 100.
 */
export function variantWidths(width: number): number[] {
  const largest: number = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  const below = IMAGE_WIDTHS.filter((w) => w < Math.min(width, largest));
  return [...below, Math.min(width, largest)];
}

/**
 * A file name fit to show: the last path segment (old browsers send "C:\…\foto.png"), Unicode
 * normalised, control and bidirectional-override characters dropped, spaces collapsed, at most
 * ORIGINAL_NAME_MAX characters (the extension kept when it is cut), "imagen" when nothing is left.
 */
export function cleanOriginalName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? "";
  const clean = last
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...clean];
  if (chars.length === 0) return "imagen";
  if (chars.length <= ORIGINAL_NAME_MAX) return clean;
  const ext = /\.[\p{L}\p{N}]{1,10}$/u.exec(clean)?.[0] ?? "";
  return (
    chars
      .slice(0, ORIGINAL_NAME_MAX - [...ext].length)
      .join("")
      .trimEnd() + ext
  );
}

const overPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/** The file's header as sharp reads it (no pixels decoded), or the problem that stops it. */
async function readHeader(bytes: Buffer): Promise<Metadata | GalleryFileProblem> {
  try {
    return await sharp(bytes, DECODE).metadata();
  } catch (error) {
    return overPixelLimit(error) ? "too-many-pixels" : "not-image";
  }
}

/**
 * Checks an uploaded file and makes its variants. `bytes` is the whole file (the route's body is
 * capped at 8 MB, so a file over 5 MB still arrives here and gets its own message).
 */
export async function prepareGalleryImage(bytes: Buffer, name: string): Promise<PrepareResult> {
  if (bytes.length === 0) return fail("not-image");
  if (bytes.length > GALLERY_MAX_BYTES) return fail("too-large");
  const meta = await readHeader(bytes);
  if (typeof meta === "string") return fail(meta);
  const mime = mimeOf(meta);
  if (!mime || !meta.width || !meta.height) return fail("not-image");
  if (meta.width * meta.height > MAX_INPUT_PIXELS) return fail("too-many-pixels");
  const shown = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const widths = variantWidths(shown.width);
  try {
    // One decode: the largest variant's pixels, oriented, in sRGB; the smaller ones are made from them.
    const base = await sharp(bytes, DECODE)
      .rotate()
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
    const variants: ImageVariant[] = [];
    // One at a time: the machine's cores are shared with the shop's other work.
    for (const width of widths) {
      const pipeline = sharp(base.data, raw);
      if (width !== base.info.width) pipeline.resize({ width });
      variants.push({ width, bytes: await pipeline.webp(WEBP).toBuffer() });
    }
    return ok({
      originalName: cleanOriginalName(name),
      mime,
      size: bytes.length,
      width: shown.width,
      height: shown.height,
      bytes,
      variants,
    });
  } catch (error) {
    // A valid header over broken pixel data (a truncated file, a bomb past its header): not an image we can store.
    return fail(overPixelLimit(error) ? "too-many-pixels" : "not-image");
  }
}
