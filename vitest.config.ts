import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/**/*.test.ts", "domain/**/*.test.ts", "app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Builds the migrated test databases once per run; each file starts from a copy (test-db.ts).
    globalSetup: ["tests/fixtures/database-templates.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are heavy (WASM); a few files at a time keeps memory and CPU sane.
    maxWorkers: 2,
  },
});
