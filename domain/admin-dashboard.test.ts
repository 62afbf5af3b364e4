import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "./messages";
import { FULFILMENT_MESSAGES } from "./fulfilment";
import { LOW_STOCK_THRESHOLD } from "./catalog";
import {
  ADMIN_STOCK_PLENTY_ABOVE,
  STOCK_FILTERS,
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

describe("admin stock levels (above 10 green, 1 to 10 yellow, 0 red), each with a word that matches", () => {
  it.each([
    [0, "agotado", "rojo", "Agotado"],
    [-1, "agotado", "rojo", "Agotado"],
    [1, "bajo", "amarillo", "Stock bajo"],
    [LOW_STOCK_THRESHOLD, "bajo", "amarillo", "Stock bajo"],
    [LOW_STOCK_THRESHOLD + 1, "pocas", "amarillo", "Pocas unidades"],
    [6, "pocas", "amarillo", "Pocas unidades"],
    [ADMIN_STOCK_PLENTY_ABOVE, "pocas", "amarillo", "Pocas unidades"],
    [ADMIN_STOCK_PLENTY_ABOVE + 1, "disponible", "verde", "Disponible"],
  ] as const)("%i units: %s, %s", (stock, level, colour, label) => {
    expect(adminStockLevel(stock)).toEqual({ level, colour, label });
  });

  it("keeps the spec's bands: 'Stock bajo' is 3 units or fewer (the 'Resumen' count and filter), the yellow band 1 to 10", () => {
    expect(LOW_STOCK_THRESHOLD).toBe(3);
    expect(ADMIN_STOCK_PLENTY_ABOVE).toBe(10);
    expect(STOCK_FILTERS.bajo).toMatchObject({ min: 1, max: LOW_STOCK_THRESHOLD });
    const labelled = (word: string) => Array.from({ length: 20 }, (_, i) => i).filter((n) => adminStockLevel(n).label === word);
    expect(labelled("Stock bajo")).toEqual([1, 2, 3]);
    expect(labelled("Pocas unidades")).toEqual([4, 5, 6, 7, 8, 9, 10]);
    const yellow = Array.from({ length: 20 }, (_, i) => i).filter((n) => adminStockLevel(n).colour === "amarillo");
    expect(yellow).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe("a product's stock level by its variants", () => {
  it("takes the colour and word of the lowest variant, and says when only some are sold out", () => {
    const level = (stocks: number[]) => adminProductStockLevel(stocks.map((stock) => ({ stock })));
    expect(level([12, 0])).toEqual({ level: "agotado", colour: "rojo", label: "Variante agotada" });
    expect(level([12, 0, 0])).toEqual({ level: "agotado", colour: "rojo", label: "Variantes agotadas" });
    expect(level([0, 0])).toEqual({ level: "agotado", colour: "rojo", label: "Agotado" });
    expect(level([30, 2])).toEqual({ level: "bajo", colour: "amarillo", label: "Stock bajo" });
    expect(level([30, 7])).toEqual({ level: "pocas", colour: "amarillo", label: "Pocas unidades" });
    expect(level([30, 11])).toEqual({ level: "disponible", colour: "verde", label: "Disponible" });
    expect(level([])).toEqual({ level: "agotado", colour: "rojo", label: "Agotado" });
  });

  it("names each variant by its condition code and language", () => {
    expect(variantStockText({ condition: "LP", language: "ja", stock: 0 })).toBe("LP·JA 0");
    expect(variantStockText({ condition: "NEW", language: "es", stock: 3 })).toBe("Nuevo·ES 3");
  });
});
