/**
 * 'Avísame cuando vuelva' (docs/requirements.md#wishlist-and-back-in-stock-alerts): the action of
 * StockAlertForm, and the page a no-JS post lands on (`?producto=…[&variante=…]`): the form again
 * with its messages, or, after a request, its answer. A signed-in customer's alert is for the
 * account's e-mail (a posted `email` is ignored) and is active at once; a guest's waits for the
 * link of the 'Confirma tu aviso' e-mail, and the answer says so, the same whether or not the
 * address is a customer's. Per IP and per address rate-limited; a filled honeypot is answered as a
 * success and writes nothing.
 */
import { Link, redirect } from "react-router";
import type { Route } from "./+types/alertas";
import { getUser } from "#server/accounts/auth.server.ts";
import { alertedItem, allowStockAlertRequest, requestStockAlert, stockAlertSchema } from "#server/stock-alerts/index.ts";
import { failureFor, failureOf, NOTICE_PARAM } from "#domain/form-failure.ts";
import { HONEYPOT_FIELD } from "#domain/forms.ts";
import { RATE_LIMIT_MESSAGE } from "#domain/messages.ts";
import { STOCK_ALERT_ACTION, STOCK_ALERT_CONFIRM_NOTICE, STOCK_ALERT_MESSAGES, STOCK_ALERT_NOTICE } from "#domain/stock-alerts.ts";
import { enteredValues, formInput, parseForm, refuse, refuseThrown, tryReadForm } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { StockAlertForm } from "#app/components/StockAlertForm.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const item = await alertedItem(context.db, url.searchParams.get("producto"), url.searchParams.get("variante"));
  const notice = url.searchParams.get(NOTICE_PARAM);
  return {
    item,
    notice: notice === STOCK_ALERT_NOTICE ? ("active" as const) : notice === STOCK_ALERT_CONFIRM_NOTICE ? ("confirm" as const) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await tryReadForm(request);
  const values = enteredValues(form ?? new FormData(), ["email", "productId", "variantId"], 254);
  if (!form) return refuse(failureOf(STOCK_ALERT_MESSAGES.invalidRequest, { values }));
  // A customer's alert goes to the account's own address, whatever was posted.
  const user = await getUser(request, context);
  const input = formInput(stockAlertSchema, form);
  if (user) input.email = user.email;
  const parsed = parseForm(stockAlertSchema, input, { values });
  if (!parsed.ok) return refuse(parsed.failure);
  const confirmByEmail = !user;
  const noJs = form.has("redirectTo");
  const answered = () => {
    if (!noJs) return { ok: true as const, confirmByEmail };
    const notice = confirmByEmail ? STOCK_ALERT_CONFIRM_NOTICE : STOCK_ALERT_NOTICE;
    const query = new URLSearchParams({ producto: parsed.value.productId, [NOTICE_PARAM]: notice });
    return redirect(`${STOCK_ALERT_ACTION}?${query}`, 303);
  };
  // A bot that filled the hidden field is told what a person is told, and nothing is written.
  if (form.get(HONEYPOT_FIELD)) return answered();
  const factor = context.config.RATE_LIMIT_FACTOR;
  const allowed = await allowStockAlertRequest(context.db, { ip: context.clientIp, email: parsed.value.email }, factor);
  if (!allowed) return refuse(failureOf(RATE_LIMIT_MESSAGE, { values }), 429);
  try {
    await requestStockAlert(
      context.db,
      { ...parsed.value, userId: user?.id ?? null, confirmed: !confirmByEmail },
      { links: { origin: siteOrigin(request, context), secret: context.config.SESSION_SECRET }, factor },
    );
  } catch (error) {
    return refuseThrown(error, {
      values,
      fallback: STOCK_ALERT_MESSAGES.failed,
      log: "stock alert request failed",
      requestId: context.requestId,
    });
  }
  return answered();
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: STOCK_ALERT_MESSAGES.title,
    description: STOCK_ALERT_MESSAGES.intro,
    path: STOCK_ALERT_ACTION,
    origin: originFrom(matches),
    noindex: true,
  });

export default function StockAlertPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, notice } = loaderData;
  const failure = failureFor(actionData);
  const productId = item?.productId ?? failure?.values.productId ?? "";
  return (
    <section className="page-narrow stock-alert-page" aria-labelledby="alerta-pagina-titulo">
      <h1 id="alerta-pagina-titulo">{item ? `${STOCK_ALERT_MESSAGES.title}: ${item.name}` : STOCK_ALERT_MESSAGES.title}</h1>
      {item?.variantLabel ? <p>{item.variantLabel}</p> : null}
      {notice ? (
        <p className="form-success" role="status">
          {notice === "confirm" ? STOCK_ALERT_MESSAGES.checkEmail : STOCK_ALERT_MESSAGES.done}
        </p>
      ) : productId ? (
        <StockAlertForm productId={productId} variantId={item?.variantId ?? failure?.values.variantId} failure={failure} />
      ) : (
        <p className="form-error">{failure?.formError ?? STOCK_ALERT_MESSAGES.productNotFound}</p>
      )}
      {item ? (
        <p>
          <Link to={`/producto/${item.productId}`}>{STOCK_ALERT_MESSAGES.backToProduct}</Link>
        </p>
      ) : null}
    </section>
  );
}
