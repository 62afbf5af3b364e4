import { describe, expect, it } from "vitest";
import { LANGUAGE_PREFERENCE, bestVariant, chooseVariant, parseVariantSlug, variantLabel, variantSlug } from "./variant-names";

/** A variant as the product page holds it: 'LP-ja' with its price in pesos and its stock. */
function v(key: string, finalPrice: number, stock: number) {
  const [condition, language] = key.split("-") as [string, string];
  return { id: key, condition, language, slug: variantSlug({ condition, language }), finalPrice, stock };
}

const slugs = (variant: { slug: string } | null) => variant?.slug ?? null;

describe("the variant a product page opens on", () => {
  it("prefers the shop's main language, Inglés, then Español, then Japonés", () => {
    expect(LANGUAGE_PREFERENCE).toEqual(["en", "es", "ja"]);
  });

  it("is the best condition in stock, not the cheapest (Wigglytuff: NM, LP and MP in English)", () => {
    const wigglytuff = [v("NM-en", 215, 1), v("LP-en", 185, 2), v("MP-en", 150, 1)];
    expect(slugs(bestVariant(wigglytuff))).toBe("nm-en");
    expect(slugs(chooseVariant(wigglytuff, null))).toBe("nm-en");
  });

  it("of the best condition, the main language when one is in stock (Mega Charizard X ex: NM English, NM and LP Japanese)", () => {
    const charizard = [v("NM-en", 2250, 1), v("NM-ja", 2050, 1), v("LP-ja", 1700, 3)];
    expect(slugs(bestVariant(charizard))).toBe("nm-en");
    // Listed in another order, the same choice.
    expect(slugs(bestVariant([...charizard].reverse()))).toBe("nm-en");
  });

  it("falls to the next language when the main one is sold out in the best condition", () => {
    expect(slugs(bestVariant([v("NM-en", 500, 0), v("NM-ja", 450, 2), v("NM-es", 470, 1)]))).toBe("nm-es");
    expect(slugs(bestVariant([v("NM-en", 500, 0), v("NM-ja", 450, 2), v("NM-es", 470, 0)]))).toBe("nm-ja");
  });

  it("puts condition before language: a Near Mint Japanese copy before a played English one", () => {
    expect(slugs(bestVariant([v("LP-en", 300, 4), v("NM-ja", 350, 1)]))).toBe("nm-ja");
  });

  it("skips the variants out of stock, however good", () => {
    expect(slugs(bestVariant([v("NM-en", 500, 0), v("LP-en", 420, 0), v("MP-en", 350, 2), v("DMG-en", 100, 5)]))).toBe("mp-en");
  });

  it("all sold out: the best condition in the main language, by the same rule", () => {
    expect(slugs(bestVariant([v("LP-ja", 300, 0), v("NM-ja", 380, 0), v("NM-en", 400, 0), v("DMG-en", 90, 0)]))).toBe("nm-en");
  });

  it("a sealed product's one variant, and none for no variants", () => {
    expect(slugs(bestVariant([v("NEW-en", 1200, 0)]))).toBe("new-en");
    expect(bestVariant([])).toBeNull();
    expect(chooseVariant([], "nm-en")).toBeNull();
  });

  it("an unknown code ranks after every known one", () => {
    expect(slugs(bestVariant([v("XX-en", 10, 3), v("HP-zz", 20, 3), v("HP-ja", 30, 3)]))).toBe("hp-ja");
  });

  it("the URL's ?variante= wins, even a cheaper, worse or sold-out one", () => {
    const variants = [v("NM-en", 500, 2), v("LP-ja", 300, 3), v("MP-en", 250, 0)];
    expect(slugs(chooseVariant(variants, "lp-ja"))).toBe("lp-ja");
    expect(slugs(chooseVariant(variants, "MP-EN"))).toBe("mp-en");
    // A value the product does not have, or no variant's name at all: the page's own choice.
    expect(slugs(chooseVariant(variants, "hp-es"))).toBe("nm-en");
    expect(slugs(chooseVariant(variants, "cualquiera"))).toBe("nm-en");
    expect(slugs(chooseVariant(variants, ""))).toBe("nm-en");
  });
});

describe("a variant's names", () => {
  it("label, URL name and back", () => {
    expect(variantLabel({ condition: "NM", language: "en" })).toBe("Casi nueva · Inglés");
    expect(variantLabel({ condition: "LP", language: "ja" })).toBe("Ligeramente jugada · Japonés");
    expect(variantSlug({ condition: "LP", language: "ja" })).toBe("lp-ja");
    expect(parseVariantSlug(" LP-JA ")).toEqual({ condition: "LP", language: "ja" });
    expect(parseVariantSlug("lp-xx")).toBeNull();
    expect(parseVariantSlug(null)).toBeNull();
  });
});
