/**
 * 'Descargar respaldo' through the shop's whole Express stack on a real port (docs/architecture.md#backups):
 * only a POST from the shop's own pages starts a dump (another site's form is refused 403, a GET
 * is sent to the panel, and neither starts one); the dump runs off the event loop, so /healthz and /readyz answer
 * within 500 ms while three downloads are asked for at once; the downloads (the backup, the
 * orders CSV) carry one `nosniff`, not two. The embedded database is the shop's own kind, on disk.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as backupRoute from "#app/routes/admin/respaldo.ts";
import * as ordersCsvRoute from "#app/routes/admin/pedidos-csv.ts";
import { type Database, type DatabaseHandle } from "#server/db/client.ts";
import { BACKUP_INTENT } from "#domain/admin-dashboard.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { startStack, type RunningStack } from "#tests/fixtures/http-stack.ts";
import { resourceBuild } from "#tests/fixtures/server-build.ts";
import { openTestDatabase, testDatabaseKinds } from "#tests/fixtures/test-db.ts";

const build = resourceBuild({ "admin/respaldo": backupRoute, "admin/pedidos.csv": ordersCsvRoute });

/** A reply's headers as sent on the wire (a repeated header stays repeated), and its body's size. */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; rawHeaders: string[]; bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, bytes: body.length, text: body.toString("utf8") });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

function valuesOf(raw: string[], name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) values.push(raw[i + 1]!);
  return values;
}

/** Enough rows that a dump takes a while (about 4 MB of data). */
async function addBallast(db: Database) {
  await db.execute(sql`create table backup_ballast (id serial primary key, filler text)`);
  await db.execute(sql`insert into backup_ballast (filler) select repeat(md5(g::text), 8) from generate_series(1, 15000) g`);
}

for (const kind of testDatabaseKinds()) {
  describe(`'Descargar respaldo' over HTTP [${kind}]`, () => {
    let handle: DatabaseHandle & { destroy?: () => Promise<void> };
    let root: string | undefined;
    let stack: RunningStack;
    let cookie: string;

    beforeAll(async () => {
      if (kind === "pglite") {
        root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-http-"));
        handle = await openTestDatabase("pglite", { dataDir: root });
      } else {
        handle = await openTestDatabase("postgres");
      }
      await addBallast(handle.db);
      ({ cookie } = await adminSession(handle.db, { name: "Admin HTTP" }));
      stack = await startStack({ build }, {}, { db: handle.db, kind });
    });

    afterAll(async () => {
      await stack?.close();
      await (handle?.destroy ?? handle?.close)?.();
      if (root) fs.rmSync(root, { recursive: true, force: true });
    });

    const form = new URLSearchParams({ intent: BACKUP_INTENT }).toString();
    const backupPost = (origin: string) =>
      request(`${stack.base}/admin/respaldo`, {
        method: "POST",
        headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: form,
      });

    it("refuses another site's form (403), sends a GET to the panel, and neither starts a dump", async () => {
      const foreign = await backupPost("https://otro-sitio.example");
      expect(foreign.status).toBe(403);
      const byGet = await request(`${stack.base}/admin/respaldo`, { headers: { cookie } });
      expect(byGet.status).toBe(303);
      expect(valuesOf(byGet.rawHeaders, "location")).toEqual(["/admin"]);
      expect(byGet.bytes).toBeLessThan(1000);
      // No dump was left running: the shop's own form gets one at once, not a 409.
      const own = await backupPost(stack.base);
      expect(own.status).toBe(200);
      expect(valuesOf(own.rawHeaders, "content-type")).toEqual(["application/gzip"]);
    });

    it("sends one nosniff with the backup and the orders CSV", async () => {
      const backup = await backupPost(stack.base);
      expect(backup.status).toBe(200);
      expect(valuesOf(backup.rawHeaders, "x-content-type-options")).toEqual(["nosniff"]);
      const csv = await request(`${stack.base}/admin/pedidos.csv`, { headers: { cookie } });
      expect(csv.status).toBe(200);
      expect(valuesOf(csv.rawHeaders, "content-type")[0]).toMatch(/^text\/csv/);
      expect(valuesOf(csv.rawHeaders, "x-content-type-options")).toEqual(["nosniff"]);
    });

    it("answers /healthz and /readyz within 500 ms while three backups are asked for", async () => {
      const downloads = Promise.all([backupPost(stack.base), backupPost(stack.base), backupPost(stack.base)]);
      let done = false;
      void downloads.finally(() => (done = true));
      const slowest = { healthz: 0, readyz: 0 };
      let checks = 0;
      while (!done) {
        for (const probe of ["healthz", "readyz"] as const) {
          const started = performance.now();
          const reply = await request(`${stack.base}/${probe}`);
          expect(reply.status).toBe(200);
          slowest[probe] = Math.max(slowest[probe], performance.now() - started);
        }
        checks++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const answers = await downloads;
      // One dump at a time: one download, the others told in Spanish.
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      for (const busy of answers.filter((a) => a.status === 409)) expect(busy.text).toContain("Ya se está generando un respaldo");
      expect(answers.find((a) => a.status === 200)!.bytes).toBeGreaterThan(100_000);
      expect(checks).toBeGreaterThan(1);
      expect(slowest.healthz).toBeLessThan(500);
      expect(slowest.readyz).toBeLessThan(500);
    });
  });
}
