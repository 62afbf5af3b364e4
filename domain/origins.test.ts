import { describe, expect, it } from "vitest";
import { MAX_ORIGIN_LENGTH, originOfUrl, recordableOrigin } from "./origins";

describe("recordableOrigin", () => {
  it.each([
    "https://tienda.example",
    "http://tienda.test:3000",
    "http://192.168.1.20:8080",
    "http://[::1]:3000",
    "https://xn--tienda-1wa.mx",
  ])("keeps the origin %s", (origin) => {
    expect(recordableOrigin(origin)).toBe(origin);
  });

  it.each([
    ["a trailing slash", "https://tienda.example/"],
    ["a path", "https://tienda.example/productos"],
    ["a query", "https://tienda.example?x=1"],
    ["a fragment", "https://tienda.example#x"],
    ["credentials", "https://ana:secreto@tienda.example"],
    ["another scheme", "ftp://tienda.example"],
    ["javascript", "javascript:alert(1)"],
    ["upper case (not as URL.origin writes it)", "https://Tienda.Example"],
    ["the default port written out", "https://tienda.example:443"],
    ["no scheme", "tienda.example"],
    ["spaces", " https://tienda.example"],
    ["an empty string", ""],
    ["too long", `https://${"a".repeat(MAX_ORIGIN_LENGTH)}.example`],
  ])("refuses %s", (_what, value) => {
    expect(recordableOrigin(value)).toBeNull();
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, 42, {}, ["https://tienda.example"]]) expect(recordableOrigin(value)).toBeNull();
  });
});

describe("originOfUrl", () => {
  it("gives an http(s) URL's origin, and null for anything else", () => {
    expect(originOfUrl("https://tienda.example/productos?q=1")).toBe("https://tienda.example");
    expect(originOfUrl("http://TIENDA.test:3000/")).toBe("http://tienda.test:3000");
    for (const value of ["mailto:ana@example.com", "ftp://tienda.example/", "no es una URL", "", null, undefined]) {
      expect(originOfUrl(value)).toBeNull();
    }
  });
});
