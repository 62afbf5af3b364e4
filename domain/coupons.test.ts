import { describe, expect, it } from "vitest";
import {
  COUPON_FORM_DEFAULTS,
  COUPON_TYPE_LABELS,
  EMPTY_COUPON_FORM,
  couponDiscountText,
  couponDisplayStatus,
  couponNoticeText,
  couponUsage,
  couponsHref,
} from "./coupons";

const NOW = new Date("2026-11-20T18:00:00Z");
const LATER = "2026-11-27T18:00:00.000Z";
const EARLIER = "2026-11-19T18:00:00.000Z";

const coupon = (changes: Partial<{ isActive: boolean; expiresAt: string; type: string; usedCount: number }> = {}) => ({
  isActive: true,
  expiresAt: LATER,
  type: "general",
  usedCount: 0,
  ...changes,
});

describe("coupon display status (first match wins, docs/requirements.md#coupons)", () => {
  it("an inactive coupon reads 'Inactivo' (gray) even when it is also expired and used", () => {
    expect(couponDisplayStatus(coupon({ isActive: false, expiresAt: EARLIER, type: "single-use", usedCount: 1 }), NOW)).toEqual({
      label: "Inactivo",
      tone: "gray",
      className: "coupon-status-gray",
    });
  });

  it("an active coupon past its expiry reads 'Expirado' (red), before 'Usado'; it expires at its instant exactly", () => {
    expect(couponDisplayStatus(coupon({ expiresAt: EARLIER, type: "single-use", usedCount: 1 }), NOW)).toMatchObject({
      label: "Expirado",
      tone: "red",
    });
    expect(couponDisplayStatus(coupon({ expiresAt: NOW.toISOString() }), NOW).label).toBe("Expirado");
    expect(couponDisplayStatus(coupon({ expiresAt: new Date(NOW.getTime() + 1).toISOString() }), NOW).label).toBe("Activo");
  });

  it("a single-use coupon used once reads 'Usado' (orange); a general one used many times stays 'Activo' (green)", () => {
    expect(couponDisplayStatus(coupon({ type: "single-use", usedCount: 1 }), NOW)).toMatchObject({
      label: "Usado",
      tone: "orange",
      className: "coupon-status-orange",
    });
    expect(couponDisplayStatus(coupon({ type: "single-use", usedCount: 0 }), NOW)).toMatchObject({ label: "Activo", tone: "green" });
    expect(couponDisplayStatus(coupon({ usedCount: 40 }), NOW)).toMatchObject({
      label: "Activo",
      tone: "green",
      className: "coupon-status-green",
    });
  });

  it("takes dates and 'now' as Date, ISO text or milliseconds alike", () => {
    expect(couponDisplayStatus(coupon({ expiresAt: EARLIER }), NOW.toISOString()).label).toBe("Expirado");
    expect(couponDisplayStatus(coupon({ expiresAt: EARLIER }), NOW.getTime()).label).toBe("Expirado");
  });
});

describe("coupon card texts", () => {
  it("usage: used over max when a max is set, else the count of times", () => {
    expect(couponUsage(3, 10)).toBe("3 / 10 usos");
    expect(couponUsage(0, 1)).toBe("0 / 1 usos");
    expect(couponUsage(0, null)).toBe("0 veces");
    expect(couponUsage(1, null)).toBe("1 vez");
    expect(couponUsage(12, null)).toBe("12 veces");
  });

  it("type labels and discount", () => {
    expect(COUPON_TYPE_LABELS).toEqual({ general: "General", "single-use": "Uso Único" });
    expect(couponDiscountText(15)).toBe("15% de descuento");
  });
});

describe("coupon form defaults and the screen's links", () => {
  it("the form starts as type general, 7 days valid, all else empty (docs/requirements.md#coupons)", () => {
    expect(COUPON_FORM_DEFAULTS).toEqual({ type: "general", daysValid: 7 });
    expect(EMPTY_COUPON_FORM).toEqual({ code: "", discountPercent: "", type: "general", daysValid: "7", maxUses: "", description: "" });
  });

  it("notices: the known keys only, never an inherited property", () => {
    expect(couponNoticeText("creado")).toBe("Cupón creado exitosamente");
    expect(couponNoticeText("eliminado")).toBe("Cupón eliminado exitosamente");
    for (const key of [null, "", "otro", "__proto__", "toString", "constructor"]) expect(couponNoticeText(key)).toBeNull();
  });

  it("builds the screen's URLs, defaults left out", () => {
    expect(couponsHref()).toBe("/admin/cupones");
    expect(couponsHref({ nuevo: true })).toBe("/admin/cupones?nuevo=1");
    expect(couponsHref({ aviso: "activado" })).toBe("/admin/cupones?aviso=activado");
    expect(couponsHref({ eliminar: "0123456789abcdef01234567" })).toBe("/admin/cupones?eliminar=0123456789abcdef01234567");
  });
});
