/**
 * Cart rules against a real database (docs/requirements.md#cart): quantities never
 * exceed stock, stock 0 blocks adding, 0 or less removes, prices read fresh.
 */
import { lineTotalCents } from "#domain/pricing.ts";
import { beforeEach, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  addToCart,
  cartQuantities,
  clearCart,
  createCart,
  getCart,
  removeFromCart,
  setCartQuantity,
  startCartWith,
} from "#server/cart/cart.server.ts";
import { cartItems, carts, productVariants } from "#server/db/schema.ts";
import { insertProduct, onlyVariantId, setProductStock } from "#tests/fixtures/products.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import { ShopError } from "#server/errors.ts";

describeEachDatabase("cart", (t) => {
  let cartId: string;
  beforeEach(async () => {
    cartId = await createCart(t.db);
  });

  it("adds a product, and adding again raises the quantity", async () => {
    const id = await insertProduct(t.db, { stock: 10 });
    expect(await addToCart(t.db, cartId, { productId: id })).toBe(1);
    expect(await addToCart(t.db, cartId, { productId: id }, 3)).toBe(4);
    expect(await cartQuantities(t.db, cartId)).toEqual({
      count: 4,
      quantities: { [id]: 4 },
      variants: { [await onlyVariantId(t.db, id)]: 4 },
    });
  });

  it("never lets a quantity rise above stock", async () => {
    const id = await insertProduct(t.db, { stock: 3 });
    expect(await addToCart(t.db, cartId, { productId: id }, 2)).toBe(2);
    expect(await addToCart(t.db, cartId, { productId: id }, 5)).toBe(3);
    expect(await addToCart(t.db, cartId, { productId: id })).toBe(3);
    expect(await setCartQuantity(t.db, cartId, { productId: id }, 99)).toBe(3);
    const single = await insertProduct(t.db, { stock: 1 });
    expect(await addToCart(t.db, cartId, { productId: single })).toBe(1);
    expect(await addToCart(t.db, cartId, { productId: single })).toBe(1);
  });

  it("refuses to add a sold-out product and writes nothing", async () => {
    const id = await insertProduct(t.db, { stock: 0 });
    await expect(addToCart(t.db, cartId, { productId: id })).rejects.toMatchObject({ message: "Este producto está agotado", status: 409 });
    await expect(addToCart(t.db, cartId, { productId: id })).rejects.toBeInstanceOf(ShopError);
    expect((await getCart(t.db, cartId)).lines).toEqual([]);
  });

  it("refuses unknown products, malformed ids and bad quantities", async () => {
    const id = await insertProduct(t.db);
    await expect(addToCart(t.db, cartId, { productId: "000000000000000000000000" })).rejects.toThrow("Producto no encontrado");
    await expect(addToCart(t.db, cartId, { productId: "x'; drop table products; --" })).rejects.toThrow("Producto no encontrado");
    await expect(addToCart(t.db, cartId, { productId: id }, 0)).rejects.toThrow("La cantidad no es válida");
    await expect(addToCart(t.db, cartId, { productId: id }, 1.5)).rejects.toThrow("La cantidad no es válida");
    await expect(setCartQuantity(t.db, cartId, { productId: id }, Number.NaN)).rejects.toThrow("La cantidad no es válida");
    expect((await getCart(t.db, cartId)).lines).toEqual([]);
  });

  it("setting a quantity of zero or less removes the line", async () => {
    const a = await insertProduct(t.db);
    const b = await insertProduct(t.db);
    await addToCart(t.db, cartId, { productId: a }, 2);
    await addToCart(t.db, cartId, { productId: b }, 2);
    expect(await setCartQuantity(t.db, cartId, { productId: a }, 0)).toBe(0);
    expect(await setCartQuantity(t.db, cartId, { productId: b }, -3)).toBe(0);
    expect((await getCart(t.db, cartId)).lines).toEqual([]);
  });

  it("removes one line and clears the whole cart, touching no other cart", async () => {
    const other = await createCart(t.db);
    const a = await insertProduct(t.db);
    const b = await insertProduct(t.db);
    await addToCart(t.db, cartId, { productId: a });
    await addToCart(t.db, cartId, { productId: b });
    await addToCart(t.db, other, { productId: a });
    await removeFromCart(t.db, cartId, { productId: a });
    expect((await getCart(t.db, cartId)).lines.map((l) => l.productId)).toEqual([b]);
    await clearCart(t.db, cartId);
    expect((await getCart(t.db, cartId)).lines).toEqual([]);
    expect((await cartQuantities(t.db, other)).count).toBe(1);
  });

  it("totals lines at the sale price, with shipping $150 below $2,000 and free from $2,000", async () => {
    const sale = await insertProduct(t.db, { name: "Oferta", priceCents: 50_000, salePriceCents: 40_000, stock: 10 });
    const regular = await insertProduct(t.db, { name: "Normal", priceCents: 30_000, stock: 10 });
    await addToCart(t.db, cartId, { productId: sale }, 2);
    await addToCart(t.db, cartId, { productId: regular }, 1);
    let cart = await getCart(t.db, cartId);
    expect(cart.lines.map((l) => [l.name, l.quantity, lineTotalCents(l)])).toEqual([
      ["Oferta", 2, 80_000],
      ["Normal", 1, 30_000],
    ]);
    expect(cart.summary).toEqual({
      itemCount: 3,
      subtotalCents: 110_000,
      shippingCents: 15_000,
      totalCents: 125_000,
      amountToFreeShippingCents: 90_000,
    });

    await setCartQuantity(t.db, cartId, { productId: regular }, 4); // 800 + 1200 = 2000: free shipping exactly at the threshold
    cart = await getCart(t.db, cartId);
    expect(cart.summary).toEqual({
      itemCount: 6,
      subtotalCents: 200_000,
      shippingCents: 0,
      totalCents: 200_000,
      amountToFreeShippingCents: 0,
    });
  });

  it("always shows the current price and stock from the database", async () => {
    const id = await insertProduct(t.db, { priceCents: 10_000, stock: 5 });
    await addToCart(t.db, cartId, { productId: id }, 2);
    await t.db
      .update(productVariants)
      .set({ priceCents: 12_000, salePriceCents: 9_000, stock: 4 })
      .where(eq(productVariants.productId, id));
    const [line] = (await getCart(t.db, cartId)).lines;
    expect(line).toMatchObject({ priceCents: 12_000, salePriceCents: 9_000, stock: 4 });
    expect(lineTotalCents(line!)).toBe(18_000);
  });

  it("a line whose stock dropped is capped when its quantity is set again", async () => {
    const id = await insertProduct(t.db, { stock: 5 });
    await addToCart(t.db, cartId, { productId: id }, 5);
    await setProductStock(t.db, id, 2);
    expect(await setCartQuantity(t.db, cartId, { productId: id }, 5)).toBe(2);
    await setProductStock(t.db, id, 0);
    expect(await setCartQuantity(t.db, cartId, { productId: id }, 1)).toBe(0);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.cartId, cartId))).toEqual([]);
  });

  it("a first add creates the cart with its line; a refused first add writes nothing", async () => {
    const id = await insertProduct(t.db, { stock: 2 });
    const started = await startCartWith(t.db, { productId: id }, 5);
    expect(started.quantity).toBe(2);
    expect((await cartQuantities(t.db, started.cartId)).quantities).toEqual({ [id]: 2 });

    const soldOut = await insertProduct(t.db, { stock: 0 });
    const cartsBefore = (await t.db.select({ id: carts.id }).from(carts)).length;
    await expect(startCartWith(t.db, { productId: soldOut })).rejects.toMatchObject({ status: 409 });
    await expect(startCartWith(t.db, { productId: "000000000000000000000000" })).rejects.toMatchObject({ status: 404 });
    await expect(startCartWith(t.db, { productId: id }, -1)).rejects.toMatchObject({ status: 400 });
    expect((await t.db.select({ id: carts.id }).from(carts)).length).toBe(cartsBefore);
  });

  it("concurrent adds of the same product never pass the stock", async () => {
    const id = await insertProduct(t.db, { stock: 4 });
    await Promise.all(Array.from({ length: 8 }, () => addToCart(t.db, cartId, { productId: id }, 1)));
    expect((await cartQuantities(t.db, cartId)).quantities[id]).toBe(4);
  });
});
