/**
 * Payments (docs/architecture.md#payments): the surface the routes, the checkout and the jobs use.
 * - `paymentProvider(config, db)`: `sandbox` (default) or `mercadopago`, by PAYMENT_PROVIDER;
 * - `applyPayment`: the only writer of `payments`, `orders.payment_status`, `orders.payment_id`;
 * - `handleWebhook`: the signed notification → 200 at once → fetch → applyPayment;
 * - `createPaymentLinkForOrder`: a link for a payable order (after placeOrder commits);
 * - `retryPaymentForViewer` / `retryPaymentForCustomer`: 'Pagar Ahora' (a fresh link and the pending-order cookie);
 * - `reconcilePendingPayments` and its periodic job;
 * - `payInSandbox`: a decision of the sandbox payment page, paid through the webhook path.
 */
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
export { paymentProvider } from "./provider.server";
export { retryPaymentForCustomer, retryPaymentForViewer } from "./retry-payment.server";
