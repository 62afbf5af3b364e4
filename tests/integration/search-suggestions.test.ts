/**
 * Search as you type (docs/requirements.md#catalogue): GET /buscar/sugerencias?q= answers JSON with
 * up to six products in the shop, matched as the list's search matches, on PGlite and PostgreSQL.
 */
import { gzipSync } from "node:zlib";
import { beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as route from "#app/routes/buscar.sugerencias.ts";
import { MAX_SUGGESTIONS, SUGGESTIONS_PATH, type SuggestionsAnswer } from "#domain/search-suggestions.ts";
import { listProducts } from "#server/catalog/products.server.ts";
import { catalogChanged } from "#server/catalog/catalog-cache.ts";
import { products, productVariants } from "#server/db/schema.ts";
import { DEFAULT_QUERY } from "#domain/product-query.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import { newId } from "#server/db/ids.ts";
import { productSearchText } from "#server/catalog/search-text.ts";
import { get, runLoader } from "#tests/fixtures/route-context.ts";
import { insertProduct, insertVariant } from "#tests/fixtures/products.ts";

describeEachDatabase("search suggestions", (t) => {
  let charizard = "";
  let pikachu = "";
  const eevees: string[] = [];

  beforeAll(async () => {
    charizard = await insertProduct(t.db, {
      name: "Charizard Ígneo ex",
      expansion: "Obsidian Flames",
      cardNumber: "199/165",
      priceCents: 250_000,
      salePriceCents: 199_900,
      dateAdded: new Date("2026-01-01T00:00:00Z"),
    });
    pikachu = await insertProduct(t.db, {
      name: "Pikachu Álbum",
      expansion: "151",
      cardNumber: "025/165",
      images: ["https://imagenes.example.com/pikachu.jpg"],
      dateAdded: new Date("2026-01-02T00:00:00Z"),
    });
    await insertProduct(t.db, { name: "Charizard Archivado", cardNumber: "321/102", archivedAt: new Date() });
    // Eight Eevees, one a day: the newest six are the suggestions, newest first.
    for (let day = 1; day <= 8; day++) {
      eevees.push(
        await insertProduct(t.db, {
          name: `Eevee Brillante ${day}`,
          expansion: "Prismatic Evolutions",
          cardNumber: `${String(day).padStart(3, "0")}/131`,
          dateAdded: new Date(`2026-02-${String(day).padStart(2, "0")}T00:00:00Z`),
        }),
      );
    }
  });

  async function ask(query: string) {
    const response = await runLoader(route, get(`${SUGGESTIONS_PATH}?${query}`), { db: t.db });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as SuggestionsAnswer };
  }
  const names = async (q: string) => (await ask(new URLSearchParams({ q }).toString())).body.suggestions.map((s) => s.name);

  it("answers the product's name, expansion, card number, rarity, list prices, small picture and link", async () => {
    const { status, headers, body } = await ask("q=charizard");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    expect(headers.get("cache-control")).toBe("public, max-age=60");
    expect(body.suggestions).toEqual([
      {
        id: charizard,
        name: "Charizard Ígneo ex",
        expansion: "Obsidian Flames",
        cardNumber: "199/165",
        rarity: "Rare",
        priceCents: 199_900,
        regularPriceCents: 250_000,
        priceVaries: false,
        soldOut: false,
        image: "/media/demo/000000000000000000000000-front.webp?w=240",
        href: `/producto/${charizard}`,
      },
    ]);
    // A picture from elsewhere is named as it is.
    const [pika] = (await ask("q=pikachu")).body.suggestions;
    expect(pika).toMatchObject({ id: pikachu, image: "https://imagenes.example.com/pikachu.jpg" });
  });

  it("matches as the list's search: accents and case ignored, a typo, a card number, several words", async () => {
    for (const q of ["igneo", "ÍGNEO", "Charizrd", "199", "obsidian charizard", "  ígneo   ex  "]) {
      expect(await names(q), q).toEqual(["Charizard Ígneo ex"]);
      const list = await listProducts(t.db, { ...DEFAULT_QUERY, search: q.trim() });
      expect(
        list.products.map((p) => p.name),
        q,
      ).toEqual(["Charizard Ígneo ex"]);
    }
    expect(await names("album")).toEqual(["Pikachu Álbum"]);
  });

  it("asks for at least 2 characters after trimming", async () => {
    expect(await names("")).toEqual([]);
    expect(await names("c")).toEqual([]);
    expect(await names("   e   ")).toEqual([]);
    expect((await ask("")).body.suggestions).toEqual([]);
    expect(await names("ch")).toEqual(["Pikachu Álbum", "Charizard Ígneo ex"]);
  });

  it("at most six, newest first, as the list's first page shows them", async () => {
    const answer = await names("eevee");
    expect(answer).toHaveLength(MAX_SUGGESTIONS);
    expect(answer).toEqual([8, 7, 6, 5, 4, 3].map((day) => `Eevee Brillante ${day}`));
    // Two letters take the other road (no index can find them): the same answer.
    expect(await names("ee")).toEqual(answer);
  });

  it("puts a sold-out product after those in stock, as the list does, and says 'desde' as its card does", async () => {
    const [newest] = eevees.slice(-1);
    await t.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, newest!));
    catalogChanged(t.db);
    try {
      // In stock first (newest first), then the sold-out one, on both roads.
      expect(await names("eevee")).toEqual([7, 6, 5, 4, 3, 2].map((day) => `Eevee Brillante ${day}`));
      const list = await listProducts(t.db, { ...DEFAULT_QUERY, search: "eevee" });
      expect(list.products.at(-1)?.name).toBe("Eevee Brillante 8");
      const few = await ask(new URLSearchParams({ q: "eevee brillante 8" }).toString());
      expect(few.body.suggestions).toMatchObject([{ name: "Eevee Brillante 8", soldOut: true }]);
    } finally {
      await t.db.update(productVariants).set({ stock: 5 }).where(eq(productVariants.productId, newest!));
      catalogChanged(t.db);
    }
    await insertVariant(t.db, pikachu, { condition: "LP", language: "ja", priceCents: 500, stock: 2 });
    const [pika] = (await ask("q=pikachu")).body.suggestions;
    expect(pika).toMatchObject({ priceVaries: true, priceCents: 500, soldOut: false });
  });

  it("never suggests an archived product, and a product archived later leaves the answer at once", async () => {
    expect(await names("archivado")).toEqual([]);
    expect(await names("321")).toEqual([]);
    expect(await names("eevee")).toContain("Eevee Brillante 8");
    await t.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, eevees[7]!));
    catalogChanged(t.db);
    expect(await names("eevee")).toEqual([7, 6, 5, 4, 3, 2].map((day) => `Eevee Brillante ${day}`));
  });

  it("hostile and malformed queries: an empty list or a 400 with a Spanish message, never a 5xx", async () => {
    const hostile = [
      "%%",
      "__",
      "\\\\",
      "%_%",
      "' or 1=1 --",
      "'); drop table products; --",
      "(.*)+$",
      "[[[",
      "\u0000\u0000ch",
      "ch\u0000ar",
      "<script>alert(1)</script>",
      "🔥🔥",
      "\uD800\uD800",
      "0000",
      "//",
      "a".repeat(100),
    ];
    for (const q of hostile) {
      const { status, body } = await ask(new URLSearchParams({ q }).toString());
      expect(status, JSON.stringify(q)).toBe(200);
      expect(Array.isArray(body.suggestions), JSON.stringify(q)).toBe(true);
      expect(body.suggestions.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    }
    // Wildcards are text, not patterns: they match nothing rather than everything.
    for (const q of ["%%", "__", "%_%", "(.*)+$", "//"]) expect(await names(q), q).toEqual([]);
    // Malformed percent-encoding and repeated parameters.
    for (const raw of ["q=%E0%A4%A", "q=%FF%FE", "q=ch&q=zzzz", "q[]=ch", "q=%00"]) {
      const { status } = await ask(raw);
      expect(status, raw).toBeLessThan(500);
    }
    // Longer than the search box takes: refused with a message, no query run.
    const long = await ask(new URLSearchParams({ q: "charizard ".repeat(20) }).toString());
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ suggestions: [], error: "La búsqueda es demasiado larga: el máximo es de 100 caracteres" });
    expect(long.headers.get("cache-control")).toBe("no-store");
    const huge = await ask(`q=${"x".repeat(100_000)}`);
    expect(huge.status).toBe(400);
  });

  it("a full answer of six stays under 2 KB gzip", async () => {
    const { text, body } = await ask("q=eevee");
    expect(body.suggestions).toHaveLength(MAX_SUGGESTIONS);
    expect(gzipSync(text).length).toBeLessThanOrEqual(2048);
    // Even with the longest names the product form allows (200 characters each).
    for (let i = 0; i < MAX_SUGGESTIONS; i++) {
      await insertProduct(t.db, { name: `Zygarde ${"Completo y poderoso ".repeat(10)}`.slice(0, 200), dateAdded: new Date() });
    }
    const long = await ask("q=zygarde");
    expect(long.body.suggestions).toHaveLength(MAX_SUGGESTIONS);
    expect(gzipSync(long.text).length).toBeLessThanOrEqual(2048);
  });

  it("finds the newest six among the list's first products, behind them, and partly in both", async () => {
    // 510 products newer than all of the above: a suggestion reads the list's first 500 in order
    // before it looks the words up on the indexes (server/catalog/suggestions.server.ts).
    const start = Date.UTC(2027, 0, 1);
    const filler = Array.from({ length: 510 }, (_, i) => {
      const row = {
        id: newId(),
        name: i % 100 === 0 && i > 0 && i < 400 ? `Zorua Relleno ${i}` : `Relleno ${i}`,
        expansion: "151",
        category: "Carta Individual",
        priceCents: 100,
        stock: 1,
        dateAdded: new Date(start + i * 60_000),
      };
      return { ...row, search: productSearchText(row) };
    });
    await t.db.insert(products).values(filler);
    await t.db.insert(productVariants).values(
      filler.map((row) => ({
        id: newId(),
        productId: row.id,
        condition: "NM" as const,
        language: "en" as const,
        priceCents: 100,
        stock: 1,
      })),
    );
    for (let k = 1; k <= 5; k++) {
      await insertProduct(t.db, { name: `Zorua Antiguo ${k}`, dateAdded: new Date(Date.UTC(2025, 0, k)) });
    }
    catalogChanged(t.db);
    const listed = async (search: string) =>
      (await listProducts(t.db, { ...DEFAULT_QUERY, search })).products.slice(0, MAX_SUGGESTIONS).map((p) => p.name);

    // Among the first products read.
    expect(await names("relleno")).toEqual([509, 508, 507, 506, 505, 504].map((i) => `Relleno ${i}`));
    // Only behind them: the Eevees of February 2026, and with a typo.
    const eevees = await names("eevee");
    expect(eevees).toHaveLength(MAX_SUGGESTIONS);
    expect(eevees.every((name) => name.startsWith("Eevee Brillante"))).toBe(true);
    expect(eevees).toEqual(await listed("eevee"));
    expect(await names("brillamte")).toEqual(eevees);
    // Three among the first products, the other three behind them.
    expect(await names("zorua")).toEqual([
      "Zorua Relleno 300",
      "Zorua Relleno 200",
      "Zorua Relleno 100",
      "Zorua Antiguo 5",
      "Zorua Antiguo 4",
      "Zorua Antiguo 3",
    ]);
    expect(await names("zorua")).toEqual(await listed("zorua"));
    // A typo in the last letter.
    expect(await names("zoruq")).toEqual(await listed("zorua"));
  });
});
