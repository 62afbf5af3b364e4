/**
 * Migrations 0018 (the lowest live variant's stock on the product) and 0019 (the catalogue's words
 * for the typo match) on a shop that already has products, and the embedded database's VACUUM
 * after a start that applied migrations (docs/architecture.md#operations): PGlite has no
 * autovacuum, and 0018 rewrites every product row.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { newId } from "#server/db/ids.ts";
import { migrationsBefore } from "#tests/fixtures/migrations.ts";
import { openTestDatabase, testDatabaseKinds } from "#tests/fixtures/test-db.ts";
import { searchCondition } from "#server/catalog/products.server.ts";
import { products } from "#server/db/schema.ts";

describe.each(testDatabaseKinds())("migrations 0018 and 0019 on a shop with products [%s]", (kind) => {
  it("fill each product's lowest live variant and the catalogue's words, and a typo finds the old products", async () => {
    const handle = await openTestDatabase(kind, { migrate: false });
    try {
      await handle.migrate(migrationsBefore("0018_admin_lowest_stock"));
      const db = handle.db;
      const product = async (name: string, stocks: Array<number | "archived">) => {
        const id = newId();
        const search = `${name.toLowerCase()} 151 001/165 carta individual`;
        await db.execute(
          sql`insert into products (id, name, price_cents, expansion, search) values (${id}, ${name}, 100, '151', ${search})`,
        );
        for (const [i, stock] of stocks.entries()) {
          await db.execute(sql`
            insert into product_variants (id, product_id, condition, language, price_cents, stock, archived_at)
            values (${newId()}, ${id}, ${["NM", "LP", "MP"][i]}, 'en', 100, ${stock === "archived" ? 0 : stock},
              ${stock === "archived" ? sql`now()` : null})`);
        }
        return id;
      };
      const mixed = await product("Charizard", [4, 1]);
      const worn = await product("Bulbasaur", [7, "archived"]);
      const none = await product("Mewtwo", []);

      await handle.migrate();

      const lowest = await db.execute<{ id: string; lowest: number | null }>(sql`select id, lowest_stock as lowest from products`);
      const byId = Object.fromEntries((lowest.rows as Array<{ id: string; lowest: number | null }>).map((r) => [r.id, r.lowest]));
      expect(byId).toEqual({ [mixed]: 1, [worn]: 7, [none]: null });

      const words = await db.execute<{ word: string }>(sql`select word from search_words order by word`);
      expect((words.rows as Array<{ word: string }>).map((r) => r.word)).toEqual([
        "bulbasaur",
        "carta",
        "charizard",
        "individual",
        "mewtwo",
      ]);
      // A typo finds a product written before the migration.
      const found = await db.select({ id: products.id }).from(products).where(searchCondition("charizrd"));
      expect(found.map((r) => r.id)).toEqual([mixed]);

      if (kind === "pglite") {
        // Vacuumed after migrating: the visibility map covers the rewritten table again.
        const visible = await db.execute<{ pages: number }>(sql`select relallvisible as pages from pg_class where relname = 'products'`);
        expect((visible.rows as Array<{ pages: number }>)[0]!.pages).toBeGreaterThan(0);
      }
    } finally {
      await handle.destroy();
    }
  });
});
