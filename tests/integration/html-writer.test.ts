import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

/**
 * The shop's pages are written by React's Node renderer with the shop's patch
 * (patches/react-dom+19.3.1.patch, decision 027): a pass's chunks are joined as
 * one string instead of being encoded one by one into a byte buffer. These tests
 * load the production build the server runs (Vitest would load the development
 * one) and hold it to the page React's string renderer writes, byte for byte.
 */
const require = createRequire(import.meta.url);
const reactDomDir = path.dirname(require.resolve("react-dom/package.json"));
const fizz = require(path.join(reactDomDir, "cjs/react-dom-server.node.production.js")) as typeof import("react-dom/server");
const legacy = require(path.join(reactDomDir, "cjs/react-dom-server-legacy.node.production.js")) as typeof import("react-dom/server");

/** Everything the renderer writes, as it writes it. */
function pipeToChunks(node: ReactNode): Promise<Array<string | Uint8Array>> {
  return new Promise((resolve, reject) => {
    const chunks: Array<string | Uint8Array> = [];
    const sink = new Writable({
      decodeStrings: false,
      write(chunk: string | Uint8Array, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on("finish", () => resolve(chunks));
    const { pipe } = fizz.renderToPipeableStream(node, {
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

/** A card list like the catalogue's: accents, ñ, currency, escaped text and attributes. */
function cards(count: number): ReactNode {
  return createElement(
    "ul",
    { className: "grid" },
    Array.from({ length: count }, (_, i) =>
      createElement(
        "li",
        { key: i, "data-index": i },
        createElement("img", { src: `/media/${i}.webp?w=240`, alt: "", width: 500, height: 700 }),
        createElement("h2", null, `Pokémon Año ${i} — “Señor” <${i}> & 'más'`),
        createElement("p", { className: "price", title: `Precio "${i}"` }, "$", (i * 1.5).toFixed(2), " MXN"),
        createElement(
          "form",
          { action: "/carrito", method: "post" },
          createElement("input", { type: "hidden", name: "productId", value: `id-${i}` }),
          createElement("button", { type: "submit", "aria-label": `Agregar: carta ${i}` }, "Agregar"),
        ),
      ),
    ),
  );
}

describe("the renderer that writes the shop's pages", () => {
  it("writes a page of more than 8 KB as the same bytes as React's string renderer", async () => {
    const tree = cards(200);
    const chunks = await pipeToChunks(tree);
    const written = chunks.map((chunk) => (typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"))).join("");
    expect(written.length).toBeGreaterThan(8192 * 3);
    expect(written).toBe(legacy.renderToString(tree));
    expect(written).toContain("Pokémon Año 199 — “Señor” &lt;199&gt; &amp; &#x27;más&#x27;");
  });

  it("hands its output on as a few strings, not a buffer per 4 KB (the shop's patch is installed)", async () => {
    const chunks = await pipeToChunks(cards(200));
    expect(chunks.every((chunk) => typeof chunk === "string")).toBe(true);
    // Written every 8 KB or so: every write but the last holds more than 8,192 characters.
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThan(8192);
  });

  it("writes a small page in one piece", async () => {
    const chunks = await pipeToChunks(createElement("p", null, "Caché vacía: ñandú"));
    expect(chunks).toEqual(["<p>Caché vacía: ñandú</p>"]);
  });
});
