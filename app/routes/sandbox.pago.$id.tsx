import { Form, Link, data, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sandbox.pago.$id";
import { formatMoneyCents } from "#domain/format.ts";
import { SANDBOX_DECISIONS } from "#domain/payments.ts";
import { tryReadForm } from "#app/lib/form.server.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { getUser } from "#server/accounts/auth.server.ts";
import { readPendingOrder } from "#server/orders/index.ts";
import { completeSandboxPayment, sandboxCheckout, type SandboxViewer } from "#server/payments/index.ts";

/** Who is asking: the order the browser's pending-order cookie names, and the signed-in customer. */
async function viewerOf(request: Request, context: Route.LoaderArgs["context"]): Promise<SandboxViewer> {
  const [pending, user] = await Promise.all([readPendingOrder(request, context.config), getUser(request, context)]);
  return { pendingOrderId: pending?.id ?? null, userId: user?.id ?? null };
}

/**
 * The sandbox provider's payment page (DESIGN §7): the order's number and
 * amount, and how the payment ends: 'Aprobar', 'Rechazar' or 'Dejar pendiente'.
 * Only in sandbox mode, and only for the browser that placed the order or its
 * signed-in owner; a 404 for anyone else and for an unknown or malformed id.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (context.config.PAYMENT_PROVIDER !== "sandbox") throw data(null, { status: 404 });
  const order = await sandboxCheckout(context.db, params.id, await viewerOf(request, context));
  if (!order) return data({ order: null }, { status: 404 });
  const { orderNumber, finalTotalCents, orderStatus, paymentStatus, payable } = order;
  return { order: { orderNumber, finalTotalCents, orderStatus, paymentStatus, payable } };
}

const decisionSchema = z.enum(SANDBOX_DECISIONS);

export async function action({ request, params, context }: Route.ActionArgs) {
  if (context.config.PAYMENT_PROVIDER !== "sandbox") throw data(null, { status: 404 });
  const form = await tryReadForm(request);
  const decision = decisionSchema.safeParse(form?.get("decision"));
  if (!decision.success) return data({ error: "Elige cómo termina el pago." }, { status: 400 });
  const result = await completeSandboxPayment(context.db, context.config, {
    orderId: params.id,
    decision: decision.data,
    origin: siteOrigin(request, context),
    viewer: await viewerOf(request, context),
  });
  if (result.kind === "not-found") return data({ error: "Pedido no encontrado." }, { status: 404 });
  // Paid or cancelled meanwhile (another tab): the page shows the order as it is now.
  if (result.kind === "not-payable") return redirect(`/sandbox/pago/${params.id}`, 303);
  return redirect(result.redirectTo, 303);
}

/** An order's payment page: never kept by a browser cache or a proxy. */
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Pago de prueba" }, { name: "robots", content: "noindex" }];

function closedText(order: { orderStatus: string; paymentStatus: string }): string {
  if (order.orderStatus === "cancelled") return "Este pedido fue cancelado y ya no puede pagarse.";
  if (order.paymentStatus === "approved") return "Este pedido ya está pagado.";
  return "Este pedido ya no tiene un pago pendiente.";
}

export default function SandboxPaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
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
  return (
    <section className="auth-card" aria-labelledby="sandbox-title">
      <h1 id="sandbox-title">Pago de prueba</h1>
      <p>Esta tienda está en modo de prueba: no se hace ningún cargo real. Elige cómo termina el pago para continuar.</p>
      <dl>
        <dt>Pedido</dt>
        <dd>{order.orderNumber}</dd>
        <dt>Total a pagar</dt>
        <dd>{formatMoneyCents(order.finalTotalCents)}</dd>
      </dl>
      {actionData?.error ? (
        <p role="alert" className="form-error">
          {actionData.error}
        </p>
      ) : null}
      {order.payable ? (
        <Form method="post" className="auth-form" aria-label="Resultado del pago de prueba">
          <button type="submit" name="decision" value="approve" className="button button-primary button-block" disabled={busy}>
            Aprobar
          </button>
          <button type="submit" name="decision" value="reject" className="button button-block" disabled={busy}>
            Rechazar
          </button>
          <button type="submit" name="decision" value="pending" className="button button-block" disabled={busy}>
            Dejar pendiente
          </button>
        </Form>
      ) : (
        <>
          <p role="status">{closedText(order)}</p>
          <Link to="/mis-pedidos" className="button button-block">
            Ver mis pedidos
          </Link>
          <Link to="/" className="button button-block">
            Volver al inicio
          </Link>
        </>
      )}
    </section>
  );
}
