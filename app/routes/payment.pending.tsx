import { Link, data } from "react-router";
import type { Route } from "./+types/payment.pending";
import { formatMoney } from "#domain/format.ts";
import { SLOW_PAYMENT_METHODS } from "#domain/order-pages.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { PRIVATE_PAGE_HEADERS, privatePageHeaders } from "#app/lib/private-page.ts";
import { OrderFacts, ResultPanel } from "#app/components/orders/ResultPanel.tsx";
import { CancelledOrderPanel } from "#app/components/orders/CancelledOrderPanel.tsx";
import { clearPendingOrder, returnPageOrder, returnPageSummary } from "#server/orders/return-page.server.ts";
import pageStylesHref from "#app/styles/orders.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

/**
 * The provider's return for a payment still to be confirmed (SPEC §2 Payment
 * result pages, Pending): cash at a store, a bank transfer. The stored pending
 * order is cleared (SPEC §4); the webhook applies the payment when it comes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const found = await returnPageOrder(request, context, new URL(request.url).searchParams.get("external_reference"));
  const headers = new Headers(PRIVATE_PAGE_HEADERS);
  if (found.stored) headers.append("Set-Cookie", await clearPendingOrder(context.config));
  return data({ order: returnPageSummary(found) }, { headers });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Pago pendiente", description: "Tu pago está en proceso de verificación.", path: "/payment/pending", noindex: true });

export default function PaymentPendingPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  if (order?.cancelled) return <CancelledOrderPanel order={order} />;
  return (
    <ResultPanel
      tone="pending"
      title="Pago pendiente"
      actions={
        <>
          <Link to="/" className="button button-primary">
            Volver al inicio
          </Link>
          {order ? (
            <Link to="/mis-pedidos" className="button">
              Ver mis pedidos
            </Link>
          ) : null}
        </>
      }
    >
      <p className="result-lead">Tu pago está en proceso de verificación.</p>
      {order ? (
        <OrderFacts
          rows={[
            ["Número de orden", order.orderNumber],
            ["Total", formatMoney(order.total)],
          ]}
        />
      ) : null}
      <p>
        La verificación puede tardar hasta <strong>48 horas hábiles</strong>. Te enviaremos un correo electrónico cuando se confirme tu
        pago.
      </p>
      <h2>Métodos de pago que pueden tardar en confirmarse</h2>
      <ul className="result-steps">
        {SLOW_PAYMENT_METHODS.map((method) => (
          <li key={method}>{method}</li>
        ))}
      </ul>
    </ResultPanel>
  );
}
