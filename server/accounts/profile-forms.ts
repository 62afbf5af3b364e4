/**
 * The profile's forms (SPEC §2 "Profile", §5, §8): personal information,
 * password change and addresses. One zod schema each, with the shop's Spanish
 * messages; every value is trimmed and length-capped, and anything that is not
 * text reads as empty. The success messages are looked up by a fixed key, so a
 * URL can carry a key but never the text shown.
 */
import { z } from "zod";
import { MEXICAN_STATES, isMexicanState } from "../../app/lib/mexican-states";
import { PASSWORDS_DONT_MATCH, firstMessage, newPasswordFields, passwordsMatch, rawText, registerSchema, trimmedText } from "./forms";

export const PROFILE_INTENTS = [
  "update-profile",
  "change-password",
  "add-address",
  "update-address",
  "set-default-address",
  "delete-address",
] as const;

export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

/** Caps on the address fields (characters), the same as the inputs' maxLength. */
export const ADDRESS_LIMITS = { street: 200, colonia: 100, city: 100, references: 300 } as const;

/** How many addresses one customer may keep, so the table can't be flooded. */
export const MAX_ADDRESSES_PER_USER = 20;

export const PROFILE_MESSAGES = {
  // SPEC §8, the generic ones (a more precise message is preferred when there is one).
  updateFailed: "Error al actualizar",
  passwordFailed: "Error al cambiar contraseña",
  addressAddFailed: "Error al agregar dirección",
  addressUpdateFailed: "Error al actualizar dirección",
  addressDeleteFailed: "Error al eliminar dirección",
  invalidRequest: "La solicitud no es válida.",
  // Password change.
  currentPasswordRequired: "La contraseña actual es requerida",
  currentPasswordWrong: "La contraseña actual es incorrecta",
  // Addresses.
  streetRequired: "La calle es requerida",
  streetTooLong: `La calle no puede tener más de ${ADDRESS_LIMITS.street} caracteres`,
  coloniaTooLong: `La colonia no puede tener más de ${ADDRESS_LIMITS.colonia} caracteres`,
  cityRequired: "La ciudad es requerida",
  cityTooLong: `La ciudad no puede tener más de ${ADDRESS_LIMITS.city} caracteres`,
  stateRequired: "El estado es requerido",
  stateInvalid: "Selecciona un estado de la lista",
  zipRequired: "El código postal es requerido",
  zipInvalid: "El código postal debe tener 5 dígitos",
  referencesTooLong: `Las referencias no pueden tener más de ${ADDRESS_LIMITS.references} caracteres`,
  tooManyAddresses: `Puedes guardar hasta ${MAX_ADDRESSES_PER_USER} direcciones. Elimina alguna para agregar otra.`,
} as const;

/** Success messages of SPEC §8, by the key a redirect carries (`?ok=address-added`). */
export const PROFILE_NOTICES = {
  "profile-updated": "Perfil actualizado exitosamente",
  "password-changed": "Contraseña actualizada exitosamente",
  "address-added": "Dirección agregada exitosamente",
  "address-updated": "Dirección actualizada exitosamente",
  "address-deleted": "Dirección eliminada exitosamente",
  "default-address": "Dirección predeterminada actualizada",
} as const;

export type ProfileNotice = keyof typeof PROFILE_NOTICES;

/** The Spanish text for a notice key from the URL; null for anything else (never the raw value). */
export function noticeText(key: unknown): string | null {
  return typeof key === "string" && Object.hasOwn(PROFILE_NOTICES, key) ? PROFILE_NOTICES[key as ProfileNotice] : null;
}

export function isProfileIntent(value: unknown): value is ProfileIntent {
  return typeof value === "string" && (PROFILE_INTENTS as readonly string[]).includes(value);
}

/** Name, e-mail and phone with exactly the registration rules and messages. */
export const profileSchema = registerSchema.pick({ name: true, email: true, phone: true });

export const passwordChangeSchema = z
  .object({
    currentPassword: z.preprocess(
      rawText,
      z.string().min(1, PROFILE_MESSAGES.currentPasswordRequired).max(200, PROFILE_MESSAGES.currentPasswordWrong),
    ),
    ...newPasswordFields,
  })
  .refine(passwordsMatch, PASSWORDS_DONT_MATCH);

const optionalText = (max: number, tooLong: string) =>
  z.preprocess(trimmedText, z.string().max(max, tooLong)).transform((v) => (v === "" ? null : v));

/** An HTML checkbox: checked sends "on" (or a value we set); anything else is unchecked. */
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === "1", z.boolean());

export const addressSchema = z.object({
  street: z.preprocess(trimmedText, z.string().min(1, PROFILE_MESSAGES.streetRequired).max(ADDRESS_LIMITS.street, PROFILE_MESSAGES.streetTooLong)),
  colonia: optionalText(ADDRESS_LIMITS.colonia, PROFILE_MESSAGES.coloniaTooLong),
  city: z.preprocess(trimmedText, z.string().min(1, PROFILE_MESSAGES.cityRequired).max(ADDRESS_LIMITS.city, PROFILE_MESSAGES.cityTooLong)),
  state: z.preprocess(
    trimmedText,
    z
      .string()
      .min(1, PROFILE_MESSAGES.stateRequired)
      .refine((v) => v === "" || isMexicanState(v), PROFILE_MESSAGES.stateInvalid)
      .transform((v) => v as (typeof MEXICAN_STATES)[number]),
  ),
  zipCode: z.preprocess(trimmedText, z.string().min(1, PROFILE_MESSAGES.zipRequired).regex(/^\d{5}$/, PROFILE_MESSAGES.zipInvalid)),
  references: optionalText(ADDRESS_LIMITS.references, PROFILE_MESSAGES.referencesTooLong),
  makeDefault: checkbox,
});

/** An address id as the forms send it: 24 lowercase hex characters, else nothing. */
export const addressIdSchema = z.preprocess(trimmedText, z.string().regex(/^[0-9a-f]{24}$/));

export type ProfileInput = z.infer<typeof profileSchema>;
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
export type AddressInput = z.infer<typeof addressSchema>;

/** The first problem of a failed parse: its Spanish message and the field it belongs to. */
export function firstProblem(error: z.ZodError): { message: string; field: string | null } {
  const path = error.issues[0]?.path[0];
  return { message: firstMessage(error), field: typeof path === "string" ? path : null };
}
