import type { Route } from "./+types/confirmacion";
import { pageMeta } from "#app/lib/seo.ts";
import { failureFor } from "#domain/form-failure.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { OrderNotFound } from "#app/components/orders/ResultPanel.tsx";
import { OrderResult } from "#app/components/orders/OrderResult.tsx";
import { payFromOrderPage, returnPageOrder, returnPageSummary } from "./payment-return.server";
import pageStylesHref from "#app/styles/orders.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

/**
 * Order confirmation (docs/requirements.md#payments), and the page a guest's order e-mail links to:
 * the order named by `?pedido=`, shown only to whoever may see it (the
 * signed-in customer who placed it; for a guest's order, the browser whose
 * pending-order cookie names it, or the e-mail's link key `?clave=`); else
 * the stored pending order's. 'Pedido confirmado' only for a paid order; an
 * order still to pay says so and offers 'Pagar Ahora'.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = await returnPageOrder(request, context, url.searchParams.get("pedido"), url.searchParams.get("clave"));
  return { order: returnPageSummary(found), loadFailed: found.loadFailed };
}

/** 'Pagar Ahora': a fresh payment link for this order, the pending-order cookie, then a 303 to the link. */
export async function action({ request, context }: Route.ActionArgs) {
  return payFromOrderPage(request, context);
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Tu pedido", description: "Confirmación de tu pedido.", path: "/confirmacion", noindex: true });

export default function ConfirmationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, loadFailed } = loaderData;
  if (!order) return <OrderNotFound loadFailed={loadFailed} />;
  const payError = failureFor(actionData)?.formError ?? null;
  return <OrderResult order={order} loadFailed={loadFailed} paidView="confirmation" payError={payError} />;
}
