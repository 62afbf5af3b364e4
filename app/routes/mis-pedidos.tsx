import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/mis-pedidos";
import { formatMoney } from "#domain/format.ts";
import { formatDate } from "#domain/dates.ts";
import { itemCountText } from "#domain/order-pages.ts";
import { PAYMENT_MESSAGES } from "#domain/payments.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { refuse, refuseThrown, tryReadForm } from "#app/lib/form.server.ts";
import { FormError } from "#app/components/forms.tsx";
import { failureFor, failureOf } from "#domain/form-failure.ts";
import { OrderBadges } from "#app/components/orders/OrderBadges.tsx";
import { OrderDetails } from "#app/components/orders/OrderDetails.tsx";
import { OrderProgress } from "#app/components/orders/OrderProgress.tsx";
import { requireUser } from "#server/accounts/auth.server.ts";
import { listCustomerOrders } from "#server/orders/index.ts";
import { retryPaymentForCustomer } from "#server/payments/index.ts";
import pageStylesHref from "#app/styles/orders.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

/**
 * 'Mis Pedidos' (docs/requirements.md#orders-and-statuses): the signed-in customer's orders, each
 * with a detail that opens without JavaScript (`<details>`; `?pedido=` opens that one), and 'Pagar
 * Ahora' for the payable ones. Logged out goes to /login.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const orders = await listCustomerOrders(context.db, user.id);
  return { orders, openNumber: new URL(request.url).searchParams.get("pedido") };
}

const PAY_INTENT = "pay";
const payForm = z.object({ intent: z.literal(PAY_INTENT), orderId: z.string().min(1).max(64) });

/**
 * 'Pagar Ahora' (docs/requirements.md#payments): a fresh payment link for the
 * requester's own payable order, the pending-order cookie, then a 303 to the link.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await tryReadForm(request);
  const parsed = payForm.safeParse({ intent: form?.get("intent"), orderId: form?.get("orderId") });
  if (!parsed.success) return refuse(failureOf(PAYMENT_MESSAGES.failed, { intent: PAY_INTENT }));
  const { orderId } = parsed.data;
  // The order the refusal is about, so its own 'Pagar Ahora' shows the message.
  const refusal = { intent: PAY_INTENT, values: { orderId } };
  try {
    const { url, setCookie } = await retryPaymentForCustomer(context.db, context.config, user.id, orderId);
    return redirect(url, { status: 303, headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    return refuseThrown(error, {
      ...refusal,
      fallback: PAYMENT_MESSAGES.failed,
      log: "retry payment failed",
      requestId: context.requestId,
    });
  }
}

/** Personal data: never kept by a browser cache or a proxy. */
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Mis Pedidos", description: "Tus pedidos en la tienda.", path: "/mis-pedidos", noindex: true });

/** 'Pagar Ahora' of one order; the button is described by the order's heading (several orders, one name each). */
function PayNowForm({ orderId, titleId, error }: { orderId: string; titleId: string; error: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("orderId") === orderId;
  const errorId = `pay-error-${orderId}`;
  return (
    <Form method="post" className="pay-now">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="orderId" value={orderId} />
      <FormError id={errorId} message={error} />
      <button type="submit" className="button button-primary" disabled={busy} aria-describedby={error ? `${errorId} ${titleId}` : titleId}>
        {busy ? "Procesando..." : "Pagar Ahora"}
      </button>
    </Form>
  );
}

export default function MyOrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, openNumber } = loaderData;
  const failure = failureFor(actionData, PAY_INTENT);
  const failedId = failure?.values.orderId ?? null;
  const failureMessage = failure?.formError ?? null;
  const strayError = failure && !orders.some((o) => o._id === failedId) ? failureMessage : null;
  return (
    <section className="page-narrow" aria-labelledby="orders-title">
      <h1 id="orders-title">Mis Pedidos</h1>
      <FormError message={strayError} />
      {orders.length === 0 ? (
        <div className="empty-state">
          <p>Aún no tienes pedidos.</p>
          <Link to="/productos" className="button button-primary">
            Ver productos
          </Link>
        </div>
      ) : (
        <ul className="order-list">
          {orders.map((order) => {
            const error = failedId === order._id ? failureMessage : null;
            return (
              <li key={order._id} className="order-summary" id={`pedido-${order.orderNumber}`}>
                <h2 id={`pedido-titulo-${order._id}`}>Pedido {order.orderNumber}</h2>
                <OrderBadges orderStatus={order.orderStatus} paymentStatus={order.paymentStatus} />
                <p>
                  {formatDate(order.createdAt)} · {itemCountText(order.itemCount)} · <strong>{formatMoney(order.finalTotal)}</strong>
                </p>
                <OrderProgress order={order} />
                {order.canRetryPayment ? (
                  <PayNowForm orderId={order._id} titleId={`pedido-titulo-${order._id}`} error={error} />
                ) : (
                  <FormError message={error} />
                )}
                <details className="order-details" open={order.orderNumber === openNumber || error !== null}>
                  <summary>Ver detalle del pedido {order.orderNumber}</summary>
                  <OrderDetails order={order} />
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
