/**
 * 'Nombre A-Z' (docs/requirements.md#catalogue) sorts by the product's name alone, case and accents
 * ignored, with the id breaking ties, so pages never overlap. Each suite has a
 * fresh database holding only the products inserted here.
 */
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { listProducts } from "#server/catalog/products.server.ts";
import { normalizeSearchText, productSearchText } from "#server/catalog/search-text.ts";
import { sql } from "drizzle-orm";
import { buildDemoCatalog } from "#server/catalog/demo-catalog.ts";
import type { Database } from "#server/db/client.ts";
import { migrationsBefore } from "#tests/fixtures/migrations.ts";
import { products } from "#server/db/schema.ts";
import { DEFAULT_QUERY, type ProductQuery } from "#domain/product-query.ts";
import { PAGE_SIZE } from "#domain/catalog.ts";
import { describeEachDatabase, openTestDatabase, testDatabaseKinds } from "#tests/fixtures/test-db.ts";
import { insertProduct } from "#tests/fixtures/products.ts";

const byName: Partial<ProductQuery> = { sortBy: "name", order: "asc" };
const q = (change: Partial<ProductQuery> = {}): ProductQuery => ({ ...DEFAULT_QUERY, ...byName, ...change });
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describeEachDatabase("catalogue: Nombre A-Z", (t) => {
  const ids: Record<string, string> = {};
  const pikachus: string[] = [];

  beforeAll(async () => {
    // The expansions are chosen so that sorting by name + expansion (the old search text) gets it wrong.
    const rows = [
      { name: "Aegislash ex", expansion: "151" },
      { name: "Aegislash", expansion: "Temporal Forces" },
      { name: "Alcremie ex", expansion: "Black Bolt" },
      { name: "Alcremie", expansion: "Surging Sparks" },
      { name: "Álvaro", expansion: "White Flare" },
      { name: "alvaro", expansion: "Twilight Masquerade" },
      { name: "ALVARO ex", expansion: "151" },
      { name: "Abra", expansion: "White Flare" },
    ];
    for (const row of rows) ids[row.name] = await insertProduct(t.db, { ...row, type: "Pokémon", cardNumber: "001/165" });
    for (let i = 0; i < PAGE_SIZE + 6; i++) {
      pikachus.push(await insertProduct(t.db, { name: i % 2 ? "Pikachu" : "PIKACHU", expansion: "151", cardNumber: `${i}/165` }));
    }
  });

  it("sorts by the name alone, so 'Aegislash' comes before 'Aegislash ex'", async () => {
    const page = await listProducts(t.db, q());
    const alvaros = [ids["Álvaro"]!, ids["alvaro"]!].sort(byId);
    expect(page.products.slice(0, 8).map((p) => p._id)).toEqual([
      ids["Abra"],
      ids["Aegislash"],
      ids["Aegislash ex"],
      ids["Alcremie"],
      ids["Alcremie ex"],
      // 'Álvaro' and 'alvaro' are the same name once case and accents are ignored: the id decides.
      ...alvaros,
      ids["ALVARO ex"],
    ]);
  });

  it("breaks ties by id, so pages of equal names neither overlap nor skip", async () => {
    const first = await listProducts(t.db, q({ page: 1 }));
    const second = await listProducts(t.db, q({ page: 2 }));
    const seen = [...first.products, ...second.products].map((p) => p._id).filter((id) => pikachus.includes(id));
    expect(seen).toEqual([...pikachus].sort(byId));
  });

  it("runs backwards for Z-A", async () => {
    const asc = await listProducts(t.db, q({ page: 1 }));
    const desc = await listProducts(t.db, q({ order: "desc", page: 2 }));
    expect(desc.products.map((p) => p._id).reverse()).toEqual(asc.products.slice(0, desc.products.length).map((p) => p._id));
  });
});

/**
 * The demo catalogue written with only the columns products had before 0002 (the current schema
 * has more, which a database at that migration does not know).
 */
async function insertWithColumnsOf0001(db: Database): Promise<number> {
  const catalog = buildDemoCatalog();
  for (let i = 0; i < catalog.length; i += 500) {
    const rows = catalog.slice(i, i + 500).map(
      (p) =>
        // The schema of then required a rarity and a type of every product.
        sql`(${p.id}, ${p.name}, ${p.priceCents}, ${p.stock}, ${p.category}, ${p.rarity ?? "Promo"}, ${p.type ?? "Item"}, ${p.expansion}, ${p.cardNumber}, ${productSearchText(p)})`,
    );
    await db.execute(
      sql`insert into products (id, name, price_cents, stock, category, rarity, type, expansion, card_number, search) values ${sql.join(rows, sql`, `)}`,
    );
  }
  return catalog.length;
}

describe.each(testDatabaseKinds())("migration 0002_name_sort on a shop that already has products [%s]", (kind) => {
  it("fills the sort name of every existing product, as the search normaliser would", async () => {
    const earlier = migrationsBefore("0002_name_sort");
    const handle = await openTestDatabase(kind, { migrate: false });
    try {
      await handle.migrate(earlier);
      const inserted = await insertWithColumnsOf0001(handle.db);
      expect(inserted).toBeGreaterThan(0);
      await handle.migrate();
      const rows = await handle.db.select({ name: products.name, nameSort: products.nameSort }).from(products);
      expect(rows).toHaveLength(inserted);
      for (const row of rows) expect(row.nameSort, row.name).toBe(normalizeSearchText(row.name));
    } finally {
      await handle.destroy();
      fs.rmSync(earlier, { recursive: true, force: true });
    }
  });
});
