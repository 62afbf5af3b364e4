import { Link } from "react-router";
import { formatDate } from "#domain/dates.ts";
import { orderPageHref } from "#domain/order-page.ts";
import { SHOP } from "#domain/shop.ts";
import type { AdminOrderDetail } from "#server/fulfilment/index.ts";
import { PrintButton } from "./PrintButton";
import { ShippingAddressBlock } from "#app/components/orders/ShippingAddressBlock.tsx";

/**
 * 'Hoja de empaque' (`?vista=empaque`): what goes in the box and where it goes — the shop, the order
 * number and date, the ship-to address and phone, the carrier and the lines with their quantities,
 * and no prices. The print stylesheet (app/styles/admin-order.css) leaves only this on paper.
 */
export function PackingSlip({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  const a = order.shippingAddress;
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <article className="packing-slip" aria-labelledby="hoja-titulo">
      <div className="packing-slip-actions">
        <Link to={orderPageHref(order.orderNumber)} className="button button-light">
          Volver al pedido
        </Link>
        <PrintButton />
      </div>
      <header className="packing-slip-header">
        <p className="packing-slip-shop">{SHOP.name}</p>
        <h2 id="hoja-titulo">Hoja de empaque · Pedido {order.orderNumber}</h2>
        <p>Fecha del pedido: {formatDate(order.createdAt)}</p>
      </header>
      <section aria-labelledby="hoja-destino">
        <h3 id="hoja-destino">Enviar a</h3>
        <ShippingAddressBlock address={a} phone={detail.contactPhone} />
        <p>
          Paquetería: <strong>{detail.carrier}</strong>
          {order.trackingNumber ? ` · Número de rastreo: ${order.trackingNumber}` : null}
        </p>
      </section>
      <section aria-labelledby="hoja-productos">
        <h3 id="hoja-productos">Productos</h3>
        <table className="packing-slip-lines">
          <thead>
            <tr>
              <th scope="col">Cantidad</th>
              <th scope="col">Producto</th>
              <th scope="col">Empacado</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={index}>
                <td className="packing-slip-qty">{item.quantity}</td>
                <td>
                  {item.name}
                  {item.variant ? <span className="packing-slip-product">{item.variant}</span> : null}
                  {detail.lineProducts[index] ? (
                    <span className="packing-slip-product">
                      {[detail.lineProducts[index].expansion, detail.lineProducts[index].cardNumber].filter(Boolean).join(" · ")}
                    </span>
                  ) : null}
                </td>
                <td aria-label="Casilla para marcar a mano">☐</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td className="packing-slip-qty">{units}</td>
              <td colSpan={2}>{units === 1 ? "pieza en total" : "piezas en total"}</td>
            </tr>
          </tfoot>
        </table>
      </section>
    </article>
  );
}
