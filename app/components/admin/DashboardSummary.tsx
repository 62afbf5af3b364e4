import { Link } from "react-router";
import { formatMoneyCents } from "#domain/format.ts";
import { orderStatusLabel } from "#domain/statuses.ts";
import { LOW_STOCK_THRESHOLD } from "#domain/catalog.ts";
import { ADMIN_STOCK_COLOURS, dashboardHref } from "#domain/admin-dashboard.ts";
import type { DashboardSummary as Summary } from "#server/admin/dashboard.server.ts";
import { OrdersTable } from "./DashboardOrders";

const countText = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** 'Resumen': sales, orders by status, pending payments, stock alerts and the latest orders. */
export function DashboardSummary({ summary }: { summary: Summary }) {
  const { sales } = summary;
  return (
    <section aria-labelledby="dashboard-panel-title" className="dashboard-summary">
      <h2 id="dashboard-panel-title">Resumen</h2>

      <section aria-labelledby="dashboard-sales-title" className="dashboard-block">
        <h3 id="dashboard-sales-title">Ventas (pagos aprobados)</h3>
        <dl className="dashboard-figures">
          <div>
            <dt>Hoy</dt>
            <dd>{formatMoneyCents(sales.todayCents)}</dd>
          </div>
          <div>
            <dt>Últimos 7 días</dt>
            <dd>{formatMoneyCents(sales.last7DaysCents)}</dd>
          </div>
          <div>
            <dt>Últimos 30 días</dt>
            <dd>{formatMoneyCents(sales.last30DaysCents)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="dashboard-orders-title" className="dashboard-block">
        <h3 id="dashboard-orders-title">Órdenes por estado</h3>
        <dl className="dashboard-figures">
          {summary.ordersByStatus.map(({ status, count }) => (
            <div key={status}>
              <dt>{orderStatusLabel(status)}</dt>
              <dd>{count}</dd>
            </div>
          ))}
          <div>
            <dt>Pagos pendientes</dt>
            <dd>{summary.pendingPayments}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="dashboard-stock-title" className="dashboard-block">
        <h3 id="dashboard-stock-title">Inventario</h3>
        <ul className="dashboard-stock-alerts">
          <li>
            <Link
              to={dashboardHref({ tab: "productos", stock: "agotado" })}
              className={`dashboard-stock-link stock-${ADMIN_STOCK_COLOURS.agotado}`}
            >
              {countText(summary.outOfStock, "producto con alguna variante agotada", "productos con alguna variante agotada")}
            </Link>
          </li>
          <li>
            <Link
              to={dashboardHref({ tab: "productos", stock: "bajo" })}
              className={`dashboard-stock-link stock-${ADMIN_STOCK_COLOURS.bajo}`}
            >
              {countText(summary.lowStock, "producto", "productos")} con stock bajo (1 a {LOW_STOCK_THRESHOLD} unidades)
            </Link>
          </li>
        </ul>
      </section>

      <section aria-labelledby="dashboard-latest-title" className="dashboard-block">
        <h3 id="dashboard-latest-title">Últimas órdenes</h3>
        {summary.latestOrders.length === 0 ? (
          <p className="empty-state">Todavía no hay órdenes.</p>
        ) : (
          <>
            <OrdersTable orders={summary.latestOrders} caption="Últimas órdenes" withItems={false} />
            <p>
              <Link to={dashboardHref({ tab: "ordenes" })}>Ver todas las órdenes</Link>
            </p>
          </>
        )}
      </section>
    </section>
  );
}
