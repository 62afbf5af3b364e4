/**
 * The operator's commands as an operator runs them (docs/architecture.md#backups):
 * `npm run db:restore -- FILE` into an empty embedded data directory, refused into a non-empty one,
 * and refused, touching nothing, for a file that is not a whole backup of this shop;
 * `npm run db:move -- postgres://…` from the embedded database to an empty PostgreSQL database
 * (with TEST_DATABASE_URL), which prints the DATABASE_URL line a shop then starts with; refused while
 * the embedded database is in use, and into a database that is not empty; and the server's own
 * backup restores into a new embedded database.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkShopDump,
  checksumDifferences,
  NotAShopBackupError,
  readDumpFile,
  tableChecksums,
  writeBackup,
} from "#server/backups/index.ts";
import { openDatabase } from "#server/db/client.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { startShop, stopAllShops } from "#tests/fixtures/shop-process.ts";
import { openTestDatabase } from "#tests/fixtures/test-db.ts";

function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...process.env, NODE_ENV: "development", DATABASE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, output }));
  });
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-db-commands-"));
const sourceDir = path.join(root, "source");
let productId: string;

beforeAll(async () => {
  const source = await openTestDatabase("pglite", { dataDir: sourceDir });
  productId = await insertProduct(source.db, { name: "Pikachu movido", stock: 4 });
  await source.close();
});
afterAll(() => {
  stopAllShops();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("npm run db:restore", () => {
  it("restores a backup into an empty data directory, and refuses one that is not empty", async () => {
    const source = await openDatabase({ kind: "pglite", dataDir: sourceDir });
    const { file } = await writeBackup(source.db, path.join(root, "backups"));
    const original = await tableChecksums(source.db);
    await source.close();

    const target = path.join(root, "restored");
    const first = await run("scripts/db-restore.ts", [file], { DATA_DIR: target });
    expect(first.output).toContain("Respaldo restaurado");
    expect(first.code).toBe(0);
    const restored = await openDatabase({ kind: "pglite", dataDir: target });
    const after = await tableChecksums(restored.db);
    await restored.close();
    expect(checksumDifferences(original, after)).toEqual([]);

    const again = await run("scripts/db-restore.ts", [file], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.output).toContain("no está vacía");

    const missing = await run("scripts/db-restore.ts", [path.join(root, "no-existe.sql.gz")], { DATA_DIR: path.join(root, "other") });
    expect(missing.code).toBe(2);
    expect(missing.output).toContain("No existe el archivo");
  });
});

describe("npm run db:restore of a file that is not a backup of this shop", () => {
  it("refuses a random file, an empty one, a cut-short backup and another database's dump, touching nothing", async () => {
    const source = await openDatabase({ kind: "pglite", dataDir: sourceDir });
    const { file: backup } = await writeBackup(source.db, path.join(root, "backups-for-refusals"));
    await source.close();
    const whole = fs.readFileSync(backup);
    const files: Array<[string, Buffer, RegExp]> = [
      ["aleatorio.sql.gz", crypto.randomBytes(64 * 1024), /no es un volcado SQL/],
      ["vacio.sql", Buffer.alloc(0), /está vacío/],
      ["cortado.sql.gz", whole.subarray(0, Math.floor(whole.length / 2)), /incompleto o dañado/],
      ["cortado.sql", zlib.gunzipSync(whole).subarray(0, 20_000), /incompleto/],
      [
        "otra-base.sql",
        Buffer.from(
          "--\n-- PostgreSQL database dump\n--\nCREATE TABLE public.notas (id integer);\nINSERT INTO public.notas VALUES (1);\n" +
            "--\n-- PostgreSQL database dump complete\n--\n",
        ),
        /otra base de datos/,
      ],
    ];
    // What the command checks before it opens the database, file by file (the script's own two calls).
    for (const [name, bytes, message] of files) {
      const file = path.join(root, name);
      fs.writeFileSync(file, bytes);
      const refused = (() => {
        try {
          checkShopDump(readDumpFile(file));
        } catch (error) {
          return error;
        }
      })();
      expect(refused, name).toBeInstanceOf(NotAShopBackupError);
      expect((refused as Error).message, name).toMatch(message);
      expect((refused as Error).message, name).toContain("no es un respaldo de esta tienda");
    }
    // And the command itself, for a cut-short backup (each run starts a process: one is enough).
    const target = path.join(root, "target-cortado");
    const refused = await run("scripts/db-restore.ts", [path.join(root, "cortado.sql.gz")], { DATA_DIR: target });
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(/incompleto o dañado/);
    expect(refused.output).toContain("no es un respaldo de esta tienda");
    expect(refused.output).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack
    // Nothing written: the target data directory was not even created.
    expect(fs.existsSync(target)).toBe(false);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("npm run db:move", () => {
  it("copies the embedded database into an empty PostgreSQL database that a shop then runs on", async () => {
    const target = await openTestDatabase("postgres", { migrate: false });
    try {
      // While a process holds the embedded database, the move refuses to touch it.
      const holder = await openDatabase({ kind: "pglite", dataDir: sourceDir });
      const busy = await run("scripts/db-move.ts", [target.url!], { DATA_DIR: sourceDir });
      await holder.close();
      expect(busy.code).not.toBe(0);
      expect(busy.output).toContain("in use by another process");

      const moved = await run("scripts/db-move.ts", [target.url!], { DATA_DIR: sourceDir });
      expect(moved.output).toContain("Copia verificada");
      expect(moved.output).toContain(`DATABASE_URL=${target.url}`);
      expect(moved.code).toBe(0);
      const source = await openDatabase({ kind: "pglite", dataDir: sourceDir });
      const original = await tableChecksums(source.db);
      await source.close();
      expect(checksumDifferences(original, await tableChecksums(target.db))).toEqual([]);

      // The line it printed starts a shop on the moved data: the old product link answers.
      const shop = await startShop({ DATABASE_URL: target.url! });
      const page = await fetch(`${shop.base}/producto/${productId}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Pikachu movido");
      await shop.stop();

      // And back: the server's backup (pg_dump, with its psql-only \restrict lines) restores into a new embedded database.
      const onServer = await tableChecksums(target.db); // with what the shop wrote at its start
      const { file } = await writeBackup(target.db, path.join(root, "server-backups"));
      const back = path.join(root, "back-from-server");
      const restored = await run("scripts/db-restore.ts", [file], { DATA_DIR: back });
      expect(restored.code, restored.output).toBe(0);
      const embedded = await openDatabase({ kind: "pglite", dataDir: back });
      const backSums = await tableChecksums(embedded.db);
      await embedded.close();
      expect(checksumDifferences(onServer, backSums)).toEqual([]);

      const again = await run("scripts/db-move.ts", [target.url!], { DATA_DIR: sourceDir });
      expect(again.code).toBe(1);
      expect(again.output).toContain("no está vacía");
    } finally {
      await target.destroy();
    }
  });
});
