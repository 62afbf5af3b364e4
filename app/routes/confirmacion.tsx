import type { Route } from "./+types/confirmacion";
import { formatMoney } from "#domain/format.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { KeepShoppingActions, OrderFacts, OrderNotFound, ResultPanel } from "#app/components/orders/ResultPanel.tsx";
import { CancelledOrderPanel } from "#app/components/orders/CancelledOrderPanel.tsx";
import { returnPageOrder, returnPageSummary } from "#server/orders/return-page.server.ts";
import pageStylesHref from "#app/styles/orders.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

/**
 * Order confirmation (SPEC §2): the order named by `?pedido=`, shown only to
 * its owner (the signed-in customer who placed it, or the browser whose
 * pending-order cookie names it); else the stored pending order's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const found = await returnPageOrder(request, context, new URL(request.url).searchParams.get("pedido"));
  return { order: returnPageSummary(found), loadFailed: found.loadFailed };
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Pedido confirmado", description: "Confirmación de tu pedido.", path: "/confirmacion", noindex: true });

export default function ConfirmationPage({ loaderData }: Route.ComponentProps) {
  const { order, loadFailed } = loaderData;
  if (!order) return <OrderNotFound loadFailed={loadFailed} />;
  if (order?.cancelled) return <CancelledOrderPanel order={order} />;
  return (
    <ResultPanel tone="success" title="¡Pedido confirmado!" actions={<KeepShoppingActions />}>
      <p className="result-lead">Gracias por tu compra.</p>
      <OrderFacts
        rows={[
          ["Número de orden", order.orderNumber],
          ["Total", formatMoney(order.total)],
          order.email ? ["Correo electrónico", order.email] : null,
        ]}
      />
      <p>Te enviamos un correo electrónico con los detalles de tu pedido, y te avisaremos cuando sea enviado.</p>
    </ResultPanel>
  );
}
