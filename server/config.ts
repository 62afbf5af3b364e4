/**
 * Environment, parsed once with zod, with the embedded defaults (DESIGN §9).
 */
import path from "node:path";
import { z } from "zod";

const DEV_SESSION_SECRET = "dev-only-session-secret-change-me";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  SESSION_SECRET: z.string().min(1).default(DEV_SESSION_SECRET),
  PUBLIC_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  PAYMENT_PROVIDER: z.enum(["sandbox", "mercadopago"]).default("sandbox"),
  MERCADOPAGO_ACCESS_TOKEN: z.string().optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Tienda de Cartas <hola@tiendadecartas.mx>"),
  WHATSAPP_NUMBER: z.string().regex(/^\d{10,15}$/).default("525512345678"),
  UNPAID_ORDER_TTL_HOURS: z.coerce.number().positive().default(72),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /** Seed the demo catalogue on first start with an empty database (set to "false" to start empty). */
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  LOG_REQUESTS: z.enum(["true", "false"]).default("true"),
});

export type AppConfig = z.infer<typeof schema> & { dataDir: string };

function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = result.data;
  if (config.NODE_ENV === "production" && config.SESSION_SECRET === DEV_SESSION_SECRET) {
    throw new Error("SESSION_SECRET must be set to a long random value in production.");
  }
  return { ...config, dataDir: path.resolve(config.DATA_DIR) };
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
