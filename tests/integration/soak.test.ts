/**
 * `npm run soak` in CI (scripts/lib/soak.ts): 30 seconds of mixed traffic from 20 clients against
 * the built shop (the test command builds first) on a fresh embedded database and, with
 * TEST_DATABASE_URL, on a fresh database of that PostgreSQL server at the same time: no request
 * fails, nothing is oversold, orders are placed and paid, and every kind of request was made.
 * Memory growth is printed, not judged (a 30-second run is mostly warm-up).
 */
import fs from "node:fs";
import { expect, it } from "vitest";
import { formatReport, runSoak, SOAK_KINDS } from "#scripts/lib/soak.ts";
import { testDatabaseKinds } from "#tests/fixtures/test-db.ts";

const SECONDS = 30;

/** What every soak must show: no failed request, nothing oversold, orders paid, every kind of request made. */
function expectClean(report: Awaited<ReturnType<typeof runSoak>>) {
  const printed = formatReport(report);
  console.log(printed);
  expect(report.errorSamples, printed).toEqual([]);
  expect(report.errors, printed).toBe(0);
  expect(report.stock, printed).toMatchObject({ oversoldUnits: 0, negativeVariants: 0, driftVariants: 0, adminStockMismatches: 0 });
  expect(report.stock.checkedVariants).toBeGreaterThan(0);
  expect(report.orders.placed, printed).toBeGreaterThan(0);
  expect(report.orders.paid, printed).toBeGreaterThan(0);
  expect(report.orders.inDatabase).toBe(report.orders.placed);
  expect(report.orders.paidInDatabase).toBe(report.orders.paid);
  expect(report.admin.importsDone, printed).toBeGreaterThan(0);
  const made = new Set(report.kinds.filter((k) => k.requests > 0).map((k) => k.kind));
  expect(
    SOAK_KINDS.filter((kind) => !made.has(kind)),
    printed,
  ).toEqual([]);
}

const databases = testDatabaseKinds();

it(
  // Both databases' soaks run at the same time: the suite's CPU is taken for 30 seconds, not 60.
  `a ${SECONDS}-second soak on ${databases.join(" and ")} at once: 0 errors, 0 oversold, orders paid, every kind of request made`,
  async () => {
    if (!fs.existsSync("build/server/index.js")) throw new Error("no build: run `npm run build` first (`npm test` does)");
    const reports = await Promise.all(
      databases.map((database) => runSoak({ durationS: SECONDS, clients: 20, database, databaseUrl: process.env.TEST_DATABASE_URL })),
    );
    for (const report of reports) expectClean(report);
  },
  // Seeding and starting take 10-20 s on a busy machine, the soak 30 s, the audit a few.
  150_000,
);
