import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "./messages";
import { FULFILMENT_MESSAGES } from "./fulfilment";
import {
  adminNoticeText,
  adminProductStockLevel,
  adminStockLevel,
  dashboardHref,
  ordersCsvHref,
  parseDashboardQuery,
  variantStockText,
} from "./admin-dashboard";

const parse = (query: string) => parseDashboardQuery(new URLSearchParams(query));

describe("admin dashboard query", () => {
  it("defaults to Resumen, page 1, no search, no filter, no notice", () => {
    expect(parse("")).toEqual({ tab: "resumen", q: "", stock: null, estado: null, pago: null, reembolso: false, page: 1, aviso: null });
  });

  it("reads the tab, the search (spaces folded, 100 characters at most), the stock filter, the page and the notice", () => {
    expect(parse("tab=productos&q=%20%20Caf%C3%A9%20%20Master%20&stock=bajo&page=3&aviso=producto-archivado")).toEqual({
      tab: "productos",
      q: "Café Master",
      stock: "bajo",
      estado: null,
      pago: null,
      reembolso: false,
      page: 3,
      aviso: "producto-archivado",
    });
    expect(parse(`q=${"x".repeat(300)}`).q).toHaveLength(100);
  });

  it("drops what it does not know, never an error", () => {
    expect(parse("tab=usuarios&stock=mucho&page=-2&aviso=__proto__")).toEqual({
      tab: "resumen",
      q: "",
      stock: null,
      estado: null,
      pago: null,
      reembolso: false,
      page: 1,
      aviso: null,
    });
    expect(parse("tab=ordenes&estado=perdido&pago=__proto__&reembolso=si")).toMatchObject({ estado: null, pago: null, reembolso: false });
    expect(parse("estado=cancelled&estado=shipped").estado).toBe("cancelled");
    expect(parse("page=1.5").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(adminNoticeText("toString")).toBeNull();
  });

  it("builds the links back, defaults left out", () => {
    expect(dashboardHref()).toBe("/admin");
    expect(dashboardHref({ tab: "resumen", page: 1 })).toBe("/admin");
    expect(dashboardHref({ tab: "productos", q: "pikachu ex", stock: "agotado", page: 2 })).toBe(
      "/admin?tab=productos&q=pikachu+ex&stock=agotado&page=2",
    );
    expect(dashboardHref({ tab: "productos", aviso: "producto-eliminado" })).toBe("/admin?tab=productos&aviso=producto-eliminado");
    const state = parse("tab=productos&q=pikachu+ex&stock=agotado&page=2");
    expect(parse(dashboardHref(state).split("?")[1]!)).toEqual(state);
  });

  it("reads the 'Órdenes' filters (order status, payment status, needs refund) and keeps them in its links and the CSV link", () => {
    const state = parse("tab=ordenes&q=Luc%C3%ADa&estado=shipped&pago=approved&reembolso=1&page=4");
    expect(state).toMatchObject({ tab: "ordenes", q: "Lucía", estado: "shipped", pago: "approved", reembolso: true, page: 4 });
    expect(dashboardHref(state)).toBe("/admin?tab=ordenes&q=Luc%C3%ADa&estado=shipped&pago=approved&reembolso=1&page=4");
    expect(parse(dashboardHref(state).split("?")[1]!)).toEqual(state);
    expect(ordersCsvHref(state)).toBe("/admin/pedidos.csv?q=Luc%C3%ADa&estado=shipped&pago=approved&reembolso=1");
    expect(ordersCsvHref()).toBe("/admin/pedidos.csv");
    expect(adminNoticeText("estado-actualizado")).toBe(FULFILMENT_MESSAGES.statusUpdated);
  });

  it("maps each notice key to its Spanish text", () => {
    expect(adminNoticeText("producto-agregado")).toBe(ADMIN_MESSAGES.productAdded);
    expect(adminNoticeText("producto-actualizado")).toBe(ADMIN_MESSAGES.productUpdated);
    expect(adminNoticeText("producto-eliminado")).toBe(ADMIN_MESSAGES.productDeleted);
    expect(adminNoticeText("producto-archivado")).toBe(ADMIN_MESSAGES.productArchived);
    expect(adminNoticeText(null)).toBeNull();
  });
});

describe("admin stock levels (above 10 green, 1 to 10 yellow, 0 red), each with a word", () => {
  it.each([
    [0, "agotado", "Agotado"],
    [1, "bajo", "Stock bajo"],
    [10, "bajo", "Stock bajo"],
    [11, "disponible", "Disponible"],
  ] as const)("%i units: %s", (stock, level, label) => {
    expect(adminStockLevel(stock)).toEqual({ level, label });
  });
});

describe("a product's stock level by its variants", () => {
  it("takes the colour of the lowest variant, and says when only some are sold out", () => {
    expect(adminProductStockLevel([{ stock: 12 }, { stock: 0 }])).toEqual({ level: "agotado", label: "Variante agotada" });
    expect(adminProductStockLevel([{ stock: 12 }, { stock: 0 }, { stock: 0 }])).toEqual({ level: "agotado", label: "Variantes agotadas" });
    expect(adminProductStockLevel([{ stock: 0 }, { stock: 0 }])).toEqual({ level: "agotado", label: "Agotado" });
    expect(adminProductStockLevel([{ stock: 30 }, { stock: 2 }])).toEqual({ level: "bajo", label: "Stock bajo" });
    expect(adminProductStockLevel([{ stock: 30 }, { stock: 11 }])).toEqual({ level: "disponible", label: "Disponible" });
    expect(adminProductStockLevel([])).toEqual({ level: "agotado", label: "Agotado" });
  });

  it("names each variant by its condition code and language", () => {
    expect(variantStockText({ condition: "LP", language: "ja", stock: 0 })).toBe("LP·JA 0");
    expect(variantStockText({ condition: "NEW", language: "es", stock: 3 })).toBe("Nuevo·ES 3");
  });
});
