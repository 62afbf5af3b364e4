/**
 * Periodic jobs shared by several app processes (server/jobs/periodic.server.ts): each runs once
 * per period across the processes on one database, whoever's tick comes first; on PGlite and
 * PostgreSQL, and with 10 claims racing on PostgreSQL (each its own connection, as processes are).
 */
import { expect, it } from "vitest";
import { claimJobPeriod, startPeriodicJob } from "#server/jobs/periodic.server.ts";
import { driverOf, openDatabase } from "#server/db/client.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const HOUR = 60 * 60 * 1000;

describeEachDatabase("periodic jobs across processes", (t) => {
  it("a period is claimed once: the first tick runs the job, the others until the period ends skip it", async () => {
    const start = new Date("2026-11-26T03:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    expect(await claimJobPeriod(t.db, "nightly", HOUR, at(0))).toBe(true);
    expect(await claimJobPeriod(t.db, "nightly", HOUR, at(0))).toBe(false);
    expect(await claimJobPeriod(t.db, "nightly", HOUR, at(20))).toBe(false); // another process, 20 minutes later
    // A tick a few seconds early still claims the next period (timers drift); much earlier does not.
    expect(await claimJobPeriod(t.db, "nightly", HOUR, at(50))).toBe(false);
    expect(await claimJobPeriod(t.db, "nightly", HOUR, at(59.5))).toBe(true);
    // Another job's periods are its own.
    expect(await claimJobPeriod(t.db, "weekly", 7 * 24 * HOUR, at(59.5))).toBe(true);
  });

  it("two processes' jobs started together run once between them", async () => {
    let runs = 0;
    const job = () => startPeriodicJob("together", HOUR, async () => void runs++, { runAtStart: true, shared: t.db });
    const jobs = [job(), job()];
    await Promise.all(jobs.map((j) => j.stop()));
    expect(runs).toBe(1);
  });

  if (t.kind === "postgres") {
    it("ten processes claiming the same period at once: one gets it", async () => {
      const driver = driverOf(t.db);
      if (driver?.kind !== "postgres") throw new Error("a PostgreSQL suite");
      const url = driver.pool.options.connectionString!;
      const handles = await Promise.all(Array.from({ length: 10 }, () => openDatabase({ kind: "postgres", url, poolSize: 1 })));
      try {
        const now = new Date();
        const claims = await Promise.all(handles.map((h) => claimJobPeriod(h.db, "raced", HOUR, now)));
        expect(claims.filter(Boolean)).toHaveLength(1);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    });
  }
});
