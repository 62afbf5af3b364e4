import type { Route } from "./+types/media.demo.$file";
import { parseDemoImage, renderDemoImage } from "#server/images/demo-image.server.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const req = parseDemoImage(params.file, new URL(request.url).searchParams.get("w"));
  const image = req ? await renderDemoImage(context.db, req) : null;
  if (!image) return new Response("Imagen no encontrada", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(image.length),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
