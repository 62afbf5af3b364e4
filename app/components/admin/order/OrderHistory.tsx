import { formatDateTime } from "#domain/dates.ts";
import { ORDER_EVENT_KIND_LABELS, orderActorLabel } from "#domain/order-events.ts";
import type { OrderEventView } from "#server/fulfilment/index.ts";
import { OrderSection } from "./OrderOverview";

/**
 * 'Historial' (docs/requirements.md#order-fulfilment): every event of the order, oldest first, with
 * its time in Mexico City, what it was, who did it and its message; an e-mail also says whether it
 * went out ('Enviado' and when) or waits in the outbox ('En cola').
 */
export function OrderHistory({ events }: { events: OrderEventView[] }) {
  return (
    <OrderSection id="pedido-historial" title="Historial">
      {events.length === 0 ? (
        <p className="admin-order-muted">Sin eventos registrados.</p>
      ) : (
        <ol className="admin-order-history">
          {events.map((event) => (
            <li key={event.id} className={`admin-order-event admin-order-event-${event.kind}`}>
              <p className="admin-order-event-head">
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                {" · "}
                <strong>{ORDER_EVENT_KIND_LABELS[event.kind] ?? event.kind}</strong>
                {" · "}
                <span>{orderActorLabel({ kind: event.actor, name: event.actorName })}</span>
              </p>
              <p className="admin-order-event-message">{event.message}</p>
              {event.kind === "mail" ? (
                <p className="admin-order-event-mail">
                  {event.mailSentAt ? (
                    <>
                      Enviado <time dateTime={event.mailSentAt}>{formatDateTime(event.mailSentAt)}</time>
                    </>
                  ) : (
                    "En cola"
                  )}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </OrderSection>
  );
}
