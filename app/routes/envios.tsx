import { Link } from "react-router";
import type { Route } from "./+types/envios";
import { pageMeta, originFrom } from "#app/lib/seo.ts";
import { SHOP } from "#domain/shop.ts";
import { formatMoneyCents } from "#domain/format.ts";
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_METHODS, SHIPPING_METHOD_IDS } from "#domain/shipping.ts";

const FREE_FROM = formatMoneyCents(FREE_SHIPPING_THRESHOLD_CENTS);
import { InfoPage, thresholdPriceText } from "#app/components/InfoPage.tsx";
import { useShopPhone } from "#app/lib/shop-phone.ts";
import pageStylesHref from "#app/styles/info.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Envíos y tiempos de pago",
    description: `Envíos a todo México con Estafeta y DHL Express: costos, tiempos de entrega, envío gratis desde ${FREE_FROM} y tiempos de verificación de pago.`,
    path: "/envios",
    origin: originFrom(matches),
  });

export default function Envios() {
  const phone = useShopPhone();
  return (
    <InfoPage title="Envíos y tiempos de pago">
      <section aria-labelledby="envios-cobertura">
        <h2 id="envios-cobertura">Cobertura</h2>
        <p>Enviamos a toda la República Mexicana. Por ahora no hacemos envíos internacionales ni entregas fuera de México.</p>
      </section>

      <section aria-labelledby="envios-procesamiento">
        <h2 id="envios-procesamiento">Tiempo de procesamiento</h2>
        <p>
          Preparamos y entregamos tu pedido a la paquetería de <strong>1 a 3 días hábiles</strong> después de que se confirma tu pago. Los
          días hábiles son de lunes a viernes, sin contar días festivos.
        </p>
        <p>
          Revisa que tu dirección y tu teléfono estén completos y correctos. Si necesitas corregir algo, escríbenos lo antes posible, antes
          de que el pedido salga.
        </p>
      </section>

      <section aria-labelledby="envios-paqueterias">
        <h2 id="envios-paqueterias">Paqueterías, tiempos y costos</h2>
        {/* One column per carrier, so the table fits a 360-px phone (four columns did not). */}
        <table>
          <caption>Opciones de envío</caption>
          <thead>
            <tr>
              <td />
              {SHIPPING_METHOD_IDS.map((id) => (
                <th scope="col" key={id}>
                  {SHIPPING_METHODS[id].name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Tiempo de entrega</th>
              {SHIPPING_METHOD_IDS.map((id) => (
                <td key={id}>
                  {SHIPPING_METHODS[id].minDays} a {SHIPPING_METHODS[id].maxDays} días hábiles
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">Costo</th>
              {SHIPPING_METHOD_IDS.map((id) => (
                <td key={id}>{formatMoneyCents(SHIPPING_METHODS[id].priceCents)}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">En compras de {FREE_FROM} o más</th>
              {SHIPPING_METHOD_IDS.map((id) => (
                <td key={id}>{thresholdPriceText(id)}</td>
              ))}
            </tr>
          </tbody>
        </table>
        <p>
          El monto de {FREE_FROM} se calcula con el subtotal de tus productos, sin contar el envío. Los tiempos de entrega son estimados de
          la paquetería y se cuentan a partir de que enviamos tu pedido; en zonas extendidas o en temporadas altas pueden ser mayores.
        </p>
      </section>

      <section aria-labelledby="envios-rastreo">
        <h2 id="envios-rastreo">Rastreo de tu pedido</h2>
        <p>
          Cuando enviamos tu pedido, te mandamos el número de rastreo por correo electrónico (y por WhatsApp, si activaste los avisos en el
          checkout). Si tienes cuenta, también lo encuentras en <Link to="/mis-pedidos">Mis Pedidos</Link>.
        </p>
        <p>Si tu paquete se retrasa o tiene algún problema en el camino, escríbenos y te ayudamos a darle seguimiento con la paquetería.</p>
      </section>

      <section aria-labelledby="envios-pagos">
        <h2 id="envios-pagos">Tiempos de pago</h2>
        <p>El tiempo de procesamiento empieza a contar cuando se confirma tu pago, y eso depende del método que elijas:</p>
        <ul>
          <li>
            <strong>Tarjeta o saldo de Mercado Pago:</strong> normalmente se confirma al momento.
          </li>
          <li>
            <strong>Efectivo en tiendas de conveniencia (como OXXO) y transferencia bancaria:</strong> quedan como pago pendiente y pueden
            tardar hasta 48 horas hábiles en verificarse. Te enviaremos un correo cuando se confirme.
          </li>
        </ul>
        <p>
          Al hacer tu pedido apartamos sus productos por un tiempo corto: la hora límite viene en el correo de tu pedido. Si para entonces
          no recibimos tu pago, el pedido se cancela solo y los productos vuelven a la venta; un pago en efectivo (OXXO) o por transferencia
          (SPEI) que quede pendiente lo mantiene apartado hasta la fecha límite de su ficha. Si tienes cuenta y tu pago fue rechazado o
          sigue pendiente, puedes intentarlo de nuevo con el botón «Pagar Ahora» en <Link to="/mis-pedidos">Mis Pedidos</Link> mientras el
          pedido no esté cancelado.
        </p>
        <p>
          Si ya pagaste y tu pedido sigue pendiente después de 48 horas hábiles, mándanos tu comprobante por{" "}
          <a href={phone.chatHref()} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>{" "}
          o a <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a> y lo revisamos.
        </p>
      </section>

      <section aria-labelledby="envios-mas">
        <h2 id="envios-mas">Más información</h2>
        <p>
          Consulta también nuestros <Link to="/terminos">Términos y Condiciones</Link> y la página{" "}
          <Link to="/garantia">Garantía / Antes de comprar</Link>.
        </p>
      </section>
    </InfoPage>
  );
}
