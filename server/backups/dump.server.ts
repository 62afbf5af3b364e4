/**
 * A plain-SQL dump of the whole database (docs/architecture.md#backups), as a stream of text:
 * on the embedded database, the PGlite tools' `pgDump` run on a copy of it; on a PostgreSQL server,
 * the server's own `pg_dump`. Both write INSERT statements (no COPY blocks), so a dump restores
 * through an ordinary query, with no psql.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import type { PGlite } from "@electric-sql/pglite";
import { driverOf, type Database } from "#server/db/client.ts";

/** Ownership and grants belong to the old server's roles; the target's own user owns what it restores. */
const PORTABLE_ARGS = ["--no-owner", "--no-privileges"];

/**
 * The embedded database's dump. `pgDump` talks to PGlite over its one connection, outside PGlite's
 * locks: run on the live instance it would run inside whatever transaction the shop has open at
 * that moment, and it leaves its session settings (an empty search_path, DEALLOCATE ALL) behind.
 * So it runs on a clone (`PGlite.clone`: a copy of the data files as of now; a transaction still
 * open there is not in it, as after a crash) which is closed afterwards. The cost is a second
 * database in memory for the dump's second or two.
 */
async function dumpEmbedded(client: PGlite): Promise<string> {
  const copy = (await client.clone()) as PGlite;
  try {
    const file = await pgDump({ pg: copy, args: PORTABLE_ARGS });
    return await file.text();
  } finally {
    await copy.close();
  }
}

/**
 * The `pg_dump` to run against a server: `PG_DUMP` when set, else the newest one of Debian's
 * PostgreSQL packages, else the one on the PATH. It must be at least the server's major version
 * (pg_dump refuses an older one and says so).
 */
export function pgDumpCommand(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PG_DUMP) return env.PG_DUMP;
  const debian = "/usr/lib/postgresql";
  try {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => fs.existsSync(path.join(debian, v, "bin", "pg_dump")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(debian, versions[0]!, "bin", "pg_dump");
  } catch {
    /* not Debian's layout */
  }
  return "pg_dump";
}

/**
 * The server's dump, streamed as pg_dump writes it. A pg_dump that fails (a wrong password, an
 * older pg_dump than the server) ends the stream with an error carrying its message, so a download
 * breaks instead of ending in a short file that looks whole.
 */
function dumpServer(url: string): Readable {
  const child = spawn(pgDumpCommand(), ["--dbname", url, ...PORTABLE_ARGS, "--inserts", "--rows-per-insert=100"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const out = new Readable({ read() {} });
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.once("error", (err) => out.destroy(err));
  child.once("close", (code) => {
    if (code === 0) out.push(null);
    else out.destroy(new Error(`pg_dump failed (exit ${code}): ${stderr.trim()}`));
  });
  out.once("close", () => {
    if (child.exitCode === null) child.kill();
  });
  return out;
}

/** The database's plain-SQL dump as a stream of UTF-8 text. */
export async function dumpDatabase(db: Database): Promise<Readable> {
  const driver = driverOf(db);
  if (!driver) throw new Error("dumpDatabase needs the database handle, not a transaction");
  if (driver.kind === "pglite") return Readable.from([Buffer.from(await dumpEmbedded(driver.client))]);
  const options = driver.pool.options as { connectionString?: string };
  if (!options.connectionString) throw new Error("the pool has no connection string to give pg_dump");
  return dumpServer(options.connectionString);
}
