/**
 * The embedded database's daily VACUUM (docs/architecture.md#jobs). PGlite runs no autovacuum, so
 * without it every changed row would stay in its table and its indexes for good: carts, sessions and
 * rate-limit counters written and deleted all day, a product row rewritten on every sale (its stock
 * summary). Index lookups would read ever more dead rows, and the list's index-only scans would go
 * back to the table for every product changed since the last VACUUM. A PostgreSQL server's own
 * autovacuum does this there, so this job does nothing on one.
 *
 * One table at a time: PGlite answers one statement at a time, so the requests waiting meanwhile are
 * answered between two tables rather than after the whole database (the products table, the
 * largest, takes about 2 s at 100,000 products, a few milliseconds at the demo catalogue's size).
 */
import { driverOf, type Database } from "#server/db/client.ts";

/** Vacuums and analyses every table of the embedded database; returns the tables done (none on PostgreSQL). */
export async function vacuumEmbeddedDatabase(db: Database): Promise<string[]> {
  const driver = driverOf(db);
  if (driver?.kind !== "pglite") return [];
  const { rows } = await driver.client.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'drizzle') order by 1",
  );
  for (const { name } of rows) await driver.client.exec(`VACUUM (ANALYZE) ${name}`);
  return rows.map((r) => r.name);
}
