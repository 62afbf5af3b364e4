import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const ORIGIN = "https://tienda.example";
/** What a browser makes of a Location header: tabs and newlines dropped, then resolved against the page. */
const browserTarget = (location: string) => new URL(location.replace(/[\t\n\r]/g, ""), ORIGIN);

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeRedirectPath("/productos?page=2&rarity=Shiny")).toBe("/productos?page=2&rarity=Shiny");
    expect(safeRedirectPath("/perfil?tab=puntos#saldo")).toBe("/perfil?tab=puntos#saldo");
    expect(safeRedirectPath("/productos?q=pok%C3%A9mon")).toBe("/productos?q=pok%C3%A9mon");
  });

  it("refuses other sites, scheme tricks and junk", () => {
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      null,
      undefined,
      "productos",
      "/" + "a".repeat(3000),
    ]) {
      expect(safeRedirectPath(bad as string | null | undefined, "/carrito")).toBe("/carrito");
    }
  });

  it("refuses control characters and backslashes anywhere, which browsers drop or read as slashes", () => {
    const hostile = [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/productos\r\nSet-Cookie: x=1",
      "/\u0000",
      "/a\u007f",
      "/a\u0085b",
      "/productos\\..\\evil",
      "/x?next=\\\\evil.example",
    ];
    for (const bad of hostile) expect(safeRedirectPath(bad, "/"), JSON.stringify(bad)).toBe("/");
  });

  it("refuses paths that normalise into another origin", () => {
    for (const bad of ["/.//evil.example", "/..//evil.example", "/%2e//evil.example"]) {
      const path = safeRedirectPath(bad, "/");
      expect(browserTarget(path).origin, `${JSON.stringify(bad)} -> ${path}`).toBe(ORIGIN);
      expect(path.startsWith("//")).toBe(false);
    }
  });

  it("answers a value any HTTP header can carry: ASCII only, for every code unit", () => {
    const unsafe: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const path = safeRedirectPath(`/a${String.fromCharCode(code)}b`, "/");
      if (!/^\/[\x21-\x5b\x5d-\x7e]*$/.test(path) || browserTarget(path).origin !== ORIGIN)
        unsafe.push(`U+${code.toString(16)} -> ${JSON.stringify(path)}`);
    }
    expect(unsafe).toEqual([]);
  });
});
