/**
 * The link of a guest's 'Confirma tu aviso' e-mail (docs/requirements.md#wishlist-and-back-in-stock-alerts):
 * `/alertas/confirmar/{token}`, no sign-in. A GET only asks, naming the product (mail scanners open
 * links); the button POSTs and the alert becomes active, once: the token is spent. A link that is
 * unknown, malformed, expired or used answers 400 with what to do, and changes nothing.
 */
import { Form, Link, data } from "react-router";
import type { Route } from "./+types/alertas.confirmar";
import { confirmStockAlert, pendingStockAlert } from "#server/stock-alerts/index.ts";
import { failureFor, failureOf } from "#domain/form-failure.ts";
import { STOCK_ALERT_CONFIRM_PATH, STOCK_ALERT_MESSAGES, stockAlertConfirmQuestion, stockAlertConfirmed } from "#domain/stock-alerts.ts";
import { refuse, refuseThrown, tryReadForm } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";
import { pageMeta } from "#app/lib/seo.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const item = await pendingStockAlert(context.db, params.token);
  return data({ item }, { status: item ? 200 : 400 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await tryReadForm(request);
  if (!form) return refuse(failureOf(STOCK_ALERT_MESSAGES.confirmBadLink));
  try {
    const item = await confirmStockAlert(context.db, params.token, {
      links: { origin: siteOrigin(request, context), secret: context.config.SESSION_SECRET },
    });
    if (!item) return refuse(failureOf(STOCK_ALERT_MESSAGES.confirmBadLink));
    return { confirmed: item };
  } catch (error) {
    return refuseThrown(error, {
      fallback: STOCK_ALERT_MESSAGES.failed,
      log: "stock alert confirmation failed",
      requestId: context.requestId,
    });
  }
}

/** The token is a secret: the page is never cached. */
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: STOCK_ALERT_MESSAGES.confirmTitle,
    description: STOCK_ALERT_MESSAGES.guestIntro,
    path: STOCK_ALERT_CONFIRM_PATH,
    noindex: true,
  });

export default function ConfirmStockAlertPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const failure = failureFor(actionData);
  const confirmed = !failure && actionData && "confirmed" in actionData ? actionData.confirmed : null;
  const item = confirmed ?? loaderData.item;
  return (
    <section className="page-narrow stock-alert-page" aria-labelledby="confirmar-aviso-titulo">
      <h1 id="confirmar-aviso-titulo">{confirmed ? STOCK_ALERT_MESSAGES.confirmedTitle : STOCK_ALERT_MESSAGES.confirmTitle}</h1>
      {confirmed ? (
        <p className="form-success" role="status">
          {stockAlertConfirmed(confirmed)}
        </p>
      ) : !loaderData.item || failure ? (
        <p className="form-error" role="alert">
          {failure?.formError ?? STOCK_ALERT_MESSAGES.confirmBadLink}
        </p>
      ) : (
        <Form method="post" action={`${STOCK_ALERT_CONFIRM_PATH}/${encodeURIComponent(params.token)}`}>
          <p>{stockAlertConfirmQuestion(loaderData.item)}</p>
          <input type="hidden" name="confirmar" value="1" />
          <button type="submit" className="button button-primary">
            {STOCK_ALERT_MESSAGES.confirmSubmit}
          </button>
        </Form>
      )}
      {item ? (
        <p>
          <Link to={`/producto/${item.productId}`}>{STOCK_ALERT_MESSAGES.backToProduct}</Link>
        </p>
      ) : null}
    </section>
  );
}
