import { Link } from "react-router";
import type { Route } from "./+types/terminos";
import { pageMeta, originFrom } from "#app/lib/seo.ts";
import { SHOP } from "#domain/shop.ts";
import { formatMoneyCents } from "#domain/format.ts";
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_METHODS, SHIPPING_METHOD_IDS } from "#domain/shipping.ts";
import { ConsumerRightsNote, InfoPage, thresholdPriceText } from "#app/components/InfoPage.tsx";
import { useShopPhone } from "#app/lib/shop-phone.ts";
import pageStylesHref from "#app/styles/info.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Términos y Condiciones",
    description:
      "Condiciones de compra en Cartas del Valle: condición de las cartas, envíos dentro de México, métodos de pago, precios en MXN, puntos y cupones.",
    path: "/terminos",
    origin: originFrom(matches),
  });

export default function Terminos() {
  const phone = useShopPhone();
  return (
    <InfoPage title="Términos y Condiciones" updated="23 de mayo de 2025">
      <p>
        Estos términos aplican a todas las compras que hagas en {SHOP.name}, tienda en línea de cartas originales de Pokémon TCG (cartas
        individuales, producto sellado y accesorios) con sede en {SHOP.city}. Al hacer un pedido aceptas estas condiciones, junto con
        nuestro <Link to="/privacidad">Aviso de Privacidad</Link>.
      </p>

      <section aria-labelledby="terminos-condicion">
        <h2 id="terminos-condicion">Condición de los productos</h2>
        <p>
          Todas las cartas que vendemos son originales y las revisamos una por una antes de publicarlas. La condición de cada carta se
          describe en la página del producto, junto con cualquier comentario que debas conocer (por ejemplo, marcas en la superficie,
          desgaste en bordes o esquinas, o detalles de impresión).
        </p>
        <p>
          Si quieres ver la carta antes de comprarla, pídenos fotos por{" "}
          <a href={phone.chatHref()} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
          . En <Link to="/garantia">Garantía / Antes de comprar</Link> te explicamos cómo hacerlo.
        </p>
        <p>
          El producto sellado se entrega cerrado de fábrica. El contenido de sobres, cajas y colecciones es aleatorio, por lo que no
          garantizamos que obtengas cartas específicas.
        </p>
      </section>

      <section aria-labelledby="terminos-garantia">
        <h2 id="terminos-garantia">Garantía y devoluciones</h2>
        <p>
          Todas las ventas son finales: no ofrecemos garantía adicional ni aceptamos cambios o devoluciones fuera de lo que se indica en
          esta sección. Por eso te pedimos revisar la descripción de cada producto y, si tienes dudas, pedir fotos antes de comprar. Lo que
          sí garantizamos es la autenticidad: si alguna carta que te vendimos no es original, te devolvemos tu dinero.
        </p>
        <ConsumerRightsNote />
        <p>
          Para cualquier aclaración sobre tu pedido, escríbenos con tu número de pedido y, si aplica, fotos del producto y del empaque tal
          como lo recibiste.
        </p>
      </section>

      <section aria-labelledby="terminos-envios">
        <h2 id="terminos-envios">Envíos</h2>
        <ul>
          <li>Enviamos únicamente dentro de la República Mexicana.</li>
          <li>Procesamos los pedidos de 1 a 3 días hábiles después de que se confirma el pago.</li>
          {SHIPPING_METHOD_IDS.map((id) => (
            <li key={id}>
              <strong>{SHIPPING_METHODS[id].name}:</strong> {formatMoneyCents(SHIPPING_METHODS[id].priceCents)};{" "}
              {thresholdPriceText(id, "gratis")} en compras de {formatMoneyCents(FREE_SHIPPING_THRESHOLD_CENTS)} o más.
            </li>
          ))}
          <li>Cuando enviamos tu pedido, te mandamos el número de rastreo por correo electrónico.</li>
        </ul>
        <p>
          Consulta tiempos de entrega y detalles en <Link to="/envios">Envíos y tiempos de pago</Link>.
        </p>
      </section>

      <section aria-labelledby="terminos-pago">
        <h2 id="terminos-pago">Métodos de pago</h2>
        <p>Al finalizar tu compra te llevamos a la página segura de Mercado Pago, donde puedes pagar con:</p>
        <ul>
          <li>Tarjeta de crédito o débito, o saldo de tu cuenta de Mercado Pago.</li>
          <li>Transferencia bancaria.</li>
          <li>Depósito en efectivo en tiendas de conveniencia como OXXO.</li>
        </ul>
        <p>
          Los pagos con tarjeta o saldo suelen confirmarse al momento; los pagos en efectivo y por transferencia pueden tardar hasta 48
          horas hábiles en verificarse. Los productos de un pedido quedan apartados por un tiempo corto (la hora límite viene en el correo
          del pedido) o, si queda pendiente un pago en efectivo o por transferencia, hasta la fecha límite de su ficha; un pedido sin pago
          para entonces se cancela automáticamente y sus productos vuelven a la venta.
        </p>
      </section>

      <section aria-labelledby="terminos-precios">
        <h2 id="terminos-precios">Precios</h2>
        <p>
          Todos los precios están en pesos mexicanos (MXN). El costo de envío se muestra por separado en el carrito y en el resumen antes de
          pagar. Los precios y la disponibilidad pueden cambiar sin previo aviso, pero respetamos el precio que aparece en tu pedido al
          momento de hacerlo. Si por un error de inventario no podemos surtir un producto que ya pagaste, te avisamos y te reembolsamos lo
          que pagaste por él.
        </p>
      </section>

      <section aria-labelledby="terminos-puntos">
        <h2 id="terminos-puntos">Programa de puntos</h2>
        <ul>
          <li>Si compras con tu cuenta, el 1% del subtotal de tus productos te regresa en puntos (redondeado hacia abajo).</li>
          <li>Cada punto vale $1.00 MXN de descuento en tus siguientes compras.</li>
          <li>Tus puntos no caducan.</li>
          <li>
            Puedes consultar tu saldo y tus movimientos en la sección de puntos de <Link to="/perfil">tu perfil</Link>.
          </li>
        </ul>
      </section>

      <section aria-labelledby="terminos-cupones">
        <h2 id="terminos-cupones">Cupones</h2>
        <p>
          Los cupones se aplican en el checkout y dan un descuento en porcentaje sobre el subtotal más el envío. Cada cupón tiene fecha de
          vencimiento; algunos son de un solo uso y otros tienen un número limitado de usos. Solo puedes aplicar un cupón por pedido, y los
          cupones no se pueden cambiar por dinero.
        </p>
      </section>

      <section aria-labelledby="terminos-cambios">
        <h2 id="terminos-cambios">Cambios a estos términos</h2>
        <p>
          Podemos actualizar estos términos en cualquier momento; la versión vigente es la publicada en esta página, con su fecha de última
          actualización. Los cambios no afectan a los pedidos que ya hiciste.
        </p>
      </section>

      <section aria-labelledby="terminos-contacto">
        <h2 id="terminos-contacto">Contacto</h2>
        <p>
          Para cualquier duda sobre estos términos o sobre tu pedido, escríbenos a <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a> o por
          WhatsApp al{" "}
          <a href={phone.chatHref()} target="_blank" rel="noopener noreferrer">
            {phone.display}
          </a>
          .
        </p>
      </section>
    </InfoPage>
  );
}
