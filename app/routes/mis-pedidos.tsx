import { Link } from "react-router";
import type { Route } from "./+types/mis-pedidos";
import { formatDate, formatMoney } from "#domain/format.ts";
import { orderStatusLabel, paymentStatusLabel } from "#domain/statuses.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { requireUser } from "#server/accounts/auth.server.ts";
import { listCustomerOrders } from "#server/orders/customer-orders.server.ts";

/** 'Mis Pedidos' (SPEC §2): the signed-in customer's orders; logged out goes to /login. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { orders: await listCustomerOrders(context.db, user.id) };
}

/** Personal data: never kept by a browser cache or a proxy. */
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Mis Pedidos", description: "Tus pedidos en la tienda.", path: "/mis-pedidos", noindex: true });

export default function MyOrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <section className="page-narrow" aria-labelledby="orders-title">
      <h1 id="orders-title">Mis Pedidos</h1>
      {orders.length === 0 ? (
        <div className="empty-state">
          <p>Aún no tienes pedidos.</p>
          <Link to="/productos" className="button button-primary">
            Ver productos
          </Link>
        </div>
      ) : (
        <ul className="order-list">
          {orders.map((order) => (
            <li key={order._id} className="order-summary">
              <h2>Pedido {order.orderNumber}</h2>
              <p className="order-badges">
                <span className={`badge badge-status-${order.orderStatus}`}>{orderStatusLabel(order.orderStatus)}</span>{" "}
                <span className={`badge badge-payment-${order.paymentStatus}`}>{paymentStatusLabel(order.paymentStatus)}</span>
              </p>
              <p>
                {formatDate(order.createdAt)} · {order.itemCount} {order.itemCount === 1 ? "artículo" : "artículos"} ·{" "}
                <strong>{formatMoney(order.finalTotal)}</strong>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
