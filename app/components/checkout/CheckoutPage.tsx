/**
 * The checkout page's view (SPEC §2 Checkout): contact, shipping address,
 * shipping method, coupon box, points box, summary and 'Continuar al Pago', all
 * in ONE form. Without JavaScript every control posts that form (its intent
 * button) and the server renders the page again with everything kept; with
 * JavaScript the carrier, the points toggle and the coupon (through a fetcher)
 * update the summary in place, from the same pricing rules the server charges by.
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { formatMoneyCents } from "#domain/format.ts";
import { CHECKOUT_MESSAGES, COUPON_CODE_MAX_LENGTH, normalizeCouponCode } from "#domain/orders.ts";
import { quoteOrder, subtotalCents } from "#domain/pricing.ts";
import {
  SHIPPING_METHODS,
  SHIPPING_METHOD_IDS,
  STANDARD_SHIPPING_METHOD,
  deliveryEstimate,
  isShippingMethodId,
  shippingCostCents,
  type ShippingMethodId,
} from "#domain/shipping.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Honeypot } from "#app/components/Honeypot.tsx";
import { CheckboxField, ErrorList, Field, describedBy, errorId } from "#app/components/forms.tsx";
import { AddressSection } from "./AddressSection";
import { CheckoutSummary } from "./CheckoutSummary";
import type { CheckoutAnswer, CheckoutCoupon, CheckoutPageView } from "./types";

/** The order of the fields on the page: the first one at fault gets the focus. */
const FIELD_ORDER = [
  "name",
  "email",
  "phone",
  "savedAddressId",
  "street",
  "colonia",
  "city",
  "state",
  "zipCode",
  "references",
  "shippingMethod",
  "couponInput",
];

const NO_MESSAGES: readonly string[] = [];

export function CheckoutPage({ page, answer }: { page: CheckoutPageView; answer: CheckoutAnswer | null }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const couponFetcher = useFetcher<CheckoutAnswer>();
  const values = answer?.values ?? {};
  // The token of the form first rendered: a double submit (or a reload of the POST) sends it again.
  const [checkoutToken] = useState(values.checkoutToken || page.checkoutToken);
  const [shippingMethod, setShippingMethod] = useState<ShippingMethodId>(shippingOf(answer));
  const [usePoints, setUsePoints] = useState(values.usePoints === "on");
  const [coupon, setCoupon] = useState<CheckoutCoupon | null>(answer?.coupon ?? null);
  const [couponErrors, setCouponErrors] = useState<readonly string[]>(answer?.fieldErrors.couponInput ?? NO_MESSAGES);
  const [couponInput, setCouponInput] = useState(answer?.coupon ? "" : (values.couponInput ?? ""));
  const errorRef = useRef<HTMLDivElement>(null);

  // A failed submit with JavaScript: the state follows the server's answer, and the focus goes to the first problem.
  useEffect(() => {
    if (!answer) return;
    setShippingMethod(shippingOf(answer));
    setUsePoints(answer.values.usePoints === "on");
    setCoupon(answer.coupon);
    setCouponErrors(answer.fieldErrors.couponInput ?? NO_MESSAGES);
    const first = FIELD_ORDER.find((f) => answer.fieldErrors[f]?.length);
    const target = first ? document.querySelector<HTMLElement>(`[name="${first}"][aria-invalid="true"]`) : null;
    (target ?? errorRef.current)?.focus();
  }, [answer]);

  // The coupon box's fetcher answered.
  useEffect(() => {
    const d = couponFetcher.data;
    if (!d || couponFetcher.state !== "idle") return;
    setCoupon(d.coupon);
    setCouponErrors(d.fieldErrors.couponInput ?? NO_MESSAGES);
    if (d.coupon) setCouponInput("");
  }, [couponFetcher.data, couponFetcher.state]);

  const canUsePoints = page.signedIn && page.pointsBalance > 1;
  const quote = quoteOrder({
    lines: page.lines,
    shippingMethod,
    couponPercent: coupon?.discountPercent ?? null,
    pointsRequested: canUsePoints && usePoints ? page.pointsBalance : 0,
  });
  const subtotal = subtotalCents(page.lines);
  const fieldErrors = answer?.fieldErrors ?? {};
  const firstError = FIELD_ORDER.find((f) => fieldErrors[f]?.length) ?? null;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "place";
  const formError = answer?.formError ?? page.paymentError;
  const shortLines = page.lines.filter((l) => l.stock < l.quantity);
  const applyingCoupon = couponFetcher.state !== "idle";

  function applyCoupon() {
    const code = normalizeCouponCode(couponInput);
    if (!code) {
      setCouponErrors([CHECKOUT_MESSAGES.couponEmpty]);
      return;
    }
    couponFetcher.submit(
      { intent: "apply-coupon", couponInput: code, shippingMethod, checkoutToken },
      { method: "post", action: "/checkout" },
    );
  }

  return (
    <div className="checkout">
      <h1>Finalizar compra</h1>
      {formError ? (
        <div className="form-error checkout-error" role="alert" id="checkout-error" tabIndex={-1} ref={errorRef}>
          <p>{formError}</p>
          {shortLines.length > 0 ? (
            <p>
              <Link to="/carrito">Ajustar mi carrito</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <Form method="post" action="/checkout" className="checkout-layout" aria-label="Datos del pedido">
        <input type="hidden" name="checkoutToken" value={checkoutToken} />
        <input type="hidden" name="couponCode" value={coupon?.code ?? ""} />
        <Honeypot />
        <div className="checkout-sections">
          <fieldset className="checkout-section">
            <legend>Información de contacto</legend>
            <Field
              label="Nombre completo"
              errors={fieldErrors.name}
              inputProps={{
                id: "checkout-nombre",
                name: "name",
                type: "text",
                required: true,
                maxLength: 100,
                autoComplete: "name",
                defaultValue: values.name ?? page.contact.name,
                autoFocus: firstError === "name",
              }}
            />
            <Field
              label="Correo electrónico"
              errors={fieldErrors.email}
              inputProps={{
                id: "checkout-email",
                name: "email",
                type: "email",
                required: true,
                maxLength: 254,
                autoComplete: "email",
                defaultValue: values.email ?? page.contact.email,
                autoFocus: firstError === "email",
              }}
            />
            <Field
              label="Teléfono"
              errors={fieldErrors.phone}
              inputProps={{
                id: "checkout-telefono",
                name: "phone",
                type: "tel",
                inputMode: "numeric",
                required: true,
                placeholder: "10 dígitos",
                maxLength: 14,
                autoComplete: "tel-national",
                defaultValue: values.phone ?? page.contact.phone,
                autoFocus: firstError === "phone",
              }}
            />
            <CheckboxField
              label="Quiero recibir notificaciones de mi pedido por WhatsApp (opcional)"
              inputProps={{ id: "checkout-whatsapp", name: "whatsappNotifications", defaultChecked: values.whatsappNotifications === "on" }}
            />
          </fieldset>

          <AddressSection
            signedIn={page.signedIn}
            addresses={page.addresses}
            chosen={answer ? (values.savedAddressId ?? "") : (page.addresses[0]?._id ?? "")}
            values={values}
            fieldErrors={fieldErrors}
            firstError={firstError}
          />

          <fieldset
            className="checkout-section"
            id="checkout-envio"
            {...describedBy("checkout-envio", { errors: fieldErrors.shippingMethod })}
          >
            <legend>Método de envío</legend>
            <div className="choice-list">
              {SHIPPING_METHOD_IDS.map((id) => {
                const cost = shippingCostCents(id, subtotal);
                return (
                  <div className="choice" key={id}>
                    <input
                      id={`envio-${id}`}
                      type="radio"
                      name="shippingMethod"
                      value={id}
                      checked={shippingMethod === id}
                      onChange={() => setShippingMethod(id)}
                      aria-describedby={`envio-${id}-detalle`}
                    />
                    <label htmlFor={`envio-${id}`}>
                      <span className="choice-title">
                        {SHIPPING_METHODS[id].name} <span className="choice-price">{cost === 0 ? "Gratis" : formatMoneyCents(cost)}</span>
                      </span>
                      <span className="choice-detail" id={`envio-${id}-detalle`}>
                        {deliveryEstimate(id)}
                      </span>
                    </label>
                  </div>
                );
              })}
            </div>
            <ErrorList id={errorId("checkout-envio")} errors={fieldErrors.shippingMethod} />
            {hydrated ? null : (
              <button type="submit" name="intent" value="change-shipping" formNoValidate className="button">
                Actualizar envío
              </button>
            )}
          </fieldset>

          <fieldset className="checkout-section">
            <legend>Cupón de descuento</legend>
            {coupon ? (
              <div className="coupon-applied" role="status">
                <p>
                  Cupón aplicado: <strong>{coupon.code}</strong> (-{coupon.discountPercent}%)
                </p>
                {coupon.description ? <p className="field-hint">{coupon.description}</p> : null}
                {hydrated ? (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      setCoupon(null);
                      setCouponErrors(NO_MESSAGES);
                    }}
                  >
                    Quitar cupón
                  </button>
                ) : (
                  <button type="submit" name="intent" value="remove-coupon" formNoValidate className="link-button">
                    Quitar cupón
                  </button>
                )}
              </div>
            ) : (
              <div className="coupon-box">
                {/* A text box with its button beside it: a control the Field components do not draw. */}
                <div className="coupon-field">
                  <label htmlFor="checkout-cupon">Código de cupón</label>
                  <div className="coupon-row">
                    <input
                      id="checkout-cupon"
                      name="couponInput"
                      type="text"
                      maxLength={COUPON_CODE_MAX_LENGTH}
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      className="coupon-input"
                      value={couponInput}
                      onChange={(e) => setCouponInput(e.target.value.toUpperCase())}
                      onKeyDown={(e) => {
                        if (hydrated && e.key === "Enter") {
                          e.preventDefault();
                          applyCoupon();
                        }
                      }}
                      {...describedBy("checkout-cupon", { errors: couponErrors })}
                    />
                    {hydrated ? (
                      <button type="button" className="button" onClick={applyCoupon} disabled={applyingCoupon}>
                        {applyingCoupon ? "Aplicando..." : "Aplicar"}
                      </button>
                    ) : (
                      <button type="submit" name="intent" value="apply-coupon" formNoValidate className="button">
                        Aplicar
                      </button>
                    )}
                  </div>
                </div>
              </div>
            )}
            <div role="alert">
              <ErrorList id={errorId("checkout-cupon")} errors={couponErrors} />
            </div>
          </fieldset>

          {canUsePoints ? (
            <fieldset className="checkout-section">
              <legend>Puntos de lealtad</legend>
              <p>
                Tienes <strong>{page.pointsBalance}</strong> puntos disponibles (1 punto = $1 MXN).
              </p>
              <CheckboxField
                label="Usar mis puntos"
                hint={
                  usePoints
                    ? `Se usarán ${quote.pointsUsed} puntos (${formatMoneyCents(quote.pointsUsed * 100)} de descuento).`
                    : `Puedes usar hasta ${page.pointsBalance} puntos en este pedido.`
                }
                inputProps={{
                  id: "checkout-puntos",
                  name: "usePoints",
                  role: "switch",
                  checked: usePoints,
                  onChange: (e) => setUsePoints(e.target.checked),
                }}
              />
              {hydrated ? null : (
                <button type="submit" name="intent" value="toggle-points" formNoValidate className="button">
                  Actualizar puntos
                </button>
              )}
            </fieldset>
          ) : null}
        </div>

        <CheckoutSummary
          lines={page.lines}
          quote={quote}
          shippingMethod={shippingMethod}
          coupon={coupon}
          signedIn={page.signedIn}
          busy={busy}
        />
      </Form>
    </div>
  );
}

/** The carrier the server read from the form (one of the shop's), else the standard one. */
function shippingOf(answer: CheckoutAnswer | null): ShippingMethodId {
  const posted = answer?.values.shippingMethod;
  return posted && isShippingMethodId(posted) ? posted : STANDARD_SHIPPING_METHOD;
}

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
