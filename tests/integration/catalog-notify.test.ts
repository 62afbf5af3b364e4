/**
 * Several app processes on one PostgreSQL server (server/catalog/catalog-cache.ts): a catalogue
 * write in one clears the others' cached lists and pages at once (`NOTIFY catalog_changed`), not
 * after the cache's TTL. Two handles on one database stand for two processes: each has its own
 * pool, caches and listener, as a process does. PostgreSQL only (the embedded database belongs to
 * one process).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { CATALOG_CHANNEL, catalogChanged, listenForCatalogChanges, type CatalogListener } from "#server/catalog/catalog-cache.ts";
import { listProducts } from "#server/catalog/products.server.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { productVariants } from "#server/db/schema.ts";
import { DEFAULT_QUERY } from "#domain/product-query.ts";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "#tests/fixtures/test-db.ts";
import { insertProduct, onlyVariantId } from "#tests/fixtures/products.ts";

const onPostgres = testDatabaseKinds().includes("postgres");

/** Waits until `check` holds (the notification travels through the server), or fails. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never: ${what}`);
}

// Runs only with a PostgreSQL server to test on (CI has one): there is nothing to test on PGlite.
// Without one the suite is reported as skipped, so the file still collects its tests.
describe.skipIf(!onPostgres)("catalogue caches across processes [postgres] (skipped without TEST_DATABASE_URL)", () => {
  let database: TestDatabase;
  let other: DatabaseHandle;
  const listeners: CatalogListener[] = [];

  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    other = await openDatabase({ kind: "postgres", url: database.url!, poolSize: 4 });
    for (const db of [database.db, other.db]) listeners.push(listenForCatalogChanges(db)!);
    // Both listeners are in place, and have made their clearing at connection, before a test fills a cache.
    await Promise.all(listeners.map((l) => l.ready));
  });

  afterAll(async () => {
    await Promise.all(listeners.map((l) => l.stop()));
    await other?.close();
    await database?.destroy();
  });

  it("a price change written by one process shows in the other's cached list at once", async () => {
    const firstPrice = async (db: typeof other.db, id: string) =>
      (await listProducts(db, DEFAULT_QUERY)).products.find((p) => p._id === id)?.price;
    // The other process has page 1 cached; the new product shows there once this write's notice arrives.
    await listProducts(other.db, DEFAULT_QUERY);
    const id = await insertProduct(database.db, { name: "Carta Aviso", priceCents: 10_000, dateAdded: new Date() });
    await eventually(async () => (await firstPrice(other.db, id)) === 100, "the other process lists the new product");
    await database.db
      .update(productVariants)
      .set({ priceCents: 15_000 })
      .where(eq(productVariants.id, await onlyVariantId(database.db, id)));
    expect(await firstPrice(other.db, id)).toBe(100); // still the cached answer: nothing said yet
    catalogChanged(database.db);
    // At once: well within the cache's 10-second TTL.
    await eventually(async () => (await firstPrice(other.db, id)) === 150, "the other process shows the new price");
  });

  it("a listener whose connection is cut opens a new one and hears again", async () => {
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${`listen ${CATALOG_CHANNEL}`} and pid <> pg_backend_pid()`,
    );
    const id = await insertProduct(database.db, { name: "Carta Reconecta", priceCents: 20_000, dateAdded: new Date() });
    const price = async () => (await listProducts(other.db, DEFAULT_QUERY)).products.find((p) => p._id === id)?.price;
    await eventually(async () => {
      const result = await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query = ${`listen ${CATALOG_CHANNEL}`}`,
      );
      return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n) >= 2;
    }, "both listeners connect again");
    // Page 1 as the other process caches it now, then a write here.
    expect(await price()).toBe(200);
    await database.db
      .update(productVariants)
      .set({ priceCents: 25_000 })
      .where(eq(productVariants.id, await onlyVariantId(database.db, id)));
    catalogChanged(database.db);
    await eventually(async () => (await price()) === 250, "the reconnected listener hears the write");
  });
});
