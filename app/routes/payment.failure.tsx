import { Link, data } from "react-router";
import type { Route } from "./+types/payment.failure";
import { PAYMENT_FAILURE_REASONS } from "#domain/order-pages.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { ResultPanel } from "#app/components/orders/ResultPanel.tsx";
import { OrderResult } from "#app/components/orders/OrderResult.tsx";
import { OrderRecap } from "#app/components/orders/OrderRecap.tsx";
import { orderPagePath, returnPageHeaders, returnPageOrder, returnPageSummary } from "./payment-return.server";
import pageStylesHref from "#app/styles/orders.css?url";
import type { StylesheetHandle } from "#app/styles/inline.ts";

/**
 * The page's own sheet, written into the page (docs/decisions/025-first-round-trip.md): the shopper
 * lands here from the payment provider's site, a document load on a phone.
 */
export const handle: StylesheetHandle = { stylesheet: pageStylesHref };

/**
 * The provider's return after a refused payment (docs/requirements.md#payments).
 * The stored pending order is kept, so 'Intentar de nuevo' takes the shopper to
 * /checkout, which offers that order's payment again. An order that is in fact paid, or has a payment on its way, shows that instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const found = await returnPageOrder(request, context, new URL(request.url).searchParams.get("external_reference"));
  const order = returnPageSummary(found);
  const storedShown = order !== null && found.order !== null && found.stored?.id === found.order._id;
  // 'Intentar de nuevo': the checkout offers the stored order; another payable order is paid from its page.
  let retryTo = "/carrito";
  if (order?.canPay) retryTo = storedShown ? "/checkout" : orderPagePath(order);
  else if (found.loadFailed && found.stored) retryTo = "/checkout";
  return data({ order, stored: storedShown, retryTo, loadFailed: found.loadFailed }, { headers: await returnPageHeaders(context, found) });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Pago no procesado", description: "El pago no se pudo procesar.", path: "/payment/failure", noindex: true });

export default function PaymentFailurePage({ loaderData }: Route.ComponentProps) {
  const { order, retryTo, loadFailed } = loaderData;
  if (order && order.state !== "unpaid" && order.state !== "rejected" && order.state !== null) {
    return <OrderResult order={order} loadFailed={loadFailed} paidView="payment" />;
  }
  return (
    <ResultPanel
      tone="failure"
      title="El pago no se pudo procesar"
      actions={
        <>
          <Link to={retryTo} className="button button-primary">
            Intentar de nuevo
          </Link>
          <Link to="/" className="button">
            Volver al inicio
          </Link>
        </>
      }
    >
      {order ? (
        <p className="result-lead">
          Tu orden <strong>{order.orderNumber}</strong> fue creada, pero el pago no se procesó.
        </p>
      ) : (
        <p className="result-lead">No se realizó ningún cargo.</p>
      )}
      <h2>Posibles razones</h2>
      <ul className="result-steps">
        {PAYMENT_FAILURE_REASONS.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {order ? <OrderRecap order={order} /> : null}
    </ResultPanel>
  );
}
