import { Link, data } from "react-router";
import type { Route } from "./+types/payment.success";
import { formatMoney, formatPoints } from "#domain/format.ts";
import { ORDER_PAGE_MESSAGES } from "#domain/order-pages.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { PRIVATE_PAGE_HEADERS, privatePageHeaders } from "#app/lib/private-page.ts";
import { KeepShoppingActions, OrderFacts, OrderNotFound, ResultPanel } from "#app/components/orders/ResultPanel.tsx";
import { CancelledOrderPanel } from "#app/components/orders/CancelledOrderPanel.tsx";
import { clearPendingOrder, returnPageOrder, returnPageSummary } from "#server/orders/return-page.server.ts";
import pageStylesHref from "#app/styles/orders.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

/**
 * The provider's return after an approved payment (SPEC §2 Payment result
 * pages, Success). It only displays: the payment is applied by the webhook. The
 * stored pending order is cleared (SPEC §4).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const found = await returnPageOrder(request, context, new URL(request.url).searchParams.get("external_reference"));
  const headers = new Headers(PRIVATE_PAGE_HEADERS);
  if (found.stored) headers.append("Set-Cookie", await clearPendingOrder(context.config));
  return data({ order: returnPageSummary(found), loadFailed: found.loadFailed }, { headers });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Pago exitoso", description: "Tu pago fue recibido.", path: "/payment/success", noindex: true });

export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  const { order, loadFailed } = loaderData;
  if (!order) return <OrderNotFound loadFailed={loadFailed} />;
  if (order?.cancelled) return <CancelledOrderPanel order={order} />;
  return (
    <ResultPanel tone="success" title="¡Pago exitoso!" actions={<KeepShoppingActions />}>
      <p className="result-lead">Gracias por tu compra. Recibimos tu pago.</p>
      {loadFailed ? <p className="form-error">{ORDER_PAGE_MESSAGES.loadFailed}</p> : null}
      <OrderFacts
        rows={[
          ["Número de orden", order.orderNumber],
          ["Total pagado", formatMoney(order.total)],
          order.paymentId ? ["ID de pago", order.paymentId] : null,
        ]}
      />
      <h2>Próximos pasos</h2>
      <ol className="result-steps">
        <li>Recibirás un correo electrónico con la confirmación de tu pedido.</li>
        <li>Prepararemos tu pedido en 1 a 3 días hábiles.</li>
        <li>Cuando lo enviemos, te mandaremos el número de rastreo.</li>
      </ol>
      {order.pointsEarned !== null ? (
        <p className="result-points">
          Ganaste <strong>{formatPoints(order.pointsEarned)} puntos</strong> de lealtad con esta compra.{" "}
          <Link to="/perfil?tab=puntos">Ver mis puntos</Link>
        </p>
      ) : null}
    </ResultPanel>
  );
}
