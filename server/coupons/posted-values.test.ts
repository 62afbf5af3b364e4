/**
 * A refused admin form gives back what was typed (its FormFailure's values):
 * line breaks as the textarea holds them, capped, and never cut inside a character.
 */
import { describe, expect, it } from "vitest";
import { COUPON_LIMITS } from "#domain/coupons.ts";
import { PRODUCT_LIMITS } from "#domain/forms.ts";
import { postedProductValues } from "#server/catalog/product-form.server.ts";
import { postedCouponValues } from "./admin.server";

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("posted values shown back", () => {
  it("the coupon form: a description with CRLF line breaks comes back with LF, and an emoji at the cap whole or not at all", () => {
    const atCap = "x".repeat(COUPON_LIMITS.description + 99) + "🚪🚪";
    expect(postedCouponValues(formOf({ description: "uno\r\ndos" })).description).toBe("uno\ndos");
    expect(postedCouponValues(formOf({ description: atCap })).description).toBe("x".repeat(COUPON_LIMITS.description + 99) + "🚪");
  });

  it("the product form: the same for the description", () => {
    const fits = PRODUCT_LIMITS.description + 100 - 3 - 1;
    const shown = postedProductValues(formOf({ description: `a\r\nb${"y".repeat(fits)}🚪🚪` })).description;
    expect(shown).toBe(`a\nb${"y".repeat(fits)}🚪`);
  });
});
