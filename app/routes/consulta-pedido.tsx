import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/consulta-pedido";
import { formatMoney } from "#domain/format.ts";
import { formatDate } from "#domain/dates.ts";
import { failureFor, type FormFailure } from "#domain/form-failure.ts";
import { ORDER_LOOKUP_INTENT as LOOKUP_INTENT, ORDER_LOOKUP_MESSAGES, ORDER_PAGE_MESSAGES, orderLookupPath } from "#domain/order-pages.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { Honeypot } from "#app/components/Honeypot.tsx";
import { EmailField } from "#app/components/ContactFields.tsx";
import { Field, FormError, useFocusOnRefusal } from "#app/components/forms.tsx";
import { OrderBadges } from "#app/components/orders/OrderBadges.tsx";
import { OrderDetails } from "#app/components/orders/OrderDetails.tsx";
import { OrderPayForm } from "#app/components/orders/OrderPayForm.tsx";
import { lookupPageAction, lookupPageOrder } from "./consulta-pedido.server";
import pageStylesHref from "#app/styles/orders.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

/**
 * 'Consulta tu pedido' (docs/requirements.md#orders-and-statuses): a guest (or anyone with the
 * order's number and contact e-mail) finds an order; the lookup answers with a 303 to
 * `?pedido=…&clave=…` (the order's link key, as in its e-mails), which shows the order: statuses,
 * lines, totals, address, shipping and tracking, cancellation, and 'Pagar Ahora' while payable.
 * A wrong or missing key shows the empty form, with no hint whether the order exists.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return lookupPageOrder(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return lookupPageAction(request, context);
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: ORDER_LOOKUP_MESSAGES.title,
    description: "Consulta el estado y el envío de tu pedido con su número y tu correo.",
    path: "/consulta-pedido",
    noindex: true,
  });

export default function OrderLookupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, loadFailed } = loaderData;
  if (!order) return <LookupForm loadFailed={loadFailed} answer={failureFor(actionData, LOOKUP_INTENT)} />;
  const payError = failureFor(actionData)?.intent === LOOKUP_INTENT ? null : (failureFor(actionData)?.formError ?? null);
  return (
    <section className="page-narrow" aria-labelledby="lookup-title">
      <div className="order-summary">
        <h1 id="lookup-title">Pedido {order.orderNumber}</h1>
        <OrderBadges orderStatus={order.orderStatus} paymentStatus={order.paymentStatus} />
        <p className="lookup-order-meta">
          {formatDate(order.createdAt)} · <strong>{formatMoney(order.finalTotal)}</strong>
        </p>
        <FormError id="pay-error" message={payError} />
        {order.canPay ? (
          order.payHere ? (
            <OrderPayForm
              action={orderLookupPath(order.orderNumber, order.payKey)}
              orderNumber={order.orderNumber}
              payKey={order.payKey}
              errorId={payError ? "pay-error" : undefined}
              describedBy="lookup-title"
            />
          ) : (
            <p>
              {ORDER_LOOKUP_MESSAGES.signInToPay}{" "}
              <Link to={`/login?${new URLSearchParams({ redirectTo: `/mis-pedidos?pedido=${order.orderNumber}` })}`}>
                {ORDER_LOOKUP_MESSAGES.signIn}
              </Link>
            </p>
          )
        ) : null}
        <OrderDetails order={order} />
      </div>
      <p>
        <Link to="/consulta-pedido">{ORDER_LOOKUP_MESSAGES.another}</Link>
      </p>
    </section>
  );
}

/** The order number and the e-mail; a refused lookup keeps what was typed and takes the focus. */
function LookupForm({ loadFailed, answer }: { loadFailed: boolean; answer: FormFailure | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === LOOKUP_INTENT;
  const failure = busy ? undefined : answer;
  const formRef = useFocusOnRefusal(failure);
  return (
    <section className="auth-card" aria-labelledby="lookup-title">
      <h1 id="lookup-title">{ORDER_LOOKUP_MESSAGES.title}</h1>
      <p>{ORDER_LOOKUP_MESSAGES.intro}</p>
      {loadFailed ? <p className="form-error">{ORDER_PAGE_MESSAGES.loadFailed}</p> : null}
      <Form method="post" action="/consulta-pedido" className="auth-form" ref={formRef}>
        <Honeypot />
        <input type="hidden" name="intent" value={LOOKUP_INTENT} />
        <Field
          label={ORDER_LOOKUP_MESSAGES.numberLabel}
          hint={ORDER_LOOKUP_MESSAGES.numberHint}
          errors={failure?.fieldErrors.pedido}
          inputProps={{
            id: "pedido",
            name: "pedido",
            type: "text",
            required: true,
            maxLength: 40,
            autoComplete: "off",
            autoCapitalize: "characters",
            spellCheck: false,
            defaultValue: answer?.values.pedido ?? "",
            autoFocus: Boolean(failure?.fieldErrors.pedido) || Boolean(failure?.formError),
          }}
        />
        <EmailField
          id="email"
          label={ORDER_LOOKUP_MESSAGES.emailLabel}
          errors={failure?.fieldErrors.email}
          defaultValue={answer?.values.email}
          autoFocus={Boolean(failure?.fieldErrors.email) && !failure?.fieldErrors.pedido}
        />
        <FormError message={failure?.formError} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? ORDER_LOOKUP_MESSAGES.busy : ORDER_LOOKUP_MESSAGES.submit}
        </button>
      </Form>
    </section>
  );
}
