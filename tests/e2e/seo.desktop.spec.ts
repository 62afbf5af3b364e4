/**
 * HTTP-level checks (robots, sitemap, health, security headers, CSRF, caching,
 * compression) and the desktop layout. Runs only in the `desktop` project.
 */
import type { APIRequestContext } from "@playwright/test";
import { cartPost, expect, filterPanel, openProductBySearch, test } from "./helpers";

/** Some product id from the list's HTML. */
async function someProductId(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/productos")).text();
  const id = /\/producto\/([0-9a-f]{24})/.exec(html)?.[1];
  if (!id) throw new Error("no product link on /productos");
  return id;
}

test("robots.txt is text with a Sitemap line", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const body = await response.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("sitemap.xml lists product URLs", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const body = await response.text();
  expect(body.startsWith("<?xml")).toBe(true);
  expect(body).toContain("<urlset");
  expect(body).toMatch(/<loc>https?:\/\/[^<]+\/producto\/[0-9a-f]{24}<\/loc>/);
  expect(body).toMatch(/<loc>https?:\/\/[^<]+\/productos<\/loc>/);
});

test("health and readiness checks answer ok", async ({ request }) => {
  for (const path of ["/healthz", "/readyz"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toMatch(/application\/json/);
    expect(await response.json(), path).toMatchObject({ status: "ok" });
  }
});

test("pages carry security headers", async ({ request }) => {
  const response = await request.get("/productos");
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(scriptSrc, csp).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(scriptSrc, "no unsafe-inline scripts").not.toContain("'unsafe-inline'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  const framing = headers["x-frame-options"] === "DENY" || /frame-ancestors 'none'/.test(csp);
  expect(framing, "framing is forbidden").toBe(true);
  expect(headers["referrer-policy"]).toBeTruthy();
  expect(headers["x-powered-by"]).toBeUndefined();

  // The nonce in the header is the one the inline scripts carry, and it changes per response.
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1] ?? "";
  const html = await response.text();
  expect(html).toContain(`nonce="${nonce}"`);
  const again = (await request.get("/productos")).headers()["content-security-policy"] ?? "";
  expect(again).not.toContain(nonce);
});

test("a cross-site POST to /carrito is refused and changes nothing", async ({ page, visit, context }) => {
  await openProductBySearch(page, visit, "191/165", "Jynx ex");
  await cartPost(page, () => page.getByRole("button", { name: "Agregar al carrito" }).click());
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  // Same cookies as the shopper, but coming from another site.
  const response = await context.request.post("/carrito", {
    headers: { Origin: "https://evil.example" },
    form: { intent: "clear" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);

  await visit("/carrito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carrito de compras");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});

test("malformed cart posts get a 4xx, never a 500", async ({ request }) => {
  const id = await someProductId(request);
  const bodies: Array<{ label: string; headers?: Record<string, string>; data?: string; form?: Record<string, string> }> = [
    { label: "unknown intent", form: { intent: "explode" } },
    { label: "bad product id", form: { intent: "add", productId: "../../etc/passwd" } },
    { label: "unknown product", form: { intent: "add", productId: "000000000000000000000000" } },
    { label: "bad quantity", form: { intent: "add", productId: id, quantity: "1e9" } },
    { label: "negative quantity", form: { intent: "add", productId: id, quantity: "-3" } },
    { label: "JSON body", headers: { "Content-Type": "application/json" }, data: '{"intent":"clear"' },
    { label: "broken multipart", headers: { "Content-Type": "multipart/form-data; boundary=zzz" }, data: "--zzz\r\nnot a part" },
  ];
  for (const body of bodies) {
    const response = await request.post("/carrito", {
      headers: body.headers,
      data: body.data,
      form: body.form,
      maxRedirects: 0,
    });
    expect(response.status(), body.label).toBeGreaterThanOrEqual(400);
    expect(response.status(), body.label).toBeLessThan(500);
  }
});

test("demo images are immutable WebP", async ({ request }) => {
  const id = await someProductId(request);
  const response = await request.get(`/media/demo/${id}-front.webp?w=240`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["cache-control"]).toContain("immutable");
  const bytes = await response.body();
  expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
  expect(bytes.subarray(8, 12).toString("ascii")).toBe("WEBP");

  const missing = await request.get("/media/demo/000000000000000000000000-front.webp");
  expect(missing.status()).toBe(404);
});

test("hashed assets are cached for a long time", async ({ request }) => {
  const html = await (await request.get("/productos")).text();
  const assets = [...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of [...new Set(assets)].slice(0, 3)) {
    const response = await request.get(asset);
    expect(response.status(), asset).toBe(200);
    const cacheControl = response.headers()["cache-control"] ?? "";
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)?.[1] ?? 0);
    expect(maxAge, `${asset}: ${cacheControl}`).toBeGreaterThanOrEqual(30 * 24 * 3600);
    expect(cacheControl, asset).toContain("immutable");
  }
});

test("HTML is compressed when the client accepts it", async ({ request }) => {
  for (const encoding of ["gzip", "br"]) {
    const response = await request.get("/productos", { headers: { "Accept-Encoding": encoding } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"], encoding).toBe(encoding);
    expect(response.headers()["vary"] ?? "", encoding).toMatch(/Accept-Encoding/i);
    expect(await response.text(), encoding).toContain("<h1>Cartas Pokémon TCG originales</h1>");
  }
});

test("on a wide screen the filters are always visible", async ({ page, visit }) => {
  await visit("/productos");
  const panel = filterPanel(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("group", { name: "Rareza" })).toBeVisible();
  await expect(panel.getByLabel("Expansión")).toBeVisible();
  await expect(page.getByRole("button", { name: "Filtros", exact: true })).toBeHidden();
  await expect(panel.getByRole("button", { name: "Cerrar filtros" })).toBeHidden();

  // Filters still apply at once.
  await panel.getByRole("radio", { name: "Hyper Rare", exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("rarity") === "Hyper Rare");
  await expect(panel).toBeVisible();
});
