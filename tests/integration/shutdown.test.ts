/**
 * Graceful shutdown (docs/architecture.md#operations), on the built shop as it runs (`node
 * server.js`; the test command builds first): SIGTERM in the middle of a CSV import leaves whole
 * batches and a run back in the queue, which the next start finishes, every row once; SIGTERM in
 * the middle of a checkout (on PostgreSQL, where the test holds the checkout at a lock) lets that
 * checkout finish and answer, takes no new connection (its metrics listener neither), and exits 0
 * with the order whole.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { orderItems, orders, productVariants, products } from "#server/db/schema.ts";
import { IMPORT_BATCH_ROWS } from "#server/importer/import-worker.server.ts";
import { createImportRun, findImportRun } from "#server/importer/import-runs.server.ts";
import { openTestDatabase, testDatabaseKinds } from "#tests/fixtures/test-db.ts";
import { insertProduct, onlyVariantId } from "#tests/fixtures/products.ts";
import { checkoutFormFields } from "#tests/fixtures/checkout.ts";
import { startShop, stopAllShops } from "#tests/fixtures/shop-process.ts";

const ROWS = 4000;

afterAll(stopAllShops);

/** Polls the metrics listener's /metrics until `status` has a run. */
async function untilImportRun(base: string, status: string): Promise<void> {
  for (let tries = 0; tries < 1200; tries++) {
    const text = await (await fetch(`${base}/metrics`)).text();
    if (new RegExp(`^shop_import_runs\\{status="${status}"\\} [1-9]`, "m").test(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no import run ever was ${status}`);
}

it("SIGTERM in the middle of a CSV import: whole batches stay, the run waits in the queue, the next start finishes it, every row once", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-shutdown-"));
  const lines = ["name,expansion,price,stock,rarity,type,images"];
  for (let i = 1; i <= ROWS; i++)
    lines.push(`Carta Apagado ${i},Celebrations,3.00,1,Rare,Pokémon,https://images.example.com/apagado-${i}.jpg`);
  let handle: DatabaseHandle = await openTestDatabase("pglite", { dataDir });
  const runId = await createImportRun(handle.db, {
    fileName: "apagado.csv",
    text: lines.join("\n"),
    total: ROWS,
    status: "queued",
    createdBy: null,
  });
  await handle.close();

  const shop = await startShop({ DATA_DIR: dataDir });
  await untilImportRun(shop.metricsBase, "running");
  shop.child.kill("SIGTERM");
  expect(await shop.exited, shop.output()).toBe(0);
  expect(shop.output()).toContain("Tienda detenida.");

  const imported = async () =>
    (
      await handle.db
        .select({ n: count(), names: sql<number>`count(distinct ${products.name})`.mapWith(Number) })
        .from(products)
        .where(sql`${products.name} like 'Carta Apagado %'`)
    )[0]!;
  handle = await openDatabase({ kind: "pglite", dataDir });
  const stopped = await findImportRun(handle.db, runId);
  expect(stopped!.status).toBe("queued");
  expect(stopped!.processed).toBeGreaterThan(0);
  expect(stopped!.processed).toBeLessThan(ROWS);
  expect(stopped!.processed % IMPORT_BATCH_ROWS).toBe(0);
  expect(await imported()).toEqual({ n: stopped!.processed, names: stopped!.processed });
  await handle.close();

  const again = await startShop({ DATA_DIR: dataDir });
  await untilImportRun(again.metricsBase, "done");
  again.child.kill("SIGTERM");
  expect(await again.exited, again.output()).toBe(0);
  handle = await openDatabase({ kind: "pglite", dataDir });
  expect(await findImportRun(handle.db, runId)).toMatchObject({ status: "done", processed: ROWS, succeeded: ROWS, failed: 0 });
  expect(await imported()).toEqual({ n: ROWS, names: ROWS });
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

it("a malformed SHUTDOWN_DEADLINE_MS stops the shop at start with the setting named, as any malformed setting does", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-shutdown-deadline-"));
  await expect(startShop({ DATA_DIR: dataDir, SHUTDOWN_DEADLINE_MS: "20s" })).rejects.toThrow(
    /Invalid configuration: SHUTDOWN_DEADLINE_MS/,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
});

if (testDatabaseKinds().includes("postgres")) {
  it("SIGTERM in the middle of a checkout (PostgreSQL): the checkout finishes and answers, no new connection is taken, the order is whole", async () => {
    const database = await openTestDatabase("postgres");
    try {
      const productId = await insertProduct(database.db, { name: "Carta Apagado Checkout", stock: 3 });
      const variantId = await onlyVariantId(database.db, productId);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-shutdown-pg-"));
      const shop = await startShop({ DATABASE_URL: database.url!, DATA_DIR: dataDir });
      const form = (fields: Record<string, string>, cookie: string) => ({
        method: "POST",
        redirect: "manual" as const,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.base, cookie },
        body: new URLSearchParams(fields),
      });

      // A guest puts the card in the cart and opens the checkout, as a browser without JavaScript.
      const added = await fetch(`${shop.base}/carrito`, form({ intent: "add", productId, quantity: "1" }, ""));
      const cookie = added.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      expect(cookie).not.toBe("");
      const page = await (await fetch(`${shop.base}/checkout`, { headers: { cookie } })).text();
      const token = /name="checkoutToken" value="([^"]+)"/.exec(page)?.[1];
      expect(token, "the checkout page's token").toBeDefined();

      // The test holds the card's variant: the checkout waits at its stock reservation.
      const holder = new pg.Client({ connectionString: database.url });
      await holder.connect();
      await holder.query("begin");
      await holder.query("select 1 from product_variants where id = $1 for update", [variantId]);
      const placing = fetch(
        `${shop.base}/checkout`,
        form(checkoutFormFields({ name: "Ana Apagado", email: "ana.apagado@example.com", checkoutToken: token! }), cookie),
      );
      for (let tries = 0; ; tries++) {
        const waiting = await holder.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (waiting.rows[0].n > 0) break;
        if (tries > 500) throw new Error("the checkout never reached the lock");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }

      shop.child.kill("SIGTERM");
      // The shop no longer takes connections, but it is still there: the checkout is in flight.
      for (let tries = 0; ; tries++) {
        const refused = await fetch(`${shop.base}/healthz`).then(
          () => false,
          () => true,
        );
        if (refused) break;
        if (tries > 200) throw new Error("the shop kept taking connections after SIGTERM");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // Its metrics listener is closed too, so nothing reads the database while it closes.
      const metricsRefused = await fetch(`${shop.metricsBase}/metrics`).then(
        () => false,
        () => true,
      );
      expect(metricsRefused).toBe(true);
      expect(shop.child.exitCode).toBeNull();

      await holder.query("commit");
      await holder.end();
      const answer = await placing;
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toMatch(/\/sandbox\/pago\/[0-9a-f]{24}$/);
      expect(await shop.exited, shop.output()).toBe(0);

      const [order] = await database.db.select({ id: orders.id, total: orders.subtotalCents }).from(orders);
      expect(order).toBeDefined();
      const lines = await database.db.select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, order!.id));
      expect(lines[0]!.n).toBe(1);
      const [variant] = await database.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(and(eq(productVariants.id, variantId)));
      expect(variant!.stock).toBe(2);
      fs.rmSync(dataDir, { recursive: true, force: true });
    } finally {
      await database.destroy();
    }
  }, 120_000);
}
