import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import { sandboxInProduction } from "#server/config.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { BACKUP_INTENT } from "#domain/admin-dashboard.ts";
import adminStylesHref from "#app/styles/admin.css?url";

/**
 * The admin area's one layout (docs/architecture.md#where-code-goes): the heading and the header
 * buttons of the dashboard (docs/requirements.md#admin-area). Its guard protects the layout's own
 * data only: every child module calls `requireAdmin` first in its own loader and action (a layout's
 * loader does not guard its children's actions), and tests/integration/admin-access.test.ts checks
 * each one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return {
    adminName: admin.name,
    // No money moves on the sandbox provider: a production shop on it says so on every admin page.
    sandboxWarning: sandboxInProduction(context.config) ? ADMIN_MESSAGES.sandboxInProduction : null,
  };
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];

/** The header buttons (docs/requirements.md#admin-area). */
const ADMIN_LINKS = [
  { to: "/admin", label: "Panel", end: true },
  { to: "/admin/agregar-producto", label: "Agregar Producto", end: false },
  { to: "/admin/importar-productos", label: "Importar CSV", end: false },
  { to: "/admin/galeria", label: "Galería", end: false },
  { to: "/admin/cupones", label: "Cupones", end: false },
  { to: "/admin/loyalty", label: "Puntos de Lealtad", end: false },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin">
      {loaderData.sandboxWarning ? <p className="admin-sandbox-warning">{loaderData.sandboxWarning}</p> : null}
      <header className="admin-header">
        <h1 className="admin-title">Panel de Administración</h1>
        <nav aria-label="Administración" className="admin-nav">
          {ADMIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className="button button-light admin-nav-link">
              {link.label}
            </NavLink>
          ))}
        </nav>
        {/* A plain form (no JavaScript needed, none intercepting it): the answer is a file to save. */}
        <form method="post" action="/admin/respaldo" className="admin-backup-form">
          <input type="hidden" name="intent" value={BACKUP_INTENT} />
          <button type="submit" className="button button-light">
            Descargar respaldo
          </button>
        </form>
      </header>
      <Outlet />
    </div>
  );
}
