import { describe, expect, it } from "vitest";
import { z } from "zod";
import { failureFor, failureFromIssues, failureOf, firstFieldAtFault } from "./form-failure";

describe("failureFromIssues", () => {
  const schema = z
    .object({
      name: z.string().min(1, "Falta el nombre").max(3, "Nombre muy largo"),
      phone: z.string().regex(/^\d{10}$/, "Teléfono inválido"),
      address: z.object({ street: z.string().min(1, "Falta la calle") }),
      password: z.string(),
      confirm: z.string(),
    })
    .refine((v) => v.password === v.confirm, { message: "No coinciden", path: ["confirm"] })
    .refine(() => false, { message: "Todo mal" });

  it("puts every field's message next to its field, nested paths joined, and a pathless one on the form", () => {
    const parsed = schema.safeParse({ name: "", phone: "12", address: { street: "" }, password: "a", confirm: "b" });
    expect(parsed.success).toBe(false);
    const failure = failureFromIssues(parsed.error!.issues, { intent: "save", values: { name: "" } });
    expect(failure).toEqual({
      intent: "save",
      formError: "Todo mal",
      fieldErrors: {
        name: ["Falta el nombre"],
        phone: ["Teléfono inválido"],
        "address.street": ["Falta la calle"],
        confirm: ["No coinciden"],
      },
      values: { name: "" },
    });
  });

  it("keeps each message once per field, in order, and takes the first pathless message as the form's", () => {
    const failure = failureFromIssues([
      { path: ["a"], message: "uno" },
      { path: ["a"], message: "dos" },
      { path: ["a"], message: "uno" },
      { path: [], message: "general" },
      { path: [], message: "otro" },
    ]);
    expect(failure.fieldErrors).toEqual({ a: ["uno", "dos"] });
    expect(failure.formError).toBe("general");
    expect(firstFieldAtFault(failure)).toBe("a");
  });
});

describe("failureOf / failureFor", () => {
  it("a service's refusal is the form's message, or one field's", () => {
    expect(failureOf("Sin stock")).toEqual({ formError: "Sin stock", fieldErrors: {}, values: {} });
    expect(failureOf("Ya existe", { field: "email", intent: "x", values: { email: "a@b.mx" } })).toEqual({
      intent: "x",
      fieldErrors: { email: ["Ya existe"] },
      values: { email: "a@b.mx" },
    });
  });

  it("a page with several forms shows a failure only in the form it belongs to", () => {
    const failure = failureOf("mal", { intent: "add-address" });
    expect(failureFor(failure, "add-address")).toBe(failure);
    expect(failureFor(failure, "change-password")).toBeUndefined();
    expect(failureFor(failure)).toBe(failure);
    expect(failureFor({ ok: true })).toBeUndefined();
    expect(failureFor(undefined)).toBeUndefined();
  });
});
