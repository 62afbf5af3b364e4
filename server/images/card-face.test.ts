import { describe, it, expect } from "vitest";
import { backgroundColour, renderCardFaceSvg, type CardFace } from "./card-face";
import cardsJson from "#server/catalog/data/cards.json";

const cards = cardsJson as unknown as Array<{ name: string; expansion: string; cardNumber: string; type: string; rarity: string }>;

const face = (over: Partial<CardFace> = {}): CardFace => ({
  name: "Pikachu ex",
  expansion: "Surging Sparks",
  cardNumber: "238/191",
  type: "Pokémon",
  rarity: "Special Illustration Rare",
  category: "Carta Individual",
  ...over,
});

/** No raw '&' that is not the start of an entity, no '<' inside text. */
function expectWellFormed(svg: string) {
  expect(svg.startsWith("<svg")).toBe(true);
  expect(svg.endsWith("</svg>")).toBe(true);
  expect(svg).toContain('viewBox="0 0 500 700"');
  expect(svg).toContain('width="500"');
  expect(svg).toContain('height="700"');
  expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i);
  expect(svg).not.toMatch(/<image|href=|url\(http|@import|@font-face/i);
  // Tags balance: every opening tag is closed or self-closing.
  const open = (svg.match(/<[a-zA-Z][^>]*[^/]>/g) ?? []).length + (svg.match(/<[a-zA-Z]>/g) ?? []).length;
  const close = (svg.match(/<\/[a-zA-Z]+>/g) ?? []).length;
  expect(open).toBe(close);
}

describe("renderCardFaceSvg", () => {
  it("draws a sealed product and an accessory, which carry no rarity or type, without 'null'", () => {
    for (const category of ["Producto Sellado", "Accesorio", "Carta Individual"]) {
      const svg = renderCardFaceSvg(face({ category, rarity: null, type: null, cardNumber: null }), "front");
      expectWellFormed(svg);
      expect(svg, category).not.toContain("null");
      expect(backgroundColour(face({ category, type: null }))).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it("draws a well-formed front with name, expansion and number", () => {
    const svg = renderCardFaceSvg(face(), "front");
    expectWellFormed(svg);
    expect(svg).toContain("Pikachu ex");
    expect(svg).toContain("Surging Sparks");
    expect(svg).toContain("238/191");
    expect(svg).toContain("Special Illustration Rare");
    expect(svg).toContain("DejaVu Sans, Liberation Sans, Arial, sans-serif");
  });

  it("escapes & and accents stay as text", () => {
    const svg = renderCardFaceSvg(face({ name: "Chili & Cilan & Cress", expansion: "Scarlet & Violet", type: "Supporter" }), "front");
    expectWellFormed(svg);
    expect(svg).toContain("Scarlet &amp; Violet");
    expect(svg).toContain("Chili &amp; Cilan &amp; Cress");
    expect(svg).not.toContain("Scarlet & Violet");
    const tricky = renderCardFaceSvg(face({ name: `Café <Master> "é" 'x'`, type: "Item" }), "front");
    expectWellFormed(tricky);
    expect(tricky).toContain("Café &lt;Master&gt; &quot;é&quot; &apos;x&apos;");
  });

  it("gives different types different backgrounds", () => {
    const colours = ["Pokémon", "Supporter", "Item", "Tool", "Stadium", "Energy"].map((type) =>
      backgroundColour(face({ type, name: "Basic Fire Energy" })),
    );
    expect(new Set(colours).size).toBe(colours.length);
    for (const type of ["Pokémon", "Supporter", "Energy"]) {
      const f = face({ type });
      expect(renderCardFaceSvg(f, "front")).toContain(`fill="${backgroundColour(f)}"`);
    }
    const sealed = face({
      category: "Producto Sellado",
      name: "Sobre de 151 (Booster Pack)",
      cardNumber: null,
      type: "Item",
      rarity: "Promo",
    });
    const accessory = face({
      category: "Accesorio",
      name: "Fundas mate negras para deck (65 pzas)",
      cardNumber: null,
      type: "Item",
      rarity: "Promo",
    });
    expect(backgroundColour(sealed)).not.toBe(backgroundColour(accessory));
    expectWellFormed(renderCardFaceSvg(sealed, "front"));
    expectWellFormed(renderCardFaceSvg(accessory, "front"));
  });

  it("draws a generic back with the shop name", () => {
    const svg = renderCardFaceSvg(face(), "back");
    expectWellFormed(svg);
    expect(svg).toContain("Cartas");
    expect(svg).toContain("del Valle");
  });

  it("is deterministic and small, even for the longest name", () => {
    expect(renderCardFaceSvg(face(), "front")).toBe(renderCardFaceSvg(face(), "front"));
    const longest = cards.reduce((a, b) => (b.name.length > a.name.length ? b : a));
    const f = face({ ...longest, category: "Carta Individual" });
    for (const view of ["front", "back"] as const) {
      const svg = renderCardFaceSvg(f, view);
      expectWellFormed(svg);
      expect(Buffer.byteLength(svg)).toBeLessThan(6 * 1024);
    }
    const synthetic = renderCardFaceSvg(face({ name: `${longest.name} (variante 12345)` }), "front");
    expectWellFormed(synthetic);
    expect(Buffer.byteLength(synthetic)).toBeLessThan(6 * 1024);
  });

  it("renders every card of the data well-formed and under 6 KB", () => {
    for (const c of cards) {
      const svg = renderCardFaceSvg({ ...c, category: "Carta Individual" }, "front");
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
      expect(Buffer.byteLength(svg)).toBeLessThan(6 * 1024);
    }
  });
});
