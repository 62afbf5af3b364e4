import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, firstMessage, loginSchema, registerSchema } from "./forms";

const register = (v: Record<string, unknown>) => registerSchema.safeParse({ name: "Ana", email: "ana@example.com", phone: "", password: "secreto1", ...v });
const messageOf = (r: ReturnType<typeof register>) => (r.success ? null : firstMessage(r.error));

describe("registration form", () => {
  it("trims, lower-cases the e-mail and accepts an optional 10-digit phone", () => {
    const r = register({ name: "  Ana López ", email: " Ana@Example.COM ", phone: "55 1234-5678" });
    expect(r.success && r.data).toEqual({ name: "Ana López", email: "ana@example.com", phone: "5512345678", password: "secreto1" });
    expect(register({ phone: undefined }).success).toBe(true);
  });

  it("gives the spec's Spanish messages", () => {
    expect(messageOf(register({ name: " " }))).toBe(AUTH_MESSAGES.nameRequired);
    expect(messageOf(register({ email: "" }))).toBe(AUTH_MESSAGES.emailRequired);
    expect(messageOf(register({ email: "ana@" }))).toBe(AUTH_MESSAGES.emailInvalid);
    expect(messageOf(register({ phone: "12345" }))).toBe(AUTH_MESSAGES.phoneInvalid);
    expect(messageOf(register({ password: "" }))).toBe(AUTH_MESSAGES.passwordRequired);
    expect(messageOf(register({ password: "12345" }))).toBe("La contraseña debe tener al menos 6 caracteres");
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
    expect(loginSchema.safeParse({ email: "ANA@example.com", password: "x" })).toMatchObject({ success: true, data: { email: "ana@example.com" } });
    const missing = loginSchema.safeParse({ email: "", password: "" });
    expect(missing.success ? null : firstMessage(missing.error)).toBe(AUTH_MESSAGES.emailRequired);
    const noPassword = loginSchema.safeParse({ email: "ana@example.com", password: null });
    expect(noPassword.success ? null : firstMessage(noPassword.error)).toBe(AUTH_MESSAGES.passwordRequired);
  });
});
