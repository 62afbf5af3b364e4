/**
 * The list's category, condition and language filters (docs/requirements.md#catalogue): a product
 * shows for a condition or a language when one of its variants IN STOCK matches; sealed products and
 * accessories carry no rarity or type, so those filters list singles only; 'Precio' sorts by the
 * price the card shows (the cheapest variant in stock). A fresh database per suite holds only the
 * products made here.
 */
import { beforeAll, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { listProducts } from "#server/catalog/products.server.ts";
import { catalogChanged } from "#server/catalog/catalog-cache.ts";
import { products, productVariants } from "#server/db/schema.ts";
import { DEFAULT_QUERY, parseProductQuery, type ProductQuery } from "#domain/product-query.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import { insertProduct, insertVariant, onlyVariantId } from "#tests/fixtures/products.ts";

const q = (change: Partial<ProductQuery> = {}): ProductQuery => ({ ...DEFAULT_QUERY, ...change });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

describeEachDatabase("catalogue: category, condition and language filters", (t) => {
  const id: Record<string, string> = {};
  const ids = (...names: string[]) => names.map((n) => id[n]);
  const listed = async (change: Partial<ProductQuery>) => {
    const page = await listProducts(t.db, q(change));
    expect(page.total, JSON.stringify(change)).toBe(page.products.length);
    return page.products.map((p) => p._id);
  };

  beforeAll(async () => {
    // Newest first: charizard, pikachu, mew, booster, japaneseBox, sleeves, archived.
    // charizard: NM English 500.00 (2), LP Japanese 120.00 (1), MP English 50.00 sold out.
    id.charizard = await insertProduct(t.db, { name: "Charizard ex", priceCents: 50_000, stock: 2, dateAdded: hoursAgo(1) });
    await insertVariant(t.db, id.charizard, { condition: "LP", language: "ja", priceCents: 12_000, stock: 1 });
    await insertVariant(t.db, id.charizard, { condition: "MP", language: "en", priceCents: 5_000, stock: 0 });
    // pikachu: NM English 200.00 (3); its LP English 10.00 is sold out.
    id.pikachu = await insertProduct(t.db, {
      name: "Pikachu",
      priceCents: 20_000,
      stock: 3,
      dateAdded: hoursAgo(2),
      expansion: "Surging Sparks",
    });
    await insertVariant(t.db, id.pikachu, { condition: "LP", language: "en", priceCents: 1_000, stock: 0 });
    // mew: Spanish only, NM 300.00 (1) and HP 80.00 on sale at 70.00 (2).
    id.mew = await insertProduct(t.db, { name: "Mew ex", priceCents: 30_000, stock: 1, dateAdded: hoursAgo(3), rarity: "Ultra Rare" });
    await t.db
      .update(productVariants)
      .set({ language: "es" })
      .where(eq(productVariants.id, await onlyVariantId(t.db, id.mew)));
    await insertVariant(t.db, id.mew, { condition: "HP", language: "es", priceCents: 8_000, salePriceCents: 7_000, stock: 2 });
    // Sealed products and an accessory: no rarity, no type, one 'Nuevo' variant.
    const sealed = { category: "Producto Sellado", rarity: null, type: null, cardNumber: null } as const;
    id.booster = await insertProduct(t.db, { ...sealed, name: "Booster Box 151", priceCents: 250_000, stock: 4, dateAdded: hoursAgo(4) });
    id.japaneseBox = await insertProduct(t.db, {
      ...sealed,
      name: "Booster Box japonesa",
      priceCents: 180_000,
      stock: 3,
      dateAdded: hoursAgo(5),
    });
    await t.db
      .update(productVariants)
      .set({ language: "ja" })
      .where(eq(productVariants.id, await onlyVariantId(t.db, id.japaneseBox)));
    id.sleeves = await insertProduct(t.db, {
      category: "Accesorio",
      rarity: null,
      type: null,
      cardNumber: null,
      name: "Protectores",
      priceCents: 15_000,
      stock: 10,
      dateAdded: hoursAgo(6),
    });
    // An archived single with an LP Spanish copy in stock is out of the shop, whatever the filter.
    id.archived = await insertProduct(t.db, { name: "Charizard archivado", dateAdded: hoursAgo(7), archivedAt: new Date() });
    await insertVariant(t.db, id.archived, { condition: "LP", language: "es", stock: 1 });
    catalogChanged(t.db);
  });

  it("a condition filter lists the products with a variant of that condition in stock, never a sold-out one", async () => {
    expect(await listed({ condition: "LP" })).toEqual(ids("charizard")); // pikachu's LP copy is sold out
    expect(await listed({ condition: "NM" })).toEqual(ids("charizard", "pikachu", "mew"));
    expect(await listed({ condition: "HP" })).toEqual(ids("mew"));
    expect(await listed({ condition: "MP" })).toEqual([]); // charizard's MP copy is sold out
    expect(await listed({ condition: "DMG" })).toEqual([]);
  });

  it("a language filter lists the products with a variant in that language in stock, sealed products included", async () => {
    expect(await listed({ language: "ja" })).toEqual(ids("charizard", "japaneseBox"));
    expect(await listed({ language: "es" })).toEqual(ids("mew"));
    expect(await listed({ language: "en" })).toEqual(ids("charizard", "pikachu", "booster", "sleeves"));
  });

  it("condition and language together need one variant in stock with both", async () => {
    expect(await listed({ condition: "LP", language: "ja" })).toEqual(ids("charizard"));
    expect(await listed({ condition: "LP", language: "en" })).toEqual([]); // pikachu's is sold out, charizard's is Japanese
    expect(await listed({ condition: "NM", language: "ja" })).toEqual([]); // charizard has NM (English) and Japanese (LP), not both
    expect(await listed({ condition: "HP", language: "es" })).toEqual(ids("mew"));
  });

  it("a restock brings the product into the filter at once; a sale of the last copy takes it out", async () => {
    const lp = eq(productVariants.productId, id.pikachu!);
    await t.db
      .update(productVariants)
      .set({ stock: 2 })
      .where(and(lp, eq(productVariants.condition, "LP")));
    catalogChanged(t.db);
    expect(await listed({ condition: "LP", language: "en" })).toEqual(ids("pikachu"));
    await t.db
      .update(productVariants)
      .set({ stock: 0 })
      .where(and(lp, eq(productVariants.condition, "LP")));
    catalogChanged(t.db);
    expect(await listed({ condition: "LP", language: "en" })).toEqual([]);
  });

  it("the category filter lists one category, alone and with the other filters", async () => {
    expect(await listed({ category: "Carta Individual" })).toEqual(ids("charizard", "pikachu", "mew"));
    expect(await listed({ category: "Producto Sellado" })).toEqual(ids("booster", "japaneseBox"));
    expect(await listed({ category: "Accesorio" })).toEqual(ids("sleeves"));
    expect(await listed({ category: "Carta Individual", condition: "HP" })).toEqual(ids("mew"));
    expect(await listed({ category: "Producto Sellado", language: "ja" })).toEqual(ids("japaneseBox"));
    expect(await listed({ category: "Producto Sellado", condition: "NM" })).toEqual([]);
    expect(await listed({ category: "Carta Individual", onSale: true })).toEqual(ids("mew"));
    expect(await listed({ category: "Carta Individual", expansion: "Surging Sparks" })).toEqual(ids("pikachu"));
  });

  it("combines with the search", async () => {
    expect(await listed({ search: "charizard", condition: "LP" })).toEqual(ids("charizard"));
    expect(await listed({ search: "pikachu", condition: "LP" })).toEqual([]);
    expect(await listed({ search: "booster", language: "ja" })).toEqual(ids("japaneseBox"));
    expect(await listed({ search: "box", category: "Producto Sellado" })).toEqual(ids("booster", "japaneseBox"));
  });

  it("a rarity or type filter no longer shows sealed products or accessories (they carry none)", async () => {
    const [row] = await t.db.select({ rarity: products.rarity, type: products.type }).from(products).where(eq(products.id, id.booster!));
    expect(row).toEqual({ rarity: null, type: null });
    expect(await listed({ rarity: "Rare" })).toEqual(ids("charizard", "pikachu"));
    expect(await listed({ type: "Pokémon" })).toEqual(ids("charizard", "pikachu", "mew"));
    expect(await listed({ rarity: "Rare", category: "Producto Sellado" })).toEqual([]);
  });

  it("'Precio' sorts by the price each card shows: its cheapest variant in stock", async () => {
    // Shown: mew 70.00 (HP on sale), charizard 120.00 (LP ja), pikachu 200.00 (NM). Their NM prices
    // (500, 200, 300) or their cheapest variants counting sold-out ones (50, 10, 70) would sort them otherwise.
    const singles = { category: "Carta Individual" } as const;
    const asc = await listProducts(t.db, q({ ...singles, sortBy: "price", order: "asc" }));
    expect(asc.products.map((p) => p._id)).toEqual(ids("mew", "charizard", "pikachu"));
    expect(asc.products.map((p) => p.salePrice ?? p.price)).toEqual([70, 120, 200]);
    const desc = await listProducts(t.db, q({ ...singles, sortBy: "price", order: "desc" }));
    expect(desc.products.map((p) => p._id)).toEqual(ids("pikachu", "charizard", "mew"));
    // With a condition filter the order is the same rule: the shown price.
    const nm = await listProducts(t.db, q({ condition: "NM", sortBy: "price", order: "asc" }));
    expect(nm.products.map((p) => p._id)).toEqual(ids("mew", "charizard", "pikachu"));
  });

  it("the URL's values reach the query: categoria, condicion, idioma", async () => {
    const fromUrl = (qs: string) => listProducts(t.db, parseProductQuery(new URLSearchParams(qs)));
    expect((await fromUrl("categoria=sellado&idioma=ja")).products.map((p) => p._id)).toEqual(ids("japaneseBox"));
    expect((await fromUrl("condicion=lp&idioma=ja")).products.map((p) => p._id)).toEqual(ids("charizard"));
    // An unknown value is dropped: the whole shop.
    expect((await fromUrl("condicion=nuevo&idioma=fr&categoria=x")).total).toBe(6);
  });
});
