import type { Route } from "./+types/sitemap[.]xml";
import { sitemapEntries } from "#server/catalog/sitemap.server.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request, context);
  const entries = await sitemapEntries(context.db);
  const staticPaths = ["/productos", "/terminos", "/privacidad", "/garantia", "/envios"];
  const urls = [
    ...staticPaths.map((path) => `<url><loc>${origin}${path}</loc></url>`),
    ...entries.map((e) => `<url><loc>${origin}/producto/${e.id}</loc><lastmod>${e.updatedAt.toISOString()}</lastmod></url>`),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
