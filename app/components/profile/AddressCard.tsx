/**
 * One saved address with its actions: edit, make default, delete. Deleting asks
 * first: with JavaScript a confirm dialog; without it, `?eliminar=` its id opens
 * the question in the card, with a confirming submit and a way back.
 */
import { Form, Link } from "react-router";
import { addressLines, type SavedAddress } from "#domain/address.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { tabUrl, useBusy } from "./tabs";

export const DELETE_QUESTION = "¿Estás seguro de eliminar esta dirección?";

export function AddressCard({ address, confirmingDelete }: { address: SavedAddress; confirmingDelete: boolean }) {
  const hydrated = useHydrated();
  const busyDefault = useBusy("set-default-address");
  const hash = `#direccion-${address._id}`;
  return (
    <>
      {address.isDefault ? <p className="badge address-default">Predeterminada</p> : null}
      <address className="address-text">
        {[...addressLines(address), address.country].map((line, i) => (
          <span key={i}>{line}</span>
        ))}
        {address.references ? <span className="address-references">Referencias: {address.references}</span> : null}
      </address>
      {confirmingDelete ? (
        <div className="address-confirm" role="group" aria-labelledby={`confirmar-${address._id}`}>
          <p id={`confirmar-${address._id}`}>{DELETE_QUESTION}</p>
          <div className="address-actions">
            <Form method="post" action={tabUrl("direcciones")}>
              <input type="hidden" name="intent" value="delete-address" />
              <input type="hidden" name="addressId" value={address._id} />
              <button type="submit" className="button button-danger" aria-label={`Eliminar dirección ${address.street}`}>
                Eliminar
              </button>
            </Form>
            <Link to={tabUrl("direcciones") + hash} className="button">
              Cancelar
            </Link>
          </div>
        </div>
      ) : (
        <div className="address-actions">
          <Link
            to={tabUrl("direcciones", { editar: address._id }) + hash}
            className="button"
            aria-label={`Editar dirección ${address.street}`}
          >
            Editar
          </Link>
          {address.isDefault ? null : (
            <Form method="post" action={tabUrl("direcciones")}>
              <input type="hidden" name="intent" value="set-default-address" />
              <input type="hidden" name="addressId" value={address._id} />
              <button
                type="submit"
                className="button"
                disabled={busyDefault}
                aria-label={`Establecer como predeterminada la dirección ${address.street}`}
              >
                Establecer como predeterminada
              </button>
            </Form>
          )}
          {hydrated ? (
            <Form
              method="post"
              action={tabUrl("direcciones")}
              onSubmit={(event) => {
                if (!window.confirm(DELETE_QUESTION)) event.preventDefault();
              }}
            >
              <input type="hidden" name="intent" value="delete-address" />
              <input type="hidden" name="addressId" value={address._id} />
              <button type="submit" className="button button-danger-quiet" aria-label={`Eliminar dirección ${address.street}`}>
                Eliminar
              </button>
            </Form>
          ) : (
            <Link
              to={tabUrl("direcciones", { eliminar: address._id }) + hash}
              className="button button-danger-quiet"
              aria-label={`Eliminar dirección ${address.street}`}
            >
              Eliminar
            </Link>
          )}
        </div>
      )}
    </>
  );
}
