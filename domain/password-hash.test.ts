import { describe, expect, it } from "vitest";
import { bcryptHashProblem, isUsableBcryptHash, passwordHashCost } from "./password-hash";

/** A real bcrypt hash's 53 characters after the cost (22 of salt, 31 of hash). */
const BODY = "N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy";
const hash = (prefix: string, cost: string, body = BODY) => `$${prefix}$${cost}$${body}`;

describe("a stored password hash the shop verifies", () => {
  it("is a $2a$, $2b$ or $2y$ bcrypt hash of cost 4 to 15", () => {
    for (const prefix of ["2a", "2b", "2y"]) {
      expect(isUsableBcryptHash(hash(prefix, "04")), prefix).toBe(true);
      expect(isUsableBcryptHash(hash(prefix, "10")), prefix).toBe(true);
      expect(isUsableBcryptHash(hash(prefix, "15")), prefix).toBe(true);
    }
  });

  it("refuses a cost below 4 or above 15 and says which cost it was", () => {
    expect(bcryptHashProblem(hash("2b", "03"))).toEqual({ kind: "cost", cost: 3 });
    expect(bcryptHashProblem(hash("2b", "16"))).toEqual({ kind: "cost", cost: 16 });
    expect(bcryptHashProblem(hash("2a", "31"))).toEqual({ kind: "cost", cost: 31 });
    expect(bcryptHashProblem(hash("2y", "99"))).toEqual({ kind: "cost", cost: 99 });
    expect(isUsableBcryptHash(hash("2b", "31"))).toBe(false);
  });

  it("refuses anything that is not a whole bcrypt hash", () => {
    for (const bad of [
      hash("2x", "10"),
      hash("2", "10"),
      hash("1", "10"),
      hash("2b", "4"),
      hash("2b", "1O"),
      hash("2b", "10", BODY.slice(0, 40)),
      hash("2b", "10", `${BODY}x`),
      hash("2b", "10", `${BODY.slice(0, 52)}+`),
      hash("2b", "10", `${BODY.slice(0, 52)}=`),
      hash("2b", "10", `${BODY.slice(0, 52)}ñ`),
      ` ${hash("2b", "10")}`,
      `${hash("2b", "10")}\n`,
      "",
      "x",
      "sha1$abc$def",
      null,
      undefined,
      42,
    ]) {
      expect(bcryptHashProblem(bad), String(bad)).toEqual({ kind: "malformed" });
    }
  });
});

describe("the cost of new hashes (PASSWORD_HASH_COST)", () => {
  it("is 10 unless set, and only a whole number the shop also verifies (4 to 15)", () => {
    expect(passwordHashCost(undefined)).toBe(10);
    expect(passwordHashCost(" ")).toBe(10);
    expect(passwordHashCost("4")).toBe(4);
    expect(passwordHashCost("15")).toBe(15);
    for (const bad of ["3", "16", "31", "diez", "10.5", "-10"]) expect(() => passwordHashCost(bad), bad).toThrow(/PASSWORD_HASH_COST/);
  });
});
