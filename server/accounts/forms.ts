/**
 * Login and registration forms (docs/requirements.md#accounts-and-sessions): one zod schema each, with the
 * shop's Spanish messages. Every value is trimmed and length-capped. The route
 * parses the posted form with them (parseForm in app/lib/form.server.ts), so a
 * refused form shows every field's message next to its field.
 */
import { z } from "zod";
import { AUTH_MESSAGES, RESET_MESSAGES } from "#domain/messages.ts";
import { CONTROL_CHARACTER, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_PATTERN } from "#domain/forms.ts";

/** Form values as the schemas read them: anything that is not text reads as empty. */
export const trimmedText = (v: unknown) => (typeof v === "string" ? v.trim() : "");
export const rawText = (v: unknown) => (typeof v === "string" ? v : "");

const email = z
  .preprocess((v) => trimmedText(v).toLowerCase(), z.string().min(1, AUTH_MESSAGES.emailRequired).max(254, AUTH_MESSAGES.emailInvalid))
  .pipe(z.email({ message: AUTH_MESSAGES.emailInvalid }));

/** A password being chosen (registration, reset, change): required, then 6 to 72 characters (bcrypt's limit). */
const choosePassword = (requiredMessage: string) =>
  z
    .preprocess(rawText, z.string().min(1, requiredMessage))
    .pipe(z.string().min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort).max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong));

export const loginSchema = z.object({
  email,
  password: z.preprocess(rawText, z.string().min(1, AUTH_MESSAGES.passwordRequired).max(200, AUTH_MESSAGES.badCredentials)),
});

export const registerSchema = z.object({
  name: z.preprocess(
    trimmedText,
    z
      .string()
      .min(1, AUTH_MESSAGES.nameRequired)
      .max(100, AUTH_MESSAGES.nameTooLong)
      .refine((v) => !CONTROL_CHARACTER.test(v), AUTH_MESSAGES.nameInvalid),
  ),
  email,
  phone: z.preprocess(
    (v) => trimmedText(v).replace(/[\s()-]/g, ""),
    z.union([z.literal(""), z.string().regex(PHONE_PATTERN, AUTH_MESSAGES.phoneInvalid)]),
  ),
  password: choosePassword(AUTH_MESSAGES.passwordRequired),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });

/** A new password and its confirmation, which must match (reset and change password). */
export const newPasswordFields = {
  newPassword: choosePassword(RESET_MESSAGES.newPasswordRequired),
  confirmPassword: z.preprocess(rawText, z.string().max(200, RESET_MESSAGES.passwordsDontMatch)),
};

export const passwordsMatch = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;
/** The issue a mismatch raises, on the confirmation field. */
export const PASSWORDS_DONT_MATCH = { message: RESET_MESSAGES.passwordsDontMatch, path: ["confirmPassword"] };

export const resetPasswordSchema = z.object(newPasswordFields).refine(passwordsMatch, PASSWORDS_DONT_MATCH);
