/**
 * The in-process job runner (DESIGN §2): a job runs every `intervalMs`, one run
 * at a time, its failures logged and never thrown. Timers are unref'd so a job
 * never keeps the process alive; stop() waits for a run in progress.
 */
import { logError } from "#server/http/error-log.ts";

export interface PeriodicJob {
  stop(): Promise<void>;
}

export function startPeriodicJob(name: string, intervalMs: number, run: () => Promise<unknown>, options: { runAtStart?: boolean } = {}): PeriodicJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = run()
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
