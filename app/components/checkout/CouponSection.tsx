/**
 * The checkout's coupon box (docs/requirements.md#checkout): the applied coupon with 'Quitar
 * cupón', or a code box with 'Aplicar' (with JavaScript a fetch, without it a
 * post of the whole form), and every message about the code below it.
 */
import { COUPON_CODE_MAX_LENGTH } from "#domain/orders.ts";
import { ErrorList, describedBy, errorId } from "#app/components/forms.tsx";
import type { CheckoutCoupon } from "#app/routes/checkout.tsx";

export function CouponSection({
  coupon,
  couponInput,
  setCouponInput,
  couponErrors,
  applyCoupon,
  removeCoupon,
  applyingCoupon,
  hydrated,
}: {
  coupon: CheckoutCoupon | null;
  couponInput: string;
  setCouponInput: (value: string) => void;
  couponErrors: readonly string[];
  applyCoupon: () => void;
  removeCoupon: () => void;
  applyingCoupon: boolean;
  hydrated: boolean;
}) {
  return (
    <fieldset className="checkout-section">
      <legend>Cupón de descuento</legend>
      {coupon ? (
        <div className="coupon-applied" role="status">
          <p>
            Cupón aplicado: <strong>{coupon.code}</strong> (-{coupon.discountPercent}%)
          </p>
          {coupon.description ? <p className="field-hint">{coupon.description}</p> : null}
          {hydrated ? (
            <button type="button" className="link-button" onClick={removeCoupon}>
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
  );
}
