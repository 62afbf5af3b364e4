import { Form, Link } from "react-router";
import { formatPoints } from "#domain/format.ts";
import { LOYALTY_ADMIN_MESSAGES, LOYALTY_SEARCH_MAX_LENGTH, loyaltyAdminHref, type LoyaltyAdminQuery } from "#domain/loyalty.ts";
import type { LoyaltyCustomerPage } from "#server/loyalty/admin.server.ts";

const resultText = (total: number) => (total === 1 ? "1 cliente" : `${formatPoints(total)} clientes`);

/**
 * The loyalty admin's list (docs/requirements.md#admin-area): the search box (a GET form: a new
 * search starts at page 1), the customers with their points, and 'Anterior' / 'Página X de Y' /
 * 'Siguiente' when there is more than one page. Each row links to the customer's history and to the
 * adjust form.
 */
export function LoyaltyCustomerList({ query, list }: { query: LoyaltyAdminQuery; list: LoyaltyCustomerPage }) {
  const hrefFor = (page: number) => loyaltyAdminHref({ q: query.q, page });
  return (
    <div className="loyalty-list">
      <p>
        <Link to="/admin" className="button">
          Volver al panel
        </Link>
      </p>
      <Form method="get" action="/admin/loyalty" role="search" aria-label="Buscar clientes" className="loyalty-search">
        <label htmlFor="lealtad-q">Buscar por nombre o correo</label>
        <div className="loyalty-search-row">
          <input id="lealtad-q" type="search" name="q" defaultValue={query.q} maxLength={LOYALTY_SEARCH_MAX_LENGTH} key={query.q} />
          <button type="submit" className="button button-primary">
            Buscar
          </button>
        </div>
      </Form>
      <p className="loyalty-count">
        {query.q ? `${resultText(list.total)} para “${query.q}”` : resultText(list.total)}
        {query.q ? (
          <>
            {" · "}
            <Link to="/admin/loyalty">Ver todos</Link>
          </>
        ) : null}
      </p>
      {list.rows.length === 0 ? (
        <p className="empty-state">{LOYALTY_ADMIN_MESSAGES.empty}</p>
      ) : (
        <div className="admin-table-wrap loyalty-table-wrap" role="region" aria-label="Clientes y sus puntos" tabIndex={0}>
          <table className="admin-table loyalty-table">
            <caption className="visually-hidden">Clientes y sus puntos de lealtad</caption>
            <thead>
              <tr>
                <th scope="col">Nombre</th>
                <th scope="col">Correo</th>
                <th scope="col">Puntos</th>
                <th scope="col">Ganados</th>
                <th scope="col">Usados</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.user._id}>
                  <th scope="row" className="loyalty-name">
                    {row.user.name}
                  </th>
                  <td data-label="Correo" className="loyalty-email">
                    {row.user.email}
                  </td>
                  <td data-label="Puntos" className="loyalty-points">
                    {formatPoints(row.balance)}
                    {row.owed > 0 ? <span className="loyalty-owed"> ({formatPoints(row.owed)} pendientes por reembolso)</span> : null}
                  </td>
                  <td data-label="Ganados" className="loyalty-earned">
                    +{formatPoints(row.totalEarned)}
                  </td>
                  <td data-label="Usados" className="loyalty-spent">
                    -{formatPoints(row.totalSpent)}
                  </td>
                  <td className="loyalty-actions">
                    <Link
                      to={loyaltyAdminHref({ q: query.q, page: list.page, usuario: row.user._id })}
                      aria-label={`Ver historial de ${row.user.name}`}
                    >
                      Ver historial
                    </Link>
                    <Link
                      to={loyaltyAdminHref({ q: query.q, page: list.page, ajustar: row.user._id })}
                      aria-label={`Ajustar puntos de ${row.user.name}`}
                    >
                      Ajustar puntos
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.pages > 1 ? (
        <nav className="loyalty-pagination" aria-label="Paginación">
          {list.page > 1 ? (
            <Link to={hrefFor(list.page - 1)} rel="prev" className="button">
              Anterior
            </Link>
          ) : (
            <span className="button is-disabled" aria-disabled="true">
              Anterior
            </span>
          )}
          <span aria-current="page">
            Página {list.page} de {list.pages}
          </span>
          {list.page < list.pages ? (
            <Link to={hrefFor(list.page + 1)} rel="next" className="button">
              Siguiente
            </Link>
          ) : (
            <span className="button is-disabled" aria-disabled="true">
              Siguiente
            </span>
          )}
        </nav>
      ) : null}
    </div>
  );
}
