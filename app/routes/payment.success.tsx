import { data } from "react-router";
import type { Route } from "./+types/payment.success";
import { pageMeta } from "#app/lib/seo.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { OrderNotFound } from "#app/components/orders/ResultPanel.tsx";
import { OrderResult } from "#app/components/orders/OrderResult.tsx";
import { returnClaimsPayment, returnPageHeaders, returnPageOrder, returnPageSummary } from "./payment-return.server";
import pageStylesHref from "#app/styles/orders.css?url";
import type { StylesheetHandle } from "#app/styles/inline.ts";

/**
 * The page's own sheet, written into the page (docs/decisions/025-first-round-trip.md): the shopper
 * lands here from the payment provider's site, a document load on a phone.
 */
export const handle: StylesheetHandle = { stylesheet: pageStylesHref };

/**
 * The provider's return after an approved payment
 * (docs/requirements.md#payments). It only displays, and shows the order's real state: 'Pago
 * exitoso' once the payment is recorded as approved (by the webhook), never
 * for an order still to pay. The stored pending order is cleared once its
 * order is paid.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = await returnPageOrder(request, context, url.searchParams.get("external_reference"));
  const order = returnPageSummary(found, { claimedPayment: returnClaimsPayment(url) });
  return data({ order, loadFailed: found.loadFailed }, { headers: await returnPageHeaders(context, found) });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Pago exitoso", description: "Tu pago fue recibido.", path: "/payment/success", noindex: true });

export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  const { order, loadFailed } = loaderData;
  if (!order) return <OrderNotFound loadFailed={loadFailed} />;
  return <OrderResult order={order} loadFailed={loadFailed} paidView="payment" />;
}
