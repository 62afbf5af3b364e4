/**
 * One database handle for the process: a PostgreSQL server when DATABASE_URL is
 * set, otherwise PGlite (real PostgreSQL in WASM) in DATA_DIR. Both speak the
 * same SQL and go through Drizzle.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { logError } from "#server/http/error-log.ts";
import { countQuery } from "#server/http/request-cost.ts";
import { DataDirLockedError, acquireDataDirLock, type DataDirLock } from "./lock";

export type Database = ReturnType<typeof drizzlePglite<typeof schema>>;
/** A transaction handle; helpers that run inside a transaction take this, never the outer db. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or a transaction: for reads that may run in or out of one. */
export type Queryable = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the migrations of `folder` (default: the shop's) that have not run yet. */
  migrate(folder?: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Every query Drizzle sends is one round trip of the request under way (SERVER_TIMING, server/http/request-cost.ts). */
const logger = { logQuery: countQuery };

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "server/db/migrations");

export type OpenOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir?: string /* undefined: in memory */; loadDataDir?: Blob /* start from a dumpDataDir tarball */ };

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Idle clients can error when the server goes away; log instead of crashing the process.
    pool.on("error", (err) => logError("pg pool error", err));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      migrate: (folder = MIGRATIONS_FOLDER) => migratePg(db as never, { migrationsFolder: folder }),
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }

  let lock: DataDirLock | undefined;
  let dataDir: string | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    lock = acquireDataDirLock(options.dataDir);
    dataDir = path.join(options.dataDir, "pglite");
  }
  try {
    const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
    const db = drizzlePglite(client, { schema, logger });
    return {
      db,
      kind: "pglite",
      migrate: async (folder = MIGRATIONS_FOLDER) => {
        const before = await appliedMigrations(client);
        await migratePglite(db, { migrationsFolder: folder });
        // PGlite runs no autovacuum. A migration that rewrites rows (0018 filled a column of every
        // product) would leave each index pointing at both versions of every row for good, and every
        // lookup reading twice the pages: a database that had data before is vacuumed once it moved.
        if (before > 0 && (await appliedMigrations(client)) > before) await client.exec("VACUUM (ANALYZE)");
      },
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/** How many migrations the embedded database has applied (0 before the first). */
async function appliedMigrations(client: PGlite): Promise<number> {
  const table = await client.query<{ name: string | null }>("select to_regclass('drizzle.__drizzle_migrations')::text as name");
  if (!table.rows[0]?.name) return 0;
  const { rows } = await client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
  return rows[0]?.n ?? 0;
}

/**
 * The database the configuration names (DATABASE_URL, else PGlite in DATA_DIR).
 * A second process on the same embedded directory stops here with a clear message.
 */
export async function openConfiguredDatabase(config: { DATABASE_URL?: string; dataDir: string }): Promise<DatabaseHandle> {
  try {
    return config.DATABASE_URL
      ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
      : await openDatabase({ kind: "pglite", dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`Error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * The driver's client behind `db`: the node-postgres pool on a PostgreSQL server, the PGlite
 * instance on the embedded database; null for a transaction handle (or a test's stand-in), which
 * has no client of its own. For what only one driver offers (LISTEN/NOTIFY, the pool's counts,
 * prepared statements by name); everything else goes through Drizzle.
 */
export function driverOf(db: Queryable): { kind: "postgres"; pool: pg.Pool } | { kind: "pglite"; client: PGlite } | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return { kind: "postgres", pool: client };
  if (client instanceof PGlite) return { kind: "pglite", client };
  return null;
}
