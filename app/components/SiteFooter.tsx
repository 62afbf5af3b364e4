import { Link } from "react-router";
import { currentYear } from "#domain/format.ts";
import { SHOP } from "#domain/shop.ts";
import { useShopPhone } from "#app/lib/shop-phone.ts";
import { useRootData } from "#app/root.tsx";

export function SiteFooter() {
  const phone = useShopPhone();
  // The server's year (root loader): the browser then needs no Intl date formatter to hydrate.
  const year = useRootData()?.year ?? currentYear();
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="footer-heading">
            {SHOP.name}
          </h2>
          <p>
            Cartas originales de Pokémon TCG en México: cartas individuales, producto sellado y accesorios. Cada carta se revisa a mano
            antes de enviarse.
          </p>
        </section>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="footer-heading">
            Información
          </h2>
          <ul>
            <li>
              <Link to="/terminos">Términos y Condiciones</Link>
            </li>
            <li>
              <Link to="/privacidad">Aviso de Privacidad</Link>
            </li>
            <li>
              <Link to="/garantia">Garantía / Antes de comprar</Link>
            </li>
            <li>
              <Link to="/envios">Envíos y tiempos de pago</Link>
            </li>
            <li>
              <Link to="/consulta-pedido">Consulta tu pedido</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-heading">
            Contacto
          </h2>
          <ul>
            <li>
              <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
            </li>
            <li>
              <a href={phone.telHref}>{phone.display}</a>
            </li>
            <li>México</li>
          </ul>
          <ul className="social-links" aria-label="Redes sociales">
            <li>
              <a href={SHOP.social.instagram} rel="noopener noreferrer">
                Instagram
              </a>
            </li>
            <li>
              <a href={SHOP.social.facebook} rel="noopener noreferrer">
                Facebook
              </a>
            </li>
            <li>
              <a href={SHOP.social.tiktok} rel="noopener noreferrer">
                TikTok
              </a>
            </li>
          </ul>
        </section>
      </div>
      <div className="site-footer-bottom">
        <p>
          © {year} {SHOP.name}. Todos los derechos reservados.
        </p>
        <p className="disclaimer">
          Pokémon y los nombres de sus personajes son marcas registradas de Nintendo, Creatures Inc. y GAME FREAK Inc. {SHOP.name} es una
          tienda independiente y no está afiliada, patrocinada ni respaldada por Nintendo, Creatures Inc., GAME FREAK Inc. ni The Pokémon
          Company.
        </p>
      </div>
    </footer>
  );
}
