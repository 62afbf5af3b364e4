import { Link } from "react-router";
import type { Route } from "./+types/privacidad";
import { pageMeta, originFrom } from "#app/lib/seo.ts";
import { SHOP } from "#domain/shop.ts";
import { InfoPage } from "#app/components/InfoPage.tsx";
import { useShopPhone } from "#app/lib/shop-phone.ts";
import pageStylesHref from "#app/styles/info.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Aviso de Privacidad",
    description:
      "Cómo Cartas del Valle recaba, usa y protege tus datos personales, y cómo ejercer tus derechos ARCO por WhatsApp o correo electrónico.",
    path: "/privacidad",
    origin: originFrom(matches),
  });

export default function Privacidad() {
  const phone = useShopPhone();
  return (
    <InfoPage title="Aviso de Privacidad">
      <section aria-labelledby="privacidad-responsable">
        <h2 id="privacidad-responsable">Responsable de tus datos</h2>
        <p>
          {SHOP.name}, con domicilio en {SHOP.city}, es responsable del tratamiento de los datos personales que nos proporcionas, conforme a
          la Ley Federal de Protección de Datos Personales en Posesión de los Particulares. Puedes contactarnos en{" "}
          <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a> o por WhatsApp al{" "}
          <a href={phone.chatHref()} target="_blank" rel="noopener noreferrer">
            {phone.display}
          </a>
          .
        </p>
      </section>

      <section aria-labelledby="privacidad-datos">
        <h2 id="privacidad-datos">Datos que recabamos</h2>
        <p>Cuando haces un pedido o creas una cuenta, te pedimos:</p>
        <ul>
          <li>Nombre.</li>
          <li>Correo electrónico.</li>
          <li>Teléfono.</li>
          <li>Dirección de envío.</li>
        </ul>
        <p>
          Si tienes cuenta, también guardamos tus direcciones, tu historial de pedidos y tu saldo de puntos. No recabamos datos personales
          sensibles.
        </p>
        <p>
          Los datos de pago los procesa directamente Mercado Pago en su propia página: {SHOP.name} no recibe ni guarda números de tarjeta.
          De Mercado Pago solo recibimos el estado del pago y su número de identificación.
        </p>
      </section>

      <section aria-labelledby="privacidad-uso">
        <h2 id="privacidad-uso">Para qué usamos tu información</h2>
        <ul>
          <li>Procesar y cobrar tus pedidos.</li>
          <li>Preparar y enviar tus paquetes.</li>
          <li>
            Enviarte avisos sobre tu pedido (confirmación, envío y número de rastreo) por correo y, si lo aceptas en el checkout, por
            WhatsApp.
          </li>
          <li>Administrar tu cuenta y tu programa de puntos.</li>
          <li>Responder tus dudas y aclaraciones.</li>
        </ul>
        <p>No usamos tus datos para otros fines ni los vendemos.</p>
      </section>

      <section aria-labelledby="privacidad-confidencialidad">
        <h2 id="privacidad-confidencialidad">Confidencialidad</h2>
        <p>Tu información es confidencial y no la compartimos con terceros, salvo en estos casos y estrictamente para cumplir tu pedido:</p>
        <ul>
          <li>
            <strong>Paquetería</strong> (Estafeta o DHL Express): tu nombre, teléfono y dirección de envío, para entregarte el paquete.
          </li>
          <li>
            <strong>Procesador de pago</strong> (Mercado Pago): el número y el monto de tu pedido, para que puedas pagarlo.
          </li>
        </ul>
        <p>Además, solo entregaríamos tus datos a una autoridad competente cuando la ley nos obligue a hacerlo.</p>
      </section>

      <section aria-labelledby="privacidad-seguridad">
        <h2 id="privacidad-seguridad">Seguridad</h2>
        <p>
          Usamos medidas administrativas, técnicas y físicas para proteger tus datos contra pérdida, uso o acceso no autorizado: conexión
          cifrada en el sitio, acceso restringido a la información de los pedidos y contraseñas que nunca se guardan en texto legible.
          Ningún sistema es infalible, por lo que te recomendamos usar una contraseña única para tu cuenta y no compartirla.
        </p>
      </section>

      <section aria-labelledby="privacidad-cookies">
        <h2 id="privacidad-cookies">Cookies y almacenamiento en tu navegador</h2>
        <p>Guardamos en tu navegador solo lo necesario para que la tienda funcione:</p>
        <ul>
          <li>Tu carrito, para que no se pierda si cierras la página.</li>
          <li>Tu sesión, para que no tengas que iniciar sesión en cada visita.</li>
          <li>Si cerraste el aviso del programa de puntos, para no volver a mostrártelo.</li>
        </ul>
        <p>
          No usamos cookies publicitarias. Puedes borrar estos datos desde la configuración de tu navegador; si lo haces, se vaciará tu
          carrito y se cerrará tu sesión.
        </p>
      </section>

      <section aria-labelledby="privacidad-arco">
        <h2 id="privacidad-arco">Tus derechos ARCO</h2>
        <p>Tienes derecho a:</p>
        <ul>
          <li>
            <strong>Acceso:</strong> saber qué datos tuyos tenemos y cómo los usamos.
          </li>
          <li>
            <strong>Rectificación:</strong> corregirlos si están incompletos o son incorrectos.
          </li>
          <li>
            <strong>Cancelación:</strong> pedir que los eliminemos cuando ya no sean necesarios.
          </li>
          <li>
            <strong>Oposición:</strong> oponerte a que los usemos para algún fin específico.
          </li>
        </ul>
        <p>
          También puedes revocar tu consentimiento para el uso de tus datos. Ten en cuenta que algunos datos debemos conservarlos mientras
          haya un pedido en curso o por obligaciones legales, como las fiscales.
        </p>
        <h3>¿Cómo ejercerlos?</h3>
        <p>
          Envía tu solicitud por correo a <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a> o por WhatsApp al{" "}
          <a href={phone.chatHref()} target="_blank" rel="noopener noreferrer">
            {phone.display}
          </a>{" "}
          con:
        </p>
        <ol>
          <li>Tu nombre completo y el correo o teléfono con el que compraste o te registraste.</li>
          <li>Una copia de tu identificación oficial (o la de tu representante, con el documento que lo acredite).</li>
          <li>El derecho que quieres ejercer y los datos a los que se refiere; si pides una rectificación, indica el dato correcto.</li>
          <li>El medio por el que quieres recibir la respuesta.</li>
        </ol>
        <p>
          Te responderemos en un plazo máximo de 20 días hábiles a partir de que recibamos tu solicitud completa, como marca la ley. Si la
          solicitud procede, la haremos efectiva dentro de los 15 días hábiles siguientes a nuestra respuesta. Si no estás conforme con la
          respuesta, puedes acudir a la autoridad en materia de protección de datos personales.
        </p>
      </section>

      <section aria-labelledby="privacidad-cambios">
        <h2 id="privacidad-cambios">Cambios a este aviso</h2>
        <p>
          Podemos modificar este aviso por cambios en la ley o en la forma en que operamos. Siempre publicaremos la versión vigente en esta
          página; si el cambio es importante, también te avisaremos por correo si tienes una cuenta o un pedido con nosotros. Consulta
          también nuestros <Link to="/terminos">Términos y Condiciones</Link>.
        </p>
      </section>
    </InfoPage>
  );
}
