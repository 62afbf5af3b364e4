/**
 * 'Pagar Ahora' (docs/requirements.md#payments): a fresh payment link for an order its viewer may
 * pay, and the pending-order cookie that names it for the return pages. It lives in the payments
 * module, which depends on the orders module (never the other way: decision record 008), so
 * applyPayment can use the orders module's public surface.
 */
import { PAYMENT_MESSAGES } from "#domain/payments.ts";
import type { AppConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { ShopError } from "#server/errors.ts";
import { orderForViewer, storePendingOrder, type OrderRef, type OrderViewer } from "#server/orders/index.ts";
import { createPaymentLinkForOrder } from "./payment-link.server";
import { paymentProvider } from "./provider.server";

/**
 * 'Pagar Ahora' for the customer's own payable order: a fresh payment link
 * (createPaymentLinkForOrder counts the attempt, then asks the provider) and
 * the pending-order cookie that names the order for the return pages.
 * Throws ShopError (`not_found`, `conflict`) / PaymentLinkError with the Spanish message to show.
 */
export async function retryPaymentForCustomer(
  db: Database,
  config: AppConfig,
  userId: string,
  orderId: string,
): Promise<{ url: string; setCookie: string }> {
  return retryPaymentForViewer(db, config, { orderId }, { userId, pendingOrderId: null });
}

/**
 * 'Pagar Ahora' for an order the viewer may see (`viewerMaySee`: the signed-in
 * customer's own, or a guest's through its cookie or its e-mail's link key), as
 * retryPaymentForCustomer. Throws ShopError (`not_found`, `conflict`) / PaymentLinkError.
 */
export async function retryPaymentForViewer(
  db: Database,
  config: AppConfig,
  ref: OrderRef,
  viewer: OrderViewer,
): Promise<{ url: string; setCookie: string }> {
  const order = await orderForViewer(db, ref, viewer);
  if (!order) throw new ShopError(PAYMENT_MESSAGES.failed, "not_found");
  if (!order.canRetryPayment) throw new ShopError(PAYMENT_MESSAGES.notPayable, "conflict");
  const link = await createPaymentLinkForOrder(db, order._id, { config, provider: paymentProvider(config, db) });
  const setCookie = await storePendingOrder(config, { orderNumber: order.orderNumber, id: order._id, total: order.finalTotal });
  return { url: link.url, setCookie };
}
