/**
 * A fingerprint of every table (docs/architecture.md#backups): its row count and an MD5 over its
 * rows' text, independent of row order, and every sequence's position. Two databases with equal
 * fingerprints hold the same rows, byte for byte (a bytea column's text is its hex): how a move and
 * the backup tests prove that nothing was lost or changed on the way.
 *
 * A sequence is compared by its position, which a copy may have ahead of the original: PostgreSQL
 * logs a sequence 32 values ahead, so the copy of the embedded database the dump is made from (see
 * dump.server.ts) starts its sequences up to 32 further on. Ahead is harmless (a sequence promises
 * new values, not consecutive ones); behind would hand out a value again.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";

export interface TableChecksum {
  /** schema.table, or schema.sequence for a sequence (rows: its last value). */
  table: string;
  rows: number;
  md5: string;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function tableChecksums(db: Database): Promise<TableChecksum[]> {
  return db.transaction(async (tx) => {
    // A row's text depends on the session's time zone and styles: fixed here, equal on both sides.
    await tx.execute(sql`set local timezone = 'UTC'`);
    await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
    await tx.execute(sql`set local extra_float_digits = 1`);
    await tx.execute(sql`set local bytea_output = 'hex'`);
    const tables = await tx.execute<{ schema: string; name: string }>(sql`
      select schemaname as schema, tablename as name from pg_catalog.pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`);
    const result: TableChecksum[] = [];
    for (const { schema, name } of tables.rows) {
      const ref = `${quoteIdent(schema)}.${quoteIdent(name)}`;
      const row = await tx.execute<{ rows: string | number; md5: string }>(
        sql.raw(`select count(*) as rows, md5(coalesce(string_agg(h, '' order by h), '')) as md5
                 from (select md5(t::text) as h from ${ref} t) r`),
      );
      result.push({ table: `${schema}.${name}`, rows: Number(row.rows[0]!.rows), md5: row.rows[0]!.md5 });
    }
    const sequences = await tx.execute<{ schema: string; name: string; last: string | number | null }>(sql`
      select schemaname as schema, sequencename as name, last_value as last from pg_catalog.pg_sequences
      where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`);
    for (const s of sequences.rows) {
      result.push({ table: `${s.schema}.${s.name}`, rows: Number(s.last ?? 0), md5: SEQUENCE });
    }
    return result;
  });
}

const SEQUENCE = "sequence";

/** The tables and sequences of `copy` that do not hold what `original` holds (none after a good copy), by name. */
export function checksumDifferences(original: TableChecksum[], copy: TableChecksum[]): string[] {
  const copies = new Map(copy.map((t) => [t.table, t]));
  const different = original
    .filter((t) => {
      const c = copies.get(t.table);
      if (!c || c.md5 !== t.md5) return true;
      return t.md5 === SEQUENCE ? c.rows < t.rows : c.rows !== t.rows;
    })
    .map((t) => t.table);
  const extra = copy.filter((c) => !original.some((t) => t.table === c.table)).map((c) => c.table);
  return [...different, ...extra];
}
