/**
 * Named prepared statements, for a hot query whose planning costs more than its run: PostgreSQL
 * plans a statement it was handed by name once per connection and, after a few runs, keeps one
 * generic plan for it. Search as you type is such a query: its trigram conditions cost the
 * planner ~3 ms on the embedded database (selectivity is estimated by testing the pattern against
 * the column's statistics) while the run takes 0.2 ms; every keystroke is a new text, so no cache
 * above the database helps (docs/architecture.md#server-modules).
 *
 * The name is derived from the SQL text, so one text is one statement and a caller cannot pick a
 * name twice. Only the statement's shape should vary between calls: the values go in as parameters.
 * - A PostgreSQL server (node-postgres pool): the driver prepares the name on each connection the
 *   first time that connection sees it.
 * - PGlite (one session for the process): `PREPARE` once, then `EXECUTE` with the values. EXECUTE
 *   is a utility statement, which takes no bound parameters, so the values are written into it as
 *   literals quoted by node-postgres' `escapeLiteral` (strings) or as plain numbers; any other
 *   kind of value is refused.
 */
import crypto from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { countQuery } from "#server/http/request-cost.ts";
import { driverOf, type Queryable } from "./client";

const dialect = new PgDialect();
/** Per PGlite instance: the statements it has prepared (a promise, so two first calls prepare once). */
const preparedOn = new WeakMap<PGlite, Map<string, Promise<void>>>();
/** PostgreSQL's SQLSTATE for "prepared statement does not exist". */
const UNKNOWN_STATEMENT = "26000";

function statementName(text: string): string {
  return `q_${crypto.createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
}

/** One value written into an EXECUTE statement. */
function literal(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  if (typeof value === "string" && !value.includes("\0")) return pg.escapeLiteral(value);
  throw new TypeError(`queryPrepared: a value of type ${typeof value} cannot be a parameter on PGlite`);
}

async function onPglite<Row>(client: PGlite, text: string, params: unknown[]): Promise<Row[]> {
  const name = statementName(text);
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = new Map()));
  const execute = async () => {
    let ready = prepared.get(name);
    if (!ready) {
      ready = client.exec(`prepare ${name} as ${text}`).then(() => undefined);
      prepared.set(name, ready);
      ready.catch(() => prepared.delete(name));
    }
    await ready;
    return (await client.query<Row>(params.length ? `execute ${name}(${params.map(literal).join(", ")})` : `execute ${name}`)).rows;
  };
  try {
    return await execute();
  } catch (error) {
    // Someone ran DISCARD ALL or DEALLOCATE: prepare it again, once.
    if ((error as { code?: string }).code !== UNKNOWN_STATEMENT) throw error;
    prepared.delete(name);
    return execute();
  }
}

/**
 * Runs `query` as a named prepared statement and answers its rows (column names as the SQL says
 * them). Inside a transaction (no driver of its own to prepare on) it runs as a plain query.
 */
export async function queryPrepared<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  const driver = driverOf(db);
  if (!driver) return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const { sql: text, params } = dialect.sqlToQuery(query);
  // One round trip of the request under way, as Drizzle's own queries count (SERVER_TIMING).
  countQuery();
  if (driver.kind === "pglite") return onPglite<Row>(driver.client, text, params);
  return (await driver.pool.query({ name: statementName(text), text, values: params })).rows as Row[];
}
