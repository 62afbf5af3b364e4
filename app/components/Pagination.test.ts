import { describe, expect, it } from "vitest";
import { pageWindow } from "./Pagination";
import { productCardButtonLabel } from "./ProductCard";

describe("pagination window", () => {
  it("shows the first, the last and two pages around the current one", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 20)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 20]);
    expect(pageWindow(20, 20)).toEqual([1, "gap", 18, 19, 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, "gap", 20]);
    expect(pageWindow(17, 20)).toEqual([1, "gap", 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5, "gap", 20]);
  });
});

describe("product card button", () => {
  it("says Agotado at stock 0, En carrito (n) when in the cart, else Agregar", () => {
    expect(productCardButtonLabel(0, 0)).toBe("Agotado");
    expect(productCardButtonLabel(0, 2)).toBe("Agotado");
    expect(productCardButtonLabel(5, 2)).toBe("En carrito (2)");
    expect(productCardButtonLabel(5, 0)).toBe("Agregar");
  });
});
