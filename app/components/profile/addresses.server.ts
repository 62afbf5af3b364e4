/**
 * 'Direcciones': add, edit, make default and delete one of the customer's own
 * addresses (intents `add-address`, `update-address`, `set-default-address`,
 * `delete-address`). A malformed, unknown or foreign address id is a 404 with
 * the form's generic message, and nothing changes.
 */
import { failureOf } from "#domain/form-failure.ts";
import { PROFILE_MESSAGES } from "#domain/messages.ts";
import { enteredValues, formInput, parseForm, refuse } from "#app/lib/form.server.ts";
import { addAddress, deleteAddress, setDefaultAddress, updateAddress } from "#server/accounts/addresses.server.ts";
import { addressIdSchema, addressSchema } from "#server/accounts/profile-forms.ts";
import { done, refuseProfileChange, type ProfileActionArgs } from "./profile-action.server";

export const ADD_ADDRESS = "add-address";
export const UPDATE_ADDRESS = "update-address";
export const SET_DEFAULT_ADDRESS = "set-default-address";
export const DELETE_ADDRESS = "delete-address";

/** The fields typed into an address form, to show again when it is refused. */
const typedAddress = (form: FormData) => enteredValues(form, Object.keys(addressSchema.shape));

export async function addAddressAction({ context, user, form }: ProfileActionArgs) {
  const refusal = { intent: ADD_ADDRESS, values: typedAddress(form) };
  const parsed = parseForm(addressSchema, formInput(addressSchema, form), refusal);
  if (!parsed.ok) return refuse(parsed.failure);
  try {
    await addAddress(context.db, user.id, parsed.value);
  } catch (error) {
    return refuseProfileChange(error, { context, generic: PROFILE_MESSAGES.addressAddFailed, refusal });
  }
  return done("direcciones", "address-added");
}

export async function updateAddressAction({ context, user, form }: ProfileActionArgs) {
  const generic = PROFILE_MESSAGES.addressUpdateFailed;
  const addressId = addressIdSchema.safeParse(form.get("addressId"));
  if (!addressId.success) return refuse(failureOf(generic, { intent: UPDATE_ADDRESS }), 404);
  // The address's id goes back with the values, so the refused form opens again in its card.
  const refusal = { intent: UPDATE_ADDRESS, values: { ...typedAddress(form), addressId: addressId.data } };
  const parsed = parseForm(addressSchema, formInput(addressSchema, form), refusal);
  if (!parsed.ok) return refuse(parsed.failure);
  try {
    await updateAddress(context.db, user.id, addressId.data, parsed.value);
  } catch (error) {
    return refuseProfileChange(error, { context, generic, refusal });
  }
  return done("direcciones", "address-updated");
}

export async function setDefaultAddressAction({ context, user, form }: ProfileActionArgs) {
  const generic = PROFILE_MESSAGES.addressUpdateFailed;
  const addressId = addressIdSchema.safeParse(form.get("addressId"));
  if (!addressId.success) return refuse(failureOf(generic, { intent: SET_DEFAULT_ADDRESS }), 404);
  try {
    await setDefaultAddress(context.db, user.id, addressId.data);
  } catch (error) {
    return refuseProfileChange(error, { context, generic, refusal: { intent: SET_DEFAULT_ADDRESS } });
  }
  return done("direcciones", "default-address");
}

export async function deleteAddressAction({ context, user, form }: ProfileActionArgs) {
  const generic = PROFILE_MESSAGES.addressDeleteFailed;
  const addressId = addressIdSchema.safeParse(form.get("addressId"));
  if (!addressId.success) return refuse(failureOf(generic, { intent: DELETE_ADDRESS }), 404);
  try {
    await deleteAddress(context.db, user.id, addressId.data);
  } catch (error) {
    return refuseProfileChange(error, { context, generic, refusal: { intent: DELETE_ADDRESS } });
  }
  return done("direcciones", "address-deleted");
}
