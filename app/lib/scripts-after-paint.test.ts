import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE, scriptsAfterPaint as rewrite } from "./scripts-after-paint.server.ts";

const scriptsAfterPaint = (html: string) => rewrite(Buffer.from(html)).toString("utf8");

/** The shape React Router's `<Scripts>` gives a document once React has hoisted its preload links. */
const page = (body = "<main>Hola</main>") =>
  '<!DOCTYPE html><html lang="es-MX"><head><style>a{}</style>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N1"/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="N1"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N1"/>' +
  '<link rel="prefetch" href="/assets/producto-C.js"/>' +
  `</head><body>${body}<script nonce="N1">window.__reactRouterContext = {};</script>` +
  '<script nonce="N1" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>' +
  "</body></html>";

describe("scriptsAfterPaint", () => {
  it("takes the preload links out and holds the route modules' script until the loader runs it", () => {
    const html = scriptsAfterPaint(page());
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    // The next page's files too: the loader asks for them once the page has loaded.
    expect(html).not.toContain('<link rel="prefetch"');
    expect(html).toContain(
      `<script nonce="N1" type="${DEFERRED_MODULE_TYPE}">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>`,
    );
    // The loader carries the page's nonce (the CSP allows no other inline script) and each module once.
    const loader = /<script nonce="N1">(\(function\(\)\{.*?)<\/script><\/body><\/html>$/.exec(html);
    expect(loader).not.toBeNull();
    expect(loader![1]).toContain('h=["/assets/entry.client-A.js","/assets/root-B.js"],p=["/assets/producto-C.js"]');
  });

  it("leaves a document it does not recognise as it is", () => {
    const noModule = page().replace(' type="module" async=""', "");
    expect(scriptsAfterPaint(noModule)).toBe(noModule);
    const noPreloads = page().replace(/<link rel="modulepreload"[^>]*\/>/g, "");
    expect(scriptsAfterPaint(noPreloads)).toBe(noPreloads);
  });

  it("keeps the page's text byte for byte, and is not fooled by a text that looks like markup (React escapes it)", () => {
    const text = "<p>Pokémon ñ — 「ピカチュウ」 &lt;/body&gt; &lt;link rel=&quot;modulepreload&quot;&gt;</p>";
    const html = scriptsAfterPaint(page(text));
    expect(html).toContain(`<body>${text}<script nonce="N1">window.__reactRouterContext = {};</script>`);
    expect(html.endsWith("</script></body></html>")).toBe(true);
  });
});
