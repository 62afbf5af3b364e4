import { defineConfig, devices } from "@playwright/test";
import { E2E_WHATSAPP_NUMBER } from "./tests/e2e/config-values.ts";
import { CHROMIUM_LAUNCH } from "./tests/fixtures/chromium.ts";

/**
 * End-to-end tests in Debian's Chromium against the production build, on a
 * fresh embedded database (seeded with the demo catalogue at start). Two
 * projects: JavaScript on, and JavaScript off (the no-JS forms must work).
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".tmp/e2e-data";
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

export default defineConfig({
  testDir: "tests/e2e",
  // A real SMTP server on 127.0.0.1 receives the shop's e-mails (tests/e2e/mail.ts reads them).
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Generous: the nojs account flows take ~35 s on a busy 2-core machine (several full page loads and
  // bcrypt), and `npm test` runs the Vitest suite beside this one. A timeout catches a hang, not slowness.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    trace: "retain-on-failure",
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    { name: "js", testIgnore: /desktop\.spec\.ts/, use: { ...devices["Pixel 7"], launchOptions: CHROMIUM_LAUNCH } },
    {
      name: "nojs",
      testIgnore: /desktop\.spec\.ts/,
      use: { ...devices["Pixel 7"], javaScriptEnabled: false, launchOptions: CHROMIUM_LAUNCH },
    },
    { name: "desktop", use: { viewport: { width: 1280, height: 900 }, launchOptions: CHROMIUM_LAUNCH }, testMatch: /desktop\.spec\.ts/ },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node server.js`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      // No metrics listener: suites run side by side would all want its port.
      METRICS_PORT: "off",
      DATA_DIR,
      LOG_REQUESTS: "false",
      NODE_ENV: "production",
      RATE_LIMIT_FACTOR: "1000",
      // bcrypt at cost 4, not 10: the journeys sign up and in hundreds of times (domain/password-hash.ts).
      PASSWORD_HASH_COST: "4",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // The admin account the first start creates (tests/e2e/accounts.ts signs in with it).
      ADMIN_EMAIL: "admin@tienda.test",
      ADMIN_PASSWORD: "admin-e2e-2026",
      // Every kept product card is rendered afresh too and must equal it (decision 028).
      SERVER_FRAGMENTS: "verify",
      // Not the default number: every page must print the configured one (shop-phone.spec.ts).
      WHATSAPP_NUMBER: E2E_WHATSAPP_NUMBER,
    },
  },
});
