import { Link } from "react-router";
import { formatPoints } from "#domain/format.ts";
import { formatDateTime } from "#domain/dates.ts";
import {
  LOYALTY_ADMIN_MESSAGES,
  POINTS_OWED_LABEL,
  loyaltyAdminHref,
  pointsMovementAmount,
  pointsTransactionLabel,
} from "#domain/loyalty.ts";
import type { LoyaltyHistory } from "#server/loyalty/admin.server.ts";

/** One customer's points (docs/requirements.md#admin-area): back button, who, the three tiles, the movements. */
export function LoyaltyHistoryView({ history, listHref }: { history: LoyaltyHistory; listHref: string }) {
  const { user } = history;
  return (
    <div className="loyalty-history">
      <p>
        <Link to={listHref} className="button">
          Volver a la lista
        </Link>
      </p>
      <h3 className="loyalty-customer-name">{user.name}</h3>
      <p className="loyalty-customer-email">{user.email}</p>
      <p className="loyalty-available">
        Puntos disponibles: <strong>{formatPoints(history.balance)}</strong>
      </p>
      <dl className="points-tiles">
        <div>
          <dt>Total ganado</dt>
          <dd>{formatPoints(history.totalEarned)}</dd>
        </div>
        <div>
          <dt>Total usado</dt>
          <dd>{formatPoints(history.totalSpent)}</dd>
        </div>
        <div>
          <dt>Saldo</dt>
          <dd>{formatPoints(history.balance)}</dd>
        </div>
        <div>
          <dt>{POINTS_OWED_LABEL}</dt>
          <dd data-testid="loyalty-owed">{formatPoints(history.owed)}</dd>
        </div>
      </dl>
      <p>
        <Link to={loyaltyAdminHref({ ajustar: user._id })} className="button button-primary">
          Ajustar puntos
        </Link>
      </p>
      <h4 className="loyalty-history-title">Transacciones</h4>
      {history.transactions.length === 0 ? (
        <p className="empty-state">{LOYALTY_ADMIN_MESSAGES.historyEmpty}</p>
      ) : (
        <>
          {history.transactionCount > history.transactions.length ? (
            <p className="loyalty-count">
              Se muestran las {history.transactions.length} transacciones más recientes de {formatPoints(history.transactionCount)}.
            </p>
          ) : null}
          <div className="admin-table-wrap loyalty-table-wrap" role="region" aria-label={`Transacciones de ${user.name}`} tabIndex={0}>
            <table className="admin-table loyalty-table loyalty-transactions">
              <caption className="visually-hidden">Transacciones de puntos de {user.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Fecha</th>
                  <th scope="col">Tipo</th>
                  <th scope="col">Puntos</th>
                  <th scope="col">Descripción</th>
                </tr>
              </thead>
              <tbody>
                {history.transactions.map((t) => (
                  <tr key={t._id}>
                    <td data-label="Fecha">{formatDateTime(t.createdAt)}</td>
                    <td data-label="Tipo">{pointsTransactionLabel(t.type)}</td>
                    <td data-label="Puntos" className={t.amount < 0 || t.owed > 0 ? "loyalty-amount is-negative" : "loyalty-amount"}>
                      {pointsMovementAmount(t)}
                    </td>
                    <td data-label="Descripción" className="loyalty-description">
                      {t.description}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
