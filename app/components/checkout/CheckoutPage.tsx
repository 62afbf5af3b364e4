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
  shippingCostCents,
  type ShippingMethodId,
} from "#domain/shipping.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Honeypot } from "#app/components/Honeypot.tsx";
import { AddressSection } from "./AddressSection";
import { CheckoutSummary } from "./CheckoutSummary";
import type { CheckoutAnswer, CheckoutCoupon, CheckoutPageView } from "./types";
import { errorProps, FieldError } from "./fields";

export type { CheckoutAnswer } from "./types";

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

export function CheckoutPage({ page, answer }: { page: CheckoutPageView; answer: CheckoutAnswer | null }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const couponFetcher = useFetcher<CheckoutAnswer>();
  // The token of the form first rendered: a double submit (or a reload of the POST) sends it again.
  const [checkoutToken] = useState(answer?.checkoutToken || page.checkoutToken);
  const [shippingMethod, setShippingMethod] = useState<ShippingMethodId>(answer?.shippingMethod ?? STANDARD_SHIPPING_METHOD);
  const [usePoints, setUsePoints] = useState(answer?.usePoints ?? false);
  const [coupon, setCoupon] = useState<CheckoutCoupon | null>(answer?.coupon ?? null);
  const [couponError, setCouponError] = useState<string | null>(answer?.couponError ?? null);
  const [couponInput, setCouponInput] = useState(answer?.coupon ? "" : (answer?.values.couponInput ?? ""));
  const errorRef = useRef<HTMLDivElement>(null);

  // A failed submit with JavaScript: the state follows the server's answer, and the focus goes to the first problem.
  useEffect(() => {
    if (!answer) return;
    setShippingMethod(answer.shippingMethod);
    setUsePoints(answer.usePoints);
    setCoupon(answer.coupon);
    setCouponError(answer.couponError);
    const first = FIELD_ORDER.find((f) => answer.fieldErrors[f]);
    const target = first ? document.querySelector<HTMLElement>(`[name="${first}"][aria-invalid="true"]`) : null;
    (target ?? errorRef.current)?.focus();
  }, [answer]);

  // The coupon box's fetcher answered.
  useEffect(() => {
    const d = couponFetcher.data;
    if (!d || couponFetcher.state !== "idle") return;
    setCoupon(d.coupon);
    setCouponError(d.couponError);
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
  const firstError = FIELD_ORDER.find((f) => fieldErrors[f]) ?? null;
  const values = answer?.values ?? {};
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "place";
  const formError = answer?.formError ?? page.paymentError;
  const shortLines = page.lines.filter((l) => l.stock < l.quantity);
  const applyingCoupon = couponFetcher.state !== "idle";

  function applyCoupon() {
    const code = normalizeCouponCode(couponInput);
    if (!code) {
      setCouponError(CHECKOUT_MESSAGES.couponEmpty);
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
            <div className="field">
              <label htmlFor="checkout-nombre">Nombre completo</label>
              <input
                id="checkout-nombre"
                name="name"
                type="text"
                required
                maxLength={100}
                autoComplete="name"
                defaultValue={values.name ?? page.contact.name}
                autoFocus={firstError === "name"}
                {...errorProps(fieldErrors, "name")}
              />
              <FieldError errors={fieldErrors} field="name" />
            </div>
            <div className="field">
              <label htmlFor="checkout-email">Correo electrónico</label>
              <input
                id="checkout-email"
                name="email"
                type="email"
                required
                maxLength={254}
                autoComplete="email"
                defaultValue={values.email ?? page.contact.email}
                autoFocus={firstError === "email"}
                {...errorProps(fieldErrors, "email")}
              />
              <FieldError errors={fieldErrors} field="email" />
            </div>
            <div className="field">
              <label htmlFor="checkout-telefono">Teléfono</label>
              <input
                id="checkout-telefono"
                name="phone"
                type="tel"
                inputMode="numeric"
                required
                placeholder="10 dígitos"
                maxLength={14}
                autoComplete="tel-national"
                defaultValue={values.phone ?? page.contact.phone}
                autoFocus={firstError === "phone"}
                {...errorProps(fieldErrors, "phone")}
              />
              <FieldError errors={fieldErrors} field="phone" />
            </div>
            <div className="checkbox-field">
              <input
                id="checkout-whatsapp"
                name="whatsappNotifications"
                type="checkbox"
                defaultChecked={answer?.whatsappNotifications ?? false}
              />
              <label htmlFor="checkout-whatsapp">Quiero recibir notificaciones de mi pedido por WhatsApp (opcional)</label>
            </div>
          </fieldset>

          <AddressSection
            signedIn={page.signedIn}
            addresses={page.addresses}
            chosen={answer ? answer.savedAddressId : (page.addresses[0]?._id ?? "")}
            values={values}
            fieldErrors={fieldErrors}
            firstError={firstError}
          />

          <fieldset className="checkout-section" {...errorProps(fieldErrors, "shippingMethod")}>
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
            <FieldError errors={fieldErrors} field="shippingMethod" />
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
                      setCouponError(null);
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
                <div className="field">
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
                      {...(couponError ? { "aria-invalid": true as const, "aria-describedby": "checkout-cupon-error" } : {})}
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
            {couponError ? (
              <p id="checkout-cupon-error" className="form-error" role="alert">
                {couponError}
              </p>
            ) : null}
          </fieldset>

          {canUsePoints ? (
            <fieldset className="checkout-section">
              <legend>Puntos de lealtad</legend>
              <p>
                Tienes <strong>{page.pointsBalance}</strong> puntos disponibles (1 punto = $1 MXN).
              </p>
              <div className="checkbox-field">
                <input
                  id="checkout-puntos"
                  name="usePoints"
                  type="checkbox"
                  role="switch"
                  checked={usePoints}
                  onChange={(e) => setUsePoints(e.target.checked)}
                  aria-describedby="checkout-puntos-detalle"
                />
                <label htmlFor="checkout-puntos">Usar mis puntos</label>
              </div>
              <p className="field-hint" id="checkout-puntos-detalle">
                {usePoints
                  ? `Se usarán ${quote.pointsUsed} puntos (${formatMoneyCents(quote.pointsUsed * 100)} de descuento).`
                  : `Puedes usar hasta ${page.pointsBalance} puntos en este pedido.`}
              </p>
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
