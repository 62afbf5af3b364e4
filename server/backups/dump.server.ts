/**
 * A plain-SQL dump of the whole database (docs/architecture.md#backups), as a stream of text:
 * on the embedded database, the PGlite tools' `pgDump` run on a copy of it in a worker thread; on a
 * PostgreSQL server, the server's own `pg_dump` as a child process. Neither holds up the event loop. Both write INSERT statements (no COPY blocks), so a dump restores
 * through an ordinary query, with no psql.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import { driverOf, type Database } from "#server/db/client.ts";

/** Ownership and grants belong to the old server's roles; the target's own user owns what it restores. */
const PORTABLE_ARGS = ["--no-owner", "--no-privileges"];

/**
 * The worker that dumps a copy of the embedded database (decision 024): it opens the copy as a
 * PGlite of its own (from a directory, or from a tarball for a database in memory), runs the PGlite
 * tools' `pgDump` on it and posts back the dump's bytes. Plain CommonJS given as text, so it runs
 * the same from the sources (tests, tsx) and from the built server; the modules it loads are
 * resolved here and handed over by path.
 */
const DUMP_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { PGlite } = require(workerData.modules.pglite);
const { pg_trgm } = require(workerData.modules.pgTrgm);
const { pgDump } = require(workerData.modules.pgDump);
(async () => {
  const source = workerData.copyDir ? { dataDir: workerData.copyDir } : { loadDataDir: new Blob([workerData.tarball]) };
  const pg = await PGlite.create({ ...source, extensions: { pg_trgm } });
  try {
    const file = await pgDump({ pg, args: workerData.args });
    const bytes = new Uint8Array(await file.arrayBuffer());
    parentPort.postMessage(bytes, [bytes.buffer]);
  } finally {
    await pg.close();
  }
})().catch((err) => {
  throw err;
});
`;

const requireHere = createRequire(import.meta.url);

function runDumpWorker(source: { copyDir: string } | { tarball: Uint8Array }): Promise<Buffer> {
  const modules = {
    pglite: requireHere.resolve("@electric-sql/pglite"),
    pgTrgm: requireHere.resolve("@electric-sql/pglite/contrib/pg_trgm"),
    pgDump: requireHere.resolve("@electric-sql/pglite-tools/pg_dump"),
  };
  const worker = new Worker(DUMP_WORKER, {
    eval: true,
    workerData: { ...source, modules, args: PORTABLE_ARGS },
    transferList: "tarball" in source ? [source.tarball.buffer as ArrayBuffer] : [],
  });
  return new Promise<Buffer>((resolve, reject) => {
    let result: Buffer | undefined;
    worker.once("message", (bytes: Uint8Array) => (result = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    worker.once("error", reject);
    worker.once("exit", (code) => (result ? resolve(result) : reject(new Error(`the dump worker ended (exit ${code}) without a dump`))));
  });
}

/** The prefix of the copy `dumpEmbedded` makes beside the database. */
const DUMP_COPY_PREFIX = ".respaldo-copia-";

/**
 * Removes the copies of the embedded database a dump left beside it when the process stopped
 * mid-dump (a crash or a kill: `dumpEmbedded`'s `finally` never ran); each is as large as the database.
 * Called at start, holding DATA_DIR's lock, so no dump of this directory is under way. Returns the
 * names removed.
 */
export async function removeLeftoverDumpCopies(dataDir: string): Promise<string[]> {
  const entries = await fs.promises.readdir(dataDir, { withFileTypes: true }).catch(() => []);
  const copies = entries.filter((e) => e.isDirectory() && e.name.startsWith(DUMP_COPY_PREFIX)).map((e) => e.name);
  for (const name of copies) await fs.promises.rm(path.join(dataDir, name), { recursive: true, force: true });
  return copies;
}

/**
 * The embedded database's dump, made off the main thread (decision 024). `pgDump` must not run on
 * the live instance (it would run inside whatever transaction the shop has open, and leaves its
 * session settings behind), so it runs on a copy, in a worker:
 * - a database on disk (the shop's DATA_DIR) is copied file by file with the asynchronous file
 *   system calls while PGlite's query lock is held, so no statement writes during the copy and
 *   the event loop stays free (the shop's queries wait for the copy; /healthz does not). The copy
 *   is as after a crash: a transaction still open is not in it, and the copy's start recovers it;
 * - a database in memory (the tests) is copied as PGlite's own tarball of its files.
 * The copy is removed afterwards.
 */
async function dumpEmbedded(client: PGlite): Promise<Buffer> {
  const dataDir = client.dataDir;
  if (!dataDir || dataDir.startsWith("memory://") || !fs.existsSync(dataDir)) {
    const tarball = new Uint8Array(await (await client.dumpDataDir("none")).arrayBuffer());
    return runDumpWorker({ tarball });
  }
  // Beside the database, so on the same disk, and never in the backups folder.
  const copyDir = await fs.promises.mkdtemp(path.join(path.dirname(dataDir), DUMP_COPY_PREFIX));
  try {
    await client._runExclusiveQuery(() => fs.promises.cp(dataDir, copyDir, { recursive: true }));
    return await runDumpWorker({ copyDir });
  } finally {
    await fs.promises.rm(copyDir, { recursive: true, force: true });
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
  if (driver.kind === "pglite") return Readable.from([await dumpEmbedded(driver.client)]);
  const options = driver.pool.options as { connectionString?: string };
  if (!options.connectionString) throw new Error("the pool has no connection string to give pg_dump");
  return dumpServer(options.connectionString);
}
