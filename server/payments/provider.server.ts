import type { AppConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { mercadoPagoProvider } from "./mercadopago.server";
import { sandboxProvider } from "./sandbox.server";
import type { PaymentProvider } from "./types";

/** The provider PAYMENT_PROVIDER names. The sandbox reads its own records from `db`. */
export function paymentProvider(config: AppConfig, db: Database): PaymentProvider {
  return config.PAYMENT_PROVIDER === "mercadopago" ? mercadoPagoProvider(config) : sandboxProvider(config, db);
}
