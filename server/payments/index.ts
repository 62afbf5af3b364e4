/**
 * Payments (docs/architecture.md#payments): the surface the routes, the checkout and the jobs use.
 * - `paymentProvider(config, db)`: `sandbox` (default) or `mercadopago`, by PAYMENT_PROVIDER;
 * - `applyPayment`: the only writer of `payments`, `orders.payment_status`, `orders.payment_id`;
 * - `handleWebhook`: the signed notification → 200 at once → fetch → applyPayment;
 * - `createPaymentLinkForOrder`: a link for a payable order (after placeOrder commits, 'Pagar Ahora');
 * - `reconcilePendingPayments` and its periodic job;
 * - `payInSandbox`: a decision of the sandbox payment page, paid through the webhook path.
 */
import type { AppConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { mercadoPagoProvider } from "./mercadopago.server";
import { sandboxProvider } from "./sandbox.server";
import type { PaymentProvider } from "./types";

export type { PaymentOrder, PaymentProvider, ProviderPayment, ProviderRefund, RefundRequest, VerifiedNotification } from "./types";
export { RefundRefusedError } from "./types";
export {
  SHOP_CURRENCY,
  applyPayment,
  decidePayment,
  shopPaymentStatus,
  type ApplyOutcome,
  type PaymentDecision,
} from "./apply-payment.server";
export { handleWebhook, webhooksIdle, type WebhookAnswer, type WebhookProcessing } from "./webhook.server";
export { PaymentLinkError, createPaymentLinkForOrder } from "./payment-link.server";
export { reconcilePendingPayments, startPaymentReconciliation } from "./reconcile.server";
export { payInSandbox, signedNotification } from "./sandbox-decision.server";

/** The provider PAYMENT_PROVIDER names. The sandbox reads its own records from `db`. */
export function paymentProvider(config: AppConfig, db: Database): PaymentProvider {
  return config.PAYMENT_PROVIDER === "mercadopago" ? mercadoPagoProvider(config) : sandboxProvider(config, db);
}
