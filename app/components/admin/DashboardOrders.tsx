import { Link } from "react-router";
import { formatDateTime, formatMoneyCents } from "#domain/format.ts";
import { itemCountText } from "#domain/order-pages.ts";
import { dashboardHref } from "#domain/admin-dashboard.ts";
import type { AdminOrderRow, AdminPage } from "#server/admin/dashboard.server.ts";
import { OrderBadges } from "#app/components/orders/OrderBadges.tsx";
import { Pagination } from "#app/components/Pagination.tsx";

/** A table of orders: number, date, customer, items (optional), total, statuses. */
export function OrdersTable({ orders, caption, withItems }: { orders: AdminOrderRow[]; caption: string; withItems: boolean }) {
  return (
    <div className="admin-table-wrap dashboard-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-table dashboard-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Pedido</th>
            <th scope="col">Fecha</th>
            <th scope="col">Cliente</th>
            {withItems ? <th scope="col">Artículos</th> : null}
            <th scope="col">Total</th>
            <th scope="col">Estado</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <th scope="row" className="dashboard-order-number">
                {o.orderNumber}
              </th>
              <td data-label="Fecha">{formatDateTime(o.createdAt)}</td>
              <td data-label="Cliente">
                <span className="dashboard-customer">{o.customerName}</span>
                {o.customerEmail ? <span className="dashboard-email">{o.customerEmail}</span> : null}
              </td>
              {withItems ? <td data-label="Artículos">{itemCountText(o.itemCount)}</td> : null}
              <td className="dashboard-money" data-label="Total">
                {formatMoneyCents(o.finalTotalCents)}
              </td>
              <td data-label="Estado">
                <OrderBadges orderStatus={o.orderStatus} paymentStatus={o.paymentStatus} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Órdenes': every order, read-only (status changes come with the next admin issue). */
export function DashboardOrders({ orders }: { orders: AdminPage<AdminOrderRow> }) {
  return (
    <section aria-labelledby="dashboard-panel-title">
      <h2 id="dashboard-panel-title">Órdenes</h2>
      {orders.total === 0 ? (
        <p className="empty-state">Todavía no hay órdenes.</p>
      ) : orders.rows.length === 0 ? (
        <p className="empty-state">
          Esta página no tiene órdenes. <Link to={dashboardHref({ tab: "ordenes" })}>Ver la primera página</Link>
        </p>
      ) : (
        <>
          <p className="dashboard-count">{orders.total === 1 ? "1 orden" : `${orders.total} órdenes`}</p>
          <OrdersTable orders={orders.rows} caption="Todas las órdenes" withItems />
        </>
      )}
      <Pagination page={orders.page} pages={orders.pages} hrefFor={(page) => dashboardHref({ tab: "ordenes", page })} />
    </section>
  );
}
