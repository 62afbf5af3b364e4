/**
 * The checkout's order summary (docs/requirements.md#checkout): the lines (thumbnail, name,
 * which copy: condition and language, quantity, line total), subtotal, shipping,
 * coupon discount, points used, total and the points the order earns, then
 * 'Continuar al Pago' and the note on the redirect and the terms. With
 * JavaScript the figures follow the form at once (aria-live).
 */
import { Link } from "react-router";
import { formatMoneyCents, formatPoints } from "#domain/format.ts";
import { lineTotalCents, type OrderQuote } from "#domain/pricing.ts";
import { SHIPPING_METHODS, type ShippingMethodId } from "#domain/shipping.ts";
import type { CheckoutCoupon, CheckoutViewLine } from "#app/routes/checkout.tsx";
import { ProductImage } from "#app/components/ProductImage.tsx";

export function CheckoutSummary({
  lines,
  quote,
  shippingMethod,
  coupon,
  signedIn,
  busy,
}: {
  lines: CheckoutViewLine[];
  quote: OrderQuote;
  shippingMethod: ShippingMethodId;
  coupon: CheckoutCoupon | null;
  signedIn: boolean;
  busy: boolean;
}) {
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-resumen">
      <h2 id="checkout-resumen">Resumen del pedido</h2>
      <ul className="checkout-lines">
        {lines.map((line) => (
          <li key={line.variantId} className="checkout-line">
            <ProductImage src={line.image} alt="" sizes="48px" width={48} height={67} className="checkout-line-image" />
            <span className="checkout-line-name">
              {line.name} <span className="checkout-line-qty">× {line.quantity}</span>
              <span className="checkout-line-variant">{line.variantLabel}</span>
              {line.stock < line.quantity ? (
                <span className="form-error checkout-line-stock">{line.stock <= 0 ? "Agotado" : `Solo quedan ${line.stock}`}</span>
              ) : null}
            </span>
            <span className="checkout-line-total">{formatMoneyCents(lineTotalCents(line))}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-totals" aria-live="polite">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="checkout-subtotal">{formatMoneyCents(quote.subtotalCents)}</dd>
        </div>
        <div>
          <dt>Envío ({SHIPPING_METHODS[shippingMethod].name})</dt>
          <dd data-testid="checkout-shipping">{quote.shippingCents === 0 ? "Gratis" : formatMoneyCents(quote.shippingCents)}</dd>
        </div>
        {coupon && quote.couponDiscountCents > 0 ? (
          <div className="checkout-discount">
            <dt>
              Descuento ({coupon.code} -{coupon.discountPercent}%)
            </dt>
            <dd data-testid="checkout-discount">-{formatMoneyCents(quote.couponDiscountCents)}</dd>
          </div>
        ) : null}
        {quote.pointsUsed > 0 ? (
          <div className="checkout-discount">
            <dt>Puntos usados ({formatPoints(quote.pointsUsed)})</dt>
            <dd data-testid="checkout-points">-{formatMoneyCents(quote.pointsUsed * 100)}</dd>
          </div>
        ) : null}
        <div className="checkout-total">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatMoneyCents(quote.totalCents)}</dd>
        </div>
      </dl>
      {quote.pointsEarned > 0 ? (
        signedIn ? (
          <p className="checkout-earn" data-testid="checkout-earn">
            Ganarás {formatPoints(quote.pointsEarned)} puntos con esta compra
          </p>
        ) : (
          <p className="checkout-earn">
            <Link to="/login?redirectTo=%2Fcheckout">Inicia sesión</Link> para ganar {formatPoints(quote.pointsEarned)} puntos con esta
            compra
          </p>
        )
      ) : null}
      <button type="submit" name="intent" value="place" className="button button-primary button-block checkout-pay" disabled={busy}>
        {busy ? "Procesando..." : "Continuar al Pago"}
      </button>
      <p className="checkout-note">
        Serás redirigido a Mercado Pago para completar tu pago de forma segura. Al continuar, aceptas nuestros{" "}
        <Link to="/terminos">Términos y Condiciones</Link>.
      </p>
    </aside>
  );
}
