/**
 * Backups (docs/architecture.md#backups): a gzip-compressed plain-SQL dump of the whole database,
 * written every night at 03:00 Mexico City time into DATA_DIR/backups (the last 7 kept) and streamed
 * to the admin on demand; restored with `npm run db:restore`, and the same dump moves an embedded
 * database to a PostgreSQL server (`npm run db:move`).
 */
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { pipeline as streamPipeline, type Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { jobRuns } from "#server/db/schema.ts";
import { logError } from "#server/http/error-log.ts";
import { startPeriodicJob, type PeriodicJob } from "#server/jobs/periodic.server.ts";
import { SHOP_TIME_ZONE } from "#domain/format.ts";
import { dumpDatabase } from "./dump.server";
import { NotAShopBackupError, restoreDump } from "./restore.server";
import { checksumDifferences, tableChecksums } from "./checksums.server";
import { takeBackupLock } from "./lock.server";

export { dumpDatabase, pgDumpCommand, removeLeftoverDumpCopies } from "./dump.server";
export { checkShopDump, restoreDump, userTables, fitDumpToTarget, NotAShopBackupError, RestoreTargetNotEmptyError } from "./restore.server";
export { checksumDifferences, tableChecksums, type TableChecksum } from "./checksums.server";

/** How many nightly backups DATA_DIR/backups keeps: a week. */
export const BACKUPS_KEPT = 7;
/** The hour of the night (Mexico City) when the shop is quietest. */
export const NIGHTLY_BACKUP_HOUR = 3;
/** How often a process looks whether tonight's backup is due. */
export const NIGHTLY_CHECK_MS = 5 * 60 * 1000;
const NIGHTLY_JOB = "nightly-backup";

const FILE_PATTERN = /^respaldo-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sql\.gz$/;

/** `respaldo-2026-11-26T09-00-00Z.sql.gz`: UTC, so names sort by time. */
export function backupFileName(now: Date): string {
  return `respaldo-${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z.sql.gz`;
}

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, "backups");
}

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): { name: string; bytes: number }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => FILE_PATTERN.test(name))
    .sort()
    .reverse()
    .map((name) => ({ name, bytes: fs.statSync(path.join(dir, name)).size }));
}

/**
 * The compressed dump, for the admin's 'Descargar respaldo': streamed as it is made. Refused with
 * a ShopError `conflict` (409, "Ya se está generando un respaldo") while another backup of the shop is being made; the lock is held
 * until the stream has ended or broken. A dump that fails midway errors the stream (the download
 * breaks; the error is logged, never thrown at the process), and a reader that goes away stops
 * the dump.
 */
export async function backupDownload(db: Database, now = new Date()): Promise<{ filename: string; stream: Readable }> {
  const release = await takeBackupLock(db, { wait: false });
  try {
    const gzip = zlib.createGzip();
    gzip.once("close", () => void release());
    streamPipeline(await dumpDatabase(db), gzip, (err) => {
      if (err && err.code !== "ERR_STREAM_PREMATURE_CLOSE") logError("backup download failed", err);
    });
    return { filename: backupFileName(now), stream: gzip };
  } catch (err) {
    await release();
    throw err;
  }
}

/**
 * Writes a backup into `dir` and keeps the newest BACKUPS_KEPT, after any backup being made has
 * finished (the shop makes one at a time). The file appears under its name only when whole
 * (written as `.partial`, then renamed), so a crash or a failed dump never leaves a file that looks
 * like a backup.
 */
export async function writeBackup(db: Database, dir: string, now = new Date()): Promise<{ file: string; bytes: number }> {
  const release = await takeBackupLock(db, { wait: true });
  try {
    // A backup holds every customer's data and password hash: readable by the shop's user only.
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, backupFileName(now));
    const partial = `${file}.partial`;
    let out: fs.WriteStream | undefined;
    try {
      const dump = await dumpDatabase(db);
      out = fs.createWriteStream(partial, { mode: 0o600 });
      await pipeline(dump, zlib.createGzip(), out);
      fs.renameSync(partial, file);
    } catch (err) {
      // A dump that fails at once can beat the file's opening: the file appears after the failure.
      // Remove it only once the stream has let go of it, or an empty `.partial` stays behind.
      const opened = out;
      if (opened && !opened.closed) await new Promise<void>((resolve) => opened.once("close", () => resolve()));
      fs.rmSync(partial, { force: true });
      throw err;
    }
    for (const old of listBackups(dir).slice(BACKUPS_KEPT)) fs.rmSync(path.join(dir, old.name), { force: true });
    return { file, bytes: fs.statSync(file).size };
  } finally {
    await release();
  }
}

/**
 * A backup file's SQL text: gzip-compressed (as the shop writes them) or plain. A compressed file
 * cut short or damaged is NotAShopBackupError.
 */
export function readDumpFile(file: string): string {
  const bytes = fs.readFileSync(file);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes.toString("utf8");
  try {
    return zlib.gunzipSync(bytes).toString("utf8");
  } catch {
    throw new NotAShopBackupError("está comprimido con gzip pero incompleto o dañado.");
  }
}

/**
 * Claims tonight's backup for the caller. The last 03:00 in Mexico City that has passed (by the
 * database's clock, which all processes share) is the period; the backup is due when the job last
 * ran before it, so a shop that was down at 03:00 makes it when it comes back. One process wins
 * each period. The first claim ever only records the job (a new shop has nothing to back up yet,
 * and every test shop would otherwise dump at start); the first backup is the next night's.
 */
export async function claimNightlyBackup(db: Database, now?: Date): Promise<boolean> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const local = sql`(${at} at time zone ${SHOP_TIME_ZONE})`;
  const todayAt = sql`date_trunc('day', ${local}) + make_interval(hours => ${NIGHTLY_BACKUP_HOUR})`;
  const period = sql`((case when ${local} >= ${todayAt} then ${todayAt} else ${todayAt} - interval '1 day' end) at time zone ${SHOP_TIME_ZONE})`;
  const first = await db
    .insert(jobRuns)
    .values({ name: NIGHTLY_JOB, lastStartedAt: at })
    .onConflictDoNothing()
    .returning({ name: jobRuns.name });
  if (first.length > 0) return false;
  const claimed = await db
    .update(jobRuns)
    .set({ lastStartedAt: at })
    .where(and(eq(jobRuns.name, NIGHTLY_JOB), sql`${jobRuns.lastStartedAt} < ${period}`))
    .returning({ name: jobRuns.name });
  return claimed.length > 0;
}

/** Looks every NIGHTLY_CHECK_MS whether tonight's backup is due, and makes it in `dir` when this process claims it. */
export function startNightlyBackups(db: Database, dir: string): PeriodicJob {
  return startPeriodicJob(
    NIGHTLY_JOB,
    NIGHTLY_CHECK_MS,
    async () => {
      if (!(await claimNightlyBackup(db))) return;
      const { file, bytes } = await writeBackup(db, dir);
      console.log(JSON.stringify({ msg: "backup written", file, bytes }));
    },
    { runAtStart: true },
  );
}

export interface MoveReport {
  tables: { table: string; rows: number; same: boolean }[];
  /** The tables (and sequences) that differ between the two sides (checksumDifferences): none after a good move. */
  different: string[];
}

/**
 * Copies `source` (the embedded database, with the shop stopped) into `target` (an empty
 * PostgreSQL database) through a plain-SQL dump, then compares every table's row count and
 * checksum, and every sequence, on both sides.
 */
export async function moveDatabase(source: Database, target: Database): Promise<MoveReport> {
  const dump = await dumpDatabase(source);
  const chunks: Buffer[] = [];
  for await (const chunk of dump) chunks.push(chunk as Buffer);
  await restoreDump(target, Buffer.concat(chunks).toString("utf8"));
  const before = await tableChecksums(source);
  const different = checksumDifferences(before, await tableChecksums(target));
  return { tables: before.map((t) => ({ table: t.table, rows: t.rows, same: !different.includes(t.table) })), different };
}
