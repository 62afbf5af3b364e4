import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "./forms";
import { AUTH_MESSAGES } from "#domain/messages.ts";
import { failureFromIssues, type FieldErrors } from "#domain/form-failure.ts";

/** Every field's messages of a refused parse, as the form shows them. */
const errorsOf = (r: { success: boolean; error?: z.ZodError }): FieldErrors | null =>
  r.success || !r.error ? null : failureFromIssues(r.error.issues).fieldErrors;
/** The one message of a parse refused for one reason (several are joined, so a test expecting one fails). */
const onlyMessage = (error: z.ZodError) => Object.values(failureFromIssues(error.issues).fieldErrors).flat().join(" | ");

const register = (v: Record<string, unknown>) =>
  registerSchema.safeParse({ name: "Ana", email: "ana@example.com", phone: "", password: "secreto1", ...v });
const messageOf = (r: ReturnType<typeof register>) => (r.success ? null : onlyMessage(r.error));

describe("registration form", () => {
  it("trims, lower-cases the e-mail and accepts an optional 10-digit phone", () => {
    const r = register({ name: "  Ana López ", email: " Ana@Example.COM ", phone: "55 1234-5678" });
    expect(r.success && r.data).toEqual({ name: "Ana López", email: "ana@example.com", phone: "5512345678", password: "secreto1" });
    expect(register({ phone: undefined }).success).toBe(true);
  });

  it("gives the Spanish messages", () => {
    expect(messageOf(register({ name: " " }))).toBe(AUTH_MESSAGES.nameRequired);
    expect(messageOf(register({ email: "" }))).toBe(AUTH_MESSAGES.emailRequired);
    expect(messageOf(register({ email: "ana@" }))).toBe(AUTH_MESSAGES.emailInvalid);
    expect(messageOf(register({ phone: "12345" }))).toBe(AUTH_MESSAGES.phoneInvalid);
    expect(messageOf(register({ password: "" }))).toBe(AUTH_MESSAGES.passwordRequired);
    expect(messageOf(register({ password: "12345" }))).toBe("La contraseña debe tener al menos 6 caracteres");
  });

  it("gives every field's messages at once, each under its field", () => {
    expect(errorsOf(register({ name: "", email: "ana@", phone: "123", password: "12345" }))).toEqual({
      name: [AUTH_MESSAGES.nameRequired],
      email: [AUTH_MESSAGES.emailInvalid],
      phone: [AUTH_MESSAGES.phoneInvalid],
      password: ["La contraseña debe tener al menos 6 caracteres"],
    });
  });

  it("refuses oversized and non-text input", () => {
    expect(messageOf(register({ name: "x".repeat(101) }))).toBe(AUTH_MESSAGES.nameTooLong);
    expect(messageOf(register({ password: "x".repeat(73) }))).toBe(AUTH_MESSAGES.passwordTooLong);
    expect(messageOf(register({ email: `${"a".repeat(250)}@example.com` }))).toBe(AUTH_MESSAGES.emailInvalid);
    expect(register({ name: { evil: true }, email: ["a@b.c"] }).success).toBe(false);
  });
});

describe("login form", () => {
  it("needs an e-mail and a password", () => {
    expect(loginSchema.safeParse({ email: "ANA@example.com", password: "x" })).toMatchObject({
      success: true,
      data: { email: "ana@example.com" },
    });
    expect(errorsOf(loginSchema.safeParse({ email: "", password: "" }))).toEqual({
      email: [AUTH_MESSAGES.emailRequired],
      password: [AUTH_MESSAGES.passwordRequired],
    });
    const noPassword = loginSchema.safeParse({ email: "ana@example.com", password: null });
    expect(noPassword.success ? null : onlyMessage(noPassword.error)).toBe(AUTH_MESSAGES.passwordRequired);
  });
});

describe("forgot and reset password forms", () => {
  const reset = (v: Record<string, unknown>) =>
    resetPasswordSchema.safeParse({ newPassword: "nueva123", confirmPassword: "nueva123", ...v });
  const messageOfReset = (r: ReturnType<typeof reset>) => (r.success ? null : onlyMessage(r.error));

  it("forgot password needs a valid e-mail", () => {
    expect(forgotPasswordSchema.safeParse({ email: " Ana@Example.com " })).toMatchObject({
      success: true,
      data: { email: "ana@example.com" },
    });
    const missing = forgotPasswordSchema.safeParse({ email: null });
    expect(missing.success ? null : onlyMessage(missing.error)).toBe(AUTH_MESSAGES.emailRequired);
  });

  it("reset password gives the Spanish messages in order: required, 6 characters, matching", () => {
    expect(reset({}).success).toBe(true);
    expect(messageOfReset(reset({ newPassword: "", confirmPassword: "" }))).toBe("La nueva contraseña es requerida");
    expect(errorsOf(reset({ newPassword: undefined }))).toEqual({
      newPassword: ["La nueva contraseña es requerida"],
      confirmPassword: ["Las contraseñas no coinciden"],
    });
    expect(messageOfReset(reset({ newPassword: "12345", confirmPassword: "12345" }))).toBe(
      "La contraseña debe tener al menos 6 caracteres",
    );
    expect(messageOfReset(reset({ confirmPassword: "otra1234" }))).toBe("Las contraseñas no coinciden");
    expect(messageOfReset(reset({ confirmPassword: undefined }))).toBe("Las contraseñas no coinciden");
    expect(messageOfReset(reset({ newPassword: ["a"], confirmPassword: ["a"] }))).toBe("La nueva contraseña es requerida");
  });
});
