/**
 * Login and registration forms (SPEC §2, §5): one zod schema each, with the
 * shop's Spanish messages. Every value is trimmed and length-capped.
 */
import { z } from "zod";

export const AUTH_MESSAGES = {
  nameRequired: "El nombre es requerido",
  nameTooLong: "El nombre es demasiado largo",
  emailRequired: "El correo electrónico es requerido",
  emailInvalid: "Ingresa un correo electrónico válido",
  phoneInvalid: "El teléfono debe tener 10 dígitos",
  passwordRequired: "La contraseña es requerida",
  passwordTooShort: "La contraseña debe tener al menos 6 caracteres",
  passwordTooLong: "La contraseña no puede tener más de 72 caracteres",
  emailTaken: "Ya existe una cuenta con este correo electrónico",
  badCredentials: "Correo electrónico o contraseña incorrectos",
  fallback: "Error al procesar la solicitud. Verifica tus datos.",
} as const;

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

const email = z
  .preprocess((v) => text(v).toLowerCase(), z.string().min(1, AUTH_MESSAGES.emailRequired).max(254, AUTH_MESSAGES.emailInvalid))
  .pipe(z.email({ message: AUTH_MESSAGES.emailInvalid }));

const password = z
  .preprocess((v) => (typeof v === "string" ? v : ""), z.string().min(1, AUTH_MESSAGES.passwordRequired))
  .pipe(z.string().min(6, AUTH_MESSAGES.passwordTooShort).max(72, AUTH_MESSAGES.passwordTooLong));

export const loginSchema = z.object({
  email,
  password: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string().min(1, AUTH_MESSAGES.passwordRequired).max(200, AUTH_MESSAGES.badCredentials)),
});

export const registerSchema = z.object({
  name: z.preprocess(text, z.string().min(1, AUTH_MESSAGES.nameRequired).max(100, AUTH_MESSAGES.nameTooLong)),
  email,
  phone: z.preprocess(
    (v) => text(v).replace(/[\s()-]/g, ""),
    z.union([z.literal(""), z.string().regex(/^\d{10}$/, AUTH_MESSAGES.phoneInvalid)]),
  ),
  password,
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

/** The first validation message, for the form's error line (SPEC §8). */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? AUTH_MESSAGES.fallback;
}

export function formFields(form: FormData): Record<string, unknown> {
  return { name: form.get("name"), email: form.get("email"), phone: form.get("phone"), password: form.get("password") };
}

/** Forgot and reset password (SPEC §5, §8). */
export const RESET_MESSAGES = {
  newPasswordRequired: "La nueva contraseña es requerida",
  passwordsDontMatch: "Las contraseñas no coinciden",
  tokenMissing: "Token no proporcionado",
  tokenInvalid: "Token inválido o expirado",
  forgotFallback: "Error al procesar la solicitud",
  resetFallback: "Error al restablecer la contraseña",
} as const;

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    newPassword: z
      .preprocess((v) => (typeof v === "string" ? v : ""), z.string().min(1, RESET_MESSAGES.newPasswordRequired))
      .pipe(z.string().min(6, AUTH_MESSAGES.passwordTooShort).max(72, AUTH_MESSAGES.passwordTooLong)),
    confirmPassword: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string()),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: RESET_MESSAGES.passwordsDontMatch, path: ["confirmPassword"] });
