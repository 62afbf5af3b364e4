/**
 * The server half of 'Consulta tu pedido' (docs/requirements.md#orders-and-statuses): the lookup
 * form (order number and contact e-mail → a 303 to the order's own link), the order a link opens,
 * and 'Pagar Ahora' from it (the /confirmacion action, `payFromOrderPage`).
 */
import { redirect, type AppLoadContext } from "react-router";
import { HONEYPOT_FIELD } from "#domain/forms.ts";
import { mayNameOrder } from "#domain/orders.ts";
import { failureOf } from "#domain/form-failure.ts";
import { RATE_LIMIT_MESSAGE } from "#domain/messages.ts";
import { ORDER_LOOKUP_INTENT, ORDER_LOOKUP_MESSAGES, ORDER_PAGE_MESSAGES, orderLookupPath } from "#domain/order-pages.ts";
import { getUser } from "#server/accounts/auth.server.ts";
import { RATE_LIMITS, takeRateLimit } from "#server/accounts/rate-limit.server.ts";
import { logError } from "#server/http/error-log.ts";
import { isLinkKey } from "#server/orders/index.ts";
import { lookUpOrderKey, orderForLinkKey, orderLookupSchema } from "#server/orders/order-lookup.server.ts";
import { enteredValues, formInput, parseForm, refuse, refuseThrown, tryReadForm } from "#app/lib/form.server.ts";
import { payFromOrderPage } from "./payment-return.server";

const LOOKUP_INTENT = ORDER_LOOKUP_INTENT;
const PAY_INTENT = "pay";

/** What the page shows of the order a link opens (no internal fields: no notes, no account). */
export async function lookupPageOrder(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const pedido = url.searchParams.get("pedido");
  const clave = url.searchParams.get("clave");
  if (!pedido || !isLinkKey(clave)) return { order: null, loadFailed: false };
  try {
    const order = await orderForLinkKey(context.db, pedido, clave);
    if (!order) return { order: null, loadFailed: false };
    // A customer's order is paid signed in (the payment's return pages show it to its owner only).
    const user = order.user ? await getUser(request, context) : null;
    const payHere = order.user === null || order.user._id === user?.id;
    return {
      order: {
        orderNumber: order.orderNumber,
        createdAt: order.createdAt,
        items: order.items.map(({ name, variant, price, quantity }) => ({ name, variant, price, quantity })),
        shippingAddress: order.shippingAddress,
        shippingMethod: order.shippingMethod,
        shippingCost: order.shippingCost,
        trackingNumber: order.trackingNumber,
        paymentMethod: order.paymentMethod,
        paymentId: order.paymentId,
        paymentStatus: order.paymentStatus,
        subtotal: order.subtotal,
        discount: order.discount,
        couponCode: order.couponCode,
        finalTotal: order.finalTotal,
        loyaltyPoints: order.loyaltyPoints,
        orderStatus: order.orderStatus,
        cancelReason: order.cancelReason,
        cancelledAt: order.cancelledAt,
        cancelledBy: order.cancelledBy,
        email: order.email,
        canPay: order.canRetryPayment,
        payHere,
        payKey: clave,
      },
      loadFailed: false,
    };
  } catch (error) {
    logError("order lookup page failed", error, { requestId: context.requestId });
    return { order: null, loadFailed: true };
  }
}

/**
 * The page's two forms: 'Pagar Ahora' (the /confirmacion action, which reads the body itself), and
 * the lookup. A lookup's wrong pair, unknown or malformed number and a filled honeypot all answer
 * the same 404 message. Over the allowance per IP, 429 for every lookup; over the allowance per
 * number, 429 for a wrong guess only (the per-number counter counts wrong guesses only).
 */
export async function lookupPageAction(request: Request, context: AppLoadContext) {
  const form = await tryReadForm(request.clone());
  if (form?.get("intent") === PAY_INTENT) return payFromOrderPage(request, context);
  const values = enteredValues(form ?? new FormData(), ["pedido", "email"], 254);
  const notFound = () => refuse(failureOf(ORDER_LOOKUP_MESSAGES.notFound, { intent: LOOKUP_INTENT, values }), 404);
  if (!form) return refuse(failureOf(ORDER_LOOKUP_MESSAGES.notFound, { intent: LOOKUP_INTENT, values }));
  const parsed = parseForm(orderLookupSchema, formInput(orderLookupSchema, form), { intent: LOOKUP_INTENT, values });
  if (!parsed.ok) return refuse(parsed.failure);
  if (form.get(HONEYPOT_FIELD)) return notFound();
  const factor = context.config.RATE_LIMIT_FACTOR;
  const tooMany = () => refuse(failureOf(RATE_LIMIT_MESSAGE, { intent: LOOKUP_INTENT, values }), 429);
  if (!(await takeRateLimit(context.db, RATE_LIMITS.orderLookupPerIp, context.clientIp, factor))) return tooMany();
  try {
    const key = await lookUpOrderKey(context.db, parsed.value);
    // The right pair is answered even when the number's counter is used up: strangers guessing
    // e-mails for a number printed on a packing slip must not lock its owner out.
    if (key) return redirect(orderLookupPath(parsed.value.pedido, key), 303);
    // Only a well-formed number can name an order (and only such text is fit for a counter's key).
    const guessesLeft =
      !mayNameOrder(parsed.value.pedido) || (await takeRateLimit(context.db, RATE_LIMITS.orderLookupPerOrder, parsed.value.pedido, factor));
    return guessesLeft ? notFound() : tooMany();
  } catch (error) {
    return refuseThrown(error, {
      intent: LOOKUP_INTENT,
      values,
      fallback: ORDER_PAGE_MESSAGES.loadFailed,
      log: "order lookup failed",
      requestId: context.requestId,
    });
  }
}
