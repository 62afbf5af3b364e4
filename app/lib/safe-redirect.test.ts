import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/productos?page=2&rarity=Shiny")).toBe("/productos?page=2&rarity=Shiny");
  });

  it("refuses other sites, scheme tricks and junk", () => {
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, undefined, "productos", "/" + "a".repeat(3000)]) {
      expect(safeRedirectPath(bad as string | null | undefined, "/carrito")).toBe("/carrito");
    }
  });
});
