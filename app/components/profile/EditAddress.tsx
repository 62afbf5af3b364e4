/** One saved address's form, opened in place of its card (`?editar=` its id). */
import { Form, Link, useLocation } from "react-router";
import { AddressFields } from "#app/components/AddressFields.tsx";
import { CheckboxField, FormError } from "#app/components/forms.tsx";
import { firstFieldAtFault, type FormFailure } from "#domain/form-failure.ts";
import type { SavedAddress } from "#domain/address.ts";
import { tabUrl, useBusy } from "./tabs";

/** The saved address as the form's values. */
const savedValues = ({ street, colonia, city, state, zipCode, references }: SavedAddress) => ({
  street,
  colonia,
  city,
  state,
  zipCode,
  references,
});

export function EditAddress({ address, failure }: { address: SavedAddress; failure: FormFailure | undefined }) {
  const location = useLocation();
  const busy = useBusy("update-address");
  const prefix = `editar-${address._id}`;
  return (
    <Form
      method="post"
      action={tabUrl("direcciones", { editar: address._id })}
      className="profile-form address-form"
      key={location.key}
      aria-labelledby={`${prefix}-titulo`}
    >
      <h3 id={`${prefix}-titulo`}>Editar dirección</h3>
      <input type="hidden" name="intent" value="update-address" />
      <input type="hidden" name="addressId" value={address._id} />
      <AddressFields
        idPrefix={prefix}
        values={failure?.values ?? savedValues(address)}
        errors={failure?.fieldErrors ?? {}}
        autoFocusField={firstFieldAtFault(failure)}
      />
      {address.isDefault ? null : (
        <CheckboxField
          label="Usar como predeterminada"
          inputProps={{ id: `${prefix}-predeterminada`, name: "makeDefault", defaultChecked: failure?.values.makeDefault === "on" }}
        />
      )}
      <FormError id={`${prefix}-error`} message={failure?.formError} />
      <div className="address-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Guardando..." : "Guardar dirección"}
        </button>
        <Link to={tabUrl("direcciones") + `#direccion-${address._id}`} className="button">
          Cancelar
        </Link>
      </div>
    </Form>
  );
}
