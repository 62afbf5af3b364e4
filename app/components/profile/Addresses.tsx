/**
 * 'Direcciones': the saved addresses (the default marked), each with edit, make
 * default and delete, and the form to add one (while under the cap).
 */
import { Form, useLocation } from "react-router";
import { AddressFields } from "#app/components/AddressFields.tsx";
import { CheckboxField, FormError } from "#app/components/forms.tsx";
import { firstFieldAtFault, type FormFailure } from "#domain/form-failure.ts";
import type { SavedAddress } from "#domain/address.ts";
import { AddressCard } from "./AddressCard";
import { EditAddress } from "./EditAddress";
import { tabUrl, useBusy } from "./tabs";

function addressCountText(n: number): string {
  if (n === 0) return "Aún no tienes direcciones guardadas.";
  return n === 1 ? "Tienes 1 dirección guardada" : `Tienes ${n} direcciones guardadas`;
}

export function Addresses({
  addresses,
  editingId,
  deletingId,
  capMessage,
  failure,
}: {
  addresses: SavedAddress[];
  editingId: string | null;
  deletingId: string | null;
  capMessage: string | null;
  /** A refused post of the add form or of the open edit form. */
  failure: FormFailure | undefined;
}) {
  const location = useLocation();
  const busy = useBusy("add-address");
  const addFailure = failure?.intent === "add-address" ? failure : undefined;
  return (
    <>
      <h2 id="perfil-panel-titulo">Mis direcciones</h2>
      <p className="address-count">{addressCountText(addresses.length)}</p>
      {addresses.length > 0 ? (
        <ul className="address-list">
          {addresses.map((address) => (
            <li
              key={address._id}
              id={`direccion-${address._id}`}
              className={address.isDefault ? "address-card is-default" : "address-card"}
            >
              {address._id === editingId ? (
                <EditAddress
                  address={address}
                  failure={failure?.intent === "update-address" && failure.values.addressId === address._id ? failure : undefined}
                />
              ) : (
                <AddressCard address={address} confirmingDelete={address._id === deletingId} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <section className="address-add" aria-labelledby="agregar-direccion-titulo">
        <h3 id="agregar-direccion-titulo">Agregar dirección</h3>
        {capMessage ? (
          <p>{capMessage}</p>
        ) : (
          <Form method="post" action={tabUrl("direcciones")} className="profile-form address-form" key={location.key}>
            <input type="hidden" name="intent" value="add-address" />
            <AddressFields
              idPrefix="nueva"
              values={addFailure?.values ?? {}}
              errors={addFailure?.fieldErrors ?? {}}
              autoFocusField={firstFieldAtFault(addFailure)}
            />
            {addresses.length > 0 ? (
              <CheckboxField
                label="Usar como predeterminada"
                inputProps={{ id: "nueva-predeterminada", name: "makeDefault", defaultChecked: addFailure?.values.makeDefault === "on" }}
              />
            ) : (
              <p className="field-hint">Tu primera dirección será la predeterminada.</p>
            )}
            <FormError id="nueva-direccion-error" message={addFailure?.formError} />
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? "Guardando..." : "Agregar dirección"}
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
