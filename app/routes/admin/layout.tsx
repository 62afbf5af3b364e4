import { Link, NavLink, Outlet } from "react-router";
import { useClosingDetails } from "#app/lib/use-closing-details.ts";
import type { Route } from "./+types/layout";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { tabUrl } from "#app/components/profile/tabs.ts";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import { passwordChangeDue } from "#server/accounts/admin.server.ts";
import { sandboxInProduction } from "#server/config.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { BACKUP_INTENT } from "#domain/admin-dashboard.ts";
import adminStylesHref from "#app/styles/admin.css?url";

/**
 * The admin area's one layout (docs/architecture.md#where-code-goes): the heading, the navigation
 * and 'Descargar respaldo' (docs/requirements.md#admin-area), the sandbox warning and, while the
 * first start's generated password is the admin's, the banner asking to change it. Its guard
 * protects the layout's own data only: every child module calls `requireAdmin` first in its own
 * loader and action (a layout's loader does not guard its children's actions), and
 * tests/integration/admin-access.test.ts checks each one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return {
    adminName: admin.name,
    // No money moves on the sandbox provider: a production shop on it says so on every admin page.
    sandboxWarning: sandboxInProduction(context.config) ? ADMIN_MESSAGES.sandboxInProduction : null,
    changePassword: await passwordChangeDue(context.db, admin.id),
  };
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];

/** The admin's screens (docs/requirements.md#admin-area). */
const ADMIN_LINKS = [
  { to: "/admin", label: "Panel", end: true },
  { to: "/admin/agregar-producto", label: "Agregar Producto", end: false },
  { to: "/admin/importar-productos", label: "Importar CSV", end: false },
  { to: "/admin/galeria", label: "Galería", end: false },
  { to: "/admin/cupones", label: "Cupones", end: false },
  { to: "/admin/loyalty", label: "Puntos de Lealtad", end: false },
] as const;

/** The screens' links (the current one marked `aria-current="page"` by NavLink) and 'Descargar respaldo'. */
function AdminNav() {
  return (
    <>
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
    </>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // On a phone the navigation is a <details> menu: closed after each navigation.
  const menuRef = useClosingDetails();
  return (
    <div className="admin">
      {loaderData.sandboxWarning ? (
        // One line; the whole warning opens below it.
        <details className="admin-sandbox-warning">
          <summary>
            <span>{ADMIN_MESSAGES.sandboxInProductionShort}</span>
          </summary>
          <p>{loaderData.sandboxWarning}</p>
        </details>
      ) : null}
      {loaderData.changePassword ? (
        <p className="admin-password-banner" role="status">
          {ADMIN_MESSAGES.changeGeneratedPassword} <Link to={tabUrl("contrasena")}>{ADMIN_MESSAGES.changeGeneratedPasswordLink}</Link>
        </p>
      ) : null}
      <header className="admin-header">
        <h1 className="admin-title">Panel de Administración</h1>
        {/* Phones: one 'Menú' button; wider screens: the links in a row (one of the two is shown). */}
        <details className="admin-menu" ref={menuRef}>
          <summary className="button button-light">
            Menú
            <span className="admin-menu-caret" aria-hidden="true" />
          </summary>
          <div className="admin-menu-panel">
            <AdminNav />
          </div>
        </details>
        <div className="admin-menu-wide">
          <AdminNav />
        </div>
      </header>
      <Outlet />
    </div>
  );
}
