/**
 * /checkout with an empty cart while the browser's stored order can still be
 * paid ('Intentar de nuevo' from the failure page): that order and 'Continuar al Pago'.
 */
import { Form, Link, useNavigation } from "react-router";
import { formatMoneyCents } from "#domain/format.ts";

/** The cart is empty but the browser's stored order can still be paid ('Intentar de nuevo' from the failure page). */
export function RetryPayment({ order, paymentError }: { order: { orderNumber: string; totalCents: number }; paymentError: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "retry";
  return (
    <div className="checkout page-narrow">
      <h1>Finalizar compra</h1>
      {paymentError ? (
        <p className="form-error" role="alert">
          {paymentError}
        </p>
      ) : null}
      <section className="checkout-section checkout-retry" aria-labelledby="pedido-pendiente">
        <h2 id="pedido-pendiente">Tu pedido está pendiente de pago</h2>
        <dl className="checkout-totals">
          <div>
            <dt>Número de pedido</dt>
            <dd data-testid="retry-order-number">{order.orderNumber}</dd>
          </div>
          <div className="checkout-total">
            <dt>Total</dt>
            <dd>{formatMoneyCents(order.totalCents)}</dd>
          </div>
        </dl>
        <Form method="post" action="/checkout">
          <input type="hidden" name="intent" value="retry" />
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? "Procesando..." : "Continuar al Pago"}
          </button>
        </Form>
        <p className="checkout-note">
          Serás redirigido a Mercado Pago para completar tu pago de forma segura. Al continuar, aceptas nuestros{" "}
          <Link to="/terminos">Términos y Condiciones</Link>.
        </p>
      </section>
    </div>
  );
}
