/**
 * Migration 0011_stock_alert_confirmation (decision record 022) on a shop with waiting alerts: a
 * signed-in customer's request for the account's own address counts as confirmed and is still
 * mailed on restock; a guest's, and a customer's for another address, wait for a confirmed request
 * and get nothing.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { newId } from "#server/db/ids.ts";
import { outbox, productVariants, stockAlerts } from "#server/db/schema.ts";
import { queueBackInStockMail } from "#server/stock-alerts/index.ts";
import { onlyVariantId } from "#tests/fixtures/products.ts";
import { migrationsBefore } from "#tests/fixtures/migrations.ts";
import { openTestDatabase, testDatabaseKinds } from "#tests/fixtures/test-db.ts";

describe.each(testDatabaseKinds())("migration 0011_stock_alert_confirmation on waiting alerts [%s]", (kind) => {
  it("keeps a customer's own alerts active, and holds every other one until confirmed", async () => {
    const handle = await openTestDatabase(kind, { migrate: false });
    try {
      await handle.migrate(migrationsBefore("0011_stock_alert_confirmation"));
      const db = handle.db;
      // Written in SQL: the schema's product has columns that later migrations add.
      const card = newId();
      await db.execute(
        sql`insert into products (id, name, price_cents, expansion, search) values (${card}, 'Eevee', 10000, '151', 'eevee 151')`,
      );
      await db.execute(sql`
        insert into product_variants (id, product_id, condition, language, price_cents, stock)
        values (${newId()}, ${card}, 'NM', 'en', 10000, 0)`);
      const customer = newId();
      await db.execute(sql`insert into users (id, name, email, password_hash) values (${customer}, 'Ana', 'Ana@Example.com', 'x')`);
      // Rows as the shop before confirmation wrote them.
      await db.execute(sql`
        insert into stock_alerts (id, email, product_id, variant_id, user_id) values
          (${newId()}, 'ana@example.com', ${card}, null, ${customer}),
          (${newId()}, 'otra@example.com', ${card}, null, ${customer}),
          (${newId()}, 'invitado@example.com', ${card}, null, null)`);

      await handle.migrate();

      const rows = await db.select().from(stockAlerts).orderBy(stockAlerts.email);
      expect(rows.map((r) => [r.email, r.confirmedAt instanceof Date, r.confirmTokenHash])).toEqual([
        ["ana@example.com", true, null],
        ["invitado@example.com", false, null],
        ["otra@example.com", false, null],
      ]);
      const variant = await onlyVariantId(db, card);
      const sent = await db.transaction(async (tx) => {
        await tx.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, variant));
        return queueBackInStockMail(tx, [card], { origin: "https://tienda.example", secret: "s".repeat(32) });
      });
      expect(sent).toBe(1);
      expect((await db.select().from(outbox)).map((m) => m.recipient)).toEqual(["ana@example.com"]);
    } finally {
      await handle.destroy();
    }
  });
});
