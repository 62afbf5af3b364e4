import { Form, Link, data, redirect, redirectDocument } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sandbox.pago.$id";
import { formatMoneyCents } from "#domain/format.ts";
import { SANDBOX_DECISIONS, SANDBOX_OPENED_PAYABLE_FIELD } from "#domain/payments.ts";
import { failureOf } from "#domain/form-failure.ts";
import { refuse, tryReadForm } from "#app/lib/form.server.ts";
import { FormError } from "#app/components/forms.tsx";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { SHOP } from "#domain/shop.ts";
import { completeSandboxPayment, sandboxCheckout, sandboxViewer } from "./sandbox.pago.server";
import sandboxStylesHref from "#app/styles/sandbox.css?url";

/**
 * The sandbox provider's payment page (docs/architecture.md#payments): the order's number and
 * amount, and how the payment ends: 'Aprobar', 'Rechazar' or 'Dejar pendiente'.
 * Only in sandbox mode, and only for the browser that placed the order or its
 * signed-in owner; a 404 for anyone else and for an unknown or malformed id.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (context.config.PAYMENT_PROVIDER !== "sandbox") throw data(null, { status: 404 });
  const order = await sandboxCheckout(context.db, params.id, await sandboxViewer(request, context));
  if (!order) return data({ order: null }, { status: 404 });
  const { orderNumber, finalTotalCents, orderStatus, paymentStatus, payable } = order;
  return { order: { orderNumber, finalTotalCents, orderStatus, paymentStatus, payable } };
}

const decisionSchema = z.enum(SANDBOX_DECISIONS);

export async function action({ request, params, context }: Route.ActionArgs) {
  if (context.config.PAYMENT_PROVIDER !== "sandbox") throw data(null, { status: 404 });
  const form = await tryReadForm(request);
  const decision = decisionSchema.safeParse(form?.get("decision"));
  if (!decision.success) return refuse(failureOf("Elige cómo termina el pago."));
  const result = await completeSandboxPayment(request, context, {
    orderId: params.id,
    decision: decision.data,
    openedPayable: form?.get(SANDBOX_OPENED_PAYABLE_FIELD) === "1",
  });
  if (result.kind === "not-found") return refuse(failureOf("Pedido no encontrado."), 404);
  // Paid or cancelled meanwhile (another tab): the page shows the order as it is now.
  if (result.kind === "not-payable") return redirect(`/sandbox/pago/${params.id}`, 303);
  // The provider sends the shopper back to the shop as a document load, as Mercado Pago's page does.
  return redirectDocument(result.redirectTo, 303);
}

/** An order's payment page: never kept by a browser cache or a proxy. */
export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: sandboxStylesHref }];

export const meta: Route.MetaFunction = () => [{ title: "Pago de prueba" }, { name: "robots", content: "noindex" }];

function closedText(order: { orderStatus: string; paymentStatus: string }): string {
  if (order.orderStatus === "cancelled") return "Este pedido fue cancelado y ya no puede pagarse.";
  if (order.paymentStatus === "approved") return "Este pedido ya está pagado.";
  return "Este pedido ya no tiene un pago pendiente.";
}

export default function SandboxPaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const order = loaderData.order;
  if (!order) {
    return (
      <section className="empty-state">
        <h1>Pedido no encontrado</h1>
        <p>El pago que buscas no existe.</p>
        <Link to="/" className="button button-primary">
          Volver al inicio
        </Link>
      </section>
    );
  }
  // A stand-in for the payment provider's page: the shop's look, and plainly a test.
  return (
    <section className="sandbox-pay" aria-labelledby="sandbox-title">
      <p className="sandbox-pay-band">
        <span className="sandbox-pay-badge">Modo de prueba</span> Pasarela de pagos de prueba: no se hace ningún cargo real
      </p>
      <div className="sandbox-pay-body">
        <h1 id="sandbox-title">Pago de prueba</h1>
        <p className="sandbox-pay-intro">
          Esta tienda está en modo de prueba: no se hace ningún cargo real. Elige cómo termina el pago para continuar.
        </p>
        <dl className="sandbox-pay-facts">
          <div>
            <dt>Comercio</dt>
            <dd>{SHOP.name}</dd>
          </div>
          <div>
            <dt>Pedido</dt>
            <dd className="sandbox-pay-order">{order.orderNumber}</dd>
          </div>
          <div className="sandbox-pay-total">
            <dt>Total a pagar</dt>
            <dd>{formatMoneyCents(order.finalTotalCents)}</dd>
          </div>
        </dl>
        <FormError message={actionData?.formError} />
        {order.payable ? (
          // A plain document POST with JavaScript too: the answer is a redirect to the return page, which
          // the browser follows at once, without the client's submit, decoding and reload (BENCH_ONLY=phone).
          <Form method="post" reloadDocument className="sandbox-pay-actions" aria-label="Resultado del pago de prueba">
            <input type="hidden" name={SANDBOX_OPENED_PAYABLE_FIELD} value="1" />
            <button type="submit" name="decision" value="approve" className="button button-primary button-block">
              Aprobar
            </button>
            <button type="submit" name="decision" value="reject" className="button button-block">
              Rechazar
            </button>
            <button type="submit" name="decision" value="pending" className="button button-block">
              Dejar pendiente
            </button>
          </Form>
        ) : (
          <div className="sandbox-pay-actions">
            <p role="status" className="sandbox-pay-closed">
              {closedText(order)}
            </p>
            <Link to="/mis-pedidos" className="button button-block">
              Ver mis pedidos
            </Link>
            <Link to="/" className="button button-block">
              Volver al inicio
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
