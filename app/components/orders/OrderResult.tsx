import { Link, useLocation } from "react-router";
import { formatMoney, formatPoints } from "#domain/format.ts";
import { ORDER_PAGE_MESSAGES, ORDER_STATE_MESSAGES, SLOW_PAYMENT_METHODS } from "#domain/order-pages.ts";
import { CANCELLED_ORDER_MESSAGES } from "#domain/orders.ts";
import type { ReturnPageSummary } from "#app/routes/payment-return.server.ts";
import { OrderPayForm } from "./OrderPayForm";
import { KeepShoppingActions, OrderFacts, OrderPageLink, ResultPanel } from "./ResultPanel";
import { OrderRecap } from "./OrderRecap";

/**
 * What a payment return page or /confirmacion shows of an order, by its real
 * state in the database (never by the page's name): paid, a payment to be
 * confirmed, still to pay (with 'Pagar Ahora'), closed, or unknown when only the
 * browser's stored copy could be read.
 */
export function OrderResult({
  order,
  loadFailed = false,
  paidView,
  payError = null,
}: {
  order: ReturnPageSummary;
  loadFailed?: boolean;
  /** A paid order: 'Pago exitoso' on the provider's return, 'Pedido confirmado' on /confirmacion. */
  paidView: "payment" | "confirmation";
  payError?: string | null;
}) {
  switch (order.state) {
    case "paid":
      return paidView === "payment" ? <PaymentSuccessPanel order={order} /> : <OrderConfirmedPanel order={order} />;
    case "verifying":
      return <PaymentPendingPanel order={order} />;
    case "confirming":
      return <ConfirmingPaymentPanel order={order} />;
    case "unpaid":
    case "rejected":
      return <AwaitingPaymentPanel order={order} error={payError} />;
    case "cancelled":
    case "refunded":
      return <ClosedOrderPanel order={order} />;
    default:
      return <StoredCopyPanel order={order} loadFailed={loadFailed} />;
  }
}

/** The success return page's panel (docs/requirements.md#payments). */
export function PaymentSuccessPanel({ order }: { order: ReturnPageSummary }) {
  return (
    <ResultPanel tone="success" title="¡Pago exitoso!" actions={<KeepShoppingActions order={order} />}>
      <p className="result-lead">Gracias por tu compra. Recibimos tu pago.</p>
      <OrderFacts
        rows={[
          ["Número de orden", order.orderNumber],
          ["Total pagado", formatMoney(order.total)],
          order.paymentId ? ["ID de pago", order.paymentId] : null,
        ]}
      />
      <h2>Próximos pasos</h2>
      <ol className="result-steps">
        <li>Recibirás un correo electrónico con la confirmación de tu pedido.</li>
        <li>Prepararemos tu pedido en 1 a 3 días hábiles.</li>
        <li>Cuando lo enviemos, te mandaremos el número de rastreo.</li>
      </ol>
      {order.pointsEarned !== null ? (
        <p className="result-points">
          Ganaste <strong>{formatPoints(order.pointsEarned)} puntos</strong> de lealtad con esta compra.{" "}
          <Link to="/perfil?tab=puntos">Ver mis puntos</Link>
        </p>
      ) : null}
      <OrderRecap order={order} />
    </ResultPanel>
  );
}

/** The order confirmation of a paid order (or one with nothing to pay). */
export function OrderConfirmedPanel({ order }: { order: ReturnPageSummary }) {
  return (
    <ResultPanel tone="success" title="¡Pedido confirmado!" actions={<KeepShoppingActions order={order} />}>
      <p className="result-lead">Gracias por tu compra.</p>
      <OrderFacts
        rows={[
          ["Número de orden", order.orderNumber],
          ["Total", formatMoney(order.total)],
        ]}
      />
      <p>Te enviamos un correo electrónico con los detalles de tu pedido, y te avisaremos cuando sea enviado.</p>
      <OrderRecap order={order} />
    </ResultPanel>
  );
}

/** The pending return page's panel: with the order when one is known, else the general text. */
export function PaymentPendingPanel({ order }: { order: ReturnPageSummary | null }) {
  return (
    <ResultPanel
      tone="pending"
      title="Pago pendiente"
      actions={
        <>
          <Link to="/" className="button button-primary">
            Volver al inicio
          </Link>
          {order ? <OrderPageLink order={order} /> : null}
        </>
      }
    >
      <p className="result-lead">Tu pago está en proceso de verificación.</p>
      {order ? (
        <OrderFacts
          rows={[
            ["Número de orden", order.orderNumber],
            ["Total", formatMoney(order.total)],
          ]}
        />
      ) : null}
      <p>
        La verificación puede tardar hasta <strong>48 horas hábiles</strong>. Te enviaremos un correo electrónico cuando se confirme tu
        pago.
      </p>
      <h2>Métodos de pago que pueden tardar en confirmarse</h2>
      <ul className="result-steps">
        {SLOW_PAYMENT_METHODS.map((method) => (
          <li key={method}>{method}</li>
        ))}
      </ul>
      {order ? <OrderRecap order={order} /> : null}
    </ResultPanel>
  );
}

/** The provider says a payment was just made, but its notification has not reached the shop yet. */
function ConfirmingPaymentPanel({ order }: { order: ReturnPageSummary }) {
  const location = useLocation();
  return (
    <ResultPanel
      tone="pending"
      title="Estamos confirmando tu pago"
      actions={
        <>
          <Link to={location.pathname + location.search} reloadDocument className="button button-primary">
            Actualizar
          </Link>
          <Link to="/" className="button">
            Volver al inicio
          </Link>
          <OrderPageLink order={order} />
        </>
      }
    >
      <p className="result-lead">
        Mercado Pago nos está avisando de tu pago del pedido <strong>{order.orderNumber}</strong>. Suele tardar unos segundos: actualiza
        esta página en un momento.
      </p>
      <OrderFacts
        rows={[
          ["Número de orden", order.orderNumber],
          ["Total", formatMoney(order.total)],
        ]}
      />
      <OrderRecap order={order} />
    </ResultPanel>
  );
}

/** An order with no payment yet, or whose last payment was refused: it says so, and offers to pay it. */
export function AwaitingPaymentPanel({ order, error }: { order: ReturnPageSummary; error: string | null }) {
  const query = new URLSearchParams({ pedido: order.orderNumber, ...(order.payKey ? { clave: order.payKey } : {}) });
  return (
    <ResultPanel
      tone="pending"
      title={ORDER_STATE_MESSAGES.awaitingTitle}
      actions={
        <>
          {order.canPay ? (
            <OrderPayForm
              action={`/confirmacion?${query}`}
              orderNumber={order.orderNumber}
              payKey={order.payKey}
              errorId={error ? "pay-error" : undefined}
            />
          ) : null}
          <Link to="/" className="button">
            Volver al inicio
          </Link>
        </>
      }
    >
      <p className="result-lead">
        {order.state === "rejected"
          ? ORDER_STATE_MESSAGES.rejectedLead(order.orderNumber)
          : ORDER_STATE_MESSAGES.awaitingLead(order.orderNumber)}
      </p>
      {error ? (
        <p id="pay-error" role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <OrderFacts
        rows={[
          ["Número de orden", order.orderNumber],
          ["Total a pagar", formatMoney(order.total)],
        ]}
      />
      <p>{ORDER_STATE_MESSAGES.awaitingNote}</p>
      <OrderRecap order={order} />
    </ResultPanel>
  );
}

/** A cancelled or refunded order: nothing to pay. */
function ClosedOrderPanel({ order }: { order: ReturnPageSummary }) {
  return (
    <ResultPanel
      tone="failure"
      title={order.state === "cancelled" ? CANCELLED_ORDER_MESSAGES.title : ORDER_STATE_MESSAGES.closedTitle}
      actions={<KeepShoppingActions order={order} />}
    >
      <p className="result-lead">
        {order.state === "refunded"
          ? ORDER_STATE_MESSAGES.refundedLead(order.orderNumber)
          : CANCELLED_ORDER_MESSAGES.lead(order.orderNumber)}
      </p>
      {order.state === "cancelled" ? (
        <p>{order.refundDue ? CANCELLED_ORDER_MESSAGES.refundDue : CANCELLED_ORDER_MESSAGES.noCharge}</p>
      ) : null}
      <OrderFacts rows={[["Número de orden", order.orderNumber]]} />
      <OrderRecap order={order} />
    </ResultPanel>
  );
}

/** Only the browser's stored copy is known (the database could not be read): number and total, no state. */
function StoredCopyPanel({ order, loadFailed }: { order: ReturnPageSummary; loadFailed: boolean }) {
  return (
    <ResultPanel tone="pending" title={ORDER_STATE_MESSAGES.unknownTitle} actions={<KeepShoppingActions order={order} />}>
      {loadFailed ? <p className="form-error">{ORDER_PAGE_MESSAGES.loadFailed}</p> : null}
      <OrderFacts
        rows={[
          ["Número de orden", order.orderNumber],
          ["Total", formatMoney(order.total)],
        ]}
      />
    </ResultPanel>
  );
}
