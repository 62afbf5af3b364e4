/** 'Puntos': the balance, what was earned and spent, the 1% explanation and the latest movements. */
import { Link } from "react-router";
import { formatPoints } from "#domain/format.ts";
import { formatDate } from "#domain/dates.ts";
import {
  POINTS_OWED_EXPLAINER,
  POINTS_OWED_LABEL,
  POINTS_PROMPT_THRESHOLD,
  pointsMovementAmount,
  pointsTransactionLabel,
} from "#domain/loyalty.ts";
import type { LoyaltySummary } from "#server/loyalty/points.server.ts";

export function Points({ points }: { points: LoyaltySummary }) {
  return (
    <>
      <h2 id="perfil-panel-titulo">Mis puntos</h2>
      <dl className="points-tiles">
        <div>
          <dt>Puntos disponibles</dt>
          <dd data-testid="points-balance">{formatPoints(points.balance)}</dd>
        </div>
        <div>
          <dt>Total ganado</dt>
          <dd>{formatPoints(points.totalEarned)}</dd>
        </div>
        <div>
          <dt>Total usado</dt>
          <dd>{formatPoints(points.totalSpent)}</dd>
        </div>
        {points.owed > 0 ? (
          <div>
            <dt>{POINTS_OWED_LABEL}</dt>
            <dd data-testid="points-owed">{formatPoints(points.owed)}</dd>
          </div>
        ) : null}
      </dl>
      {points.owed > 0 ? <p className="points-explainer">{POINTS_OWED_EXPLAINER}</p> : null}
      <p className="points-explainer">
        Ganas el 1% de cada compra en puntos. Cada punto vale $1 MXN de descuento en tu siguiente compra y nunca caducan.
      </p>
      <div className="points-cta">
        {points.balance >= POINTS_PROMPT_THRESHOLD ? (
          <>
            <p>¡Tienes {formatPoints(points.balance)} puntos disponibles! Úsalos como descuento en tu próxima compra.</p>
            <Link to="/productos" className="button button-primary">
              Usar mis puntos
            </Link>
          </>
        ) : (
          <>
            <p>Sigue comprando para acumular puntos: cada compra te regresa el 1% en puntos.</p>
            <Link to="/productos" className="button button-primary">
              Seguir comprando
            </Link>
          </>
        )}
      </div>
      <h3>Últimos movimientos</h3>
      {points.transactions.length === 0 ? (
        <p className="points-empty">Aún no tienes movimientos de puntos.</p>
      ) : (
        <ol className="points-history">
          {points.transactions.map((t) => (
            <li key={t._id}>
              <span className="points-history-main">
                <span className="points-history-description">{t.description}</span>
                <span className="points-history-meta">
                  {formatDate(t.createdAt)} · {pointsTransactionLabel(t.type)}
                </span>
              </span>
              <span className={t.amount < 0 || t.owed > 0 ? "points-amount is-negative" : "points-amount"}>{pointsMovementAmount(t)}</span>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
