import type { ReactNode } from "react";
import type { ShippingAddress } from "#domain/address.ts";
import { formatMoney } from "#domain/format.ts";
import { formatDateTime } from "#domain/dates.ts";
import { cancelledByName, earnedPointsLine, paymentMethodName, shippingMethodName } from "#domain/order-pages.ts";
import { TrackingNumber } from "./TrackingLink";
import { ShippingAddressBlock } from "#app/components/orders/ShippingAddressBlock.tsx";

/** The order as 'Mis Pedidos' shows it (the fields of server/orders OrderView it reads). */
export interface OrderDetailsData {
  orderNumber: string;
  items: { name: string; variant: string | null; price: number; quantity: number }[];
  shippingAddress: ShippingAddress;
  shippingMethod: string;
  shippingCost: number;
  trackingNumber: string | null;
  paymentMethod: string;
  paymentId: string | null;
  paymentStatus: string;
  subtotal: number;
  discount: number;
  couponCode: string | null;
  finalTotal: number;
  loyaltyPoints: { used: number; earned: number };
  orderStatus: string;
  cancelReason: string | null;
  cancelledAt: string | null;
  cancelledBy: string | null;
  email: string;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="order-detail-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** The expandable detail of an order (docs/requirements.md#orders-and-statuses): everything but the 'Pagar Ahora' form. */
export function OrderDetails({ order }: { order: OrderDetailsData }) {
  const a = order.shippingAddress;
  const pointsLine = earnedPointsLine({
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    points: order.loyaltyPoints.earned,
  });
  return (
    <div className="order-detail">
      <Section title="Productos">
        <ul className="order-lines">
          {order.items.map((item, index) => (
            <li key={index}>
              <span className="order-line-name">
                {item.name}
                {item.variant ? <span className="order-line-variant">{item.variant}</span> : null}
              </span>
              <span>
                {item.quantity} × {formatMoney(item.price)}
              </span>
              <strong>{formatMoney(item.price * item.quantity)}</strong>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Dirección de envío">
        <ShippingAddressBlock address={a} />
      </Section>
      <Section title="Envío">
        <dl className="order-facts">
          <div>
            <dt>Método de envío</dt>
            <dd>{shippingMethodName(order.shippingMethod)}</dd>
          </div>
          <div>
            <dt>Costo de envío</dt>
            <dd>{order.shippingCost === 0 ? "Gratis" : formatMoney(order.shippingCost)}</dd>
          </div>
          <div>
            <dt>Número de rastreo</dt>
            <dd>
              <TrackingNumber shippingMethod={order.shippingMethod} trackingNumber={order.trackingNumber} />
            </dd>
          </div>
        </dl>
      </Section>
      <Section title="Información de pago">
        <dl className="order-facts">
          <div>
            <dt>Método de pago</dt>
            <dd>{paymentMethodName(order.paymentMethod)}</dd>
          </div>
          <div>
            <dt>ID de pago</dt>
            <dd>{order.paymentId ?? "Aún no disponible"}</dd>
          </div>
        </dl>
      </Section>
      <Section title="Resumen">
        <dl className="order-totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatMoney(order.subtotal)}</dd>
          </div>
          <div>
            <dt>Envío</dt>
            <dd>{order.shippingCost === 0 ? "Gratis" : formatMoney(order.shippingCost)}</dd>
          </div>
          {order.discount > 0 ? (
            <div>
              <dt>Descuento{order.couponCode ? ` (${order.couponCode})` : ""}</dt>
              <dd>{`-${formatMoney(order.discount)}`}</dd>
            </div>
          ) : null}
          {order.loyaltyPoints.used > 0 ? (
            <div>
              <dt>Puntos usados</dt>
              <dd>{`-${formatMoney(order.loyaltyPoints.used)}`}</dd>
            </div>
          ) : null}
          <div className="order-total">
            <dt>Total</dt>
            <dd>{formatMoney(order.finalTotal)}</dd>
          </div>
          {pointsLine ? (
            <div>
              <dt>{pointsLine.label}</dt>
              <dd>{pointsLine.value}</dd>
            </div>
          ) : null}
        </dl>
      </Section>
      {order.orderStatus === "cancelled" ? (
        <Section title="Cancelación">
          <dl className="order-facts">
            {order.cancelReason ? (
              <div>
                <dt>Motivo</dt>
                <dd>{order.cancelReason}</dd>
              </div>
            ) : null}
            {order.cancelledAt ? (
              <div>
                <dt>Fecha de cancelación</dt>
                <dd>{formatDateTime(order.cancelledAt)}</dd>
              </div>
            ) : null}
            {order.cancelledBy ? (
              <div>
                <dt>Cancelado por</dt>
                <dd>{cancelledByName(order.cancelledBy)}</dd>
              </div>
            ) : null}
          </dl>
        </Section>
      ) : null}
      <Section title="Correo de contacto">
        <p>{order.email}</p>
      </Section>
    </div>
  );
}
