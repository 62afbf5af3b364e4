import type { ReactNode } from "react";
import { Link } from "react-router";
import { ORDER_PAGE_MESSAGES, ORDER_RECAP_MESSAGES } from "#domain/order-pages.ts";

/**
 * The card of a payment return page or /confirmacion: a heading, what the page
 * says, and its buttons. `tone` colours the card's edge (success, failure, pending).
 */
export function ResultPanel({
  tone,
  title,
  children,
  actions,
}: {
  tone: "success" | "failure" | "pending";
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className={`result-panel result-${tone}`} aria-labelledby="result-title">
      <h1 id="result-title">{title}</h1>
      {children}
      <div className="result-actions">{actions}</div>
    </section>
  );
}

/** No order known to the page (docs/requirements.md#payments): the message and a way home. */
export function OrderNotFound({ loadFailed = false }: { loadFailed?: boolean }) {
  return (
    <section className="empty-state" aria-labelledby="result-title">
      <h1 id="result-title">{loadFailed ? ORDER_PAGE_MESSAGES.loadFailed : ORDER_PAGE_MESSAGES.notFound}</h1>
      <Link to="/" className="button button-primary">
        Volver al inicio
      </Link>
    </section>
  );
}

/** Number and amount of the order a result page shows. */
export function OrderFacts({ rows }: { rows: readonly (readonly [string, ReactNode] | null)[] }) {
  return (
    <dl className="order-facts">
      {rows.map((row) =>
        row ? (
          <div key={row[0]}>
            <dt>{row[0]}</dt>
            <dd>{row[1]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/** The order a page links to: its own page (a guest's keyed link, a customer's 'Mis Pedidos'), else the lookup. */
export interface OrderLinkTarget {
  orderPath: string | null;
  guest: boolean;
}

/** The button to the order's own page: never a sign-in page for a guest ('Consulta tu pedido' when no link is known). */
export function OrderPageLink({ order, className = "button" }: { order: OrderLinkTarget; className?: string }) {
  if (!order.orderPath) {
    return (
      <Link to="/consulta-pedido" className={className}>
        {ORDER_RECAP_MESSAGES.lookUpOrder}
      </Link>
    );
  }
  return (
    <Link to={order.orderPath} className={className}>
      {order.guest ? ORDER_RECAP_MESSAGES.viewGuestOrder : ORDER_RECAP_MESSAGES.viewCustomerOrders}
    </Link>
  );
}

/** After a purchase: back to the shop, and to the order's own page. */
export function KeepShoppingActions({ order }: { order: OrderLinkTarget }) {
  return (
    <>
      <Link to="/" className="button button-primary">
        Seguir comprando
      </Link>
      <OrderPageLink order={order} />
    </>
  );
}
