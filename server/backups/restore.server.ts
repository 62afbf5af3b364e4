/**
 * Restoring a dump (docs/architecture.md#backups) into an empty database, embedded or server, in
 * one transaction: it lands whole or not at all.
 */
import { sql } from "drizzle-orm";
import { driverOf, type Database } from "#server/db/client.ts";

export class RestoreTargetNotEmptyError extends Error {
  constructor(readonly tables: string[]) {
    super(
      `La base de datos de destino no está vacía (${tables.length} tablas, p. ej. ${tables.slice(0, 3).join(", ")}). ` +
        "Usa una carpeta de datos nueva o una base de datos PostgreSQL vacía.",
    );
  }
}

/** A file that is not a whole backup of this shop: refused before the target is touched. */
export class NotAShopBackupError extends Error {
  constructor(reason: string) {
    super(`El archivo no es un respaldo de esta tienda: ${reason} No se escribió nada.`);
  }
}

const DUMP_START = "-- PostgreSQL database dump";
const DUMP_END = "-- PostgreSQL database dump complete";
/**
 * What every backup of the shop holds, whatever its version: the tables of the first migration
 * that the shop cannot be without, and Drizzle's record of the migrations applied (without it the
 * migrations that run after the restore would create every table again).
 */
const SHOP_TABLES = ["public.users", "public.products", "public.orders", "public.order_items", "drizzle.__drizzle_migrations"];

/**
 * Throws NotAShopBackupError unless `text` is a whole plain-SQL pg_dump of this shop's database:
 * pg_dump's opening line, its closing line (a file cut short has none), and the shop's tables.
 */
export function checkShopDump(text: string): void {
  if (text.trim() === "") throw new NotAShopBackupError("está vacío.");
  if (!text.slice(0, 1000).includes(DUMP_START)) {
    throw new NotAShopBackupError("no es un volcado SQL de PostgreSQL (pg_dump, texto plano, comprimido con gzip o no).");
  }
  if (!text.slice(-1000).includes(DUMP_END)) throw new NotAShopBackupError("está incompleto (le falta el final del volcado).");
  const missing = SHOP_TABLES.filter((table) => !new RegExp(`^CREATE TABLE ${table.replace(".", "\\.")} \\(`, "m").test(text));
  if (missing.length > 0)
    throw new NotAShopBackupError(`es el volcado de otra base de datos (le faltan las tablas ${missing.join(", ")}).`);
}

/** The tables of every schema but PostgreSQL's own: none in an empty database. */
export async function userTables(db: Database): Promise<string[]> {
  const rows = await db.execute<{ name: string }>(sql`
    select schemaname || '.' || tablename as name from pg_catalog.pg_tables
    where schemaname not in ('pg_catalog', 'information_schema') order by 1`);
  return rows.rows.map((r) => r.name);
}

const HEADER_LINE = /^(?:--.*|SET [a-z_]+ = .*;|SELECT pg_catalog\.set_config\(.*\);|\\restrict \S+|)$/;

/**
 * The dump's text made fit for the target: pg_dump's psql-only `\restrict`/`\unrestrict` lines
 * (newer pg_dumps write them) are dropped, and so is a `SET` of the header that the target's
 * PostgreSQL does not know (a dump of the embedded database, PostgreSQL 17, sets
 * `transaction_timeout`, which a PostgreSQL 15 server refuses). Only the header is looked at:
 * below it, a line is data or schema and is kept as it is.
 */
export function fitDumpToTarget(text: string, knownSettings: ReadonlySet<string>): string {
  const lines = text.split("\n");
  let restrictKey: string | undefined;
  let end = 0;
  for (; end < lines.length && HEADER_LINE.test(lines[end]!); end++) {
    const line = lines[end]!;
    if (line.startsWith("\\restrict ")) {
      restrictKey = line.slice("\\restrict ".length);
      lines[end] = "";
    } else if (line.startsWith("SET ")) {
      const name = line.slice(4, line.indexOf(" ", 4));
      if (!knownSettings.has(name)) lines[end] = `-- (not known here) ${line}`;
    }
  }
  if (restrictKey) {
    const last = lines.lastIndexOf(`\\unrestrict ${restrictKey}`);
    if (last >= 0) lines[last] = "";
  }
  return lines.join("\n");
}

/**
 * Restores `text` (a plain-SQL dump of this shop: NotAShopBackupError otherwise) into `db`, which
 * must be empty (RestoreTargetNotEmptyError otherwise); either way, nothing is written. One simple query: PostgreSQL runs its statements as one
 * transaction, so a failing statement leaves the target as empty as it was.
 */
export async function restoreDump(db: Database, text: string): Promise<void> {
  checkShopDump(text);
  const tables = await userTables(db);
  if (tables.length > 0) throw new RestoreTargetNotEmptyError(tables);
  const settings = await db.execute<{ name: string }>(sql`select name from pg_catalog.pg_settings`);
  const fitted = fitDumpToTarget(text, new Set(settings.rows.map((r) => r.name)));
  const driver = driverOf(db);
  if (!driver) throw new Error("restoreDump needs the database handle, not a transaction");
  if (driver.kind === "pglite") {
    await driver.client.exec(fitted);
    // The dump empties the session's search_path; the shop's queries on this handle need it back.
    await driver.client.exec("RESET search_path");
    return;
  }
  const client = await driver.pool.connect();
  try {
    await client.query(fitted);
  } finally {
    client.release(true); // the dump changed this session's settings: the connection is not reused
  }
}
