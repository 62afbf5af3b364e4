/**
 * The checkout page's view (docs/requirements.md#checkout): contact, shipping address,
 * shipping method, coupon box, points box, summary and 'Continuar al Pago', all
 * in ONE form. Without JavaScript every control posts that form (its intent
 * button) and the server renders the page again with everything kept; with
 * JavaScript the carrier, the points toggle and the coupon (through a fetcher)
 * update the summary in place, from the same pricing rules the server charges by.
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { formatMoneyCents } from "#domain/format.ts";
import { CHECKOUT_MESSAGES, normalizeCouponCode } from "#domain/orders.ts";
import { quoteOrder, subtotalCents } from "#domain/pricing.ts";
import { STANDARD_SHIPPING_METHOD, isShippingMethodId, type ShippingMethodId } from "#domain/shipping.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Honeypot } from "#app/components/Honeypot.tsx";
import { CheckboxField } from "#app/components/forms.tsx";
import type { CheckoutAnswer, CheckoutCoupon, CheckoutPageView } from "#app/routes/checkout.tsx";
import { appliedCouponOf } from "#domain/coupons.ts";
import { AddressSection } from "./AddressSection";
import { ContactSection } from "./ContactSection";
import { CheckoutSummary } from "./CheckoutSummary";
import { CouponSection } from "./CouponSection";
import { ShippingSection } from "./ShippingSection";

/** The order of the fields on the page: the first one at fault gets the focus. */
const FIELD_ORDER = [
  "name",
  "email",
  "phone",
  "savedAddressId",
  "street",
  "colonia",
  "zipCode",
  "city",
  "state",
  "references",
  "shippingMethod",
  "couponInput",
];

/** The control a field's messages belong to (a radio group's chosen radio). */
function controlOf(field: string): HTMLElement | null {
  if (field === "savedAddressId" || field === "shippingMethod") {
    return (
      document.querySelector<HTMLElement>(`input[name="${field}"]:checked`) ?? document.querySelector<HTMLElement>(`input[name="${field}"]`)
    );
  }
  return document.querySelector<HTMLElement>(`[name="${field}"][aria-invalid="true"]`);
}

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
  const [coupon, setCoupon] = useState<CheckoutCoupon | null>(appliedCouponOf(values));
  const [couponErrors, setCouponErrors] = useState<readonly string[]>(answer?.fieldErrors.couponInput ?? NO_MESSAGES);
  const [couponInput, setCouponInput] = useState(appliedCouponOf(values) ? "" : (values.couponInput ?? ""));
  const errorRef = useRef<HTMLDivElement>(null);

  // A failed submit with JavaScript: the state follows the server's answer, and the focus goes to the first problem.
  useEffect(() => {
    if (!answer) return;
    setShippingMethod(shippingOf(answer));
    setUsePoints(answer.values.usePoints === "on");
    setCoupon(appliedCouponOf(answer.values));
    setCouponErrors(answer.fieldErrors.couponInput ?? NO_MESSAGES);
    const first = FIELD_ORDER.find((f) => answer.fieldErrors[f]?.length);
    // The focus scrolls the field into view below the sticky header (its scroll-margin-top, checkout.css), as the
    // no-JS page's autoFocus does; its Spanish message is beside it (the form is noValidate: no browser bubble).
    (controlOf(first ?? "") ?? errorRef.current)?.focus();
  }, [answer]);

  // The coupon box's fetcher answered.
  useEffect(() => {
    const d = couponFetcher.data;
    if (!d || couponFetcher.state !== "idle") return;
    const applied = appliedCouponOf(d.values);
    setCoupon(applied);
    setCouponErrors(d.fieldErrors.couponInput ?? NO_MESSAGES);
    if (applied) setCouponInput("");
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
      {/* noValidate, with and without JavaScript: the server's Spanish messages beside each field answer a missing
          or malformed value, never the browser's bubble (in the browser's language, over the sticky header). */}
      <Form method="post" action="/checkout" className="checkout-layout" aria-label="Datos del pedido" noValidate>
        <input type="hidden" name="checkoutToken" value={checkoutToken} />
        <input type="hidden" name="couponCode" value={coupon?.code ?? ""} />
        <Honeypot />
        <div className="checkout-sections">
          <ContactSection values={values} contact={page.contact} fieldErrors={fieldErrors} firstError={firstError} />

          <AddressSection
            signedIn={page.signedIn}
            addresses={page.addresses}
            chosen={answer ? (values.savedAddressId ?? "") : (page.addresses[0]?._id ?? "")}
            values={values}
            fieldErrors={fieldErrors}
            firstError={firstError}
            shippingMethod={shippingMethod}
          />

          <ShippingSection
            shippingMethod={shippingMethod}
            setShippingMethod={setShippingMethod}
            subtotal={subtotal}
            errors={fieldErrors.shippingMethod}
            hydrated={hydrated}
          />

          <CouponSection
            coupon={coupon}
            couponInput={couponInput}
            setCouponInput={setCouponInput}
            couponErrors={couponErrors}
            applyCoupon={applyCoupon}
            removeCoupon={() => {
              setCoupon(null);
              setCouponErrors(NO_MESSAGES);
            }}
            applyingCoupon={applyingCoupon}
            hydrated={hydrated}
          />

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
