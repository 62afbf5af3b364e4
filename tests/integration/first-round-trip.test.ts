/**
 * The first round trip (docs/decisions/025-first-round-trip.md): the product list's and a product
 * page's HTML, with the CSS their first paint needs written in, fit in 14 KB compressed as the shop
 * serves them (Brotli and gzip), what TCP's first window carries; the first paint waits for no
 * stylesheet request. Runs the built shop (the test command builds first) on the demo catalogue.
 */
import { DEFERRED_MODULE_TYPE } from "#app/lib/scripts-after-paint.server.ts";
import { NOT_ON_THE_LIST } from "#app/styles/first-paint.ts";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type RunningShop } from "#tests/fixtures/shop-process.ts";
import { FIRST_ROUND_TRIP_BYTES as FIRST_ROUND_TRIP, seedShop } from "#scripts/lib/shop-server.ts";

const CLIENT = path.resolve("build/client/assets");

let shop: RunningShop;
let dataDir: string;
let productPath: string;

/** The body's bytes as sent (not decoded) for this Accept-Encoding. */
function sentBytes(url: string, encoding: string): Promise<{ bytes: number; contentEncoding?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding, accept: "text/html" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ bytes, contentEncoding: res.headers["content-encoding"] }));
      })
      .on("error", reject);
  });
}

const builtSheet = (name: string) => {
  const file = fs.readdirSync(CLIENT).find((f) => new RegExp(`^${name}-[\\w-]+\\.css$`).test(f));
  return { href: `/assets/${file}`, css: fs.readFileSync(path.join(CLIENT, file!), "utf8") };
};

/** The `<head>` without what a browser running scripts ignores (`<noscript>`). */
const headOf = (html: string) => html.slice(0, html.indexOf("</head>")).replace(/<noscript>.*?<\/noscript>/gs, "");

beforeAll(async () => {
  // The demo catalogue, seeded before the shop starts (seeding at start would outlast its readiness wait).
  dataDir = seedShop({ prefix: "first-round-trip-", quiet: true }).dataDir;
  shop = await startShop({ DATA_DIR: dataDir, DATABASE_URL: "" });
  const list = await (await fetch(`${shop.base}/productos`)).text();
  productPath = /href="(\/producto\/[0-9a-f]{24})"/.exec(list)![1]!;
}, 300_000);

afterAll(async () => {
  await shop?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the first round trip", () => {
  it.each(["/productos", "product page"])("%s fits in 14 KB compressed, Brotli and gzip", async (page) => {
    const url = `${shop.base}${page === "/productos" ? page : productPath}`;
    for (const encoding of ["br", "gzip"]) {
      const sent = await sentBytes(url, encoding);
      expect(sent.contentEncoding).toBe(encoding);
      expect(sent.bytes, `${page} ${encoding}`).toBeLessThanOrEqual(FIRST_ROUND_TRIP);
    }
  });

  it("the first paint needs no stylesheet request: the sheets are written into the page", async () => {
    const app = builtSheet("app");
    const product = builtSheet("product");
    const productHtml = await (await fetch(`${shop.base}${productPath}`)).text();
    expect(headOf(productHtml)).not.toMatch(/<link[^>]+rel="stylesheet"/);
    // The built files' very text, the shell's first: the cascade of the separate sheets (React
    // writes the sheets of one precedence as one <style>, naming each in data-href).
    const inlined = [...headOf(productHtml).matchAll(/<style data-precedence="app" data-href="([^"]+)">(.*?)<\/style>/gs)];
    expect(inlined.map((m) => m[1])).toEqual([`${app.href} ${product.href}`]);
    // (The files end in a newline, which Vite does not add to the `?inline` text.)
    expect(inlined[0]![2]).toBe(app.css.trimEnd() + product.css.trimEnd());

    const listHtml = await (await fetch(`${shop.base}/productos`)).text();
    expect(headOf(listHtml)).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(listHtml).toContain(`<style data-precedence="app" data-href="${app.href}#first-paint">`);
    // Without JavaScript the part written in is all the page gets: no class its HTML uses may be cut.
    expect(listHtml).not.toContain("<noscript>");
    const used = new Set([...listHtml.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean)));
    expect(used.size).toBeGreaterThan(20);
    expect(NOT_ON_THE_LIST.filter((name) => used.has(name))).toEqual([]);
  });

  it.each(["/productos", "product page"])("%s starts its scripts only after its first paint (decision 026)", async (page) => {
    const html = await (await fetch(`${shop.base}${page === "/productos" ? page : productPath}`)).text();
    // Nothing in the document fetches a script while the browser reads it and loads its picture...
    expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]+type="module"/);
    // ...the route modules' script is held as data, and the loader knows every module it needs.
    const held = [...html.matchAll(new RegExp(`<script nonce="[^"]+" type="${DEFERRED_MODULE_TYPE}">(.*?)</script>`, "gs"))];
    expect(held).toHaveLength(1);
    const imported = [...held[0]![1]!.matchAll(/(?:from|import\()\s*"([^"]+)"/g)].map((m) => m[1]!);
    const loaderModules = JSON.parse(/h=(\[[^\]]*\])/.exec(html)![1]!) as string[];
    expect(imported.length).toBeGreaterThanOrEqual(3);
    expect(loaderModules).toEqual(expect.arrayContaining(imported));
    // The next page's files, asked for once the page has loaded: the product page's from the list, the cart's from a product page.
    const ahead = JSON.parse(/,p=(\[[^\]]*\])/.exec(html)![1]!) as string[];
    const next = page === "/productos" ? ["producto", "product"] : ["carrito", "cart"];
    expect(ahead).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^/assets/${next[0]}-[\\w-]+\\.js$`)),
        expect.stringMatching(new RegExp(`^/assets/${next[1]}-[\\w-]+\\.css$`)),
      ]),
    );
    for (const href of [...loaderModules, ...ahead]) {
      const res = await fetch(`${shop.base}${href}`);
      expect(res.status, href).toBe(200);
      expect(res.headers.get("content-type"), href).toMatch(href.endsWith(".css") ? /^text\/css/ : /javascript/);
    }
  });

  it("the browser's scripts do not carry the sheets' text", () => {
    const { css } = builtSheet("app");
    const rule = css.slice(css.indexOf(".skip-link"), css.indexOf("}", css.indexOf(".skip-link")));
    expect(rule.length).toBeGreaterThan(20);
    const leaks = fs.readdirSync(CLIENT).filter((f) => f.endsWith(".js") && fs.readFileSync(path.join(CLIENT, f), "utf8").includes(rule));
    expect(leaks).toEqual([]);
  });
});
