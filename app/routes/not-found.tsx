import { Link, data } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Página no encontrada" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <section className="empty-state">
      <h1>Página no encontrada</h1>
      <p>La página que buscas no existe o fue movida.</p>
      <Link to="/" className="button button-primary">
        Volver al inicio
      </Link>
    </section>
  );
}
