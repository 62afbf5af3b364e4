import { Link, useLocation } from "react-router";
import type { Route } from "./+types/pedido";
import { dashboardHref } from "#domain/admin-dashboard.ts";
import { FULFILMENT_MESSAGES } from "#domain/fulfilment.ts";
import { ORDER_PAGE_NOTICES, orderPageHref } from "#domain/order-page.ts";
import { failureFor, failureOf } from "#domain/form-failure.ts";
import { formatDateTime } from "#domain/dates.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import { refuse, tryReadForm } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { FormError } from "#app/components/forms.tsx";
import { OrderBadges } from "#app/components/orders/OrderBadges.tsx";
import { OrderOverview } from "#app/components/admin/order/OrderOverview.tsx";
import { OrderHistory } from "#app/components/admin/order/OrderHistory.tsx";
import { CancelForm, ManualPaymentForm, NoteForm, RefundForm, StatusForm } from "#app/components/admin/order/OrderForms.tsx";
import { PackingSlip } from "#app/components/admin/order/PackingSlip.tsx";
import orderStylesHref from "#app/styles/admin-order.css?url";
import { loadOrderPage, orderPageAction } from "./pedido.server";

/**
 * The admin's order page `/admin/pedidos/{number}` (docs/requirements.md#order-fulfilment): the
 * order, its payments and its history, and the owner's forms (status, cancel, refund, manual
 * payment, note), each a POST with its `intent` that works without JavaScript; `?vista=empaque`
 * is the packing slip. An unknown or malformed number is the admin's not-found state, a 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return loadOrderPage(request, context, params.number);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await tryReadForm(request);
  if (!form) return refuse(failureOf(ADMIN_MESSAGES.invalidRequest));
  return orderPageAction({ request, context, admin, orderNumber: params.number, form });
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: orderStylesHref }];

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  pageMeta({
    title: loaderData?.detail ? `Pedido ${params.number}` : FULFILMENT_MESSAGES.orderNotFound,
    description: "Detalle, historial y acciones de un pedido.",
    path: `/admin/pedidos/${params.number}`,
    origin: originFrom(matches),
    noindex: true,
  });

export default function AdminOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const { detail, notice, packingSlip } = loaderData;
  if (!detail) return <OrderNotFound />;
  if (packingSlip) return <PackingSlip detail={detail} />;
  const { order } = detail;
  const number = order.orderNumber;
  // A refusal of a form the page no longer shows (the order changed meanwhile) is the page's.
  const failure = (intent: string) => failureFor(actionData, intent);
  const cancelled = order.orderStatus === "cancelled";
  // Awaiting a payment: the same rule as 'Pagar Ahora' (canRetryPayment), which the view carries.
  const payable = order.canRetryPayment;
  const shown = new Set([
    "note",
    ...(cancelled ? [] : ["status", "cancel"]),
    ...(order.needsRefund ? ["refund"] : []),
    ...(payable ? ["manual-payment"] : []),
  ]);
  const stray = failureFor(actionData);
  const strayMessage = stray && !shown.has(stray.intent ?? "") ? (stray.formError ?? Object.values(stray.fieldErrors)[0]?.[0]) : null;
  return (
    <article className="admin-order" aria-labelledby="pedido-titulo">
      <header className="admin-order-header">
        <p className="admin-order-back">
          <Link to={dashboardHref({ tab: "ordenes" })}>← Volver a Órdenes</Link>
        </p>
        <h2 id="pedido-titulo">Pedido {number}</h2>
        <p className="admin-order-date">
          Realizado el <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </p>
        <OrderBadges orderStatus={order.orderStatus} paymentStatus={order.paymentStatus} />
        {order.needsRefund ? <p className="badge admin-order-refund-badge">Reembolso pendiente</p> : null}
        <p className="admin-order-actions">
          <Link to={orderPageHref(number, { packingSlip: true })} className="button button-light">
            Imprimir hoja de empaque
          </Link>
        </p>
      </header>
      <div role="status" className="admin-order-notice">
        {notice ? <p className="form-success">{ORDER_PAGE_NOTICES[notice]}</p> : null}
      </div>
      <FormError message={strayMessage} />
      <div className="admin-order-layout">
        <div className="admin-order-main">
          <OrderOverview detail={detail} />
        </div>
        <div className="admin-order-side" key={location.key}>
          {cancelled ? (
            <p className="admin-order-muted">{FULFILMENT_MESSAGES.cancelledIsFinal}</p>
          ) : (
            <StatusForm
              orderNumber={number}
              failure={failure("status")}
              orderStatus={order.orderStatus}
              trackingNumber={order.trackingNumber}
              carrier={detail.carrier}
            />
          )}
          {payable ? <ManualPaymentForm orderNumber={number} failure={failure("manual-payment")} amount={order.finalTotal} /> : null}
          {order.needsRefund
            ? (detail.paymentsToRefund.length > 0 ? detail.paymentsToRefund : [null]).map((payment) => (
                <RefundForm key={payment?.paymentId ?? "pago"} orderNumber={number} failure={failure("refund")} payment={payment} />
              ))
            : null}
          <NoteForm orderNumber={number} failure={failure("note")} />
          {cancelled ? null : <CancelForm orderNumber={number} failure={failure("cancel")} detail={detail} />}
        </div>
        {/* After the forms in the page's order, so a phone reaches the actions before the whole history. */}
        <div className="admin-order-log">
          <OrderHistory events={detail.events} />
        </div>
      </div>
    </article>
  );
}

/** The admin's not-found state: no order has this number (answered 404). */
function OrderNotFound() {
  return (
    <section className="admin-order-missing empty-state" aria-labelledby="pedido-titulo">
      <h2 id="pedido-titulo">{FULFILMENT_MESSAGES.orderNotFound}</h2>
      <p>Revisa el número del pedido o búscalo en la lista de órdenes.</p>
      <Link to={dashboardHref({ tab: "ordenes" })} className="button button-primary">
        Ver órdenes
      </Link>
    </section>
  );
}
