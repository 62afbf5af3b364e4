/**
 * Environment, parsed once with zod, with the embedded defaults (docs/architecture.md#operations).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_WHATSAPP_NUMBER, SHOP } from "#domain/shop.ts";
import { DEFAULT_UNPAID_ORDER_HOLD_MINUTES } from "#domain/orders.ts";
import { passwordHashCost } from "#domain/password-hash.ts";

const DEV_SESSION_SECRET = "dev-only-session-secret-change-me";

/** The port Prometheus exporters of OpenTelemetry use by default; one free port per process on one machine. */
export const DEFAULT_METRICS_PORT = 9464;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PAYMENT_PROVIDER: z.enum(["sandbox", "mercadopago"]).default("sandbox"),
  MERCADOPAGO_ACCESS_TOKEN: z.string().optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Test-only: the base URL of a stub of Mercado Pago's API (http://127.0.0.1:…) the SDK talks to
   * instead of https://api.mercadopago.com; its origin is also allowed as a CSP form-action.
   */
  MERCADOPAGO_API_BASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** smtp://user:pass@host:587 or smtps://…:465; unset: e-mails are written as .eml files to DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/i, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The sender of every e-mail: "Name <address>" or a bare address. */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, "MAIL_FROM must be an address or Name <address>")
    .default(`${SHOP.name} <${SHOP.email}>`),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{10,15}$/)
    .default(DEFAULT_WHATSAPP_NUMBER),
  /**
   * How long an unpaid order holds its stock, coupon use and points (decision record 015); a
   * pending cash or transfer payment holds it until that payment's own expiry instead.
   */
  UNPAID_ORDER_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(DEFAULT_UNPAID_ORDER_HOLD_MINUTES),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /** The bcrypt cost of new password hashes (domain/password-hash.ts): 10 by default; the test suites use 4. */
  PASSWORD_HASH_COST: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return passwordHashCost(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Seed the demo catalogue on first start with an empty database (set to "false" to start empty). */
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  LOG_REQUESTS: z.enum(["true", "false"]).default("true"),
  /**
   * A `Server-Timing` header on every rendered page: its database round trips and the time of its
   * parts (server/http/request-cost.ts). For measuring (npm run bench); off, as it tells a stranger
   * about the server's internals.
   */
  SERVER_TIMING: z.enum(["true", "false"]).default("false"),
  /**
   * "off": the catalogue's caches (list data, suggestions, cookieless pages; catalog/catalog-cache.ts)
   * never answer, so every request queries the database. For the bench's uncached rows only.
   */
  CATALOG_CACHE: z.enum(["on", "off"]).default("on"),
  /**
   * Product cards rendered once per distinct input and reused (app/lib/server-fragments.server.ts,
   * decision 028). "off" renders every card of every page; "verify" (the test servers) renders every
   * card and fails the request if a kept one differs.
   */
  SERVER_FRAGMENTS: z.enum(["on", "off", "verify"]).default("on"),
  /** On SIGTERM, how long the requests in flight and the jobs' batch under way may take before the process stops anyway (server.js). */
  SHUTDOWN_DEADLINE_MS: z.coerce
    .number()
    .int()
    .positive()
    .max(10 * 60_000)
    .default(20_000),
  /**
   * The metrics listener's port (server.js, decision 023): it answers /metrics and nothing else,
   * on METRICS_HOST. "off" starts none.
   */
  METRICS_PORT: z.union([z.literal("off"), z.coerce.number().int().min(1).max(65_535)]).default(DEFAULT_METRICS_PORT),
  /** The interface the metrics listener binds to: this machine only unless told otherwise. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** Lets a scraper read /metrics on the shop's public port (`Authorization: Bearer …`); without it the public port answers 404. */
  METRICS_TOKEN: z
    .string()
    .min(16, "METRICS_TOKEN must be at least 16 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export type AppConfig = Omit<z.infer<typeof schema>, "SESSION_SECRET"> & {
  SESSION_SECRET: string;
  dataDir: string;
  /** Cookies carry Secure when the shop is served over HTTPS (PUBLIC_URL https://…). */
  secureCookies: boolean;
};

export function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = result.data;
  if (env.UNPAID_ORDER_TTL_HOURS !== undefined) {
    throw new Error(
      "Invalid configuration: UNPAID_ORDER_TTL_HOURS was replaced by UNPAID_ORDER_HOLD_MINUTES (decision record 015: an unpaid order holds its stock for minutes, a pending cash payment until its own expiry); remove it.",
    );
  }
  const dataDir = path.resolve(config.DATA_DIR);
  return {
    ...config,
    dataDir,
    SESSION_SECRET: resolveSessionSecret(config, dataDir),
    secureCookies: config.PUBLIC_URL?.startsWith("https:") ?? false,
  };
}

/**
 * Production never runs on a known secret. With a PostgreSQL server (possibly
 * several app processes) SESSION_SECRET must be given; the embedded database
 * belongs to one process, so there a random secret is made once and kept in
 * DATA_DIR (cookies survive restarts). Development and tests use a fixed one.
 */
function resolveSessionSecret(config: z.infer<typeof schema>, dataDir: string): string {
  if (config.SESSION_SECRET) {
    if (config.NODE_ENV === "production" && config.SESSION_SECRET === DEV_SESSION_SECRET) {
      throw new Error("SESSION_SECRET must be a long random value in production.");
    }
    return config.SESSION_SECRET;
  }
  if (config.NODE_ENV !== "production") return DEV_SESSION_SECRET;
  if (config.DATABASE_URL) {
    throw new Error("SESSION_SECRET is required in production with DATABASE_URL (every app process must share it).");
  }
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    console.log(`SESSION_SECRET no definido: se generó uno aleatorio en ${file}.`);
    return secret;
  }
}

/**
 * A production shop on the sandbox payment provider: no money moves and anyone can approve a
 * payment. Said in the log at every start (server/app.ts) and on every admin page.
 */
export function sandboxInProduction(config: Pick<AppConfig, "NODE_ENV" | "PAYMENT_PROVIDER">): boolean {
  return config.NODE_ENV === "production" && config.PAYMENT_PROVIDER === "sandbox";
}

let cached: AppConfig | undefined;

export function getConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** For tests: forget the parsed configuration so a changed environment is read again. */
export function resetConfigForTests() {
  cached = undefined;
}
