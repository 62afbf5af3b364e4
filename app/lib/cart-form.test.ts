import { describe, expect, it } from "vitest";
import { parseCartForm } from "./cart-form";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
const id = "0123456789abcdef01234567";

describe("cart form", () => {
  it("parses each intent", () => {
    expect(parseCartForm(form({ intent: "add", productId: id }))).toEqual({
      ok: true,
      value: { intent: "add", productId: id, variantId: null, quantity: 1 },
    });
    expect(parseCartForm(form({ intent: "add", productId: id, quantity: "3" }))).toEqual({
      ok: true,
      value: { intent: "add", productId: id, variantId: null, quantity: 3 },
    });
    expect(parseCartForm(form({ intent: "set", productId: id, quantity: "-1" }))).toEqual({
      ok: true,
      value: { intent: "set", productId: id, variantId: null, quantity: -1 },
    });
    expect(parseCartForm(form({ intent: "remove", productId: id }))).toEqual({
      ok: true,
      value: { intent: "remove", productId: id, variantId: null },
    });
    expect(parseCartForm(form({ intent: "clear" }))).toEqual({ ok: true, value: { intent: "clear" } });
    const variantId = "0123456789abcdef01234567";
    expect(parseCartForm(form({ intent: "add", productId: id, variantId }))).toEqual({
      ok: true,
      value: { intent: "add", productId: id, variantId, quantity: 1 },
    });
  });

  it("refuses missing, malformed, oversized and hostile input with a Spanish message", () => {
    expect(parseCartForm(form({}))).toEqual({ ok: false, failure: "La solicitud no es válida." });
    expect(parseCartForm(form({ intent: "delete-all" }))).toEqual({ ok: false, failure: "La solicitud no es válida." });
    expect(parseCartForm(form({ intent: "add" }))).toEqual({ ok: false, failure: "Producto no encontrado" });
    expect(parseCartForm(form({ intent: "add", productId: "<script>" }))).toEqual({ ok: false, failure: "Producto no encontrado" });
    expect(parseCartForm(form({ intent: "add", productId: id, variantId: "' or 1=1 --" }))).toEqual({
      ok: false,
      failure: "Producto no encontrado",
    });
    expect(parseCartForm(form({ intent: "add", productId: id, quantity: "0" }))).toEqual({
      ok: false,
      failure: "La cantidad no es válida",
    });
    expect(parseCartForm(form({ intent: "add", productId: id, quantity: "1e9" }))).toEqual({
      ok: false,
      failure: "La cantidad no es válida",
    });
    expect(parseCartForm(form({ intent: "add", productId: id, quantity: "99999999999" }))).toEqual({
      ok: false,
      failure: "La cantidad no es válida",
    });
    expect(parseCartForm(form({ intent: "set", productId: id }))).toEqual({ ok: false, failure: "La cantidad no es válida" });
    expect(parseCartForm(form({ intent: "set", productId: id, quantity: "dos" }))).toEqual({
      ok: false,
      failure: "La cantidad no es válida",
    });
  });
});
