/**
 * One backup at a time per shop (docs/architecture.md#backups, decision 024): a dump costs a copy
 * of the embedded database, or a pg_dump's load on the server. Within a process a flag; on a
 * PostgreSQL server also a session advisory lock, held on a connection of its own for the length of
 * the dump, so two processes of one shop cannot both dump (the lock goes with the connection if the
 * process dies).
 */
import { driverOf, type Database } from "#server/db/client.ts";
import { ShopError } from "#server/errors.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";

/** The advisory lock's keys (pg_advisory_lock(int, int)): a class of its own beside the order caps' 15_001 and 15_002. */
const BACKUP_LOCK = [15_100, 1] as const;

let held = false;
let waiters: Array<() => void> = [];

/** Lets go of the lock; safe to call more than once. */
export type ReleaseBackupLock = () => Promise<void>;

async function takeInProcess(wait: boolean): Promise<boolean> {
  while (held) {
    if (!wait) return false;
    await new Promise<void>((resolve) => waiters.push(resolve));
  }
  held = true;
  return true;
}

function releaseInProcess() {
  held = false;
  const next = waiters;
  waiters = [];
  for (const wake of next) wake();
}

/**
 * Takes the shop's backup lock. `wait: false` (the admin's download) throws a ShopError `conflict` at
 * once when a backup is being made; `wait: true` (the nightly backup) waits its turn.
 */
export async function takeBackupLock(db: Database, { wait }: { wait: boolean }): Promise<ReleaseBackupLock> {
  if (!(await takeInProcess(wait))) throw new ShopError(ADMIN_MESSAGES.backupInProgress, "conflict");
  const driver = driverOf(db);
  if (driver?.kind !== "postgres") return once(async () => releaseInProcess());
  let client;
  try {
    client = await driver.pool.connect();
    if (wait) await client.query("select pg_advisory_lock($1, $2)", [...BACKUP_LOCK]);
    else {
      const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1, $2) as locked", [...BACKUP_LOCK]);
      if (!rows[0]?.locked) throw new ShopError(ADMIN_MESSAGES.backupInProgress, "conflict");
    }
  } catch (err) {
    client?.release();
    releaseInProcess();
    throw err;
  }
  const connection = client;
  return once(async () => {
    try {
      await connection.query("select pg_advisory_unlock($1, $2)", [...BACKUP_LOCK]);
      connection.release();
    } catch {
      // A connection that cannot unlock is dropped: its session, and the lock with it, ends.
      connection.release(true);
    } finally {
      releaseInProcess();
    }
  });
}

function once(release: () => Promise<void>): ReleaseBackupLock {
  let done: Promise<void> | undefined;
  return () => (done ??= release());
}
