/**
 * A page's sections as tabs that are plain links (`?tab=…`, so they work without
 * JavaScript), the current one marked with aria-current. Used by the profile
 * and the admin dashboard; styled by `.link-tabs` in app.css.
 */
import { Link } from "react-router";

export interface LinkTab {
  id: string;
  label: string;
  href: string;
}

export function LinkTabs({ label, tabs, current }: { label: string; tabs: readonly LinkTab[]; current: string }) {
  return (
    <nav className="link-tabs" aria-label={label} data-count={tabs.length}>
      <ul>
        {tabs.map((t) => (
          <li key={t.id}>
            <Link to={t.href} aria-current={t.id === current ? "page" : undefined}>
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
