import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/dashboard";
import { DASHBOARD_TABS, ORDER_STATUS_INTENT, adminNotice, dashboardHref, parseDashboardQuery } from "#domain/admin-dashboard.ts";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import { loadDashboard } from "#server/admin/dashboard.server.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { failureFor, failureOf } from "#domain/form-failure.ts";
import { refuse, tryReadForm } from "#app/lib/form.server.ts";
import { changeStatusFromList } from "./dashboard.server";
import { pageMeta } from "#app/lib/seo.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { LinkTabs } from "#app/components/LinkTabs.tsx";
import { DashboardSummary } from "#app/components/admin/DashboardSummary.tsx";
import { DashboardProducts } from "#app/components/admin/DashboardProducts.tsx";
import { DashboardOrders } from "#app/components/admin/DashboardOrders.tsx";
import dashboardStylesHref from "#app/styles/admin-dashboard.css?url";

/**
 * `/admin` (docs/requirements.md#admin-area): the tabs 'Resumen', 'Productos' and 'Órdenes' as links
 * (`?tab=`), all of it links and GET forms, so it works without JavaScript. `?aviso=` shows the
 * notice another admin screen redirected with. Its one action is the 'Órdenes' rows' status form
 * (dashboard.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = parseDashboardQuery(url.searchParams);
  // The filters' GET form sends its empty fields (`estado=&pago=`): the address bar gets the clean link.
  // (`index`, empty, names this route in a post's address: never redirected.)
  const empty = [...url.searchParams].some(([name, value]) => value === "" && name !== "index");
  if (request.method === "GET" && empty) throw redirect(dashboardHref(query));
  return { query, notice: adminNotice(query.aviso), data: await loadDashboard(context.db, query) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await tryReadForm(request);
  if (!form) return refuse(failureOf(ADMIN_MESSAGES.invalidRequest, { intent: ORDER_STATUS_INTENT }));
  return changeStatusFromList(request, context, admin, form);
}

/**
 * A row's status change with JavaScript answers the order's new status, which that row shows: the
 * list is not read again, so the row stays in place (with its message and the focus) even when a
 * filter would drop it now. Everything else reloads as usual.
 */
export function shouldRevalidate({ formData, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const statusAnswered =
    formData?.get("intent") === ORDER_STATUS_INTENT && actionResult && typeof actionResult === "object" && "ok" in actionResult;
  return statusAnswered ? false : defaultShouldRevalidate;
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dashboardStylesHref }];

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Panel de Administración", description: "Panel de administración de la tienda.", path: "/admin", noindex: true });

/** The dashboard's tabs: plain links (`?tab=…`). */
const TABS = DASHBOARD_TABS.map((t) => ({ ...t, href: dashboardHref({ tab: t.id }) }));

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { query, notice, data } = loaderData;
  return (
    <div className="dashboard">
      <LinkTabs label="Secciones del panel" tabs={TABS} current={data.tab} />
      <div role="status" className="dashboard-notice">
        {notice && !notice.isError ? <p className="form-success">{notice.text}</p> : null}
      </div>
      {notice?.isError ? (
        <p role="alert" className="form-error dashboard-notice">
          {notice.text}
        </p>
      ) : null}
      {data.tab === "resumen" ? <DashboardSummary summary={data.summary} /> : null}
      {data.tab === "productos" ? <DashboardProducts query={query} products={data.products} /> : null}
      {data.tab === "ordenes" ? (
        <DashboardOrders query={query} orders={data.orders} failure={failureFor(actionData, ORDER_STATUS_INTENT)} />
      ) : null}
    </div>
  );
}
