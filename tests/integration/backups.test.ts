/**
 * Backups that restore (docs/architecture.md#backups), on each database: a shop with products and
 * their variants, a gallery image, customers, carts, an order with a coupon and points, backed up
 * and restored into another empty database of the same kind, holds every row and every image byte
 * equal; a non-empty target is refused with nothing written; the last 7 are kept; a failed dump
 * leaves no file; 'Descargar respaldo' streams the same dump to the admin, on a POST only, one
 * backup at a time (409 otherwise, across processes on PostgreSQL); a file that is not a whole
 * backup of this shop is refused with nothing written; the nightly backup is claimed once per
 * night at 03:00 Mexico City across processes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import sharp from "sharp";
import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { randomBytes } from "node:crypto";
import pg from "pg";
import * as backupRoute from "#app/routes/admin/respaldo.ts";
import { BACKUP_INTENT } from "#domain/admin-dashboard.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import {
  BACKUPS_KEPT,
  backupDownload,
  backupFileName,
  checksumDifferences,
  claimNightlyBackup,
  listBackups,
  NotAShopBackupError,
  readDumpFile,
  restoreDump,
  RestoreTargetNotEmptyError,
  tableChecksums,
  userTables,
  writeBackup,
} from "#server/backups/index.ts";
import type { Database } from "#server/db/client.ts";
import {
  carts,
  couponRedemptions,
  imageVariants,
  images,
  loyaltyTransactions,
  orderItems,
  orders,
  productVariants,
  products,
  users,
} from "#server/db/schema.ts";
import { prepareGalleryImage } from "#server/images/decode.server.ts";
import { readGalleryVariant, saveGalleryImage } from "#server/images/gallery.server.ts";
import { placeOrder } from "#server/orders/index.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { cartWith, checkoutInput, insertCoupon } from "#tests/fixtures/checkout.ts";
import { insertCustomer } from "#tests/fixtures/orders.ts";
import { insertProduct, insertVariant } from "#tests/fixtures/products.ts";
import { callLoader, formPost, get, routeContext, runAction, runLoader, settle, signIn } from "#tests/fixtures/route-context.ts";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "#tests/fixtures/test-db.ts";

/** Fills `db` with one of everything a shop keeps; returns the gallery image's id. */
async function fillShop(db: Database): Promise<string> {
  const single = await insertProduct(db, { name: "Charizard ex", stock: 3 });
  await insertVariant(db, single, { condition: "LP", language: "ja", priceCents: 85_050, stock: 2 });
  const other = await insertProduct(db, { name: "Caja de sobres", category: "Producto Sellado", stock: 10 });
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
  const prepared = await prepareGalleryImage(png, "carta-respaldo.png");
  if (!prepared.ok) throw new Error(prepared.failure);
  const imageId = await saveGalleryImage(db, prepared.value, null);
  const customer = await insertCustomer(db, { name: "Lucía Respaldo", points: 500 });
  const code = await insertCoupon(db, { discountPercent: 15 });
  const cartId = await cartWith(db, [{ productId: single, quantity: 1 }], customer);
  await placeOrder(db, checkoutInput(cartId, { userId: customer, couponCode: code, usePoints: true }));
  await cartWith(db, [{ productId: other, quantity: 2 }]); // a guest's cart left open
  return imageId;
}

async function rowCount(db: Database, table: PgTable) {
  const [row] = await db.select({ n: count() }).from(table);
  return row!.n;
}

for (const kind of testDatabaseKinds()) {
  describe(`backups [${kind}]`, () => {
    let source: TestDatabase;
    let imageId: string;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backups-"));
    const opened: TestDatabase[] = [];
    const fresh = async () => {
      const handle = await openTestDatabase(kind, { migrate: false });
      opened.push(handle);
      return handle;
    };

    // One backup of the filled shop, written when a test first needs it and read by the tests that only
    // restore it (a dump of the embedded database takes seconds; docs/architecture.md#tests).
    let sourceBackup: ReturnType<typeof writeBackup> | undefined;
    const backupOfSource = () => (sourceBackup ??= writeBackup(source.db, dir, new Date("2026-11-26T09:00:00Z")));

    beforeAll(async () => {
      source = await openTestDatabase(kind);
      imageId = await fillShop(source.db);
    });
    afterAll(async () => {
      await source?.destroy();
      await Promise.all(opened.map((h) => h.destroy()));
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("restores every row and every image byte into an empty database", async () => {
      const { file, bytes } = await backupOfSource();
      expect(path.basename(file)).toBe("respaldo-2026-11-26T09-00-00Z.sql.gz");
      expect(bytes).toBeGreaterThan(0);
      expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      // Every customer's data and password hash: no other user of the machine may read it.
      expect(fs.statSync(file).mode & 0o077).toBe(0);

      const target = await fresh();
      await restoreDump(target.db, readDumpFile(file));

      // Everything a shop keeps is there, and not by accident: the source has each kind of row.
      for (const table of [
        products,
        productVariants,
        images,
        imageVariants,
        users,
        carts,
        orders,
        orderItems,
        couponRedemptions,
        loyaltyTransactions,
      ]) {
        expect(await rowCount(source.db, table)).toBeGreaterThan(0);
        expect(await rowCount(target.db, table)).toBe(await rowCount(source.db, table));
      }
      // Every table, row for row (bytea as hex), equal on both sides; no sequence behind.
      expect(checksumDifferences(await tableChecksums(source.db), await tableChecksums(target.db))).toEqual([]);
      // The image's bytes, as the shop serves them.
      const served = await readGalleryVariant(target.db, { id: imageId, width: null });
      const original = await readGalleryVariant(source.db, { id: imageId, width: null });
      expect(original?.bytes.length).toBeGreaterThan(0);
      expect(served?.bytes.equals(original!.bytes)).toBe(true);
      // The restored database is a working shop: its migrations are recorded, a new one would apply.
      await target.migrate();
      expect(checksumDifferences(await tableChecksums(source.db), await tableChecksums(target.db))).toEqual([]);
    });

    it("refuses a database that is not empty, and writes nothing into it", async () => {
      const file = (await backupOfSource()).file;
      const target = await openTestDatabase(kind);
      opened.push(target);
      await insertProduct(target.db, { name: "Ya estaba aquí" });
      const before = await tableChecksums(target.db);
      const refused = await restoreDump(target.db, readDumpFile(file)).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(RestoreTargetNotEmptyError);
      expect((refused as Error).message).toMatch(/no está vacía/);
      expect(await tableChecksums(target.db)).toEqual(before);
    });

    it("keeps the newest 7 backups", async () => {
      const keep = fs.mkdtempSync(path.join(dir, "keep-"));
      // Eight older nights already there (and a file that is not a backup, left alone), then tonight's.
      for (let day = 1; day <= BACKUPS_KEPT + 1; day++) {
        fs.writeFileSync(path.join(keep, backupFileName(new Date(Date.UTC(2026, 10, day, 9)))), "old");
      }
      fs.writeFileSync(path.join(keep, "notas.txt"), "mine");
      await writeBackup(source.db, keep, new Date(Date.UTC(2026, 10, BACKUPS_KEPT + 2, 9)));
      const names = listBackups(keep).map((b) => b.name);
      expect(names).toHaveLength(BACKUPS_KEPT);
      expect(names[0]).toBe("respaldo-2026-11-09T09-00-00Z.sql.gz");
      expect(names.at(-1)).toBe("respaldo-2026-11-03T09-00-00Z.sql.gz");
      expect(fs.readdirSync(keep).filter((n) => !names.includes(n))).toEqual(["notas.txt"]);
    });

    it("'Descargar respaldo' streams the dump to the admin, on a POST of its form only, and to no one else", async () => {
      const { cookie: adminCookie } = await adminSession(source.db, { name: "Admin Respaldo" });
      const customer = await insertCustomer(source.db, { name: "Cliente Curioso" });
      const context = routeContext(source.db);
      const customerCookie = (await signIn(source.db, customer)).cookie;
      const post = (cookie: string, body: string | Record<string, string> = { intent: BACKUP_INTENT }) =>
        runAction(backupRoute, formPost("/admin/respaldo", body, { Cookie: cookie }), { context });

      // Not the admin: a GET is sent home, the form refused (403) with the admin's message.
      const home = await callLoader(backupRoute, get("/admin/respaldo", { Cookie: customerCookie }), { context });
      expect(home.status).toBe(302);
      expect(home.headers.get("Location")).toBe("/");
      for (const refused of [
        await settle<{ error: string }>(() => post(customerCookie)),
        await settle<{ error: string }>(() => post("")),
      ]) {
        expect(refused.status).toBe(403);
        expect(refused.data?.error).toBe(ADMIN_MESSAGES.forbidden);
      }

      // A GET (a link or an image on another site, in the admin's browser) starts no dump: it is sent to the panel.
      const byGet = await runLoader(backupRoute, get("/admin/respaldo", { Cookie: adminCookie }), { context });
      expect(byGet.status).toBe(303);
      expect(byGet.headers.get("Location")).toBe("/admin");
      expect(byGet.headers.get("Content-Type")).not.toBe("application/gzip");

      // A body that is not the form, or the form without its field: refused, nothing dumped.
      const bodies: Array<string | Record<string, string>> = ['{"a":', { intent: "<script>" }, { intent: "x".repeat(100_000) }, {}];
      for (const body of bodies) {
        const refused = await settle<FormFailure>(() => post(adminCookie, body));
        expect(refused.status).toBe(400);
        expect(refused.data?.formError).toBe(ADMIN_MESSAGES.invalidRequest);
      }

      const response = (await post(adminCookie)) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/gzip");
      expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="respaldo-\d{4}-\d{2}-\d{2}T[\d-]+Z\.sql\.gz"$/);
      expect(response.headers.get("Cache-Control")).toContain("no-store");
      // nosniff is the stack's (one header, tests/integration/backup-http.test.ts), not the route's again.
      expect(response.headers.get("X-Content-Type-Options")).toBeNull();
      const text = zlib.gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
      expect(text).toContain("Lucía Respaldo");
      const target = await fresh();
      await restoreDump(target.db, text);
      expect(checksumDifferences(await tableChecksums(source.db), await tableChecksums(target.db))).toEqual([]);
    });

    it("makes one backup at a time: a second download while one runs is answered 409, in Spanish", async () => {
      const { cookie } = await adminSession(source.db, { name: "Admin Doble" });
      const context = routeContext(source.db);
      const post = () =>
        runAction(backupRoute, formPost("/admin/respaldo", { intent: BACKUP_INTENT }, { Cookie: cookie }), {
          context,
        }) as Promise<Response>;

      const answers = await Promise.all([post(), post()]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      const busy = answers.find((r) => r.status === 409)!;
      expect(busy.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(await busy.text()).toContain("Ya se está generando un respaldo");
      const dump = answers.find((r) => r.status === 200)!;
      expect(zlib.gunzipSync(Buffer.from(await dump.arrayBuffer())).toString("utf8")).toContain("PostgreSQL database dump complete");

      // Once it is done (its lock let go as the download's stream closes), the next one is made; a
      // nightly backup waits its turn instead of failing.
      let after!: Response;
      await vi.waitFor(
        async () => {
          after = await post();
          expect(after.status).toBe(200);
        },
        { timeout: 30_000, interval: 50 },
      );
      const nightly = writeBackup(source.db, dir, new Date("2026-11-26T11:00:00Z")); // asked for while the download runs
      await after.arrayBuffer();
      expect((await nightly).bytes).toBeGreaterThan(0);
      expect((await post()).status).toBe(200);
    });

    it.runIf(kind === "postgres")("refuses a download while another process of the shop holds the backup lock", async () => {
      const { cookie } = await adminSession(source.db, { name: "Admin Otro" });
      // Another process: a connection of its own holding the lock a backup takes.
      const other = new pg.Client({ connectionString: source.url! });
      await other.connect();
      try {
        await other.query("select pg_advisory_lock(15100, 1)");
        const busy = (await runAction(backupRoute, formPost("/admin/respaldo", { intent: BACKUP_INTENT }, { Cookie: cookie }), {
          db: source.db,
        })) as Response;
        expect(busy.status).toBe(409);
        expect(await busy.text()).toContain("Ya se está generando un respaldo");
        await other.query("select pg_advisory_unlock(15100, 1)");
        const done = (await runAction(backupRoute, formPost("/admin/respaldo", { intent: BACKUP_INTENT }, { Cookie: cookie }), {
          db: source.db,
        })) as Response;
        expect(done.status).toBe(200);
        await done.arrayBuffer();
      } finally {
        await other.end();
      }
    });

    it("refuses to restore a file that is not a whole backup of this shop, and writes nothing", async () => {
      const whole = readDumpFile((await backupOfSource()).file);
      const otherDb = [
        "--",
        "-- PostgreSQL database dump",
        "--",
        "SET client_encoding = 'UTF8';",
        "CREATE TABLE public.notas (id integer, texto text);",
        "INSERT INTO public.notas VALUES (1, 'hola');",
        "--",
        "-- PostgreSQL database dump complete",
        "--",
        "",
      ].join("\n");
      const cases: Array<[string, string, RegExp]> = [
        ["an empty file", "", /está vacío/],
        ["random bytes", randomBytes(4096).toString("latin1"), /no es un volcado SQL/],
        ["SQL that is not a dump", "DROP TABLE users;", /no es un volcado SQL/],
        ["a dump cut short", whole.slice(0, Math.floor(whole.length / 2)), /incompleto/],
        ["a dump of another database", otherDb, /otra base de datos/],
      ];
      for (const [label, text, message] of cases) {
        const target = await fresh();
        const refused = await restoreDump(target.db, text).catch((e: unknown) => e);
        expect(refused, label).toBeInstanceOf(NotAShopBackupError);
        expect((refused as Error).message, label).toMatch(message);
        expect((refused as Error).message, label).toMatch(/no es un respaldo de esta tienda/);
        expect(await userTables(target.db), label).toEqual([]);
      }
    });

    it("claims the nightly backup once a night, at 03:00 Mexico City, across processes", async () => {
      const db = (await fresh()).db;
      // fresh() skips migrations: this test needs the job table.
      await opened.at(-1)!.migrate();
      // 2026-11-26 08:59 UTC is 02:59 in Mexico City (UTC-6).
      expect(await claimNightlyBackup(db, new Date("2026-11-26T07:00:00Z"))).toBe(false); // first start: only recorded
      expect(await claimNightlyBackup(db, new Date("2026-11-26T08:59:00Z"))).toBe(false);
      const atThree = await Promise.all(Array.from({ length: 5 }, () => claimNightlyBackup(db, new Date("2026-11-26T09:00:30Z"))));
      expect(atThree.filter(Boolean)).toHaveLength(1);
      expect(await claimNightlyBackup(db, new Date("2026-11-26T20:00:00Z"))).toBe(false);
      expect(await claimNightlyBackup(db, new Date("2026-11-27T08:59:00Z"))).toBe(false);
      expect(await claimNightlyBackup(db, new Date("2026-11-27T09:05:00Z"))).toBe(true);
      // Down at 03:00 for two nights: the backup is made when the shop is back, once.
      expect(await claimNightlyBackup(db, new Date("2026-11-29T16:00:00Z"))).toBe(true);
      expect(await claimNightlyBackup(db, new Date("2026-11-29T16:05:00Z"))).toBe(false);
    });
  });
}

describe("backups of a PostgreSQL server", () => {
  it.runIf(process.env.TEST_DATABASE_URL)("break the download when pg_dump fails, instead of ending it as a short file", async () => {
    const handle = await openTestDatabase("postgres");
    const saved = process.env.PG_DUMP;
    process.env.PG_DUMP = "/bin/false";
    try {
      const { stream } = await backupDownload(handle.db);
      await expect(new Response(Readable.toWeb(stream) as ReadableStream).arrayBuffer()).rejects.toThrow();
    } finally {
      if (saved === undefined) delete process.env.PG_DUMP;
      else process.env.PG_DUMP = saved;
      await handle.destroy();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)("leave no file when pg_dump fails", async () => {
    const handle = await openTestDatabase("postgres");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backups-fail-"));
    const saved = process.env.PG_DUMP;
    process.env.PG_DUMP = "/bin/false";
    try {
      await expect(writeBackup(handle.db, dir)).rejects.toThrow(/pg_dump failed/);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.PG_DUMP;
      else process.env.PG_DUMP = saved;
      await handle.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
