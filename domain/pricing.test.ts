import { describe, expect, it } from "vitest";
import {
  amountToFreeShippingCents,
  cartShippingCents,
  couponDiscountCents,
  isOnSale,
  itemCount,
  lineTotalCents,
  percentOff,
  pointsEarnedFor,
  quoteOrder,
  redeemablePoints,
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

  it("charges each shipping method its price, with the threshold rule", async () => {
    const { shippingCostCents } = await import("./shipping");
    expect(shippingCostCents("estafeta", 199_999)).toBe(15_000);
    expect(shippingCostCents("estafeta", 200_000)).toBe(0);
    expect(shippingCostCents("dhl", 199_999)).toBe(22_000);
    expect(shippingCostCents("dhl", 200_000)).toBe(11_000);
  });

  it("rounds the coupon discount on subtotal plus shipping to whole pesos", () => {
    // (1,234.50 + 150) × 15% = 207.675 → 208 pesos.
    expect(couponDiscountCents(123_450, 15_000, 15)).toBe(20_800);
    expect(couponDiscountCents(10_000, 15_000, 100)).toBe(25_000);
  });

  it("earns floor(1%) of the subtotal and spends whole points", () => {
    expect(pointsEarnedFor(129_999)).toBe(12);
    expect(pointsEarnedFor(9_999)).toBe(0);
    expect(redeemablePoints(12.9)).toBe(12);
    expect(redeemablePoints(-3)).toBe(0);
  });

  it("quotes an order: coupon, then points capped so the total never goes below 0", () => {
    const lines = [{ priceCents: 100_000, salePriceCents: null, quantity: 1 }];
    expect(quoteOrder({ lines, shippingMethod: "dhl", couponPercent: 10, pointsRequested: 50 })).toEqual({
      subtotalCents: 100_000,
      shippingCents: 22_000,
      couponDiscountCents: 12_200,
      pointsUsed: 50,
      totalCents: 104_800,
      pointsEarned: 10,
    });
    const capped = quoteOrder({ lines, shippingMethod: "estafeta", couponPercent: null, pointsRequested: 5_000 });
    expect(capped.pointsUsed).toBe(1_150);
    expect(capped.totalCents).toBe(0);
  });
});
