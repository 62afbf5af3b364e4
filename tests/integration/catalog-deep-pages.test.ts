/**
 * Deep pages of the list (decision 003, issue 30): a page past the middle is read from the end of
 * the list, backwards, so that it costs what page 1 costs. On PGlite and PostgreSQL, for every sort,
 * with and without a filter or a search, each page holds exactly the products the plain OFFSET
 * query gives (the list's order, sold-out last, ties by id), the pages together hold every product
 * once (none skipped, none repeated, the short last page included), and a page past the middle is
 * read off the sort's index backwards, without a sort of the catalogue. A search's page is taken
 * from its matches as they are counted (countAndPageIds): the same products again.
 */
import { beforeAll, expect, it } from "vitest";
import { eq, sql, type SQL } from "drizzle-orm";
import { products } from "#server/db/schema.ts";
import { listProducts, pageIdsQuery } from "#server/catalog/products.server.ts";
import { seedDemoCatalog } from "#server/catalog/seed.ts";
import { catalogChanged } from "#server/catalog/catalog-cache.ts";
import { PAGE_SIZE } from "#domain/catalog.ts";
import { DEFAULT_QUERY, parseProductQuery, type ProductQuery } from "#domain/product-query.ts";
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

/** The ids of page `page`, read by the plain OFFSET query (no total given: always from the start of the list). */
async function plainPage(db: Database, query: ProductQuery, page: number): Promise<string[]> {
  return (await pageIdsQuery(db, { ...query, page })).map((r) => r.id);
}

async function plan(db: Database, query: ProductQuery, total: number): Promise<string> {
  const result = (await db.execute(sql`explain ${pageIdsQuery(db, query, undefined, total)}`)) as unknown as {
    rows: Array<Record<string, string>>;
  };
  return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
}

describeEachDatabase("catalogue: deep pages", (t) => {
  beforeAll(async () => {
    await seedDemoCatalog(t.db);
    await t.db.execute(sql`analyze products`);
  });

  it("every sort: the pages from just before the middle to the last one hold the plain OFFSET query's products, each product once", async () => {
    for (const sort of SORTS) {
      const query = q(sort);
      const expected = await expectedOrder(t.db, query);
      const first = await listProducts(t.db, query);
      expect(first.total).toBe(expected.length);
      // The demo catalogue is ~120 pages: its last page is short, so the backward read's size matters.
      expect(expected.length % PAGE_SIZE, "a short last page").not.toBe(0);
      const middle = Math.ceil(first.pages / 2);
      const shown: string[] = [];
      for (let page = middle - 2; page <= first.pages; page++) {
        const ids = (await listProducts(t.db, { ...query, page })).products.map((p) => p._id);
        if ([middle - 1, middle, middle + 1, first.pages].includes(page)) {
          expect(ids, `${sort.sortBy} ${sort.order}, page ${page}`).toEqual(await plainPage(t.db, query, page));
        }
        shown.push(...ids);
      }
      // Pages middle-2 … last: nothing skipped or repeated across the switch to reading backwards.
      expect(shown, `${sort.sortBy} ${sort.order}`).toEqual(expected.slice((middle - 3) * PAGE_SIZE));
    }
  });

  it("with a filter, the sale filter or a search: the middle pages and the last one", async () => {
    const cases: Array<[Partial<ProductQuery>, SQL]> = [
      [{ rarity: "Double Rare" }, eq(products.rarity, "Double Rare")],
      [{ category: "Carta Individual", sortBy: "price", order: "asc" }, eq(products.category, "Carta Individual")],
      [{ onSale: true, sortBy: "price", order: "desc" }, sql`${products.salePriceCents} is not null`],
      [
        { search: "charizard", sortBy: "name", order: "asc" },
        sql`${products.search} like '%charizard%' or 'charizard' <% ${products.search}`,
      ],
      [{ search: "ex" }, sql`${products.search} like '%ex%'`],
    ];
    for (const [change, where] of cases) {
      const query = q(change);
      const expected = await expectedOrder(t.db, query, where);
      const first = await listProducts(t.db, query);
      expect(first.total, JSON.stringify(change)).toBe(expected.length);
      expect(first.pages, JSON.stringify(change)).toBeGreaterThan(1);
      const middle = Math.ceil(first.pages / 2);
      for (const page of new Set([1, middle - 1, middle, middle + 1, first.pages - 1, first.pages].filter((p) => p >= 1))) {
        const label = `${JSON.stringify(change)} page ${page}`;
        const plain = await plainPage(t.db, query, page);
        expect(plain, label).toEqual(expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
        // With no count known (a search: its page taken from its counted matches), then with the count known.
        catalogChanged(t.db);
        const uncounted = await listProducts(t.db, { ...query, page });
        expect(uncounted.total, label).toBe(expected.length);
        expect(
          uncounted.products.map((p) => p._id),
          label,
        ).toEqual(plain);
        catalogChanged(t.db);
        await listProducts(t.db, query);
        expect(
          (await listProducts(t.db, { ...query, page })).products.map((p) => p._id),
          label,
        ).toEqual(plain);
      }
    }
  });

  it("a page past the last one lists nothing, and hostile ?page= values are page 1 or past the end, never an error", async () => {
    const first = await listProducts(t.db, q());
    const past = await listProducts(t.db, q({ page: first.pages + 1 }));
    expect(past.products).toEqual([]);
    expect(past.total).toBe(first.total);
    for (const value of ["-1", "0", "abc", "2.5", "1e3", "99999999999999999999", String(first.pages + 1), "100000"]) {
      const query = parseProductQuery(new URLSearchParams({ page: value }));
      const shown = await listProducts(t.db, query);
      expect(shown.total, value).toBe(first.total);
      if (query.page === 1)
        expect(
          shown.products.map((p) => p._id),
          value,
        ).toEqual(first.products.map((p) => p._id));
      else expect(shown.products, value).toEqual([]);
    }
  });

  it("every offered sort: a page past the middle is read backwards off the sort's index, never sorting the catalogue", async () => {
    const plans: Array<[Partial<ProductQuery>, string]> = [
      [{}, "products_list_newest_idx"],
      [{ sortBy: "price", order: "asc" }, "products_list_price_idx"],
      [{ sortBy: "price", order: "desc" }, "products_list_price_desc_idx"],
      [{ sortBy: "name", order: "asc" }, "products_list_name_idx"],
    ];
    for (const [change, index] of plans) {
      const { total, pages } = await listProducts(t.db, q(change));
      for (const page of [pages, pages - 9]) {
        const shown = await plan(t.db, q({ ...change, page }), total);
        expect(shown, `${JSON.stringify(change)} page ${page}`).toContain(index);
        expect(shown, `${JSON.stringify(change)} page ${page}`).not.toMatch(/Sort|Seq Scan on products/);
      }
    }
  });
});
