import { data, redirect, redirectDocument, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/checkout";
import { getUser } from "#server/accounts/auth.server.ts";
import { currentCart } from "#server/cart/current-cart.server.ts";
import { CheckoutError, newCheckoutToken, placeOrder } from "#server/orders/index.ts";
import {
  checkoutAnswer,
  checkoutFieldErrors,
  checkoutFormProblem,
  checkoutPageData,
  couponForCheckout,
  placeOrderInputFrom,
  readCheckoutForm,
} from "./checkout.server";
import { paymentLink, paymentProblemText, paymentRedirectFor, storedPayableOrder } from "./checkout-payment.server";
import type { FieldErrors } from "#domain/form-failure.ts";
import { allowCouponAttempt } from "#server/coupons/index.ts";
import type { AppliedCoupon } from "#domain/coupons.ts";
import { CHECKOUT_MESSAGES, normalizeCouponCode } from "#domain/orders.ts";
import { RATE_LIMIT_MESSAGE } from "#domain/messages.ts";
import { tryReadForm } from "#app/lib/form.server.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { CheckoutPage } from "#app/components/checkout/CheckoutPage.tsx";
import { RetryPayment } from "#app/components/checkout/RetryPayment.tsx";
import type { StylesheetHandle } from "#app/styles/inline.ts";
import checkoutStylesheet from "#app/styles/checkout.css?url";

/** The view's types, derived from what the loader and the action return (app/components/checkout/ uses them). */
export type CheckoutPageView = Extract<Route.ComponentProps["loaderData"], { kind: "checkout" }>;
/** The action's answer: the one FormFailure shape (the applied coupon in its values, read by appliedCouponOf). */
export type CheckoutAnswer = NonNullable<Route.ComponentProps["actionData"]>;
export type CheckoutCoupon = AppliedCoupon;
export type CheckoutViewLine = CheckoutPageView["lines"][number];
export type CheckoutViewAddress = CheckoutPageView["addresses"][number];

/** The page's own sheet, written into the page (docs/decisions/025-first-round-trip.md). */
export const handle: StylesheetHandle = { stylesheet: checkoutStylesheet };

/**
 * /checkout (docs/requirements.md#checkout): the cart's lines with database prices, the
 * customer's contact and addresses, points; or, when the cart is empty but the
 * browser's stored order can still be paid, that order with 'Continuar al Pago'.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const page = await checkoutPageData(context.db, await currentCart(request, context, user), user);
  const paymentError = paymentProblemText(new URL(request.url).searchParams.get("pago"));
  if (!page) {
    const stored = await storedPayableOrder(request, context, user?.id ?? null);
    if (!stored) throw redirect("/carrito");
    return { kind: "retry" as const, order: { orderNumber: stored.orderNumber, totalCents: stored.totalCents }, paymentError };
  }
  return { kind: "checkout" as const, ...page, checkoutToken: newCheckoutToken(), paymentError };
}

/** A shopper's order and contact: never kept by a browser cache or a proxy. */
export const headers = privatePageHeaders;

/**
 * One form, several intents (docs/requirements.md#checkout): apply-coupon, remove-coupon,
 * toggle-points and change-shipping answer with the page's state (without
 * JavaScript the page re-renders from it); place places the order and answers
 * with a 303 to the payment link; retry asks a fresh link for the stored order.
 * Every answer is the one FormFailure shape, with the applied coupon.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const raw = await tryReadForm(request);
  const form = readCheckoutForm(raw ?? new FormData());
  const user = await getUser(request, context);
  const userId = user?.id ?? null;
  const signedIn = userId !== null;
  const reply = (status: number, parts: Parameters<typeof checkoutAnswer>[2] = {}) =>
    data(checkoutAnswer(form, signedIn, parts), { status });
  const problem = raw ? checkoutFormProblem(form) : { message: CHECKOUT_MESSAGES.invalidRequest, field: null };
  if (problem) return reply(400, problem.field ? { fieldErrors: { [problem.field]: [problem.message] } } : { formError: problem.message });

  // Every code tried counts against the coupon rate limit (the box's, and one posted again with another intent).
  const codeTried = form.intent === "apply-coupon" ? normalizeCouponCode(form.values.couponInput) : form.couponCode;
  if (form.intent !== "retry" && form.intent !== "remove-coupon" && codeTried) {
    const who = { ip: context.clientIp, userId };
    if (!(await allowCouponAttempt(context.db, who, context.config.RATE_LIMIT_FACTOR))) {
      return reply(429, { fieldErrors: { couponInput: [RATE_LIMIT_MESSAGE] } });
    }
  }

  if (form.intent === "retry") {
    const stored = await storedPayableOrder(request, context, userId);
    if (!stored) throw redirect("/carrito", 303);
    const link = await paymentLink(context, stored.id);
    // The provider's page as a document, as after placing (paymentRedirectFor).
    if ("url" in link) return redirectDocument(link.url, 303);
    return redirect(`/checkout?${new URLSearchParams({ pago: link.problem })}`, 303);
  }

  // The applied coupon, checked again (it may have run out meanwhile: then it is cleared with the reason).
  const check = async (code: string): Promise<{ coupon: AppliedCoupon | null; fieldErrors: FieldErrors }> => {
    const checked = await couponForCheckout(context.db, code, userId);
    return { coupon: checked.coupon, fieldErrors: checked.error ? { couponInput: [checked.error] } : {} };
  };
  const applied = async (code: string) => (code ? check(code) : { coupon: null, fieldErrors: {} });

  if (form.intent === "apply-coupon") {
    const checked = await check(form.values.couponInput);
    return reply(checked.coupon ? 200 : 400, checked);
  }
  if (form.intent === "remove-coupon") return reply(200);
  if (form.intent === "toggle-points" || form.intent === "change-shipping") return reply(200, await applied(form.couponCode));

  // place
  const cart = await currentCart(request, context, user);
  if (!cart.id) throw redirect("/carrito", 303);
  const fieldErrors = checkoutFieldErrors(form, signedIn);
  if (fieldErrors) {
    const coupon = await applied(form.couponCode);
    return reply(400, { coupon: coupon.coupon, fieldErrors: { ...fieldErrors, ...coupon.fieldErrors } });
  }
  try {
    const placed = await placeOrder(context.db, placeOrderInputFrom(form, cart.id, userId), {
      publicUrl: siteOrigin(request, context),
      holdMinutes: context.config.UNPAID_ORDER_HOLD_MINUTES,
      caps: { clientIp: context.clientIp, factor: context.config.RATE_LIMIT_FACTOR },
    });
    const next = await paymentRedirectFor(context, placed);
    return (next.toProvider ? redirectDocument : redirect)(next.location, { status: 303, headers: { "Set-Cookie": next.setCookie } });
  } catch (error) {
    if (!(error instanceof CheckoutError)) throw error;
    if (error.kind === "empty-cart") throw redirect("/carrito", 303);
    // A refused coupon is cleared (docs/requirements.md#checkout) and its reason shown in the coupon box.
    if (error.field === "couponInput") return reply(error.status, { fieldErrors: error.fieldErrors });
    const coupon = await applied(form.couponCode);
    const onFields = error.field && error.field !== "usePoints";
    return reply(error.status, {
      coupon: coupon.coupon,
      ...(onFields
        ? { fieldErrors: { ...error.fieldErrors, ...coupon.fieldErrors } }
        : { formError: error.message, fieldErrors: coupon.fieldErrors }),
    });
  }
}

/**
 * A coupon checked by the fetcher needs no fresh page data. A refused order
 * does (React Router skips it after a 4xx by default): the lines must show
 * what is left of a card that sold out meanwhile.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (intent === "apply-coupon") return false;
  if (intent === "place") return true;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Finalizar compra",
    description: "Datos de envío y pago de tu pedido.",
    path: "/checkout",
    origin: originFrom(matches),
    noindex: true,
  });

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "retry") return <RetryPayment order={loaderData.order} paymentError={loaderData.paymentError} />;
  return <CheckoutPage page={loaderData} answer={actionData ?? null} />;
}
