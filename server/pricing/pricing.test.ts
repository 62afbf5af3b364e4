import { describe, expect, it } from "vitest";
import {
  amountToFreeShippingCents,
  cartShippingCents,
  isOnSale,
  itemCount,
  lineTotalCents,
  percentOff,
  summarizeCart,
  unitPriceCents,
} from "./pricing";

describe("pricing", () => {
  it("uses the sale price only when it is below the price", () => {
    expect(unitPriceCents({ priceCents: 10_000, salePriceCents: 8_000 })).toBe(8_000);
    expect(unitPriceCents({ priceCents: 10_000, salePriceCents: null })).toBe(10_000);
    expect(unitPriceCents({ priceCents: 10_000, salePriceCents: 10_000 })).toBe(10_000);
    expect(isOnSale({ priceCents: 10_000, salePriceCents: 12_000 })).toBe(false);
  });

  it("rounds the percent off", () => {
    expect(percentOff({ priceCents: 30_000, salePriceCents: 20_000 })).toBe(33);
    expect(percentOff({ priceCents: 30_000, salePriceCents: 19_950 })).toBe(34);
    expect(percentOff({ priceCents: 30_000, salePriceCents: null })).toBe(0);
  });

  it("line total is the unit price paid times the quantity; count is the sum of quantities", () => {
    expect(lineTotalCents({ priceCents: 5_000, salePriceCents: 4_550, quantity: 3 })).toBe(13_650);
    expect(itemCount([{ quantity: 2 }, { quantity: 5 }])).toBe(7);
  });

  it("ships free at or above $2,000 and charges $150 below", () => {
    expect(cartShippingCents(199_999)).toBe(15_000);
    expect(cartShippingCents(200_000)).toBe(0);
    expect(cartShippingCents(250_000)).toBe(0);
    expect(cartShippingCents(0)).toBe(0);
    expect(amountToFreeShippingCents(150_000)).toBe(50_000);
    expect(amountToFreeShippingCents(200_001)).toBe(0);
  });

  it("summarises a cart", () => {
    expect(
      summarizeCart([
        { priceCents: 100_000, salePriceCents: 90_000, quantity: 1 },
        { priceCents: 50_000, salePriceCents: null, quantity: 2 },
      ]),
    ).toEqual({
      itemCount: 3,
      subtotalCents: 190_000,
      shippingCents: 15_000,
      totalCents: 205_000,
      amountToFreeShippingCents: 10_000,
    });
    expect(summarizeCart([])).toEqual({
      itemCount: 0,
      subtotalCents: 0,
      shippingCents: 0,
      totalCents: 0,
      amountToFreeShippingCents: 200_000,
    });
  });
});
