import { describe, expect, it } from "vitest";
import { legacyOrderStatus, legacyPaymentStatus, legacyPointsType, mongoCollectionOf } from "./mongo-import";

describe("the old shop's dump", () => {
  it("names its collections by file, as Mongoose and mongodump write them", () => {
    expect(mongoCollectionOf("users.json")).toBe("users");
    expect(mongoCollectionOf("orders.bson")).toBe("orders");
    expect(mongoCollectionOf("coupons.bson.gz")).toBe("coupons");
    expect(mongoCollectionOf("loyaltyaccounts.json")).toBe("loyaltyaccounts");
    expect(mongoCollectionOf("loyalty_transactions.jsonl")).toBe("loyaltytransactions");
    expect(mongoCollectionOf("Products.JSON")).toBe("products");
    expect(mongoCollectionOf("orders.metadata.json")).toBeNull();
    expect(mongoCollectionOf("sessions.json")).toBeNull();
    expect(mongoCollectionOf("pikachu.png")).toBeNull();
  });

  it("reads old statuses in the shop's words and refuses the unknown", () => {
    expect(legacyOrderStatus("shipped")).toBe("shipped");
    expect(legacyOrderStatus("Enviado")).toBe("shipped");
    expect(legacyOrderStatus("canceled")).toBe("cancelled");
    expect(legacyOrderStatus(null)).toBe("pending");
    expect(legacyOrderStatus("lost")).toBeNull();
    expect(legacyPaymentStatus("paid")).toBe("approved");
    expect(legacyPaymentStatus("Pago rechazado")).toBe("rejected");
    expect(legacyPaymentStatus("rechazado")).toBe("rejected");
    expect(legacyPaymentStatus("cancelled")).toBeNull();
    expect(legacyPointsType("earned")).toBe("earned");
    expect(legacyPointsType("bonus")).toBe("adjustment");
  });
});
