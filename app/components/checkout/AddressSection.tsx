/**
 * The checkout's shipping address (SPEC §2, §5; DESIGN §4): a signed-in
 * customer picks one of the saved addresses (the default preselected) or adds a
 * new one, saved to the profile once the order is placed; a guest types one.
 * Without JavaScript the new-address fields are always there (used when 'new'
 * is chosen); with JavaScript they show when 'new' is chosen.
 */
import { useEffect, useState } from "react";
import { CHECKOUT_NEW_ADDRESS } from "#domain/orders.ts";
import { ADDRESS_LIMITS } from "#domain/forms.ts";
import { MEXICAN_STATES } from "#domain/mexican-states.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { FieldError, errorProps } from "./fields";
import { addressLines } from "#domain/address.ts";
import type { CheckoutViewAddress } from "./types";

/** SPEC §2: the tip that a new address is saved to the profile after the purchase. */
export const NEW_ADDRESS_TIP = "La nueva dirección se guardará en tu perfil después de la compra.";

export function AddressSection({
  signedIn,
  addresses,
  chosen,
  values,
  fieldErrors,
  firstError,
}: {
  signedIn: boolean;
  addresses: CheckoutViewAddress[];
  /** The saved address id chosen, CHECKOUT_NEW_ADDRESS, or "" (none to choose from). */
  chosen: string;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  firstError: string | null;
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

  return (
    <fieldset className="checkout-section">
      <legend>Dirección de envío</legend>
      {hasSaved ? (
        <div
          className="choice-list"
          role="radiogroup"
          aria-label="Tus direcciones guardadas"
          {...errorProps(fieldErrors, "savedAddressId")}
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
      <FieldError errors={fieldErrors} field="savedAddressId" />
      {showNewFields ? (
        <div className="checkout-new-address">
          {hasSaved && !hydrated ? <p className="field-hint">Si eliges «Agregar una nueva dirección», llena estos datos:</p> : null}
          <div className="field">
            <label htmlFor="checkout-calle">Calle y número</label>
            <input
              id="checkout-calle"
              name="street"
              type="text"
              required={required}
              maxLength={ADDRESS_LIMITS.street}
              autoComplete="address-line1"
              defaultValue={values.street ?? ""}
              autoFocus={firstError === "street"}
              {...errorProps(fieldErrors, "street")}
            />
            <FieldError errors={fieldErrors} field="street" />
          </div>
          <div className="field">
            <label htmlFor="checkout-colonia">Colonia (opcional)</label>
            <input
              id="checkout-colonia"
              name="colonia"
              type="text"
              maxLength={ADDRESS_LIMITS.colonia}
              autoComplete="address-line2"
              defaultValue={values.colonia ?? ""}
              autoFocus={firstError === "colonia"}
              {...errorProps(fieldErrors, "colonia")}
            />
            <FieldError errors={fieldErrors} field="colonia" />
          </div>
          <div className="field-row">
            <div className="field">
              <label htmlFor="checkout-ciudad">Ciudad</label>
              <input
                id="checkout-ciudad"
                name="city"
                type="text"
                required={required}
                maxLength={ADDRESS_LIMITS.city}
                autoComplete="address-level2"
                defaultValue={values.city ?? ""}
                autoFocus={firstError === "city"}
                {...errorProps(fieldErrors, "city")}
              />
              <FieldError errors={fieldErrors} field="city" />
            </div>
            <div className="field">
              <label htmlFor="checkout-estado">Estado</label>
              <select
                id="checkout-estado"
                name="state"
                required={required}
                autoComplete="address-level1"
                defaultValue={values.state ?? ""}
                autoFocus={firstError === "state"}
                {...errorProps(fieldErrors, "state")}
              >
                <option value="">Selecciona un estado</option>
                {MEXICAN_STATES.map((state) => (
                  <option key={state} value={state}>
                    {state}
                  </option>
                ))}
              </select>
              <FieldError errors={fieldErrors} field="state" />
            </div>
          </div>
          <div className="field-row">
            <div className="field">
              <label htmlFor="checkout-cp">Código postal</label>
              <input
                id="checkout-cp"
                name="zipCode"
                type="text"
                inputMode="numeric"
                required={required}
                pattern="\d{5}"
                maxLength={5}
                autoComplete="postal-code"
                defaultValue={values.zipCode ?? ""}
                autoFocus={firstError === "zipCode"}
                {...errorProps(fieldErrors, "zipCode")}
              />
              <FieldError errors={fieldErrors} field="zipCode" />
            </div>
            <div className="field">
              <label htmlFor="checkout-pais">País</label>
              <input id="checkout-pais" type="text" value="México" readOnly />
            </div>
          </div>
          <div className="field">
            <label htmlFor="checkout-referencias">Referencias (opcional)</label>
            <textarea
              id="checkout-referencias"
              name="references"
              rows={2}
              maxLength={ADDRESS_LIMITS.references}
              defaultValue={values.references ?? ""}
              autoFocus={firstError === "references"}
              {...errorProps(fieldErrors, "references")}
            />
            <FieldError errors={fieldErrors} field="references" />
          </div>
          {signedIn ? <p className="field-hint checkout-tip">{NEW_ADDRESS_TIP}</p> : null}
        </div>
      ) : null}
    </fieldset>
  );
}
