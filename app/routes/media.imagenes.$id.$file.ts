import type { Route } from "./+types/media.imagenes.$id.$file";
import { galleryVariantWidth, parseVariantRequest, readGalleryVariant, variantEtag } from "#server/images/gallery.server.ts";

/**
 * A gallery image at one of the storefront's widths (`?w=240|360|480|720`, none: the largest),
 * from the database: WebP, cached for a year as immutable (an image never changes; a new upload
 * is a new URL). A malformed or unknown id, another file name, an unknown width, or a deleted
 * image: 404.
 */
const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound() {
  return new Response("Imagen no encontrada", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const req = parseVariantRequest(params.id, params.file, new URL(request.url).searchParams);
  if (!req) return notFound();
  const conditional = request.headers.get("if-none-match");
  if (conditional) {
    // A revalidation: the variant's width names its bytes, so they are not read.
    const width = await galleryVariantWidth(context.db, req);
    if (width === null) return notFound();
    const etag = variantEtag(req.id, width);
    if (conditional.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
      return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": IMMUTABLE } });
    }
  }
  const variant = await readGalleryVariant(context.db, req);
  if (!variant) return notFound();
  return new Response(new Uint8Array(variant.bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(variant.bytes.length),
      "Cache-Control": IMMUTABLE,
      ETag: variantEtag(req.id, variant.width),
    },
  });
}
