import { Decimal128, Double, Int32, Long, ObjectId } from "bson";
import { describe, expect, it } from "vitest";
import { centsOf, dateOf, idOf, integerOf, plainDecimal, wholePartOf } from "./values";

describe("an old document's values", () => {
  it("money is exact centavos from the decimal text, never through a float", () => {
    expect(centsOf(Decimal128.fromString("1234.50"))).toBe(123450);
    expect(centsOf(Decimal128.fromString("1.2345E+3"))).toBe(123450);
    expect(centsOf(Decimal128.fromString("12.500"))).toBe(1250);
    expect(centsOf(new Double(19.99))).toBe(1999);
    expect(centsOf(2010.03)).toBe(201003);
    expect(centsOf(new Int32(150))).toBe(15000);
    expect(centsOf(Long.fromString("7"))).toBe(700);
    expect(centsOf("99.9")).toBe(9990);
    expect(centsOf(0.1 + 0.2)).toBeNull();
    expect(centsOf(Decimal128.fromString("12.345"))).toBeNull();
    expect(centsOf(-5)).toBeNull();
    expect(centsOf("abc")).toBeNull();
    expect(centsOf(null)).toBeNull();
  });

  it("plainDecimal writes exponents out and drops trailing zeros", () => {
    expect(plainDecimal("1E+3")).toBe("1000");
    expect(plainDecimal("5E-2")).toBe("0.05");
    expect(plainDecimal("-0.50")).toBe("-0.5");
    expect(plainDecimal("007.10")).toBe("7.1");
    expect(plainDecimal("1e999")).toBeNull();
    expect(plainDecimal(".")).toBeNull();
  });

  it("ids are an ObjectId or its 24-hex text, in lower case", () => {
    expect(idOf(new ObjectId("65A1B2C3D4E5F60718293A4B".toLowerCase()))).toBe("65a1b2c3d4e5f60718293a4b");
    expect(idOf("65A1B2C3D4E5F60718293A4B")).toBe("65a1b2c3d4e5f60718293a4b");
    expect(idOf("123")).toBeNull();
    expect(idOf(12)).toBeNull();
  });

  it("whole numbers, points and dates", () => {
    expect(integerOf(new Int32(4))).toBe(4);
    expect(integerOf(4.5)).toBeNull();
    expect(wholePartOf(12.75)).toEqual({ value: 12, rounded: true, text: "12.75" });
    expect(wholePartOf(-2.5)).toEqual({ value: -3, rounded: true, text: "-2.5" });
    expect(wholePartOf(30)).toEqual({ value: 30, rounded: false, text: "30" });
    expect(dateOf("2024-03-01T12:00:00Z")?.toISOString()).toBe("2024-03-01T12:00:00.000Z");
    expect(dateOf(Long.fromString("1700000000000"))?.getTime()).toBe(1700000000000);
    expect(dateOf("no es fecha")).toBeNull();
  });
});
