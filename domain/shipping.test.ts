import { describe, expect, it } from "vitest";
import { TRACKING_MESSAGES } from "./orders";
import {
  SHIPPING_METHOD_IDS,
  TRACKING_NUMBER_PATTERN,
  carrierName,
  coloniaRequiredFor,
  normalizeTrackingNumber,
  trackingPageTakesNumber,
  trackingUrl,
} from "./shipping";

describe("carriers' tracking pages", () => {
  it("opens DHL Express's page on the shipment, the number encoded", () => {
    expect(trackingUrl("dhl", "1234567890")).toBe("https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=1234567890&submit=1");
    expect(trackingUrl("dhl", "AB 12&x=<y>")).toBe(
      "https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=AB%2012%26x%3D%3Cy%3E&submit=1",
    );
    expect(trackingPageTakesNumber("dhl")).toBe(true);
  });

  it("opens Estafeta's tracking on the shipment: a 10-digit tracking code (type 1) or a waybill number (type 0)", () => {
    expect(trackingUrl("estafeta", "1234567890")).toBe(
      "https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=1234567890&wayBillType=1&isShipmentDetail=False",
    );
    expect(trackingUrl("estafeta", "6055912345A123456789XY")).toBe(
      "https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=6055912345A123456789XY&wayBillType=0&isShipmentDetail=False",
    );
    expect(trackingUrl("estafeta", "12&wayBillType=9")).toBe(
      "https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=12%26wayBillType%3D9&wayBillType=0&isShipmentDetail=False",
    );
    expect(trackingPageTakesNumber("estafeta")).toBe(true);
  });

  it("every carrier of the shop has an address that takes the number", () => {
    for (const method of SHIPPING_METHOD_IDS) {
      expect(trackingPageTakesNumber(method)).toBe(true);
      expect(trackingUrl(method, "ABC123456")).toContain("ABC123456");
    }
  });

  it("has no page for a method that is not the shop's", () => {
    expect(trackingUrl("paloma mensajera", "123456")).toBeNull();
    expect(trackingPageTakesNumber("paloma mensajera")).toBe(false);
    expect(carrierName("dhl")).toBe("DHL Express");
    expect(carrierName("otro")).toBe("otro");
  });
});

describe("tracking numbers", () => {
  it("normalizes what the admin types: no spaces or dashes, upper case", () => {
    expect(normalizeTrackingNumber("  1234-5678 abc\t")).toBe("12345678ABC");
  });

  it("accepts 6 to 40 letters or digits only", () => {
    expect(TRACKING_NUMBER_PATTERN.test("ABC123")).toBe(true);
    expect(TRACKING_NUMBER_PATTERN.test("A".repeat(40))).toBe(true);
    expect(TRACKING_NUMBER_PATTERN.test("ABC12")).toBe(false);
    expect(TRACKING_NUMBER_PATTERN.test("A".repeat(41))).toBe(false);
    expect(TRACKING_NUMBER_PATTERN.test("ABC-123")).toBe(false);
    expect(TRACKING_NUMBER_PATTERN.test("ABCÑ123")).toBe(false);
  });

  it("has its two messages, the required one shared with the status rules", () => {
    expect(TRACKING_MESSAGES.required).toBe("Por favor ingresa el número de rastreo antes de marcar como enviado");
    expect(TRACKING_MESSAGES.invalid).toBe("El número de rastreo debe tener de 6 a 40 letras o números");
  });
});

describe("the colonia on the label (issue 29)", () => {
  it("is required by Estafeta and DHL Express, whose labels need it, and by no method the shop does not have", () => {
    expect(coloniaRequiredFor("estafeta")).toBe(true);
    expect(coloniaRequiredFor("dhl")).toBe(true);
    expect(coloniaRequiredFor("recoger-en-tienda")).toBe(false);
    expect(coloniaRequiredFor("")).toBe(false);
  });
});
