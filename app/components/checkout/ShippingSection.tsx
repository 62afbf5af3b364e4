/**
 * The checkout's carriers (docs/requirements.md#checkout): a radio per shipping method with
 * its cost for this subtotal and its delivery estimate; without JavaScript an
 * 'Actualizar envío' button posts the form so the summary follows.
 */
import { formatMoneyCents } from "#domain/format.ts";
import { SHIPPING_METHODS, SHIPPING_METHOD_IDS, deliveryEstimate, shippingCostCents, type ShippingMethodId } from "#domain/shipping.ts";
import { ErrorList, describedBy, errorId } from "#app/components/forms.tsx";

export function ShippingSection({
  shippingMethod,
  setShippingMethod,
  subtotal,
  errors,
  hydrated,
}: {
  shippingMethod: ShippingMethodId;
  setShippingMethod: (id: ShippingMethodId) => void;
  subtotal: number;
  errors: readonly string[] | undefined;
  hydrated: boolean;
}) {
  return (
    <fieldset className="checkout-section" id="checkout-envio" {...describedBy("checkout-envio", { errors: errors })}>
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
      <ErrorList id={errorId("checkout-envio")} errors={errors} />
      {hydrated ? null : (
        <button type="submit" name="intent" value="change-shipping" formNoValidate className="button">
          Actualizar envío
        </button>
      )}
    </fieldset>
  );
}
