import type { ReactNode } from "react";
import { formatMoney, formatMoneyCents, formatPoints } from "#domain/format.ts";
import { formatDateTime } from "#domain/dates.ts";
import { paymentRowStatus, providerName } from "#domain/order-page.ts";
import { cancelledByName, earnedPointsLine, paymentMethodName } from "#domain/order-pages.ts";
import { paymentStatusLabel } from "#domain/statuses.ts";
import type { AdminOrderDetail } from "#server/fulfilment/index.ts";
import { ProductImage } from "#app/components/ProductImage.tsx";
import { ShippingAddressBlock } from "#app/components/orders/ShippingAddressBlock.tsx";

/** One section of the order page: a heading and its content. */
export function OrderSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-order-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A link that opens a new tab, and says so to a screen reader. */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

/** 'Puntos ganados' (taken back after a refund, to be earned while unpaid); '0' when the order earns none. */
function PointsEarned({ order }: { order: AdminOrderDetail["order"] }) {
  const line = earnedPointsLine({ orderStatus: order.orderStatus, paymentStatus: order.paymentStatus, points: order.loyaltyPoints.earned });
  return <Fact term={line?.label ?? "Puntos ganados"}>{line?.value ?? formatPoints(0)}</Fact>;
}

const money = (pesos: number) => (pesos === 0 ? "Gratis" : formatMoney(pesos));

/** Cliente, Envío, Productos, Resumen, Pago and Cancelación (docs/requirements.md#order-fulfilment). */
export function OrderOverview({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  const a = order.shippingAddress;
  return (
    <div className="admin-order-grid">
      <OrderSection id="pedido-cliente" title="Cliente">
        <dl className="admin-order-facts">
          <Fact term="Nombre">{detail.contactName}</Fact>
          <Fact term="Cuenta">{order.user ? `${order.user.name} (${order.user.email})` : "Invitado"}</Fact>
          <Fact term="Correo">
            <a href={`mailto:${order.email}`}>{order.email}</a>
          </Fact>
          <Fact term="Teléfono">{detail.contactPhone ? <a href={`tel:${detail.contactPhone}`}>{detail.contactPhone}</a> : "—"}</Fact>
        </dl>
        {detail.chatUrl ? (
          <p>
            <ExternalLink href={detail.chatUrl} className="button button-chat">
              Enviar mensaje por WhatsApp
            </ExternalLink>
          </p>
        ) : null}
      </OrderSection>
      <OrderSection id="pedido-envio" title="Envío">
        <ShippingAddressBlock address={a} className="admin-order-address" />
        <dl className="admin-order-facts">
          <Fact term="Paquetería">{detail.carrier}</Fact>
          <Fact term="Costo de envío">{money(order.shippingCost)}</Fact>
          <Fact term="Número de rastreo">
            {order.trackingNumber ? (
              <>
                {order.trackingNumber}
                {detail.trackingUrl ? (
                  <>
                    {" · "}
                    <ExternalLink href={detail.trackingUrl}>Rastrear en {detail.carrier}</ExternalLink>
                  </>
                ) : null}
              </>
            ) : (
              "Aún no disponible"
            )}
          </Fact>
        </dl>
      </OrderSection>
      <OrderSection id="pedido-productos" title="Productos">
        <ul className="admin-order-lines">
          {order.items.map((item, index) => (
            <li key={index}>
              <span aria-hidden="true" className="admin-order-thumb">
                <ProductImage src={item.image} alt="" sizes="48px" width={48} height={67} />
              </span>
              <span className="admin-order-line-name">
                {item.name}
                {item.variant ? <span className="admin-order-line-variant">{item.variant}</span> : null}
                {detail.lineProducts[index] ? (
                  <span className="admin-order-line-product">
                    {[detail.lineProducts[index].expansion, detail.lineProducts[index].cardNumber].filter(Boolean).join(" · ")}
                  </span>
                ) : null}
              </span>
              <span>
                {item.quantity} × {formatMoney(item.price)}
              </span>
              <strong>{formatMoney(item.price * item.quantity)}</strong>
            </li>
          ))}
        </ul>
      </OrderSection>
      <OrderSection id="pedido-resumen" title="Resumen">
        <dl className="admin-order-totals">
          <Fact term="Subtotal">{formatMoney(order.subtotal)}</Fact>
          <Fact term="Envío">{money(order.shippingCost)}</Fact>
          {order.couponCode || order.discount > 0 ? (
            <Fact term={`Cupón${order.couponCode ? ` ${order.couponCode}` : ""}`}>{`-${formatMoney(order.discount)}`}</Fact>
          ) : null}
          {order.loyaltyPoints.used > 0 ? <Fact term="Puntos usados">{`-${formatMoney(order.loyaltyPoints.used)}`}</Fact> : null}
          <PointsEarned order={order} />
          <div className="admin-order-total">
            <dt>Total</dt>
            <dd>{formatMoney(order.finalTotal)}</dd>
          </div>
        </dl>
      </OrderSection>
      <OrderSection id="pedido-pago" title="Pago">
        <dl className="admin-order-facts">
          <Fact term="Método de pago">{paymentMethodName(order.paymentMethod)}</Fact>
          <Fact term="Estado del pago">{paymentStatusLabel(order.paymentStatus)}</Fact>
          <Fact term="Proveedor">{providerName(detail.paymentProvider)}</Fact>
          <Fact term="ID de pago">{order.paymentId ?? "Aún no disponible"}</Fact>
        </dl>
        {detail.payments.length > 0 ? (
          <div className="admin-table-wrap">
            <table className="admin-table admin-order-payments">
              <caption className="visually-hidden">Pagos recibidos del pedido</caption>
              <thead>
                <tr>
                  <th scope="col">Proveedor</th>
                  <th scope="col">ID</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Monto</th>
                  <th scope="col">Fecha</th>
                </tr>
              </thead>
              <tbody>
                {detail.payments.map((p, index) => (
                  <tr key={`${p.paymentId}-${index}`}>
                    <td>{providerName(p.provider)}</td>
                    <td className="admin-order-id">{p.paymentId}</td>
                    <td>{paymentRowStatus(p.status)}</td>
                    <td>{p.amountCents === null ? "—" : formatMoneyCents(p.amountCents)}</td>
                    <td>{formatDateTime(p.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="admin-order-muted">Aún no hay pagos registrados.</p>
        )}
      </OrderSection>
      {order.orderStatus === "cancelled" ? (
        <OrderSection id="pedido-cancelacion" title="Cancelación">
          <dl className="admin-order-facts">
            <Fact term="Motivo">{order.cancelReason ?? "—"}</Fact>
            <Fact term="Fecha de cancelación">{order.cancelledAt ? formatDateTime(order.cancelledAt) : "—"}</Fact>
            <Fact term="Cancelado por">{order.cancelledBy ? cancelledByName(order.cancelledBy) : "—"}</Fact>
          </dl>
        </OrderSection>
      ) : null}
    </div>
  );
}
