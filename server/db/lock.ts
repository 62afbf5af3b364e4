/**
 * The embedded database belongs to one process (docs/architecture.md#operations): two PGlite processes
 * on one directory corrupt it for good. A lock file holding our pid keeps a
 * second process out with a clear message; a lock left by a dead process is taken over.
 */
import fs from "node:fs";
import path from "node:path";

export interface DataDirLock {
  release(): void;
}

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, "shop.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = Number(fs.readFileSync(file, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another process (pid ${owner}). ` +
            `Stop it first (only one process may open the embedded database), or use DATABASE_URL.`,
        );
      }
      fs.unlinkSync(file); // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}.`);
}
