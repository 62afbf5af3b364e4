import type { Route } from "./+types/robots[.]txt";
import { siteOrigin } from "#app/lib/root-data.server.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request, context);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /carrito",
    "Disallow: /checkout",
    "Disallow: /perfil",
    "Disallow: /mis-pedidos",
    "Disallow: /admin",
    "Disallow: /payment/",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
