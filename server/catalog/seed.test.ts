import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, it, expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { products } from "#server/db/schema.ts";
import { buildDemoCatalog } from "./demo-catalog";
import { checkCoupon } from "#server/coupons/index.ts";
import { DEMO_COUPON, seedDemoCatalog } from "./seed";
import { normalizeSearchText } from "./search-text";
import { openTestDatabase, type TestDatabase } from "#tests/fixtures/test-db.ts";

let handle: TestDatabase;

beforeAll(async () => {
  // The run's migrated template (tests/fixtures/database-templates.ts), not the migrations again.
  handle = await openTestDatabase("pglite");
}, 60_000);

afterAll(async () => {
  await handle?.destroy();
});

describe("seedDemoCatalog", () => {
  it("seeds an empty table once", async () => {
    const { db } = handle;
    const expected = buildDemoCatalog().length;
    expect(await seedDemoCatalog(db)).toBe(expected);
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(row?.n).toBe(expected);
    expect(await seedDemoCatalog(db)).toBe(0);
  }, 60_000);

  it("comes with the demo coupon, which the checkout accepts", async () => {
    expect(await checkCoupon(handle.db, DEMO_COUPON.code, null)).toEqual({
      ok: true,
      value: { code: "DEMO10", discountPercent: 10, description: DEMO_COUPON.description },
    });
  });

  it("stores accent-free lower-case search text and the generated effective price", async () => {
    const { db } = handle;
    const pokemon = await db.select({ name: products.name, search: products.search }).from(products).where(eq(products.type, "Pokémon"));
    expect(pokemon.length).toBeGreaterThan(2000);
    for (const p of pokemon) {
      expect(p.search).toBe(p.search.toLowerCase());
      expect(p.search).toBe(p.search.normalize("NFD").replace(/\p{M}/gu, ""));
      expect(p.search.startsWith(normalizeSearchText(p.name))).toBe(true);
      expect(p.search).not.toMatch(/[A-Z\u00c0-\u024f]/u);
    }
    const [catcher] = await db.select({ search: products.search }).from(products).where(eq(products.name, "Pokémon Catcher")).limit(1);
    expect(catcher?.search).toContain("pokemon catcher");
    const sale = await db
      .select({ price: products.priceCents, sale: products.salePriceCents, effective: products.effectivePriceCents })
      .from(products)
      .where(sql`${products.salePriceCents} is not null`);
    expect(sale.length).toBeGreaterThan(0);
    for (const r of sale) expect(r.effective).toBe(r.sale);
  });

  it("holds the artist in the search text, and migration 0005's SQL rebuild writes exactly what the seed wrote", async () => {
    const { db } = handle;
    const before = await db
      .select({ id: products.id, search: products.search, artist: products.artist })
      .from(products)
      .orderBy(products.id);
    const withArtist = before.find((p) => p.artist);
    expect(withArtist && withArtist.search.endsWith(normalizeSearchText(withArtist.artist ?? ""))).toBe(true);
    const migration = readFileSync(new URL("../db/migrations/0005_admin_catalogue.sql", import.meta.url), "utf8");
    const rebuild = migration.split("--> statement-breakpoint").find((part) => part.includes('UPDATE "products" SET "search"'));
    expect(rebuild).toBeDefined();
    await db.execute(sql.raw(rebuild ?? ""));
    const after = await db
      .select({ id: products.id, search: products.search, artist: products.artist })
      .from(products)
      .orderBy(products.id);
    expect(after).toEqual(before);
  }, 60_000);

  it("with force adds the synthetic products and skips existing ids", async () => {
    const { db } = handle;
    expect(await seedDemoCatalog(db, { force: true, extraSynthetic: 50 })).toBe(50);
    expect(await seedDemoCatalog(db, { force: true, extraSynthetic: 50 })).toBe(0);
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(row?.n).toBe(buildDemoCatalog().length + 50);
  }, 60_000);
});
