import { Link } from "react-router";
import type { Route } from "./+types/payment.failure";
import { PAYMENT_FAILURE_REASONS } from "#domain/order-pages.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { ResultPanel } from "#app/components/orders/ResultPanel.tsx";
import { CancelledOrderPanel } from "#app/components/orders/CancelledOrderPanel.tsx";
import { returnPageOrder, returnPageSummary } from "#server/orders/return-page.server.ts";
import pageStylesHref from "#app/styles/orders.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

/**
 * The provider's return after a refused payment (SPEC §2 Payment result pages,
 * Failure). The stored pending order is kept (SPEC §4), so 'Intentar de nuevo'
 * takes the shopper to /checkout, which offers that order's payment again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const found = await returnPageOrder(request, context, new URL(request.url).searchParams.get("external_reference"));
  return { order: returnPageSummary(found), stored: found.stored !== null };
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Pago no procesado", description: "El pago no se pudo procesar.", path: "/payment/failure", noindex: true });

export default function PaymentFailurePage({ loaderData }: Route.ComponentProps) {
  const { order, stored } = loaderData;
  if (order?.cancelled) return <CancelledOrderPanel order={order} />;
  return (
    <ResultPanel
      tone="failure"
      title="El pago no se pudo procesar"
      actions={
        <>
          <Link to={stored ? "/checkout" : "/carrito"} className="button button-primary">
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
    </ResultPanel>
  );
}
