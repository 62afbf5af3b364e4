import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, acquireDataDirLock } from "./lock";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("embedded database lock", () => {
  it("stops a second process that opens the same directory, with a clear message", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    const second = spawnSync(
      process.execPath,
      ["--import", "tsx", "-e", `import("./server/db/lock.ts").then((m) => m.acquireDataDirLock(${JSON.stringify(dir)}))`],
      { encoding: "utf8", cwd: process.cwd() },
    );
    expect(second.status).not.toBe(0);
    expect(second.stderr).toMatch(/in use by another process \(pid \d+\)/);
    lock.release();
    expect(fs.existsSync(path.join(dir, "shop.lock"))).toBe(false);
  });

  it("refuses a directory locked by another live process", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "shop.lock"), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left behind by a process that is gone", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    fs.writeFileSync(path.join(dir, "shop.lock"), dead.stdout.trim());
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "shop.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
  });
});
