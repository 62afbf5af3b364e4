import { Link } from "react-router";
import type { Route } from "./+types/garantia";
import { pageMeta, originFrom } from "#app/lib/seo.ts";
import { SHOP } from "#domain/shop.ts";
import { ConsumerRightsNote, InfoPage } from "#app/components/InfoPage.tsx";
import { useShopPhone } from "#app/lib/shop-phone.ts";
import pageStylesHref from "#app/styles/info.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Garantía / Antes de comprar",
    description:
      "Cartas de Pokémon TCG 100% originales con garantía de autenticidad: cómo pedir fotos de la condición por WhatsApp antes de comprar en Cartas del Valle.",
    path: "/garantia",
    origin: originFrom(matches),
  });

export default function Garantia() {
  const phone = useShopPhone();
  return (
    <InfoPage title="Garantía / Antes de comprar">
      <p>
        Queremos que compres con confianza y que sepas exactamente qué vas a recibir. Aquí te explicamos qué garantizamos y qué te
        recomendamos revisar antes de hacer tu pedido.
      </p>

      <section aria-labelledby="garantia-autenticidad">
        <h2 id="garantia-autenticidad">Autenticidad garantizada</h2>
        <p>
          Todo lo que vendemos en {SHOP.name} es <strong>100% original</strong>: no vendemos réplicas, proxies ni cartas alteradas.
          Revisamos cada carta antes de publicarla.
        </p>
        <p>
          Nuestra garantía de autenticidad es simple: <strong>satisfacción o te devolvemos tu dinero</strong>. Si alguna carta que te
          vendimos resulta no ser original, escríbenos con tu número de pedido y fotos de la carta y te reembolsamos lo que pagaste por
          ella.
        </p>
      </section>

      <section aria-labelledby="garantia-fotos">
        <h2 id="garantia-fotos">Pide fotos antes de comprar</h2>
        <p>
          Si quieres ver una carta con más detalle, con gusto te mandamos fotos reales de la pieza que vas a recibir. Así puedes pedirlas:
        </p>
        <ol>
          <li>
            Escríbenos por{" "}
            <a href={phone.chatHref()} target="_blank" rel="noopener noreferrer">
              WhatsApp al {phone.display}
            </a>
            ; también puedes usar el botón de WhatsApp en la página de cada producto.
          </li>
          <li>Indícanos el nombre de la carta, su expansión y número, o mándanos el enlace del producto.</li>
          <li>Dinos qué te interesa revisar: frente, reverso, esquinas, bordes, superficie o centrado.</li>
        </ol>
        <p>
          Normalmente respondemos en unas horas y, por lo general, en no más de 24 horas. En fines de semana y días festivos la respuesta
          puede tardar un poco más. Ten en cuenta que pedir fotos no aparta el producto: si alguien más lo compra mientras tanto, ya no
          estará disponible.
        </p>
      </section>

      <section aria-labelledby="garantia-condicion">
        <h2 id="garantia-condicion">Condición de las cartas</h2>
        <h3>Cartas individuales</h3>
        <p>
          La condición de cada carta se describe en la página del producto, incluido cualquier comentario sobre detalles visibles, como
          marcas en la superficie o desgaste en bordes y esquinas. Las cartas pueden tener variaciones propias de la fabricación (centrado,
          pequeñas líneas de impresión), que no se consideran daños; si esto es importante para ti, pídenos fotos antes de comprar.
        </p>
        <h3>Producto sellado</h3>
        <p>
          Sobres, cajas y colecciones se entregan sellados de fábrica. Su contenido es aleatorio, así que no podemos garantizar que obtengas
          cartas o rarezas específicas.
        </p>
        <h3>Accesorios</h3>
        <p>Los accesorios son nuevos y se entregan en su empaque original.</p>
      </section>

      <section aria-labelledby="garantia-ventas-finales">
        <h2 id="garantia-ventas-finales">Ventas finales</h2>
        <p>
          Todas las ventas son finales: no ofrecemos garantía adicional ni aceptamos cambios o devoluciones fuera de lo que se indica en
          esta página y en nuestros <Link to="/terminos">Términos y Condiciones</Link>. Por eso te pedimos revisar bien la descripción y
          pedir fotos cuando tengas dudas.
        </p>
        <ConsumerRightsNote />
        <p>
          Te recomendamos grabar un video al abrir tu paquete: si algo no llega como esperabas, nos ayuda a resolverlo más rápido. Consulta
          tiempos y costos de entrega en <Link to="/envios">Envíos y tiempos de pago</Link>.
        </p>
      </section>
    </InfoPage>
  );
}
