/**
 * The embedded database's daily VACUUM (server/jobs/vacuum.server.ts): PGlite has no autovacuum, so
 * the shop vacuums every table itself; on a PostgreSQL server the job leaves it to autovacuum.
 */
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { vacuumEmbeddedDatabase } from "#server/jobs/vacuum.server.ts";
import { productVariants } from "#server/db/schema.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

describeEachDatabase("vacuum of the embedded database", (t) => {
  it("vacuums every table on PGlite, after a sale rewrote the product rows; nothing on PostgreSQL", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await insertProduct(t.db, { name: `Vacío ${i}`, stock: 5 }));
    // A sale: each variant's stock, and through the summary trigger each product row, rewritten.
    for (const id of ids) await t.db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.productId, id));
    const visiblePages = async () =>
      (
        (await t.db.execute(sql`select relallvisible as pages from pg_class where relname = 'products'`)) as unknown as {
          rows: Array<{ pages: number }>;
        }
      ).rows[0]!.pages;

    const done = await vacuumEmbeddedDatabase(t.db);

    if (t.kind === "postgres") {
      expect(done).toEqual([]);
      return;
    }
    expect(done).toEqual(
      expect.arrayContaining(["public.products", "public.product_variants", "public.carts", "drizzle.__drizzle_migrations"]),
    );
    // The visibility map covers the table again: the list's index-only scans skip its rows.
    expect(await visiblePages()).toBeGreaterThan(0);
  });
});
