/**
 * A dump of the embedded database copies it beside itself (DATA_DIR/.respaldo-copia-…) and removes
 * the copy when done; a process stopped mid-dump leaves it, as large as the database. The next
 * start removes such copies and nothing else.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { removeLeftoverDumpCopies } from "./dump.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it("removes the copies an interrupted dump left in DATA_DIR, and nothing else", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-data-"));
  dirs.push(dataDir);
  for (const name of [".respaldo-copia-Ab12Cd", ".respaldo-copia-Zz99Yy/base"]) {
    fs.mkdirSync(path.join(dataDir, name), { recursive: true });
    fs.writeFileSync(path.join(dataDir, name, "PG_VERSION"), "17");
  }
  fs.mkdirSync(path.join(dataDir, "pglite"));
  fs.writeFileSync(path.join(dataDir, "pglite", "PG_VERSION"), "17");
  fs.mkdirSync(path.join(dataDir, "backups"));
  fs.writeFileSync(path.join(dataDir, "backups", "respaldo-2026-11-26T09-00-00Z.sql.gz"), "x");
  // A file of that name is not a copy the dump made.
  fs.writeFileSync(path.join(dataDir, ".respaldo-copia-nota.txt"), "x");

  const removed = await removeLeftoverDumpCopies(dataDir);

  expect(removed.sort()).toEqual([".respaldo-copia-Ab12Cd", ".respaldo-copia-Zz99Yy"]);
  expect(fs.readdirSync(dataDir).sort()).toEqual([".respaldo-copia-nota.txt", "backups", "pglite"]);
  expect(fs.readdirSync(path.join(dataDir, "pglite"))).toEqual(["PG_VERSION"]);
  // A DATA_DIR that does not exist yet: nothing to do.
  expect(await removeLeftoverDumpCopies(path.join(dataDir, "nada"))).toEqual([]);
});
