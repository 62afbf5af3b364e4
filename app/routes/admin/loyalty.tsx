import { redirect } from "react-router";
import type { Route } from "./+types/loyalty";
import {
  LOYALTY_ADMIN_MESSAGES,
  LOYALTY_ADMIN_NOTICES,
  loyaltyAdminHref,
  parseAdjustment,
  parseLoyaltyAdminQuery,
} from "#domain/loyalty.ts";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import {
  adjustCustomerPoints,
  listLoyaltyCustomers,
  loyaltyCustomer,
  loyaltyHistory,
  type LoyaltyCustomerPage,
  type LoyaltyCustomerRow,
  type LoyaltyHistory,
} from "#server/loyalty/admin.server.ts";
import { logError } from "#server/http/error-log.ts";
import { failureFor, failureOf } from "#domain/form-failure.ts";
import { enteredValues, refuse, tryReadForm, refuseThrown } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { LoyaltyCustomerList } from "#app/components/admin/LoyaltyCustomerList.tsx";
import { LoyaltyHistoryView } from "#app/components/admin/LoyaltyHistoryView.tsx";
import { LoyaltyAdjustForm } from "#app/components/admin/LoyaltyAdjustForm.tsx";
import loyaltyStylesHref from "#app/styles/admin-loyalty.css?url";

/**
 * `/admin/loyalty` (docs/requirements.md#admin-area): one screen whose state is its query string — the
 * list (`q`, `pagina`), a customer's history (`usuario`) and the adjust form (`ajustar`, a page
 * section without JavaScript, a dialog with it). Links and a GET search form, one POST form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseLoyaltyAdminQuery(new URL(request.url).searchParams);
  const notice = query.aviso ? LOYALTY_ADMIN_NOTICES[query.aviso] : null;
  let loadError: string | null = query.badId ? LOYALTY_ADMIN_MESSAGES.historyFailed : null;
  let history: LoyaltyHistory | null = null;
  let customer: LoyaltyCustomerRow | null = null;
  let list: LoyaltyCustomerPage | null = null;
  try {
    if (query.usuario) {
      history = await loyaltyHistory(context.db, query.usuario);
      if (history) return { view: "history" as const, query, notice, loadError, history, customer, list };
      loadError = LOYALTY_ADMIN_MESSAGES.historyFailed;
    } else if (query.ajustar) {
      customer = await loyaltyCustomer(context.db, query.ajustar);
      if (!customer) loadError = LOYALTY_ADMIN_MESSAGES.historyFailed;
    }
    list = await listLoyaltyCustomers(context.db, query);
  } catch (error) {
    logError("loyalty admin load failed", error, { requestId: context.requestId });
    loadError = LOYALTY_ADMIN_MESSAGES.loadFailed;
  }
  return { view: customer ? ("adjust" as const) : ("list" as const), query, notice, loadError, history, customer, list };
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: loyaltyStylesHref }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Puntos de Lealtad",
    description: "Puntos de lealtad de los clientes.",
    path: "/admin/loyalty",
    origin: originFrom(matches),
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await tryReadForm(request);
  if (!form || form.get("intent") !== "adjust") return refuse(failureOf(LOYALTY_ADMIN_MESSAGES.adjustFailed));
  const failure = { intent: "adjust", values: enteredValues(form, ["amount", "description"]) };
  const userIdValue = form.get("userId");
  const userId = typeof userIdValue === "string" ? userIdValue : "";
  const input = parseAdjustment(form.get("amount"), form.get("description"));
  if (!input.ok) return refuse(failureOf(input.failure.message, { ...failure, field: input.failure.field }));
  try {
    await adjustCustomerPoints(context.db, { userId, ...input.value, adminId: admin.id });
  } catch (error) {
    return refuseThrown(error, {
      ...failure,
      fallback: LOYALTY_ADMIN_MESSAGES.adjustFailed,
      log: "loyalty adjustment failed",
      requestId: context.requestId,
    });
  }
  return redirect(loyaltyAdminHref({ usuario: userId, aviso: "ajustado" }), 303);
}

export default function LoyaltyAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, query, notice, loadError, history, customer, list } = loaderData;
  const listHref = loyaltyAdminHref({ q: query.q, page: query.page });
  const failure = failureFor(actionData);
  // Without the form on screen (its customer is gone), the refusal is the screen's.
  const screenError = !customer && failure ? (failure.formError ?? Object.values(failure.fieldErrors)[0]?.[0]) : null;
  return (
    <section className="loyalty-admin" aria-labelledby="lealtad-titulo">
      <h2 id="lealtad-titulo">Puntos de Lealtad</h2>
      <p className="loyalty-subtitle">Consulta y ajusta los puntos de los clientes.</p>
      <div role="status" className="loyalty-notice">
        {notice ? <p className="form-success">{notice}</p> : null}
      </div>
      {loadError ? (
        <p role="alert" className="form-error loyalty-alert">
          {loadError}
        </p>
      ) : null}
      {screenError ? (
        <p role="alert" className="form-error loyalty-alert">
          {screenError}
        </p>
      ) : null}
      {view === "history" && history ? <LoyaltyHistoryView history={history} listHref={listHref} /> : null}
      {view === "adjust" && customer ? (
        <LoyaltyAdjustForm
          key={customer.user._id}
          customer={customer}
          action={loyaltyAdminHref({ q: query.q, page: query.page, ajustar: customer.user._id })}
          closeHref={listHref}
          failure={failure}
        />
      ) : null}
      {list ? <LoyaltyCustomerList query={query} list={list} /> : null}
    </section>
  );
}
