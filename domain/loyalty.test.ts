import { describe, expect, it } from "vitest";
import { formatPoints } from "./format";
import {
  ADJUSTMENT_DESCRIPTION_MAX_LENGTH,
  LOYALTY_ADMIN_MESSAGES,
  MAX_POINTS_ADJUSTMENT,
  MAX_POINTS_BALANCE,
  loyaltyAdminHref,
  parseAdjustment,
  parseLoyaltyAdminQuery,
  pointsTransactionLabel,
  projectedBalance,
} from "./loyalty";

const ID = "0123456789abcdef01234567";

describe("parseAdjustment", () => {
  it("takes a whole, signed, non-zero amount and a trimmed description", () => {
    expect(parseAdjustment("25", " Regalo ")).toEqual({ ok: true, value: { amount: 25, description: "Regalo" } });
    expect(parseAdjustment("+7", "x")).toEqual({ ok: true, value: { amount: 7, description: "x" } });
    expect(parseAdjustment(" -100000 ", "Línea 1\nLínea 2")).toEqual({
      ok: true,
      value: { amount: -100_000, description: "Línea 1\nLínea 2" },
    });
  });

  it("counts a description's line breaks as the textarea does: typed to the limit and posted with CRLF, it is taken, with LF", () => {
    const typed = ["a".repeat(60), "b".repeat(60), "c".repeat(60), "d".repeat(17)].join("\n");
    expect(typed.length).toBe(ADJUSTMENT_DESCRIPTION_MAX_LENGTH);
    expect(parseAdjustment("5", typed.replace(/\n/g, "\r\n"))).toEqual({ ok: true, value: { amount: 5, description: typed } });
  });

  it("refuses missing or blank fields with the Spanish message, then bad numbers and long text", () => {
    expect(parseAdjustment("", "x")).toMatchObject({ ok: false, failure: { field: "amount", message: LOYALTY_ADMIN_MESSAGES.required } });
    expect(parseAdjustment(null, "x")).toMatchObject({ ok: false, failure: { field: "amount", message: LOYALTY_ADMIN_MESSAGES.required } });
    expect(parseAdjustment("5", " \n\t ")).toMatchObject({
      ok: false,
      failure: { field: "description", message: LOYALTY_ADMIN_MESSAGES.required },
    });
    for (const amount of ["2.5", "1e3", "0x10", "5 5", "--5", "cinco"]) {
      expect(parseAdjustment(amount, "x")).toMatchObject({
        ok: false,
        failure: { field: "amount", message: LOYALTY_ADMIN_MESSAGES.amountNotWhole },
      });
    }
    expect(parseAdjustment("-0", "x")).toMatchObject({ ok: false, failure: { message: LOYALTY_ADMIN_MESSAGES.amountZero } });
    expect(parseAdjustment("100001", "x")).toMatchObject({ ok: false, failure: { message: LOYALTY_ADMIN_MESSAGES.amountTooLarge } });
    expect(parseAdjustment("0000000000000000000000012", "x")).toEqual({ ok: true, value: { amount: 12, description: "x" } });
    expect(parseAdjustment("5", "x".repeat(201))).toMatchObject({
      ok: false,
      failure: { message: LOYALTY_ADMIN_MESSAGES.descriptionTooLong },
    });
    expect(parseAdjustment("5", "a\u0007b")).toMatchObject({ ok: false, failure: { message: LOYALTY_ADMIN_MESSAGES.descriptionInvalid } });
  });
});

describe("the loyalty admin's query", () => {
  it("keeps what it knows and drops the rest", () => {
    expect(parseLoyaltyAdminQuery(new URLSearchParams(`q=  Ana   López &pagina=3&usuario=${ID}&aviso=ajustado`))).toEqual({
      q: "Ana López",
      page: 3,
      usuario: ID,
      ajustar: null,
      badId: false,
      aviso: "ajustado",
    });
    expect(parseLoyaltyAdminQuery(new URLSearchParams("pagina=-1&usuario=x&aviso=__proto__"))).toMatchObject({
      page: 1,
      usuario: null,
      badId: true,
      aviso: null,
    });
    expect(parseLoyaltyAdminQuery(new URLSearchParams("pagina=2.5&ajustar=1"))).toMatchObject({ page: 1, ajustar: null, badId: true });
  });

  it("builds its links without defaults", () => {
    expect(loyaltyAdminHref()).toBe("/admin/loyalty");
    expect(loyaltyAdminHref({ q: "ana", page: 1 })).toBe("/admin/loyalty?q=ana");
    expect(loyaltyAdminHref({ q: "a&b", page: 2, ajustar: ID })).toBe(`/admin/loyalty?q=a%26b&pagina=2&ajustar=${ID}`);
  });
});

it("projects the new balance only for a whole, non-zero amount", () => {
  expect(projectedBalance(10, "25")).toBe(35);
  expect(projectedBalance(10, "-15")).toBe(-5);
  expect(projectedBalance(10, "")).toBeNull();
  expect(projectedBalance(10, "0")).toBeNull();
  expect(projectedBalance(10, "1.5")).toBeNull();
});

it("labels movements as the profile and the admin show them", () => {
  expect(["earned", "spent", "adjustment", "refunded", "reversed"].map(pointsTransactionLabel)).toEqual([
    "Ganados",
    "Usados",
    "Ajuste",
    "Ajuste",
    "Ajuste",
  ]);
});

it("the limits' messages name the limits in force", () => {
  expect(LOYALTY_ADMIN_MESSAGES.amountTooLarge).toContain(` ${formatPoints(MAX_POINTS_ADJUSTMENT)} puntos`);
  expect(LOYALTY_ADMIN_MESSAGES.balanceTooHigh).toContain(` ${formatPoints(MAX_POINTS_BALANCE)} puntos`);
});
