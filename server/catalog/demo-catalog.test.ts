import { describe, it, expect } from "vitest";
import { buildDemoCatalog, buildSyntheticProducts, type DemoProduct } from "./demo-catalog";
import cardsJson from "./data/cards.json";
import { CARD_TYPES, CATEGORIES, EXPANSIONS, RARITIES } from "#domain/catalog.ts";

const catalog = buildDemoCatalog();
const cards = cardsJson as unknown as Array<{ name: string; expansion: string; cardNumber: string }>;
const NOW = Date.UTC(2026, 10, 22);

function expectValid(p: DemoProduct) {
  expect(p.id).toMatch(/^[0-9a-f]{24}$/);
  expect(p.name.length).toBeGreaterThan(0);
  expect(Number.isInteger(p.priceCents)).toBe(true);
  expect(p.priceCents).toBeGreaterThan(0);
  if (p.salePriceCents !== null) {
    expect(Number.isInteger(p.salePriceCents)).toBe(true);
    expect(p.salePriceCents).toBeGreaterThan(0);
    expect(p.salePriceCents).toBeLessThan(p.priceCents);
    expect(p.salePriceCents % 100).toBe(0);
  }
  // Whole pesos or .50.
  expect(p.priceCents % 50).toBe(0);
  expect(Number.isInteger(p.stock)).toBe(true);
  expect(p.stock).toBeGreaterThanOrEqual(0);
  expect(p.images.length).toBeGreaterThanOrEqual(1);
  expect(p.images.length).toBeLessThanOrEqual(5);
  for (const url of p.images) expect(url).toMatch(new RegExp(`^/media/demo/${p.id}-(front|back)\\.webp$`));
  expect(EXPANSIONS as readonly string[]).toContain(p.expansion);
  if (p.category === "Carta Individual") {
    expect(RARITIES as readonly string[]).toContain(p.rarity);
    expect(CARD_TYPES as readonly string[]).toContain(p.type);
  } else {
    // Sealed products and accessories carry no rarity or type.
    expect(p.rarity).toBeNull();
    expect(p.type).toBeNull();
  }
  // What is sold: the first variant is the product's own price and stock; no condition and language twice.
  expect(p.variants[0]).toMatchObject({ priceCents: p.priceCents, salePriceCents: p.salePriceCents, stock: p.stock });
  expect(new Set(p.variants.map((v) => `${v.condition}-${v.language}`)).size).toBe(p.variants.length);
  for (const v of p.variants) {
    expect(v.stock).toBeGreaterThanOrEqual(0);
    expect(v.priceCents).toBeGreaterThan(0);
    if (p.category !== "Carta Individual") expect(v.condition).toBe("NEW");
  }
  expect(CATEGORIES as readonly string[]).toContain(p.category);
  expect(p.dateAdded).toBeInstanceOf(Date);
  expect(p.dateAdded.getTime()).toBeLessThan(NOW);
}

describe("buildDemoCatalog", () => {
  it("has every card of cards.json as a single", () => {
    expect(cards.length).toBe(2749);
    const singles = catalog.filter((p) => p.category === "Carta Individual");
    expect(singles.length).toBe(2749);
    const keys = new Set(singles.map((p) => `${p.expansion}|${p.cardNumber}|${p.name}`));
    for (const c of cards) expect(keys.has(`${c.expansion}|${c.cardNumber}|${c.name}`)).toBe(true);
    for (const p of singles) expect(p.images).toEqual([`/media/demo/${p.id}-front.webp`, `/media/demo/${p.id}-back.webp`]);
  });

  it("builds only valid products with unique ids", () => {
    for (const p of catalog) expectValid(p);
    expect(new Set(catalog.map((p) => p.id)).size).toBe(catalog.length);
  });

  it("is deterministic", () => {
    expect(buildDemoCatalog()).toEqual(catalog);
  });

  it("puts about 10% on sale, some sold out and many at 1–3", () => {
    const onSale = catalog.filter((p) => p.salePriceCents !== null).length / catalog.length;
    expect(onSale).toBeGreaterThanOrEqual(0.07);
    expect(onSale).toBeLessThanOrEqual(0.13);
    const soldOut = catalog.filter((p) => p.stock === 0).length / catalog.length;
    expect(soldOut).toBeGreaterThan(0.03);
    expect(soldOut).toBeLessThan(0.1);
    expect(catalog.filter((p) => p.stock >= 1 && p.stock <= 3).length).toBeGreaterThan(catalog.length * 0.2);
    for (const p of catalog) {
      if (p.salePriceCents === null) continue;
      const discount = 1 - p.salePriceCents / p.priceCents;
      expect(discount).toBeGreaterThanOrEqual(0.09);
      expect(discount).toBeLessThanOrEqual(0.35);
    }
  });

  it("has sealed products for every expansion and accessories", () => {
    const sealed = catalog.filter((p) => p.category === "Producto Sellado");
    const accessories = catalog.filter((p) => p.category === "Accesorio");
    expect(new Set(sealed.map((p) => p.expansion)).size).toBe(EXPANSIONS.length);
    expect(sealed.filter((p) => p.name.startsWith("Elite Trainer Box")).length).toBe(EXPANSIONS.length);
    expect(accessories.length).toBeGreaterThanOrEqual(15);
    for (const p of [...sealed, ...accessories]) {
      expect(p.cardNumber).toBeNull();
      expect(p.type).toBeNull();
      expect(p.variants).toHaveLength(1);
      expect(p.images).toHaveLength(1);
    }
  });

  it("sells most singles as one Near Mint copy, some in played conditions and Japanese prints, a few among the newest", () => {
    const singles = catalog.filter((p) => p.category === "Carta Individual");
    const several = singles.filter((p) => p.variants.length > 1);
    const japanese = singles.filter((p) => p.variants.some((v) => v.language === "ja"));
    expect(singles.filter((p) => p.variants.length === 1).length / singles.length).toBeGreaterThan(0.6);
    expect(several.length).toBeGreaterThan(100);
    expect(japanese.length).toBeGreaterThan(20);
    const newest = [...catalog].sort((a, b) => b.dateAdded.getTime() - a.dateAdded.getTime()).slice(0, 48);
    expect(newest.some((p) => p.variants.length > 1)).toBe(true);
  });

  it("names no language in a description: the variant says it ('Carta original de la expansión …')", () => {
    const language = /ingl[eé]s|japon[eé]s|español|english|japanese|idioma/i;
    for (const p of [...catalog, ...buildSyntheticProducts(200)]) expect(p.description ?? "", p.name).not.toMatch(language);
    const jynx = catalog.find((p) => p.name === "Jynx ex" && p.cardNumber === "191/165");
    expect(jynx?.description).toMatch(/^Carta original de la expansión 151 \(\d{4}\), número 191\/165\./);
  });

  it("prices by rarity within plausible ranges", () => {
    const pesos = (r: string) => catalog.filter((p) => p.category === "Carta Individual" && p.rarity === r).map((p) => p.priceCents / 100);
    expect(Math.max(...pesos("Para tu deck"))).toBeLessThanOrEqual(40);
    expect(Math.min(...pesos("Special Illustration Rare"))).toBeGreaterThanOrEqual(600);
    expect(Math.max(...pesos("Special Illustration Rare"))).toBeLessThanOrEqual(6000);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    expect(median(pesos("Special Illustration Rare"))).toBeGreaterThan(median(pesos("Ultra Rare")));
    expect(median(pesos("Ultra Rare"))).toBeGreaterThan(median(pesos("Para tu deck")));
  });

  it("lists Phantasmal Flames first when sorted newest first", () => {
    const newest = [...catalog].sort((a, b) => b.dateAdded.getTime() - a.dateAdded.getTime());
    expect(newest[0]?.expansion).toBe("Phantasmal Flames");
    const firstOther = newest.findIndex((p) => p.expansion !== "Phantasmal Flames");
    expect(firstOther).toBe(catalog.filter((p) => p.expansion === "Phantasmal Flames").length);
  });
});

describe("buildSyntheticProducts", () => {
  it("makes valid, deterministic variants with ids distinct from the demo ones", () => {
    const synthetic = buildSyntheticProducts(3000);
    expect(synthetic).toHaveLength(3000);
    for (const p of synthetic) expectValid(p);
    expect(p0name(synthetic)).toMatch(/\(variante 1\)$/);
    const ids = new Set(catalog.map((p) => p.id));
    for (const p of synthetic) {
      expect(ids.has(p.id)).toBe(false);
      ids.add(p.id);
    }
    expect(buildSyntheticProducts(10, 100)).toEqual(synthetic.slice(100, 110));
    expect(new Set(synthetic.map((p) => p.expansion)).size).toBe(EXPANSIONS.length);
    expect(new Set(synthetic.map((p) => p.type).filter(Boolean)).size).toBe(CARD_TYPES.length);
    // No single of the 30 expansions is a Promo; every other rarity shows up.
    expect(new Set(synthetic.map((p) => p.rarity).filter(Boolean)).size).toBe(RARITIES.length - 1);
    expect(new Set(synthetic.map((p) => p.category)).size).toBe(CATEGORIES.length);
  });
});

function p0name(list: DemoProduct[]): string {
  return list[0]?.name ?? "";
}
