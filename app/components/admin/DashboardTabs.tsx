import { Link } from "react-router";
import { DASHBOARD_TABS, dashboardHref, type DashboardTab } from "#domain/admin-dashboard.ts";

/** The dashboard's tabs: plain links (`?tab=…`), the current one marked with aria-current. */
export function DashboardTabs({ current }: { current: DashboardTab }) {
  return (
    <nav className="dashboard-tabs" aria-label="Secciones del panel">
      <ul>
        {DASHBOARD_TABS.map((t) => (
          <li key={t.id}>
            <Link to={dashboardHref({ tab: t.id })} aria-current={t.id === current ? "page" : undefined}>
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
