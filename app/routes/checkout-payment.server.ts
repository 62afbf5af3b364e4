/**
 * The checkout route's paying step (docs/requirements.md#checkout): after
 * placeOrder committed, the pending-order cookie and the redirect to the
 * provider's payment link (or /confirmacion when there is nothing to pay); a
 * fresh link for the browser's stored order ('Intentar de nuevo').
 */
import type { AppLoadContext } from "react-router";
import { PAYMENT_MESSAGES } from "#domain/payments.ts";
import { canRetryPayment } from "#domain/statuses.ts";
import { orderForPayment, readPendingOrder, storePendingOrder, viewerMaySee, type PlacedOrder } from "#server/orders/index.ts";
import { PaymentLinkError, createPaymentLinkForOrder, paymentProvider } from "#server/payments/index.ts";

/**
 * After placeOrder committed: the signed pending-order cookie (number, id,
 * total) and where the browser goes: the provider's payment link, or
 * /confirmacion for an order with nothing to pay. When the provider gives no
 * link, the order stays payable: back to /checkout, whose loader offers the
 * stored order again with the reason (`?pago=error`). `toProvider`: the location is the provider's
 * page, which the browser loads as a document (redirectDocument), also the sandbox's: a provider's
 * page is another site, and a client-side navigation to the sandbox's would wait on route
 * discovery, its module, its imports and its stylesheet one round trip after the other.
 */
export async function paymentRedirectFor(
  context: AppLoadContext,
  placed: PlacedOrder,
): Promise<{ location: string; setCookie: string; toProvider: boolean }> {
  const setCookie = await storePendingOrder(context.config, {
    orderNumber: placed.orderNumber,
    id: placed.id,
    total: placed.finalTotalCents / 100,
  });
  if (placed.isPaid) {
    return { location: `/confirmacion?${new URLSearchParams({ pedido: placed.orderNumber })}`, setCookie, toProvider: false };
  }
  const link = await paymentLink(context, placed.id);
  if ("url" in link) return { location: link.url, setCookie, toProvider: true };
  return { location: `/checkout?${new URLSearchParams({ pago: link.problem })}`, setCookie, toProvider: false };
}

/** Why no payment link came back, as the `?pago=` key of /checkout (the text is looked up, never taken from the URL). */
export type PaymentProblem = "sin-link" | "error";

export function paymentProblemText(key: string | null): string | null {
  if (key === "sin-link") return PAYMENT_MESSAGES.noLink;
  if (key === "error") return PAYMENT_MESSAGES.failed;
  return null;
}

/** A fresh payment link for a payable order ('Continuar al Pago' after placing, and for a stored order). */
export async function paymentLink(context: AppLoadContext, orderId: string): Promise<{ url: string } | { problem: PaymentProblem }> {
  try {
    const link = await createPaymentLinkForOrder(context.db, orderId, {
      config: context.config,
      provider: paymentProvider(context.config, context.db),
    });
    return { url: link.url };
  } catch (error) {
    // createPaymentLinkForOrder logged the cause.
    if (error instanceof PaymentLinkError && error.reason === "no-link") return { problem: "sin-link" };
    if (error instanceof PaymentLinkError) return { problem: "error" };
    throw error;
  }
}

/** The stored order the browser's pending-order cookie names, when it can still be paid ('Intentar de nuevo') and the requester may see it. */
export async function storedPayableOrder(
  request: Request,
  context: AppLoadContext,
  userId: string | null,
): Promise<{ id: string; orderNumber: string; totalCents: number } | null> {
  const pending = await readPendingOrder(request, context.config);
  if (!pending) return null;
  const order = await orderForPayment(context.db, pending.id);
  if (!order || order.orderNumber !== pending.orderNumber || !canRetryPayment(order)) return null;
  // A shared browser's cookie never offers someone else's order: a customer's order only to that signed-in customer.
  if (!viewerMaySee(order, { userId, pendingOrderId: pending.id })) return null;
  return { id: order.id, orderNumber: order.orderNumber, totalCents: order.finalTotalCents };
}
