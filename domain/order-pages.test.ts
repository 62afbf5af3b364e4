import { describe, expect, it } from "vitest";
import { earnedPointsLine } from "./order-pages";

describe("the points an order earns, on the order pages", () => {
  const order = { orderStatus: "processing", paymentStatus: "approved", points: 17 };

  it("paid: 'Puntos ganados 17'", () => {
    expect(earnedPointsLine(order)).toEqual({ label: "Puntos ganados", value: "17" });
  });

  it("cancelled and refunded, the points taken back: '17, retirados'", () => {
    expect(earnedPointsLine({ ...order, orderStatus: "cancelled", paymentStatus: "refunded" })).toEqual({
      label: "Puntos ganados",
      value: "17, retirados",
    });
  });

  it("waiting for its payment: 'Puntos a ganar'; cancelled before paying, or earning none: nothing", () => {
    expect(earnedPointsLine({ ...order, orderStatus: "pending", paymentStatus: "pending" })).toEqual({
      label: "Puntos a ganar",
      value: "17",
    });
    expect(earnedPointsLine({ ...order, orderStatus: "cancelled", paymentStatus: "pending" })).toBeNull();
    expect(earnedPointsLine({ ...order, orderStatus: "cancelled", paymentStatus: "rejected" })).toBeNull();
    expect(earnedPointsLine({ ...order, points: 0 })).toBeNull();
    expect(earnedPointsLine({ ...order, points: 1234 })).toEqual({ label: "Puntos ganados", value: "1,234" });
  });
});
