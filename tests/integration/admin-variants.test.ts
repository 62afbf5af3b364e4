/**
 * The admin's product form edits the product's variants (issue 19, docs/requirements.md#admin-area),
 * through the add and edit routes' actions, on PGlite and PostgreSQL: a product saved with several
 * variants (the product's summary follows them); variants changed, swapped, added and removed in
 * one save; a variant that orders name archived, not erased; the last variant and a repeated
 * condition + language refused; hostile rows refused with a 4xx FormFailure and nothing written;
 * the rows' buttons without JavaScript ('Agregar variante', 'Quitar') answering the form again;
 * rarity and type null for a sealed product.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import { expect, it } from "vitest";
import * as addRoute from "#app/routes/admin/agregar-producto.tsx";
import * as editRoute from "#app/routes/admin/editar-producto.tsx";
import type { FormFailure } from "#domain/form-failure.ts";
import { MAX_PRODUCT_VARIANTS, productFormValuesFrom } from "#domain/product-form.ts";
import { PRODUCT_FIELD_MESSAGES } from "#server/catalog/product-input.ts";
import { cartItems, carts, orderItems, products, productVariants } from "#server/db/schema.ts";
import { newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/client.ts";
import { insertOrder } from "#tests/fixtures/orders.ts";
import { insertProduct, insertVariant, onlyVariantId, variantIds } from "#tests/fixtures/products.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { callAction, formPost } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

type Row = { id?: string; condition?: string; language?: string; price?: string; salePrice?: string; stock?: string };

/** The product form as the browser posts it, with these variant rows (`variants.{i}.{field}`). */
function productForm(rows: Row[], changes: Record<string, string> = {}): string {
  const body = new URLSearchParams({
    intent: "save",
    name: "Charizard ex",
    description: "",
    category: "Carta Individual",
    rarity: "Special Illustration Rare",
    type: "Pokémon",
    expansion: "Obsidian Flames",
    cardNumber: "223/197",
    artist: "",
    comment: "",
    ...changes,
  });
  body.append("images", "https://images.example.com/charizard.jpg");
  rows.forEach((row, i) => {
    const full = { id: "", condition: "NM", language: "en", price: "100", salePrice: "", stock: "1", ...row };
    for (const [field, value] of Object.entries(full)) body.append(`variants.${i}.${field}`, value);
  });
  return body.toString();
}

const liveVariants = (db: Database, productId: string) =>
  db
    .select({
      id: productVariants.id,
      condition: productVariants.condition,
      language: productVariants.language,
      priceCents: productVariants.priceCents,
      salePriceCents: productVariants.salePriceCents,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
    .orderBy(productVariants.condition, productVariants.language);

async function variantCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(productVariants);
  return row?.n ?? 0;
}

describeEachDatabase("admin product variants", (t) => {
  const add = (body: string, cookie: string) =>
    callAction<FormFailure>(addRoute, formPost("/admin/agregar-producto", body, { cookie }), { db: t.db });
  const edit = (id: string, body: string, cookie: string) =>
    callAction<FormFailure>(editRoute, formPost(`/admin/editar-producto/${id}`, body, { cookie }), { db: t.db, params: { id } });
  const productRow = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];

  it("adds a product with two variants in one save; the product's price and stock follow its variants", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const answer = await add(
      productForm(
        [
          { condition: "NM", language: "en", price: "1500", stock: "2" },
          { condition: "LP", language: "ja", price: "900.50", salePrice: "850", stock: "1" },
        ],
        { name: "Charizard dos variantes" },
      ),
      admin,
    );
    expect(answer.status, JSON.stringify(answer.data)).toBe(303);
    const [product] = await t.db.select().from(products).where(eq(products.name, "Charizard dos variantes"));
    expect(await liveVariants(t.db, product!.id)).toMatchObject([
      { condition: "LP", language: "ja", priceCents: 90_050, salePriceCents: 85_000, stock: 1 },
      { condition: "NM", language: "en", priceCents: 150_000, salePriceCents: null, stock: 2 },
    ]);
    // The summary (kept by the database): the cheapest in stock, the sum of the stock.
    expect(product).toMatchObject({ priceCents: 90_050, salePriceCents: 85_000, stock: 3, priceVaries: true, conditions: ["NM", "LP"] });
  });

  it("a sealed product saves its one 'Nuevo' variant and no rarity or type, whatever was posted for them", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const answer = await add(
      productForm([{ condition: "NEW", language: "es", price: "2500", stock: "4" }], {
        name: "Caja de sobres variantes",
        category: "Producto Sellado",
        rarity: "Promo",
        type: "<script>",
      }),
      admin,
    );
    expect(answer.status, JSON.stringify(answer.data)).toBe(303);
    const [product] = await t.db.select().from(products).where(eq(products.name, "Caja de sobres variantes"));
    expect(product).toMatchObject({ rarity: null, type: null, stock: 4, priceCents: 250_000 });
    expect(await liveVariants(t.db, product!.id)).toMatchObject([{ condition: "NEW", language: "es" }]);
    // A single's condition on a sealed product is refused at its field.
    const refused = await add(productForm([{ condition: "NM" }], { name: "Caja mala", category: "Producto Sellado" }), admin);
    expect(refused.status).toBe(400);
    expect(refused.data?.fieldErrors).toEqual({ "variants.0.condition": [PRODUCT_FIELD_MESSAGES.sealedConditionOnly] });
  });

  it("changes, swaps, adds and removes variants in one save; the kept ones keep their ids", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const id = await insertProduct(t.db, { name: "Pikachu editable", priceCents: 10_000, stock: 3 });
    const nm = await onlyVariantId(t.db, id);
    const lp = await insertVariant(t.db, id, { condition: "LP", language: "en", priceCents: 8_000, stock: 1 });
    const mp = await insertVariant(t.db, id, { condition: "MP", language: "en", priceCents: 5_000, stock: 5 });
    const answer = await edit(
      id,
      productForm([
        // NM and LP swap their conditions; the old NM's stock changes.
        { id: nm, condition: "LP", language: "en", price: "100", stock: "7" },
        { id: lp, condition: "NM", language: "en", price: "80", stock: "1" },
        // A new Japanese one; MP is not posted: it goes (no order names it).
        { condition: "NM", language: "ja", price: "120", stock: "2" },
      ]),
      admin,
    );
    expect(answer.status, JSON.stringify(answer.data)).toBe(303);
    const ids = await variantIds(t.db, id);
    expect(ids["LP-en"]).toBe(nm);
    expect(ids["NM-en"]).toBe(lp);
    expect(Object.keys(ids).sort()).toEqual(["LP-en", "NM-en", "NM-ja"]);
    const [gone] = await t.db.select({ n: count() }).from(productVariants).where(eq(productVariants.id, mp));
    expect(gone?.n).toBe(0);
    expect(await productRow(id)).toMatchObject({ name: "Charizard ex", stock: 10, priceCents: 8_000 });
  });

  it("a removed variant that an order names is archived (the order keeps it), and leaves every cart", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const id = await insertProduct(t.db, { name: "Mew archivable", stock: 2 });
    const nm = await onlyVariantId(t.db, id);
    const lp = await insertVariant(t.db, id, { condition: "LP", language: "ja", stock: 3 });
    const order = await insertOrder(t.db, { lines: [{ productId: id, quantity: 1, unitPriceCents: 10_000 }] });
    await t.db.update(orderItems).set({ variantId: lp, condition: "LP", language: "ja" }).where(eq(orderItems.orderId, order.id));
    const cartId = newId();
    await t.db.insert(carts).values({ id: cartId });
    await t.db.insert(cartItems).values([
      { cartId, productId: id, variantId: lp, quantity: 1 },
      { cartId, productId: id, variantId: nm, quantity: 1 },
    ]);

    const answer = await edit(id, productForm([{ id: nm, condition: "NM", language: "en", stock: "2" }]), admin);
    expect(answer.status, JSON.stringify(answer.data)).toBe(303);
    const [archived] = await t.db.select().from(productVariants).where(eq(productVariants.id, lp));
    expect(archived?.archivedAt).toBeInstanceOf(Date);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ variantId: lp, condition: "LP", language: "ja" });
    const cart = await t.db.select({ variantId: cartItems.variantId }).from(cartItems).where(eq(cartItems.cartId, cartId));
    expect(cart).toEqual([{ variantId: nm }]);
    // The archived variant's stock no longer counts; the condition can be given again (a new variant).
    expect((await productRow(id))?.stock).toBe(2);
    const again = await edit(
      id,
      productForm([
        { id: nm, condition: "NM", language: "en", stock: "2" },
        { condition: "LP", language: "ja", stock: "4" },
      ]),
      admin,
    );
    expect(again.status).toBe(303);
    expect((await variantIds(t.db, id))["LP-ja"]).not.toBe(lp);
    expect((await productRow(id))?.stock).toBe(6);
  });

  it("refuses to remove the last variant and a repeated condition + language, each at its place; nothing is written", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const id = await insertProduct(t.db, { name: "Eevee sin variantes", stock: 3 });
    const nm = await onlyVariantId(t.db, id);
    const before = await variantCount(t.db);

    const none = await edit(id, productForm([]), admin);
    expect(none.status).toBe(400);
    expect(none.data?.fieldErrors).toEqual({ variants: [PRODUCT_FIELD_MESSAGES.variantsRequired] });

    const twice = await edit(
      id,
      productForm([
        { id: nm, condition: "NM", language: "en", stock: "9" },
        { condition: "Casi nueva", language: "en", stock: "1" },
      ]),
      admin,
    );
    expect(twice.status).toBe(400);
    expect(twice.data?.fieldErrors).toEqual({ "variants.1.condition": [PRODUCT_FIELD_MESSAGES.duplicateVariant] });
    // The typed rows come back.
    expect(productFormValuesFrom(twice.data!.values).variants).toMatchObject([
      { id: nm, condition: "NM", stock: "9" },
      { id: "", condition: "Casi nueva", stock: "1" },
    ]);

    // Without JavaScript, 'Quitar' on the only row.
    const last = await edit(id, `${productForm([{ id: nm }])}&intent=remove-variant-0`.replace("intent=save&", ""), admin);
    expect(last.status).toBe(400);
    expect(last.data?.fieldErrors).toEqual({ variants: [PRODUCT_FIELD_MESSAGES.variantsRequired] });

    expect(await variantCount(t.db)).toBe(before);
    expect(await liveVariants(t.db, id)).toMatchObject([{ id: nm, stock: 3 }]);
    expect((await productRow(id))?.name).toBe("Eevee sin variantes");
  });

  it("refuses hostile rows with a 4xx FormFailure and writes nothing; another product's variant id is never touched", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const id = await insertProduct(t.db, { name: "Gengar hostil", stock: 3 });
    const other = await insertProduct(t.db, { name: "Otro producto", stock: 5 });
    const otherVariant = await onlyVariantId(t.db, other);
    const before = await variantCount(t.db);
    const tooMany = Array.from({ length: MAX_PRODUCT_VARIANTS + 1 }, (_, i) => ({
      condition: ["NM", "LP", "MP", "HP", "DMG"][i % 5]!,
      language: ["es", "en", "ja", "es"][Math.floor(i / 5)]!,
    }));
    const cases: Array<[Row[], string, string]> = [
      [tooMany, "variants", PRODUCT_FIELD_MESSAGES.tooManyVariants],
      [[{ price: "-1" }], "variants.0.price", PRODUCT_FIELD_MESSAGES.priceInvalid],
      [[{ price: "9".repeat(5000) }], "variants.0.price", PRODUCT_FIELD_MESSAGES.priceInvalid],
      [[{ stock: "1e9" }], "variants.0.stock", PRODUCT_FIELD_MESSAGES.stockInvalid],
      [[{ condition: "'; drop table product_variants;--" }], "variants.0.condition", PRODUCT_FIELD_MESSAGES.conditionInvalid],
      [[{ condition: "NEW" }], "variants.0.condition", PRODUCT_FIELD_MESSAGES.conditionInvalid],
      [[{ language: "klingon" }], "variants.0.language", PRODUCT_FIELD_MESSAGES.languageInvalid],
      [[{ price: "10", salePrice: "10" }], "variants.0.salePrice", "El precio de oferta debe ser menor al precio normal"],
    ];
    for (const [rows, field, message] of cases) {
      const answer = await add(productForm(rows, { name: "No debe existir" }), admin);
      expect(answer.status, field).toBe(400);
      expect(answer.data?.fieldErrors[field], field).toEqual([message]);
      for (const value of Object.values(answer.data!.values)) expect(value.length).toBeLessThanOrEqual(5100);
    }
    // Hundreds of rows: refused at once, at most a few shown back.
    const flood = new URLSearchParams(productForm([]));
    for (let i = 0; i < 500; i++) flood.append(`variants.${i}.price`, "1");
    const flooded = await add(flood.toString(), admin);
    expect(flooded.status).toBe(400);
    expect(flooded.data?.fieldErrors.variants).toEqual([PRODUCT_FIELD_MESSAGES.tooManyVariants]);
    expect(Object.keys(flooded.data!.values).filter((k) => k.startsWith("variants.")).length).toBeLessThanOrEqual(
      6 * (MAX_PRODUCT_VARIANTS + 1),
    );
    const [none] = await t.db.select({ n: count() }).from(products).where(eq(products.name, "No debe existir"));
    expect(none?.n).toBe(0);

    // Another product's variant id in a row: a new variant of this product; the other one is untouched.
    const answer = await edit(id, productForm([{ id: otherVariant, condition: "LP", language: "ja", stock: "8" }]), admin);
    expect(answer.status).toBe(303);
    expect(await liveVariants(t.db, other)).toMatchObject([{ id: otherVariant, condition: "NM", stock: 5 }]);
    expect(await liveVariants(t.db, id)).toMatchObject([{ condition: "LP", language: "ja", stock: 8 }]);
    expect(await variantCount(t.db)).toBe(before);
  });

  it("without JavaScript, 'Agregar variante' and 'Quitar' answer the form again with what was typed; nothing is written", async () => {
    const { cookie: admin } = await adminSession(t.db);
    const id = await insertProduct(t.db, { name: "Snorlax filas", stock: 3 });
    const nm = await onlyVariantId(t.db, id);
    const body = productForm(
      [
        { id: nm, stock: "5" },
        { condition: "LP", language: "ja", price: "55" },
      ],
      { name: "Snorlax tecleado" },
    );

    const added = await edit(id, body.replace("intent=save", "intent=add-variant"), admin);
    expect(added.status).toBe(200);
    const values = productFormValuesFrom(added.data!.values);
    expect(values.name).toBe("Snorlax tecleado");
    expect(values.variants).toMatchObject([
      { id: nm, condition: "NM", stock: "5" },
      { condition: "LP", language: "ja", price: "55" },
      { id: "", condition: "", language: "en", price: "", stock: "" },
    ]);
    expect(added.data?.fieldErrors).toEqual({});

    const removed = await edit(id, body.replace("intent=save", "intent=remove-variant-0"), admin);
    expect(removed.status).toBe(200);
    expect(productFormValuesFrom(removed.data!.values).variants).toMatchObject([{ id: "", condition: "LP", language: "ja", price: "55" }]);

    expect((await productRow(id))?.name).toBe("Snorlax filas");
    expect(await liveVariants(t.db, id)).toMatchObject([{ id: nm, stock: 3 }]);
  });
});
