/**
 * The checkout's shipping address (docs/requirements.md#checkout): a signed-in
 * customer picks one of the saved addresses (the default preselected) or adds a
 * new one, saved to the profile once the order is placed; a guest types one.
 * Without JavaScript the new-address fields are always there (used when 'new'
 * is chosen); with JavaScript they show when 'new' is chosen.
 */
import { useEffect, useState } from "react";
import { CHECKOUT_MESSAGES, CHECKOUT_NEW_ADDRESS } from "#domain/orders.ts";
import type { FieldErrors } from "#domain/form-failure.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { AddressFields } from "#app/components/AddressFields.tsx";
import { ErrorList, describedBy, errorId } from "#app/components/forms.tsx";
import { addressLines } from "#domain/address.ts";
import { carrierName, coloniaRequiredFor, type ShippingMethodId } from "#domain/shipping.ts";
import type { CheckoutViewAddress } from "#app/routes/checkout.tsx";

/** The tip that a new address is saved to the profile after the purchase. */
export const NEW_ADDRESS_TIP = "La nueva dirección se guardará en tu perfil después de la compra.";

export function AddressSection({
  signedIn,
  addresses,
  chosen,
  values,
  fieldErrors,
  firstError,
  shippingMethod,
}: {
  signedIn: boolean;
  addresses: CheckoutViewAddress[];
  /** The saved address id chosen, CHECKOUT_NEW_ADDRESS, or "" (none to choose from). */
  chosen: string;
  values: Record<string, string>;
  fieldErrors: FieldErrors;
  firstError: string | null;
  /** The carrier chosen: Estafeta and DHL need the colonia (docs/requirements.md#checkout). */
  shippingMethod: ShippingMethodId;
}) {
  const hydrated = useHydrated();
  const hasSaved = signedIn && addresses.length > 0;
  const initial =
    hasSaved && (chosen === CHECKOUT_NEW_ADDRESS || addresses.some((a) => a._id === chosen)) ? chosen : (addresses[0]?._id ?? "");
  const [choice, setChoice] = useState(hasSaved ? initial : "");
  useEffect(() => setChoice(hasSaved ? initial : ""), [initial, hasSaved]);
  const newChosen = !hasSaved || choice === CHECKOUT_NEW_ADDRESS;
  const showNewFields = !hydrated || newChosen;
  // Without JavaScript and with saved addresses the browser must not demand fields the customer may not use.
  const required = !hasSaved || (hydrated && newChosen);
  const needsColonia = coloniaRequiredFor(shippingMethod);
  const carrier = carrierName(shippingMethod);

  return (
    <fieldset className="checkout-section">
      <legend>Dirección de envío</legend>
      {hasSaved ? (
        <div
          className="choice-list"
          role="radiogroup"
          aria-label="Tus direcciones guardadas"
          id="checkout-direccion"
          {...describedBy("checkout-direccion", { errors: fieldErrors.savedAddressId })}
        >
          {addresses.map((a) => (
            <div className="choice" key={a._id}>
              <input
                id={`direccion-${a._id}`}
                type="radio"
                name="savedAddressId"
                value={a._id}
                checked={choice === a._id}
                onChange={() => setChoice(a._id)}
              />
              <label htmlFor={`direccion-${a._id}`}>
                {a.isDefault ? <span className="badge address-default">Predeterminada</span> : null}
                {addressLines(a).map((line, i) => (
                  <span key={i} className="choice-detail-line">
                    {line}
                  </span>
                ))}
                {needsColonia && !a.colonia ? (
                  <span className="choice-detail-line form-error">{CHECKOUT_MESSAGES.savedAddressNoColoniaNote}</span>
                ) : null}
              </label>
            </div>
          ))}
          <div className="choice">
            <input
              id="direccion-nueva"
              type="radio"
              name="savedAddressId"
              value={CHECKOUT_NEW_ADDRESS}
              checked={choice === CHECKOUT_NEW_ADDRESS}
              onChange={() => setChoice(CHECKOUT_NEW_ADDRESS)}
            />
            <label htmlFor="direccion-nueva">Agregar una nueva dirección</label>
          </div>
        </div>
      ) : null}
      <ErrorList id={errorId("checkout-direccion")} errors={fieldErrors.savedAddressId} />
      {showNewFields ? (
        <div className="checkout-new-address">
          {hasSaved && !hydrated ? <p className="field-hint">Si eliges «Agregar una nueva dirección», llena estos datos:</p> : null}
          <AddressFields
            idPrefix="checkout"
            values={values}
            errors={fieldErrors}
            required={required}
            autoFocusField={firstError}
            coloniaRequired={needsColonia}
            coloniaHint={needsColonia ? CHECKOUT_MESSAGES.coloniaHint(carrier) : undefined}
          />
          {signedIn ? <p className="field-hint checkout-tip">{NEW_ADDRESS_TIP}</p> : null}
        </div>
      ) : null}
    </fieldset>
  );
}
