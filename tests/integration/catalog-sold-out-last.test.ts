/**
 * The list's rule that sold-out products come after those in stock, in every sort
 * (docs/requirements.md#catalogue), on PGlite and PostgreSQL: each group keeps the sort's own order,
 * pages neither overlap nor skip, a product that sells out moves to the end at once after the write
 * says so, and every offered sort still reads its page off an index, without sorting the catalogue.
 */
import { beforeAll, expect, it } from "vitest";
import { eq, sql, type SQL } from "drizzle-orm";
import { listProducts, pageIdsQuery } from "#server/catalog/products.server.ts";
import { seedDemoCatalog } from "#server/catalog/seed.ts";
import { catalogChanged } from "#server/catalog/catalog-cache.ts";
import { products, productVariants } from "#server/db/schema.ts";
import { PAGE_SIZE } from "#domain/catalog.ts";
import { DEFAULT_QUERY, type ProductQuery } from "#domain/product-query.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import { expectedOrder } from "#tests/fixtures/catalog-order.ts";
import type { Database } from "#server/db/client.ts";

const q = (change: Partial<ProductQuery> = {}): ProductQuery => ({ ...DEFAULT_QUERY, ...change });

const SORTS: Array<Pick<ProductQuery, "sortBy" | "order">> = [
  { sortBy: "dateAdded", order: "desc" },
  { sortBy: "dateAdded", order: "asc" },
  { sortBy: "price", order: "asc" },
  { sortBy: "price", order: "desc" },
  { sortBy: "name", order: "asc" },
  { sortBy: "name", order: "desc" },
];

async function allPages(db: Database, query: ProductQuery): Promise<string[]> {
  const first = await listProducts(db, query);
  const ids = first.products.map((p) => p._id);
  for (let page = 2; page <= first.pages; page++) ids.push(...(await listProducts(db, { ...query, page })).products.map((p) => p._id));
  return ids;
}

describeEachDatabase("catalogue: sold-out products last", (t) => {
  beforeAll(async () => {
    await seedDemoCatalog(t.db);
    await t.db.execute(sql`analyze products`);
  });

  it("the demo catalogue has sold-out products among the newest, the cheapest and the first by name", async () => {
    const [row] = await t.db
      .select({ soldOut: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.stock, 0));
    expect(row!.soldOut).toBeGreaterThan(PAGE_SIZE);
  });

  it("every sort lists the products in stock first, each group in the sort's order, with no page overlapping another", async () => {
    // One expansion (a few pages) walked whole, in every sort.
    for (const sort of SORTS) {
      const ids = await allPages(t.db, q({ ...sort, expansion: "151" }));
      expect(ids, `${sort.sortBy} ${sort.order}`).toEqual(await expectedOrder(t.db, sort, eq(products.expansion, "151")));
      expect(new Set(ids).size).toBe(ids.length);
    }
    // The whole catalogue: the first pages, the pages around the last product in stock and the last page.
    for (const sort of SORTS) {
      const expected = await expectedOrder(t.db, sort);
      const [{ inStock } = { inStock: 0 }] = await t.db
        .select({ inStock: sql<number>`count(*)::int` })
        .from(products)
        .where(sql`${products.stock} > 0`);
      const boundary = Math.floor(inStock / PAGE_SIZE) + 1;
      const last = Math.ceil(expected.length / PAGE_SIZE);
      for (const page of new Set([1, 2, boundary - 1, boundary, boundary + 1, last])) {
        const shown = await listProducts(t.db, q({ ...sort, page }));
        expect(
          shown.products.map((p) => p._id),
          `${sort.sortBy} ${sort.order}, page ${page}`,
        ).toEqual(expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
      }
    }
  });

  it("with a filter, a search or the sale filter too", async () => {
    const cases: Array<[Partial<ProductQuery>, SQL]> = [
      [{ rarity: "Double Rare" }, eq(products.rarity, "Double Rare")],
      [{ category: "Carta Individual", sortBy: "price", order: "asc" }, eq(products.category, "Carta Individual")],
      [{ onSale: true, sortBy: "price", order: "desc" }, sql`${products.salePriceCents} is not null`],
      [
        { search: "charizard", sortBy: "name", order: "asc" },
        sql`${products.search} like '%charizard%' or 'charizard' <% ${products.search}`,
      ],
    ];
    for (const [change, where] of cases) {
      const query = q(change);
      const shown = await listProducts(t.db, query);
      const expected = await expectedOrder(t.db, query, where);
      expect(shown.total, JSON.stringify(change)).toBe(expected.length);
      expect(
        shown.products.map((p) => p._id),
        JSON.stringify(change),
      ).toEqual(expected.slice(0, PAGE_SIZE));
    }
  });

  it("a product that sells out moves after those in stock once the write says so, and comes back when restocked", async () => {
    const [newest] = (await listProducts(t.db, q())).products;
    const variants = await t.db
      .select({ id: productVariants.id, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, newest!._id));
    await t.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, newest!._id));
    catalogChanged(t.db);
    const first = await listProducts(t.db, q());
    expect(first.products.map((p) => p._id)).not.toContain(newest!._id);
    const ids = await allPages(t.db, q());
    const [{ inStock } = { inStock: 0 }] = await t.db
      .select({ inStock: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`${products.stock} > 0`);
    // The newest of the sold-out products: the first after the last one in stock.
    expect(ids.indexOf(newest!._id)).toBe(inStock);
    for (const v of variants) await t.db.update(productVariants).set({ stock: v.stock }).where(eq(productVariants.id, v.id));
    catalogChanged(t.db);
    expect((await listProducts(t.db, q())).products[0]?._id).toBe(newest!._id);
  });

  it("every offered sort, with or without a filter, reads its first pages off an index, never sorting the catalogue", async () => {
    // The whole catalogue's sorts: deep pages too (the demo's 2,876 products, page 10 is offset 216).
    // A filter's own rows are few (151 has 69 products, its page 3 is its last): past its first pages
    // the planner may rather sort those few rows, as it did before sold_out led the indexes, so only
    // its first two pages are held to the index.
    const plans: Array<[Partial<ProductQuery>, string, number[]]> = [
      [{}, "products_list_newest_idx", [1, 3, 10]],
      [{ sortBy: "price", order: "asc" }, "products_list_price_idx", [1, 3, 10]],
      [{ sortBy: "price", order: "desc" }, "products_list_price_desc_idx", [1, 3, 10]],
      [{ sortBy: "name", order: "asc" }, "products_list_name_idx", [1, 3, 10]],
      [{ rarity: "Double Rare" }, "products_rarity_idx", [1, 2]],
      [{ category: "Producto Sellado" }, "products_category_idx", [1, 2]],
      [{ expansion: "151" }, "products_expansion_idx", [1, 2]],
      [{ onSale: true }, "products_on_sale_idx", [1, 2]],
    ];
    for (const [change, index, pages] of plans) {
      for (const page of pages) {
        const plan = await pagePlan(t.db, q({ ...change, page }));
        expect(plan, `${JSON.stringify(change)} page ${page}`).toContain(index);
        expect(plan, `${JSON.stringify(change)} page ${page}`).not.toMatch(/Sort|Seq Scan on products/);
      }
    }
  });
});

/** The plan of the query that finds a page's ids (listProducts then reads only those rows). */
async function pagePlan(db: Database, query: ProductQuery): Promise<string> {
  const result = (await db.execute(sql`explain ${pageIdsQuery(db, query)}`)) as unknown as { rows: Array<Record<string, string>> };
  return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
}
