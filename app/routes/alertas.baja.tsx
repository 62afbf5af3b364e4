/**
 * The back-in-stock e-mails' one-click unsubscribe (docs/requirements.md#wishlist-and-back-in-stock-alerts):
 * `/alertas/baja?correo=…&firma=…`, signed with SESSION_SECRET, no sign-in. A GET only asks (mail
 * scanners open links); the button POSTs, as does a mail program's RFC 8058 one-click
 * (`List-Unsubscribe=One-Click` to the same URL), and every waiting alert of the address goes. A
 * link whose signature is wrong changes nothing and says so (400).
 */
import { Form, data } from "react-router";
import type { Route } from "./+types/alertas.baja";
import { unsubscribeStockAlerts, verifiedUnsubscribeEmail } from "#server/stock-alerts/index.ts";
import { failureFor, failureOf } from "#domain/form-failure.ts";
import { STOCK_ALERT_MESSAGES, STOCK_ALERT_UNSUBSCRIBE_PATH } from "#domain/stock-alerts.ts";
import { refuse, refuseThrown, tryReadForm } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { pageMeta } from "#app/lib/seo.ts";

function linkEmail(request: Request, secret: string): string | null {
  const url = new URL(request.url);
  return verifiedUnsubscribeEmail(url.searchParams.get("correo"), url.searchParams.get("firma"), secret);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const email = linkEmail(request, context.config.SESSION_SECRET);
  const url = new URL(request.url);
  return data({ valid: email !== null, query: url.search }, { status: email ? 200 : 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await tryReadForm(request);
  if (!form) return refuse(failureOf(STOCK_ALERT_MESSAGES.badLink));
  const email = linkEmail(request, context.config.SESSION_SECRET);
  if (!email) return refuse(failureOf(STOCK_ALERT_MESSAGES.badLink));
  try {
    await unsubscribeStockAlerts(context.db, email);
  } catch (error) {
    return refuseThrown(error, {
      fallback: STOCK_ALERT_MESSAGES.failed,
      log: "stock alert unsubscribe failed",
      requestId: context.requestId,
    });
  }
  return { done: true as const };
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: STOCK_ALERT_MESSAGES.unsubscribeTitle,
    description: STOCK_ALERT_MESSAGES.unsubscribeQuestion,
    path: STOCK_ALERT_UNSUBSCRIBE_PATH,
    noindex: true,
  });

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureFor(actionData);
  const done = !failure && actionData !== undefined && "done" in actionData;
  return (
    <section className="page-narrow stock-alert-page" aria-labelledby="baja-titulo">
      <h1 id="baja-titulo">{STOCK_ALERT_MESSAGES.unsubscribeTitle}</h1>
      {done ? (
        <p className="form-success" role="status">
          {STOCK_ALERT_MESSAGES.unsubscribed}
        </p>
      ) : !loaderData.valid || failure ? (
        <p className="form-error" role="alert">
          {failure?.formError ?? STOCK_ALERT_MESSAGES.badLink}
        </p>
      ) : (
        <Form method="post" action={`${STOCK_ALERT_UNSUBSCRIBE_PATH}${loaderData.query}`}>
          <p>{STOCK_ALERT_MESSAGES.unsubscribeQuestion}</p>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" className="button button-primary">
            {STOCK_ALERT_MESSAGES.unsubscribeSubmit}
          </button>
        </Form>
      )}
    </section>
  );
}
