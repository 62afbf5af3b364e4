import { data } from "react-router";
import type { Route } from "./+types/payment.pending";
import { pageMeta } from "#app/lib/seo.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { OrderResult, PaymentPendingPanel } from "#app/components/orders/OrderResult.tsx";
import { returnClaimsPayment, returnPageHeaders, returnPageOrder, returnPageSummary } from "./payment-return.server";
import pageStylesHref from "#app/styles/orders.css?url";
import type { StylesheetHandle } from "#app/styles/inline.ts";

/**
 * The page's own sheet, written into the page (docs/decisions/025-first-round-trip.md): the shopper
 * lands here from the payment provider's site, a document load on a phone.
 */
export const handle: StylesheetHandle = { stylesheet: pageStylesHref };

/**
 * The provider's return for a payment still to be confirmed
 * (docs/requirements.md#payments): cash at a store, a bank transfer. It shows the
 * order's real state: 'en proceso de verificación' only when the provider
 * reported such a payment; an order with no payment is offered to be paid.
 * The stored pending order is cleared once its order has that payment.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = await returnPageOrder(request, context, url.searchParams.get("external_reference"));
  const order = returnPageSummary(found, { claimedPayment: returnClaimsPayment(url) });
  return data({ order, loadFailed: found.loadFailed }, { headers: await returnPageHeaders(context, found) });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Pago pendiente", description: "Tu pago está en proceso de verificación.", path: "/payment/pending", noindex: true });

export default function PaymentPendingPage({ loaderData }: Route.ComponentProps) {
  const { order, loadFailed } = loaderData;
  if (!order) return <PaymentPendingPanel order={null} />;
  return <OrderResult order={order} loadFailed={loadFailed} paidView="payment" />;
}
