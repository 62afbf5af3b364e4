import { defineConfig } from "vitest/config";

/**
 * Files that must not share the machine: the ones that hold the shop to a clock (health answered
 * within 500 ms during backups, a SIGTERM's deadline, a soak's request rate, a cache's time to live
 * across processes) and the one that spawns a process per command (db-commands: under the other
 * suites' load each start took tens of seconds). `npm run test:suites` runs them after the rest.
 */
const ALONE = [
  "tests/integration/backup-http.test.ts",
  "tests/integration/db-commands.test.ts",
  "tests/integration/shutdown.test.ts",
  "tests/integration/soak.test.ts",
  "tests/integration/two-processes.test.ts",
];

export default defineConfig({
  test: {
    environment: "node",
    // Builds the migrated test databases once per run; each file starts from a copy (test-db.ts).
    globalSetup: ["tests/fixtures/database-templates.ts"],
    // Generous: `npm test` runs this suite beside Playwright on a 2-core machine, and some files
    // spawn whole shops and scripts (db-commands, shutdown, two-processes). A timeout catches a
    // hang, not slowness; speed is measured by `npm run bench`.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // PGlite instances are heavy (WASM); a few files at a time keeps memory and CPU sane.
    maxWorkers: 2,
    // The files of a worker share their modules instead of importing the shop afresh each (a third
    // of the suite's CPU went to imports). So a file leaves no module state behind: it restores the
    // environment variables it changes and calls resetConfigForTests() (docs/architecture.md#tests).
    isolate: false,
    // bcrypt at cost 4 instead of the shop's 10 (domain/password-hash.ts): the suites sign up and in
    // thousands of times. Spawned shops and scripts inherit it.
    env: { PASSWORD_HASH_COST: "4" },
    projects: [
      {
        extends: true,
        test: {
          name: "main",
          include: ["server/**/*.test.ts", "domain/**/*.test.ts", "app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
          exclude: ALONE,
        },
      },
      { extends: true, test: { name: "alone", include: ALONE } },
    ],
  },
});
