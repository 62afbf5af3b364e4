/**
 * Catalogue queries against a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), seeded with the demo catalogue. Expected results
 * are computed independently in JavaScript from the same catalogue data.
 */
import { beforeAll, expect, it } from "vitest";
import { desc, eq, sql } from "drizzle-orm";
import { buildDemoCatalog, type DemoProduct } from "#server/catalog/demo-catalog.ts";
import { getProduct, listProducts, searchCondition } from "#server/catalog/products.server.ts";
import { PAGE_SIZE } from "#domain/catalog.ts";
import { seedDemoCatalog } from "#server/catalog/seed.ts";
import { catalogChanged } from "#server/catalog/catalog-cache.ts";
import { normalizeSearchText } from "#server/catalog/search-text.ts";
import { products, productVariants } from "#server/db/schema.ts";
import { DEFAULT_QUERY, type ProductQuery } from "#domain/product-query.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const catalog = buildDemoCatalog();
const q = (change: Partial<ProductQuery> = {}): ProductQuery => ({ ...DEFAULT_QUERY, ...change });
type DemoVariant = DemoProduct["variants"][number];
const variantPrice = (v: DemoVariant) => v.salePriceCents ?? v.priceCents;
/** The variant the list shows (decision record 017): the cheapest in stock, else the cheapest; the id breaks ties. */
const shownVariant = (p: DemoProduct): DemoVariant =>
  [...p.variants].sort(
    (a, b) => Number(b.stock > 0) - Number(a.stock > 0) || variantPrice(a) - variantPrice(b) || (a.id < b.id ? -1 : 1),
  )[0]!;
/** The price the card shows and 'Precio' sorts by. */
const effective = (p: DemoProduct) => variantPrice(shownVariant(p));
/** 'Solo productos en oferta': the shown variant is on sale. */
const shownOnSale = (p: DemoProduct) => shownVariant(p).salePriceCents !== null;
/** The 'NM:en'-style keys of the variants in stock. */
const keysInStock = (p: DemoProduct) => p.variants.filter((v) => v.stock > 0).map((v) => `${v.condition}:${v.language}`);
/** Every sort puts the products in stock first, the sold-out ones after. */
const soldOut = (p: DemoProduct) => p.variants.every((v) => v.stock <= 0);
const soldOutLast = (a: DemoProduct, b: DemoProduct) => Number(soldOut(a)) - Number(soldOut(b));
const newestFirst = (a: DemoProduct, b: DemoProduct) =>
  soldOutLast(a, b) || b.dateAdded.getTime() - a.dateAdded.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describeEachDatabase("catalogue", (t) => {
  beforeAll(async () => {
    await seedDemoCatalog(t.db);
  });

  it("lists the newest 24 first with the total and page count", async () => {
    const page = await listProducts(t.db, q());
    expect(page.total).toBe(catalog.length);
    expect(page.pages).toBe(Math.ceil(catalog.length / PAGE_SIZE));
    expect(page.products).toHaveLength(PAGE_SIZE);
    const expected = [...catalog]
      .sort(newestFirst)
      .slice(0, PAGE_SIZE)
      .map((p) => p.id);
    expect(page.products.map((p) => p._id)).toEqual(expected);
  });

  it("pages continue where the previous page ended, deep pages included, and past the end is empty", async () => {
    const sorted = [...catalog].sort(newestFirst);
    for (const n of [2, 50, Math.ceil(catalog.length / PAGE_SIZE)]) {
      const page = await listProducts(t.db, q({ page: n }));
      expect(page.products.map((p) => p._id)).toEqual(sorted.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE).map((p) => p.id));
    }
    const beyond = await listProducts(t.db, q({ page: 9999 }));
    expect(beyond.products).toEqual([]);
    expect(beyond.total).toBe(catalog.length);
  });

  it("filters by rarity, type, expansion, sale, category, condition and language, alone and combined, with exact counts", async () => {
    const cases: Array<[Partial<ProductQuery>, (p: DemoProduct) => boolean]> = [
      [{ rarity: "Hyper Rare" }, (p) => p.rarity === "Hyper Rare"],
      [{ type: "Supporter" }, (p) => p.type === "Supporter"],
      [{ expansion: "151" }, (p) => p.expansion === "151"],
      [{ onSale: true }, shownOnSale],
      [
        { rarity: "Special Illustration Rare", type: "Pokémon", expansion: "Prismatic Evolutions" },
        (p) => p.rarity === "Special Illustration Rare" && p.type === "Pokémon" && p.expansion === "Prismatic Evolutions",
      ],
      [{ expansion: "Celebrations", onSale: true }, (p) => p.expansion === "Celebrations" && shownOnSale(p)],
      // Categories, conditions and languages (the variants in stock), alone and with the others.
      [{ category: "Producto Sellado" }, (p) => p.category === "Producto Sellado"],
      [{ category: "Accesorio" }, (p) => p.category === "Accesorio"],
      [{ condition: "LP" }, (p) => keysInStock(p).some((k) => k.startsWith("LP:"))],
      [{ condition: "MP" }, (p) => keysInStock(p).some((k) => k.startsWith("MP:"))],
      [{ language: "ja" }, (p) => keysInStock(p).some((k) => k.endsWith(":ja"))],
      [{ language: "es" }, (p) => keysInStock(p).some((k) => k.endsWith(":es"))],
      [{ condition: "NM", language: "ja" }, (p) => keysInStock(p).includes("NM:ja")],
      [
        { category: "Carta Individual", condition: "MP", rarity: "Rare" },
        (p) => p.category === "Carta Individual" && p.rarity === "Rare" && keysInStock(p).some((k) => k.startsWith("MP:")),
      ],
    ];
    for (const [filter, predicate] of cases) {
      const expected = catalog.filter(predicate);
      expect(expected.length).toBeGreaterThan(0);
      const page = await listProducts(t.db, q(filter));
      expect(page.total, JSON.stringify(filter)).toBe(expected.length);
      expect(page.products.map((p) => p._id)).toEqual(
        expected
          .sort(newestFirst)
          .slice(0, PAGE_SIZE)
          .map((p) => p.id),
      );
    }
  });

  it("sorts by the price the shopper pays (the sale price when there is one), both ways", async () => {
    const byPrice = (a: DemoProduct, b: DemoProduct) => effective(a) - effective(b) || (a.id < b.id ? -1 : 1);
    const cheapest = (a: DemoProduct, b: DemoProduct) => soldOutLast(a, b) || byPrice(a, b);
    const dearest = (a: DemoProduct, b: DemoProduct) => soldOutLast(a, b) || -byPrice(a, b);
    const asc = await listProducts(t.db, q({ sortBy: "price", order: "asc" }));
    expect(asc.products.map((p) => p._id)).toEqual(
      [...catalog]
        .sort(cheapest)
        .slice(0, PAGE_SIZE)
        .map((p) => p.id),
    );
    const desc = await listProducts(t.db, q({ sortBy: "price", order: "desc", onSale: true }));
    const onSale = catalog.filter(shownOnSale).sort(dearest);
    expect(desc.products.map((p) => p._id)).toEqual(onSale.slice(0, PAGE_SIZE).map((p) => p.id));
    expect(desc.products[0]?.salePrice).toBe((shownVariant(onSale[0]!).salePriceCents ?? 0) / 100);
  });

  it("sorts by name A-Z: the name alone, case and accents ignored, then the id", async () => {
    const key = (p: DemoProduct) => normalizeSearchText(p.name);
    const byName = (a: DemoProduct, b: DemoProduct) =>
      soldOutLast(a, b) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const sorted = [...catalog].sort(byName);
    const last = Math.ceil(catalog.length / PAGE_SIZE);
    for (const n of [1, 2, 60, last]) {
      const page = await listProducts(t.db, q({ sortBy: "name", order: "asc", page: n }));
      expect(
        page.products.map((p) => p._id),
        `page ${n}`,
      ).toEqual(sorted.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE).map((p) => p.id));
    }
    const paldea = await listProducts(t.db, q({ sortBy: "name", order: "asc", expansion: "Paldea Evolved" }));
    expect(paldea.products.map((p) => p._id)).toEqual(
      sorted
        .filter((p) => p.expansion === "Paldea Evolved")
        .slice(0, PAGE_SIZE)
        .map((p) => p.id),
    );
  });

  it("search ignores case and accents", async () => {
    const plain = (v: string) => v.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    const expected = catalog
      .filter((p) => plain(p.name).includes("pokemon"))
      .map((p) => p.id)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    for (const term of ["pokemon", "POKÉMON", "Pokémon"]) {
      const found: string[] = [];
      const first = await listProducts(t.db, q({ search: term }));
      for (let n = 1; n <= first.pages; n++) {
        found.push(...(await listProducts(t.db, q({ search: term, page: n }))).products.map((p) => p._id));
      }
      expect(found.length, term).toBe(first.total);
      // Every product named "Pokémon …" is found, whatever the case and accents typed.
      expect(found.filter((id) => expected.includes(id)).sort(), term).toEqual(expected);
    }
    const pikachu = await listProducts(t.db, q({ search: "pikachu" }));
    expect(pikachu.total).toBe(catalog.filter((p) => p.name.toLowerCase().includes("pikachu")).length);
    expect(pikachu.products.some((p) => p.name === "Pikachu ex")).toBe(true);
  });

  it("search tolerates a small typo", async () => {
    const page = await listProducts(t.db, q({ search: "charizrd" }));
    expect(page.total).toBeGreaterThan(0);
    expect(page.products.some((p) => p.name.startsWith("Charizard"))).toBe(true);
    const gengar = await listProducts(t.db, q({ search: "gengr" }));
    expect(gengar.products.some((p) => p.name.startsWith("Gengar"))).toBe(true);
  });

  it("search finds a card by its number, with or without the set total", async () => {
    const charizard = catalog.find((p) => p.cardNumber === "199/165" && p.expansion === "151");
    expect(charizard?.name).toBe("Charizard ex");
    const full = await listProducts(t.db, q({ search: "199/165" }));
    expect(full.products.map((p) => p._id)).toContain(charizard?.id);
    expect(full.total).toBe(catalog.filter((p) => p.cardNumber?.includes("199/165")).length);
    const bare = await listProducts(t.db, q({ search: "199" }));
    expect(bare.products.map((p) => p._id).concat()).toContain(charizard?.id);
    // '199' is a card number, not a substring: 001/199-style totals do not match.
    for (const p of bare.products) {
      const row = catalog.find((c) => c.id === p._id);
      expect(row?.cardNumber ?? "").toMatch(/^0*199(\/|$)/);
    }
    const withName = await listProducts(t.db, q({ search: "charizard 199" }));
    expect(withName.products.map((p) => p._id)).toEqual([charizard?.id]);
  });

  it("search tests a typo's similarity on the catalogue's words, never on every product's text", async () => {
    // Word similarity against a product's whole text costs about as much as reading a page: tested
    // row by row (a walk of the date index, a bitmap's recheck) it made a search take 100+ ms
    // (migrations 0003 and 0019). It is tested on search_words only; the products are found by
    // the words it matched. A rare word is looked up on the indexes; a common one such as 'energy'
    // may be found walking the date index, where each row's test is now a LIKE and an array overlap.
    for (const term of ["charizard", "charizrd", "energy", "pikachu ex"]) {
      const pageIds = t.db
        .select({ id: products.id })
        .from(products)
        .where(searchCondition(term))
        .orderBy(desc(products.dateAdded), desc(products.id))
        .limit(PAGE_SIZE);
      const result = (await t.db.execute(sql`explain ${pageIds}`)) as unknown as { rows: Array<Record<string, string>> };
      const plan = result.rows.map((r) => r["QUERY PLAN"]).join("\n");
      const similarityTests = plan.match(/[^(\s]+ (<%|%>) [^)\s]+/g) ?? [];
      expect(similarityTests.length, `${term}: ${plan}`).toBeGreaterThan(0);
      expect(
        similarityTests.every((test) => /\bword\b/.test(test)),
        `${term}: ${plan}`,
      ).toBe(true);
      expect(plan, term).not.toMatch(/Seq Scan on products/);
      if (term !== "energy") expect(plan, term).toMatch(/products_search_words_idx/);
    }
  });

  it("search matches the expansion name and combines with filters", async () => {
    const page = await listProducts(t.db, q({ search: "evolving skies", rarity: "Hyper Rare" }));
    const expected = catalog.filter((p) => p.expansion === "Evolving Skies" && p.rarity === "Hyper Rare");
    expect(page.total).toBe(expected.length);
  });

  it("hostile search text is only text", async () => {
    for (const term of ["%", "_", "\\", "'; drop table products; --", "(((", "[a-", "*", "199/", "/", "ñ"]) {
      const page = await listProducts(t.db, q({ search: term }));
      expect(page.total, term).toBeGreaterThanOrEqual(0);
    }
    const percent = await listProducts(t.db, q({ search: "%" }));
    expect(percent.total).toBe(0);
    const [row] = await t.db.select({ id: products.id }).from(products).limit(1);
    expect(row).toBeDefined();
  });

  it("returns a product by id with the old JSON field names, and null for unknown or malformed ids", async () => {
    const sale = catalog.find((p) => p.salePriceCents !== null && p.comment);
    expect(sale).toBeDefined();
    const product = await getProduct(t.db, sale!.id);
    expect(product).toMatchObject({
      _id: sale!.id,
      name: sale!.name,
      price: sale!.priceCents / 100,
      salePrice: sale!.salePriceCents! / 100,
      stock: sale!.stock,
      expansion: sale!.expansion,
      comment: sale!.comment,
      images: sale!.images,
      onSale: true,
      percentOff: Math.round(((sale!.priceCents - sale!.salePriceCents!) / sale!.priceCents) * 100),
    });
    expect(await getProduct(t.db, "000000000000000000000000")).toBeNull();
    expect(await getProduct(t.db, "not-an-id")).toBeNull();
    expect(await getProduct(t.db, "' or 1=1 --")).toBeNull();
  });

  it("reads prices fresh: a changed price shows at once on the product page, and in the list once the write says so", async () => {
    const newest = [...catalog].sort(newestFirst).slice(0, PAGE_SIZE);
    const target = newest.find((p) => p.salePriceCents === null)!;
    const card = async () => (await listProducts(t.db, q())).products.find((p) => p._id === target.id);
    expect((await card())?.price).toBe(target.priceCents / 100);
    try {
      await t.db.update(productVariants).set({ priceCents: 12_345 }).where(eq(productVariants.productId, target.id));
      expect((await getProduct(t.db, target.id))?.price).toBe(123.45);
      catalogChanged(t.db); // what every product write does after it commits
      expect((await card())?.price).toBe(123.45);
    } finally {
      await t.db.update(productVariants).set({ priceCents: target.priceCents }).where(eq(productVariants.productId, target.id));
      catalogChanged(t.db);
    }
    expect((await card())?.price).toBe(target.priceCents / 100);
  });
});
