/**
 * The profile's forms (docs/requirements.md#accounts-and-sessions): personal information,
 * password change and addresses. One zod schema each, with the shop's Spanish
 * messages; every value is trimmed and length-capped, and anything that is not
 * text reads as empty. The success messages are looked up by a fixed key, so a
 * URL can carry a key but never the text shown.
 */
import { z } from "zod";
import { MEXICAN_STATES, isMexicanState } from "#domain/mexican-states.ts";
import {
  ADDRESS_LIMITS,
  CONTROL_CHARACTER,
  CONTROL_CHARACTER_BUT_LINE_BREAKS,
  ZIP_CODE_PATTERN,
  normalizeLineBreaks,
} from "#domain/forms.ts";
import { ID_PATTERN } from "#domain/ids.ts";
import { PROFILE_MESSAGES } from "#domain/messages.ts";
import { PASSWORDS_DONT_MATCH, newPasswordFields, passwordsMatch, rawText, registerSchema, trimmedText } from "./forms";

export const PROFILE_INTENTS = [
  "update-profile",
  "change-password",
  "add-address",
  "update-address",
  "set-default-address",
  "delete-address",
] as const;

export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

export function isProfileIntent(value: unknown): value is ProfileIntent {
  return typeof value === "string" && (PROFILE_INTENTS as readonly string[]).includes(value);
}

/** Name, e-mail and phone with exactly the registration rules and messages. */
export const profileSchema = registerSchema.pick({ name: true, email: true, phone: true });

/**
 * The 'Información personal' form: the profile, plus the current password that
 * only a change of e-mail needs (empty is fine for a name or phone change).
 * Taken as typed, like every password (never trimmed).
 */
export const profileChangeSchema = profileSchema.extend({
  currentPassword: z.preprocess(rawText, z.string().max(200, PROFILE_MESSAGES.currentPasswordWrong)),
});

export const passwordChangeSchema = z
  .object({
    currentPassword: z.preprocess(
      rawText,
      z.string().min(1, PROFILE_MESSAGES.currentPasswordRequired).max(200, PROFILE_MESSAGES.currentPasswordWrong),
    ),
    ...newPasswordFields,
  })
  .refine(passwordsMatch, PASSWORDS_DONT_MATCH);

/** Address text: trimmed, capped, and free of control characters (line breaks allowed where the field has several lines). */
const addressText = (max: number, tooLong: string, lines: "one" | "several" = "one") =>
  z
    .string()
    .max(max, tooLong)
    .refine((v) => !(lines === "one" ? CONTROL_CHARACTER : CONTROL_CHARACTER_BUT_LINE_BREAKS).test(v), PROFILE_MESSAGES.invalidCharacters);

const requiredText = (max: number, required: string, tooLong: string) =>
  z.preprocess(trimmedText, z.string().min(1, required).pipe(addressText(max, tooLong)));

const optionalText = (max: number, tooLong: string, lines: "one" | "several" = "one") =>
  z.preprocess(trimmedText, addressText(max, tooLong, lines)).transform((v) => (v === "" ? null : v));

/** An HTML checkbox: checked sends "on" (or a value we set); anything else is unchecked. */
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === "1", z.boolean());

export const addressSchema = z.object({
  street: requiredText(ADDRESS_LIMITS.street, PROFILE_MESSAGES.streetRequired, PROFILE_MESSAGES.streetTooLong),
  colonia: optionalText(ADDRESS_LIMITS.colonia, PROFILE_MESSAGES.coloniaTooLong),
  // An empty zip code is only "required" (the pipe stops there), not also malformed.
  zipCode: z.preprocess(
    trimmedText,
    z.string().min(1, PROFILE_MESSAGES.zipRequired).pipe(z.string().regex(ZIP_CODE_PATTERN, PROFILE_MESSAGES.zipInvalid)),
  ),
  city: requiredText(ADDRESS_LIMITS.city, PROFILE_MESSAGES.cityRequired, PROFILE_MESSAGES.cityTooLong),
  state: z.preprocess(
    trimmedText,
    z
      .string()
      .min(1, PROFILE_MESSAGES.stateRequired)
      .refine((v) => v === "" || isMexicanState(v), PROFILE_MESSAGES.stateInvalid)
      .transform((v) => v as (typeof MEXICAN_STATES)[number]),
  ),
  // Checked and kept with its line breaks as the textarea counted them (LF), not as posted (CRLF, two each).
  references: z.preprocess(
    (v) => (typeof v === "string" ? normalizeLineBreaks(v) : v),
    optionalText(ADDRESS_LIMITS.references, PROFILE_MESSAGES.referencesTooLong, "several"),
  ),
  makeDefault: checkbox,
});

/** An address id as the forms send it: 24 lowercase hex characters, else nothing. */
export const addressIdSchema = z.preprocess(trimmedText, z.string().regex(ID_PATTERN));

export type ProfileInput = z.infer<typeof profileSchema>;
export type ProfileChangeInput = z.infer<typeof profileChangeSchema>;
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
export type AddressInput = z.infer<typeof addressSchema>;
