import { Form, Link, useFetcher, useFormAction } from "react-router";
import { formatCount, formatMoneyCents } from "#domain/format.ts";
import { formatDateTime } from "#domain/dates.ts";
import { itemCountText } from "#domain/order-pages.ts";
import { MAX_SEARCH_LENGTH } from "#domain/product-query.ts";
import { ORDER_STATUSES, ORDER_STATUS_LABELS, PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from "#domain/statuses.ts";
import { dashboardHref, ordersCsvHref, ordersFiltered, type DashboardQuery } from "#domain/admin-dashboard.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import type { AdminOrderRow, AdminOrdersPage } from "#server/admin/orders-list.server.ts";
import { OrderBadges } from "#app/components/orders/OrderBadges.tsx";
import { Pagination } from "#app/components/Pagination.tsx";
import { OrderStatusForm, type StatusAnswer } from "./OrderStatusForm";

/** The order page of the admin (docs/requirements.md#order-fulfilment). */
export const adminOrderHref = (orderNumber: string) => `/admin/pedidos/${orderNumber}`;

/** What the rows' status forms need: where they post, and the page's refusal (a no-JS post). */
interface StatusForms {
  action: string;
  failure?: FormFailure;
}

/** The cells every orders table shows; `statuses` are the order's statuses as the row knows them now. */
function OrderCells({ order, withItems, orderStatus }: { order: AdminOrderRow; withItems: boolean; orderStatus: string }) {
  return (
    <>
      <th scope="row" className="dashboard-order-number">
        <Link to={adminOrderHref(order.orderNumber)}>{order.orderNumber}</Link>
      </th>
      <td data-label="Fecha">{formatDateTime(order.createdAt)}</td>
      <td data-label="Cliente">
        <span className="dashboard-customer">{order.customerName}</span>
        {order.customerEmail ? <span className="dashboard-email">{order.customerEmail}</span> : null}
      </td>
      {withItems ? <td data-label="Artículos">{itemCountText(order.itemCount)}</td> : null}
      <td className="dashboard-money" data-label="Total">
        {formatMoneyCents(order.finalTotalCents)}
      </td>
      <td data-label="Estado">
        <OrderBadges orderStatus={orderStatus} paymentStatus={order.paymentStatus} />
        {order.needsRefund ? <span className="badge dashboard-refund">Reembolso pendiente</span> : null}
      </td>
    </>
  );
}

/**
 * A row of the 'Órdenes' tab with its status form. With JavaScript the form's fetcher answers with
 * the order's new status, which the row's badges show at once: the list is not read again (the
 * dashboard's shouldRevalidate), so the row stays where it is, with its message and the focus, even
 * when a filter would no longer select it.
 */
function StatusRow({ order, withItems, statusForms }: { order: AdminOrderRow; withItems: boolean; statusForms: StatusForms }) {
  const fetcher = useFetcher<StatusAnswer>();
  const answer = fetcher.data;
  const orderStatus = answer && "ok" in answer ? answer.orderStatus : order.orderStatus;
  return (
    <tr>
      <OrderCells order={order} withItems={withItems} orderStatus={orderStatus} />
      <td className="dashboard-status-cell">
        {order.orderStatus === "cancelled" ? (
          <p className="dashboard-status-final">Cancelado: el estado ya no cambia.</p>
        ) : (
          <OrderStatusForm order={order} fetcher={fetcher} action={statusForms.action} failure={statusForms.failure} />
        )}
      </td>
    </tr>
  );
}

/** A table of orders: number (a link to its page), date, customer, items (optional), total, statuses, and the status forms when given. */
export function OrdersTable({
  orders,
  caption,
  withItems,
  statusForms,
}: {
  orders: AdminOrderRow[];
  caption: string;
  withItems: boolean;
  statusForms?: StatusForms;
}) {
  return (
    <div className="admin-table-wrap dashboard-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className={statusForms ? "admin-table dashboard-table dashboard-orders" : "admin-table dashboard-table"}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Pedido</th>
            <th scope="col">Fecha</th>
            <th scope="col">Cliente</th>
            {withItems ? <th scope="col">Artículos</th> : null}
            <th scope="col">Total</th>
            <th scope="col">Estado</th>
            {statusForms ? <th scope="col">Cambiar estado</th> : null}
          </tr>
        </thead>
        <tbody>
          {orders.map((o) =>
            statusForms ? (
              <StatusRow key={o.id} order={o} withItems={withItems} statusForms={statusForms} />
            ) : (
              <tr key={o.id}>
                <OrderCells order={o} withItems={withItems} orderStatus={o.orderStatus} />
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

const countText = (orders: AdminOrdersPage) =>
  orders.capped ? `Más de ${formatCount(orders.total)} órdenes` : orders.total === 1 ? "1 orden" : `${formatCount(orders.total)} órdenes`;

/** The filters' GET form: search, order status, payment status, needs refund (works without JavaScript). */
function OrdersFilters({ query }: { query: DashboardQuery }) {
  return (
    <Form
      method="get"
      action="/admin"
      role="search"
      aria-label="Buscar y filtrar órdenes"
      className="dashboard-search dashboard-order-filters"
    >
      <input type="hidden" name="tab" value="ordenes" />
      <div className="dashboard-filter dashboard-filter-q">
        <label htmlFor="ordenes-q">Buscar por número de pedido, nombre o correo del cliente</label>
        <input id="ordenes-q" type="search" name="q" defaultValue={query.q} maxLength={MAX_SEARCH_LENGTH} key={`q-${query.q}`} />
      </div>
      <div className="dashboard-filter">
        <label htmlFor="ordenes-estado">Estado del pedido</label>
        <select id="ordenes-estado" name="estado" defaultValue={query.estado ?? ""} key={`e-${query.estado}`}>
          <option value="">Todos</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="dashboard-filter">
        <label htmlFor="ordenes-pago">Estado del pago</label>
        <select id="ordenes-pago" name="pago" defaultValue={query.pago ?? ""} key={`p-${query.pago}`}>
          <option value="">Todos</option>
          {PAYMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PAYMENT_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="dashboard-filter dashboard-filter-check">
        <input
          id="ordenes-reembolso"
          type="checkbox"
          name="reembolso"
          value="1"
          defaultChecked={query.reembolso}
          key={`r-${query.reembolso}`}
        />
        <label htmlFor="ordenes-reembolso">Necesita reembolso</label>
      </div>
      <button type="submit" className="button button-primary">
        Buscar
      </button>
    </Form>
  );
}

/**
 * 'Órdenes' (docs/requirements.md#admin-area): every order newest first, 50 a page, searched and
 * filtered by the query string (kept by the pages, the status forms and 'Exportar CSV'); each row
 * with its status form.
 */
export function DashboardOrders({ query, orders, failure }: { query: DashboardQuery; orders: AdminOrdersPage; failure?: FormFailure }) {
  // The list's own URL (filters and page, `?index` for this index route): the rows post there and come back to it.
  const action = useFormAction();
  const filtered = ordersFiltered(query);
  const hrefFor = (page: number) => dashboardHref({ ...query, tab: "ordenes", aviso: null, page });
  return (
    <section aria-labelledby="dashboard-panel-title">
      <h2 id="dashboard-panel-title">Órdenes</h2>
      <OrdersFilters query={query} />
      <p className="dashboard-count dashboard-orders-count">
        <span role="status">
          {countText(orders)}
          {query.q ? ` para “${query.q}”` : ""}
        </span>
        {filtered ? (
          <>
            {" · "}
            <Link to={dashboardHref({ tab: "ordenes" })}>Ver todas las órdenes</Link>
          </>
        ) : null}
        {" · "}
        <a href={ordersCsvHref(query)} download>
          Exportar CSV
        </a>
      </p>
      {orders.rows.length === 0 ? (
        orders.total === 0 ? (
          <p className="empty-state">{filtered ? "No se encontraron órdenes" : "Todavía no hay órdenes."}</p>
        ) : (
          <p className="empty-state">
            Esta página no tiene órdenes. <Link to={hrefFor(1)}>Ver la primera página</Link>
          </p>
        )
      ) : (
        <OrdersTable orders={orders.rows} caption="Todas las órdenes" withItems statusForms={{ action, failure }} />
      )}
      <Pagination page={orders.page} pages={orders.pages} hrefFor={hrefFor} />
    </section>
  );
}
