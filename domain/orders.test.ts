import { describe, expect, it } from "vitest";
import {
  ORDER_NUMBER_ALPHABET,
  ORDER_NUMBER_PATTERN,
  isOrderNumber,
  mayNameOrder,
  normalizeCouponCode,
  orderNumberFrom,
  soldOutMessage,
} from "./orders";

describe("order numbers", () => {
  it("are CV- and 6 characters without look-alikes (no 0, O, 1, I, L, U, V)", () => {
    expect(ORDER_NUMBER_ALPHABET).not.toMatch(/[01OILUV]/);
    expect(new Set(ORDER_NUMBER_ALPHABET).size).toBe(ORDER_NUMBER_ALPHABET.length);
    expect(isOrderNumber("CV-7K3Q9M")).toBe(true);
    for (const bad of ["CV-7K3Q9", "CV-7K3Q9MM", "cv-7k3q9m", "CV-0K3Q9M", "XX-7K3Q9M", "ORD-1001", 12, null])
      expect(isOrderNumber(bad)).toBe(false);
  });

  it("that may name an order are the shop's and the old shop's imported ones (upper case, 3 to 32 letters, digits, dashes)", () => {
    for (const good of ["CV-7K3Q9M", "ORD-1001", "1001", "A-B", "X".repeat(32)]) expect(mayNameOrder(good), good).toBe(true);
    for (const bad of ["cv-7k3q9m", "ord-1001", "AB", "-ORD-1", "X".repeat(33), "ORD 1001", "ORD_1001", "ORD-1001'", "Ñ-100", "", 12, null])
      expect(mayNameOrder(bad), String(bad)).toBe(false);
  });

  it("are drawn uniformly from random bytes, skipping bytes past the last whole multiple of the alphabet", () => {
    const size = ORDER_NUMBER_ALPHABET.length;
    const limit = 256 - (256 % size);
    expect(orderNumberFrom(Uint8Array.from([0, 1, 2, 3, 4, 5]))).toBe(`CV-${ORDER_NUMBER_ALPHABET.slice(0, 6)}`);
    expect(orderNumberFrom(Uint8Array.from([255, limit, 0, 1, 2, 3, 4, size]))).toBe(
      `CV-${ORDER_NUMBER_ALPHABET.slice(0, 5)}${ORDER_NUMBER_ALPHABET[0]}`,
    );
    expect(orderNumberFrom(Uint8Array.from([255, 255, 0]))).toBeNull();
    const counts = new Map<string, number>();
    for (let b = 0; b < limit; b++) {
      const n = orderNumberFrom(Uint8Array.from([b, b, b, b, b, b]))!;
      expect(n).toMatch(ORDER_NUMBER_PATTERN);
      counts.set(n[3]!, (counts.get(n[3]!) ?? 0) + 1);
    }
    expect(new Set(counts.values()).size).toBe(1); // every character equally often
  });
});

describe("checkout texts", () => {
  it("names the products that sold out and what is left", () => {
    expect(soldOutMessage([{ name: "Pikachu ex", available: 0 }])).toBe(
      "Ya no hay stock suficiente de Pikachu ex (agotado). Ajusta tu carrito e intenta de nuevo.",
    );
    expect(
      soldOutMessage([
        { name: "A", available: 1 },
        { name: "B", available: 3 },
      ]),
    ).toBe("Ya no hay stock suficiente de: A (queda 1), B (quedan 3). Ajusta tu carrito e intenta de nuevo.");
    expect(
      soldOutMessage([
        { name: "Mew", available: 0, unavailable: true },
        { name: "B", available: 0 },
      ]),
    ).toBe("Ya no hay stock suficiente de: Mew (ya no está disponible), B (agotado). Ajusta tu carrito e intenta de nuevo.");
  });

  it("upper-cases and trims a coupon code", () => {
    expect(normalizeCouponCode("  verano10 ")).toBe("VERANO10");
  });
});
