/**
 * The in-process job runner (docs/architecture.md#jobs): a job runs every `intervalMs`, one run
 * at a time, its failures logged and never thrown. Timers are unref'd so a job
 * never keeps the process alive; stop() waits for a run in progress. With `shared`, the job runs
 * once per period across all the app processes on the database: a tick first claims the period
 * (claimJobPeriod) and skips when another process has run it less than a period ago.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { jobRuns } from "#server/db/schema.ts";
import { logError } from "#server/http/error-log.ts";

/**
 * A tick a little early still claims its period: timers drift, and a process whose tick comes a few
 * seconds before the period's end would otherwise skip and leave the job a whole period late.
 */
const PERIOD_SLACK = 0.95;

/**
 * Claims this period of job `name` for the caller: true when the job last started at least a
 * period ago (or never), and then records its start; false when another process (or an earlier
 * tick) has it. One statement: two processes claiming at once get one true between them. The times
 * are the database's (`now()`), so processes on machines whose clocks differ still agree; `now`
 * stands in for it in tests.
 */
export async function claimJobPeriod(db: Database, name: string, intervalMs: number, now?: Date): Promise<boolean> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const claimed = await db
    .insert(jobRuns)
    .values({ name, lastStartedAt: at })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastStartedAt: at },
      setWhere: sql`${jobRuns.lastStartedAt} <= ${at} - make_interval(secs => ${(intervalMs * PERIOD_SLACK) / 1000})`,
    })
    .returning({ name: jobRuns.name });
  return claimed.length > 0;
}

export interface PeriodicJob {
  stop(): Promise<void>;
}

export function startPeriodicJob(
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
  options: { runAtStart?: boolean; shared?: Database } = {},
): PeriodicJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const shared = options.shared;
  const tick = () => {
    if (stopped || running) return;
    // A claimed period is run even if stop() comes meanwhile (stop waits for it): no other process will.
    const started = shared ? claimJobPeriod(shared, name, intervalMs).then((mine) => (mine ? run() : undefined)) : run();
    running = started
      .then(
        () => undefined,
        (error) => logError(`job ${name} failed`, error),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  if (options.runAtStart) tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export interface QueueWorker {
  /** Stops polling and waiting for wake-ups, and waits for the running pass to finish. */
  stop(): Promise<void>;
}

/**
 * A worker that drains a queue in the database (the outbox, the import runs): a pass runs at
 * start, at once whenever `subscribe`'s signal says this process queued something, and every
 * `pollMs` otherwise (work queued by another process on the same database). One pass at a time: a
 * signal during a pass runs another right after it, and so does a pass that answers `true` (it
 * stopped at its batch limit). A failing pass is logged, never thrown; the timer never keeps the
 * process alive. The pass can ask `isStopped()` to end early.
 */
export function startQueueWorker(
  name: string,
  options: {
    pollMs: number;
    pass: (isStopped: () => boolean) => Promise<boolean | void>;
    subscribe: (wake: () => void) => () => void;
  },
): QueueWorker {
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let runAgain = false;
  let stopped = false;
  const isStopped = () => stopped;

  function run() {
    clearTimeout(timer);
    if (stopped) return;
    if (pass) {
      runAgain = true; // woken during a pass: the new work may have missed it
      return;
    }
    runAgain = false;
    pass = options
      .pass(isStopped)
      .then(
        (more) => {
          if (more === true) runAgain = true;
        },
        (error) => logError(`${name} pass failed`, error),
      )
      .finally(() => {
        pass = undefined;
        if (stopped) return;
        if (runAgain) run();
        else {
          timer = setTimeout(run, options.pollMs);
          timer.unref();
        }
      });
  }

  const unsubscribe = options.subscribe(run);
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      await pass;
    },
  };
}
