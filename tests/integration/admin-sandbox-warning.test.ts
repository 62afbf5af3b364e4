/**
 * A production shop on the sandbox payment provider (anyone can press 'Aprobar', no money moves)
 * says so: a warning in the log on every start, and a visible warning on every admin page while
 * it lasts. Development and Mercado Pago say nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as adminLayout from "#app/routes/admin/layout.tsx";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { createShop } from "#server/app.ts";
import { resetConfigForTests } from "#server/config.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { callLoader, get, routeContext } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const SECRET = "a-long-random-session-secret-for-this-test-only-0123456789";

describeEachDatabase("the sandbox provider in production, on the admin pages", (t) => {
  const layoutData = async (env: { NODE_ENV: "production" | "development"; PAYMENT_PROVIDER: "sandbox" | "mercadopago" }) => {
    const { cookie } = await adminSession(t.db);
    // The test context's configuration (its session secret signed the cookie), in the mode asked.
    const config = { ...routeContext(t.db).config, ...env };
    const answer = await callLoader<{ sandboxWarning: string | null }>(adminLayout, get("/admin", { cookie }), {
      db: t.db,
      context: { config },
    });
    expect(answer.status).toBe(200);
    return answer.data!;
  };

  it("every admin page warns while the sandbox provider runs in production", async () => {
    expect((await layoutData({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" })).sandboxWarning).toBe(
      ADMIN_MESSAGES.sandboxInProduction,
    );
  });

  it("no warning in development, nor with Mercado Pago", async () => {
    expect((await layoutData({ NODE_ENV: "development", PAYMENT_PROVIDER: "sandbox" })).sandboxWarning).toBeNull();
    expect((await layoutData({ NODE_ENV: "production", PAYMENT_PROVIDER: "mercadopago" })).sandboxWarning).toBeNull();
  });
});

describe("the sandbox provider in production, at start", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    resetConfigForTests();
    vi.restoreAllMocks();
  });

  async function startWith(env: Record<string, string>): Promise<string[]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-start-"));
    Object.assign(process.env, {
      DATA_DIR: dir,
      DATABASE_URL: "",
      SEED_DEMO: "false",
      SESSION_SECRET: SECRET,
      ADMIN_PASSWORD: "una-clave-de-prueba",
      ...env,
    });
    resetConfigForTests();
    const warnings: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(" ")));
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const shop = await createShop();
    try {
      return warnings;
    } finally {
      await shop.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  // One start only (a whole shop on a fresh embedded database is the slowest thing a test can do): the
  // start warns exactly when sandboxInProduction() says so, whose other cases the layout's tests above cover.
  it("logs a warning when a production shop starts on the sandbox provider", async () => {
    const warnings = await startWith({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" });
    expect(warnings.some((line) => line.includes("PAYMENT_PROVIDER=sandbox"))).toBe(true);
  });
});
