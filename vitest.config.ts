import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/**/*.test.ts", "domain/**/*.test.ts", "app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
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
  },
});
