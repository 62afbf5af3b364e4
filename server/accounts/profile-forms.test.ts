import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { failureFromIssues } from "#domain/form-failure.ts";
import { MEXICAN_STATES, isMexicanState } from "#domain/mexican-states.ts";
import { AUTH_MESSAGES } from "#domain/messages.ts";
import { PROFILE_INTENTS, addressIdSchema, addressSchema, isProfileIntent, passwordChangeSchema, profileSchema } from "./profile-forms";
import { PROFILE_MESSAGES, PROFILE_NOTICES, noticeText } from "#domain/messages.ts";

type Parse = { success: true } | { success: false; error: z.ZodError };
/** The one problem of a parse refused for one reason: its message and field (several would not match). */
function problem(r: Parse): { message: string; field: string | null } | null {
  if (r.success) return null;
  const { fieldErrors, formError } = failureFromIssues(r.error.issues);
  const fields = Object.entries(fieldErrors);
  if (fields.length === 0) return { message: formError ?? "", field: null };
  return { message: fields.map(([, messages]) => messages!.join(" | ")).join(" | "), field: fields.map(([field]) => field).join(",") };
}
const message = (r: Parse) => problem(r)?.message ?? null;

describe("personal information form", () => {
  const profile = (v: Record<string, unknown>) => profileSchema.safeParse({ name: "Ana", email: "ana@example.com", phone: "", ...v });

  it("trims, lower-cases the e-mail and takes an optional 10-digit phone", () => {
    const r = profile({ name: "  Ana López ", email: " Ana@Example.COM ", phone: "55 1234-5678" });
    expect(r.success && r.data).toEqual({ name: "Ana López", email: "ana@example.com", phone: "5512345678" });
    expect(profile({ phone: undefined }).success).toBe(true);
    expect(profile({ phone: "" }).success).toBe(true);
  });

  it("uses the registration's Spanish messages, tied to the field", () => {
    expect(problem(profile({ name: "  " }))).toEqual({ message: AUTH_MESSAGES.nameRequired, field: "name" });
    expect(problem(profile({ email: "" }))).toEqual({ message: AUTH_MESSAGES.emailRequired, field: "email" });
    expect(problem(profile({ email: "ana@" }))).toEqual({ message: AUTH_MESSAGES.emailInvalid, field: "email" });
    expect(problem(profile({ phone: "12345" }))).toEqual({ message: AUTH_MESSAGES.phoneInvalid, field: "phone" });
  });

  it("refuses oversized and non-text input", () => {
    expect(message(profile({ name: "x".repeat(101) }))).toBe(AUTH_MESSAGES.nameTooLong);
    expect(message(profile({ email: `${"a".repeat(250)}@example.com` }))).toBe(AUTH_MESSAGES.emailInvalid);
    expect(message(profile({ name: { $ne: "" } }))).toBe(AUTH_MESSAGES.nameRequired);
    expect(message(profile({ email: ["ana@example.com"] }))).toBe(AUTH_MESSAGES.emailRequired);
    expect(profile({ phone: 5512345678 }).success).toBe(true); // a number is not text: read as empty
    expect(profile({ name: new Blob(["x"]) }).success).toBe(false);
  });
});

describe("password change form", () => {
  const change = (v: Record<string, unknown>) =>
    passwordChangeSchema.safeParse({ currentPassword: "vieja123", newPassword: "nueva123", confirmPassword: "nueva123", ...v });

  it("accepts a current password and a matching new one of 6 or more characters, untrimmed", () => {
    expect(change({}).success).toBe(true);
    const spaced = change({ newPassword: " nueva ", confirmPassword: " nueva " });
    expect(spaced.success && spaced.data.newPassword).toBe(" nueva ");
  });

  it("gives every Spanish message", () => {
    expect(problem(change({ currentPassword: "" }))).toEqual({
      message: PROFILE_MESSAGES.currentPasswordRequired,
      field: "currentPassword",
    });
    expect(problem(change({ newPassword: "", confirmPassword: "" }))).toEqual({
      message: "La nueva contraseña es requerida",
      field: "newPassword",
    });
    expect(problem(change({ newPassword: "12345", confirmPassword: "12345" }))).toEqual({
      message: "La contraseña debe tener al menos 6 caracteres",
      field: "newPassword",
    });
    expect(problem(change({ confirmPassword: "otra123" }))).toEqual({ message: "Las contraseñas no coinciden", field: "confirmPassword" });
    expect(message(change({ confirmPassword: "" }))).toBe("Las contraseñas no coinciden");
  });

  it("refuses oversized and non-text input", () => {
    expect(message(change({ newPassword: "x".repeat(73), confirmPassword: "x".repeat(73) }))).toBe(AUTH_MESSAGES.passwordTooLong);
    expect(message(change({ currentPassword: "x".repeat(201) }))).toBe(PROFILE_MESSAGES.currentPasswordWrong);
    expect(message(change({ confirmPassword: "x".repeat(201) }))).toBe("Las contraseñas no coinciden");
    expect(message(change({ currentPassword: ["vieja123"] }))).toBe(PROFILE_MESSAGES.currentPasswordRequired);
    expect(message(change({ newPassword: { length: 10 }, confirmPassword: { length: 10 } }))).toBe("La nueva contraseña es requerida");
  });
});

describe("address form", () => {
  const valid = { street: "Calle 5 de Mayo 10", colonia: "", city: "Puebla", state: "Puebla", zipCode: "72000", references: "" };
  const address = (v: Record<string, unknown>) => addressSchema.safeParse({ ...valid, ...v });

  it("trims, turns blank optional fields into null and reads the default checkbox", () => {
    const r = address({ street: "  Av. Juárez 1 ", colonia: " Centro ", references: " Portón verde ", zipCode: " 06000 " });
    expect(r.success && r.data).toEqual({
      street: "Av. Juárez 1",
      colonia: "Centro",
      city: "Puebla",
      state: "Puebla",
      zipCode: "06000",
      references: "Portón verde",
      makeDefault: false,
    });
    const plain = address({});
    expect(plain.success && plain.data).toMatchObject({ colonia: null, references: null, makeDefault: false });
    const checked = address({ makeDefault: "on" });
    expect(checked.success && checked.data.makeDefault).toBe(true);
    for (const hostile of ["off", "false", "yes", ["on"], { on: true }]) {
      const r2 = address({ makeDefault: hostile });
      expect(r2.success).toBe(true);
      expect(r2.success && r2.data.makeDefault).toBe(false);
    }
  });

  it("accepts every one of the 32 states and nothing else", () => {
    expect(MEXICAN_STATES).toHaveLength(32);
    expect(new Set(MEXICAN_STATES).size).toBe(32);
    for (const state of MEXICAN_STATES) expect(address({ state }).success).toBe(true);
    for (const state of ["Texas", "puebla", "CDMX", "Distrito Federal", "Ciudad de Mexico", "Puebla; drop table"]) {
      expect(problem(address({ state }))).toEqual({ message: PROFILE_MESSAGES.stateInvalid, field: "state" });
    }
    expect(isMexicanState("Yucatán")).toBe(true);
    expect(isMexicanState("toString")).toBe(false);
  });

  it("gives the Spanish message for every required or malformed field", () => {
    expect(problem(address({ street: " " }))).toEqual({ message: "La calle es requerida", field: "street" });
    expect(problem(address({ city: "" }))).toEqual({ message: "La ciudad es requerida", field: "city" });
    expect(problem(address({ state: "" }))).toEqual({ message: "El estado es requerido", field: "state" });
    expect(problem(address({ zipCode: "" }))).toEqual({ message: "El código postal es requerido", field: "zipCode" });
    for (const zipCode of ["1234", "123456", "12a45", "12 345", "１２３４５", "-1234"]) {
      expect(problem(address({ zipCode }))).toEqual({ message: "El código postal debe tener 5 dígitos", field: "zipCode" });
    }
    // Every field at fault gets its own message, in form order.
    const both = address({ street: "", city: "" });
    expect(both.success ? null : failureFromIssues(both.error.issues).fieldErrors).toEqual({
      street: ["La calle es requerida"],
      city: ["La ciudad es requerida"],
    });
  });

  it("refuses oversized values instead of cutting them", () => {
    expect(message(address({ street: "x".repeat(201) }))).toBe(PROFILE_MESSAGES.streetTooLong);
    expect(address({ street: "x".repeat(200) }).success).toBe(true);
    expect(message(address({ colonia: "x".repeat(101) }))).toBe(PROFILE_MESSAGES.coloniaTooLong);
    expect(message(address({ city: "x".repeat(101) }))).toBe(PROFILE_MESSAGES.cityTooLong);
    expect(message(address({ references: "x".repeat(301) }))).toBe(PROFILE_MESSAGES.referencesTooLong);
  });

  it("reads non-text input as empty", () => {
    expect(message(address({ street: ["Calle 1"] }))).toBe("La calle es requerida");
    expect(message(address({ city: { toString: () => "Puebla" } }))).toBe("La ciudad es requerida");
    expect(message(address({ zipCode: 72000 }))).toBe("El código postal es requerido");
    expect(message(address({ state: null }))).toBe("El estado es requerido");
    const r = address({ colonia: 5, references: new Blob(["x"]) });
    expect(r.success && r.data).toMatchObject({ colonia: null, references: null });
  });
});

describe("address id, intent and notices", () => {
  it("an address id is 24 lowercase hex characters", () => {
    expect(addressIdSchema.safeParse("0123456789abcdef01234567").success).toBe(true);
    for (const bad of [
      "",
      "0123456789ABCDEF01234567",
      "123",
      "0123456789abcdef012345678",
      "' or 1=1 --",
      null,
      5,
      ["0123456789abcdef01234567"],
    ]) {
      expect(addressIdSchema.safeParse(bad).success).toBe(false);
    }
  });

  it("knows the six intents and nothing else", () => {
    for (const intent of PROFILE_INTENTS) expect(isProfileIntent(intent)).toBe(true);
    for (const bad of ["", "UPDATE-PROFILE", "drop", "constructor", null, ["add-address"]]) expect(isProfileIntent(bad)).toBe(false);
  });

  it("maps a notice key to its Spanish text, and anything else to nothing", () => {
    expect(noticeText("address-added")).toBe("Dirección agregada exitosamente");
    expect(Object.values(PROFILE_NOTICES)).toEqual([
      "Perfil actualizado exitosamente",
      "Contraseña actualizada exitosamente",
      "Dirección agregada exitosamente",
      "Dirección actualizada exitosamente",
      "Dirección eliminada exitosamente",
      "Dirección predeterminada actualizada",
    ]);
    for (const bad of [null, "", "<script>alert(1)</script>", "constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(noticeText(bad)).toBeNull();
    }
  });
});
