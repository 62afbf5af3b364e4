/**
 * What a payment return page or /confirmacion shows of the order itself (docs/requirements.md#payments):
 * its lines as bought (thumbnail, name, which copy, quantity and price), where it ships, the e-mail
 * its mails went to, and for a guest the order's own keyed link ('Consulta tu pedido'), which opens
 * it later in any browser without signing in.
 */
import { Link } from "react-router";
import { formatMoney } from "#domain/format.ts";
import { ORDER_RECAP_MESSAGES } from "#domain/order-pages.ts";
import type { ReturnPageSummary } from "#app/routes/payment-return.server.ts";
import { ProductImage } from "#app/components/ProductImage.tsx";
import { ShippingAddressBlock } from "./ShippingAddressBlock";

export function OrderRecap({ order }: { order: ReturnPageSummary }) {
  return (
    <div className="order-recap">
      {order.email ? (
        <p data-testid="order-recap-email">
          {ORDER_RECAP_MESSAGES.mailSentTo} <strong>{order.email}</strong>.
        </p>
      ) : null}
      {order.guest && order.orderPath ? (
        <p className="result-order-link">
          {ORDER_RECAP_MESSAGES.guestLinkIntro} <Link to={order.orderPath}>{ORDER_RECAP_MESSAGES.guestLink(order.orderNumber)}</Link>
        </p>
      ) : null}
      {order.items.length > 0 ? (
        <section aria-labelledby="recap-lines">
          <h2 id="recap-lines">{ORDER_RECAP_MESSAGES.linesTitle}</h2>
          <ul className="recap-lines">
            {order.items.map((item, index) => (
              <li key={index} className="recap-line">
                <ProductImage src={item.image} alt="" sizes="48px" width={48} height={67} className="recap-line-image" />
                <span className="recap-line-name">
                  {item.name}
                  {item.variant ? <span className="order-line-variant">{item.variant}</span> : null}
                  <span className="recap-line-qty">
                    {item.quantity} × {formatMoney(item.price)}
                  </span>
                </span>
                <strong className="recap-line-total">{formatMoney(item.price * item.quantity)}</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.shippingAddress ? (
        <section aria-labelledby="recap-address">
          <h2 id="recap-address">{ORDER_RECAP_MESSAGES.addressTitle}</h2>
          <ShippingAddressBlock address={order.shippingAddress} className="recap-address" />
        </section>
      ) : null}
    </div>
  );
}
