/**
 * queryPrepared (server/db/prepared.ts): a hot query as a named prepared statement, on PGlite
 * (PREPARE, then EXECUTE with the values written in as literals) and on PostgreSQL (the driver's
 * named statements). The values must arrive exactly as given, hostile ones included.
 */
import { expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryPrepared } from "#server/db/prepared.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

describeEachDatabase("prepared statements", (t) => {
  const echo = (text: string, n: number) => sql`select ${text}::text as "text", ${n}::int as "n", length(${text}) as "length"`;

  it("answers the rows of the statement, with the values as given", async () => {
    expect(await queryPrepared(t.db, echo("charizard", 6))).toEqual([{ text: "charizard", n: 6, length: 9 }]);
    // The same statement again, other values: the plan is reused, the answer follows the values.
    expect(await queryPrepared(t.db, echo("pika", 2))).toEqual([{ text: "pika", n: 2, length: 4 }]);
  });

  it("passes quotes, backslashes, percent signs and SQL as plain text", async () => {
    const hostile = ["O'Brien", "''; drop table products; --", "back\\slash \\' end", "%_\\%", "$1, $2) ; select 1 --", "emoji 🃏 ñ Ü"];
    for (const text of hostile) {
      expect(await queryPrepared(t.db, echo(text, 1))).toEqual([{ text, n: 1, length: [...text].length }]);
    }
    // The table a hostile value names is still there.
    expect(await queryPrepared(t.db, sql`select to_regclass('products') is not null as "present"`)).toEqual([{ present: true }]);
  });

  it("prepares a statement once when several first calls arrive together", async () => {
    const texts = Array.from({ length: 8 }, (_, i) => `together-${i}`);
    const rows = await Promise.all(texts.map((text) => queryPrepared(t.db, sql`select ${text}::text as "text", 'together' as "kind"`)));
    expect(rows.map((r) => r[0])).toEqual(texts.map((text) => ({ text, kind: "together" })));
  });

  // The embedded database's one session keeps the statements; a DEALLOCATE ALL there must not break
  // the shop. (node-postgres keeps its own record per pooled connection: nothing to test there.)
  if (t.kind === "pglite") {
    it("prepares again after the session forgot its statements (DEALLOCATE ALL)", async () => {
      const query = (text: string) => sql`select ${text}::text as "text", 'again' as "kind"`;
      expect(await queryPrepared(t.db, query("before"))).toEqual([{ text: "before", kind: "again" }]);
      await t.db.execute(sql`deallocate all`);
      expect(await queryPrepared(t.db, query("after"))).toEqual([{ text: "after", kind: "again" }]);
    });
  }
});
