import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { formatPoints } from "#domain/format.ts";

export const BANNER_COOKIE = "aviso_puntos";

/**
 * The loyalty banner on the product list (docs/requirements.md#catalogue). Closing it is remembered in
 * a plain cookie: with JavaScript it is written here; without, the close button
 * posts to /preferencias/aviso-puntos, which sets it and comes back.
 */
export function LoyaltyBanner({ user }: { user: { points: number } | null }) {
  const [closed, setClosed] = useState(false);
  const hydrated = useHydrated();
  const location = useLocation();
  if (closed) return null;
  const points = user ? Math.floor(user.points) : 0;
  return (
    <section className="loyalty-banner" aria-labelledby="loyalty-banner-title">
      <div className="loyalty-banner-text">
        <h2 id="loyalty-banner-title">Programa de puntos</h2>
        {user && points > 0 ? (
          <p>
            Tienes <strong>{formatPoints(points)} puntos</strong> ($1 MXN cada uno). Ganas el 1% de cada compra en puntos y los usas como
            descuento en tu siguiente pedido.
          </p>
        ) : (
          <p>
            Recibe el <strong>1% de cada compra en puntos</strong>: cada punto vale $1 MXN de descuento en tu siguiente compra y nunca
            caducan.
          </p>
        )}
      </div>
      {user && points > 0 ? (
        <Link className="button button-light" to="/perfil">
          Ver mis puntos
        </Link>
      ) : user ? (
        <Link className="button button-light" to="/productos">
          Comprar Ahora
        </Link>
      ) : (
        <Link className="button button-light" to="/registro">
          Crear Cuenta
        </Link>
      )}
      <Form
        method="post"
        action="/preferencias/aviso-puntos"
        className="loyalty-banner-close"
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          document.cookie = `${BANNER_COOKIE}=cerrado; Path=/; Max-Age=31536000; SameSite=Lax`;
          setClosed(true);
        }}
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <button type="submit" className="icon-button" aria-label="Cerrar aviso de puntos">
          ×
        </button>
      </Form>
    </section>
  );
}
