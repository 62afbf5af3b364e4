/**
 * CI guard: collects the Vitest suite as a machine without PostgreSQL would (TEST_DATABASE_URL
 * unset) and fails on any test file that collects no test at all. Vitest itself fails such a
 * file with "No test suite found", so a file that defines its suites only when a PostgreSQL
 * server is configured would break the README's `npm test` on such a machine. A file whose
 * tests all need PostgreSQL must register them as skipped (`describe.skipIf`), which this
 * guard counts and reports. `vitest list` cannot tell the two apart (it omits skipped tests),
 * hence Vitest's Node API.
 *
 *   tsx scripts/check-test-collection.ts
 */
import { createVitest } from "vitest/node";

delete process.env.TEST_DATABASE_URL;

const vitest = await createVitest("test", { watch: false });
try {
  const { testModules, unhandledErrors } = await vitest.collect();
  const empty: string[] = [];
  const broken: string[] = [];
  let tests = 0;
  let skipped = 0;
  for (const module of testModules) {
    const name = module.moduleId.replace(`${process.cwd()}/`, "");
    if (module.errors().length > 0) broken.push(`${name}: ${module.errors()[0]?.message ?? "error"}`);
    const all = [...module.children.allTests()];
    if (all.length === 0) empty.push(name);
    tests += all.length;
    const skippedHere = all.filter((test) => test.options.mode === "skip");
    skipped += skippedHere.length;
    if (skippedHere.length > 0) console.log(`${name}: ${skippedHere.length} skipped without TEST_DATABASE_URL`);
  }
  console.log(`${testModules.length} files, ${tests} tests collected without TEST_DATABASE_URL (${skipped} skipped)`);
  for (const file of empty) console.error(`no test collected: ${file}`);
  for (const line of broken) console.error(`collection failed: ${line}`);
  if (empty.length > 0 || broken.length > 0 || unhandledErrors.length > 0 || testModules.length === 0) process.exitCode = 1;
} finally {
  await vitest.close();
}
