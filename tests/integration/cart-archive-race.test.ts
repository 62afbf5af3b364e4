/**
 * A product the owner deletes while orders name it is archived, and its cart lines go in the same
 * transaction (removeProduct): carts and their badges never hold it. These prove that a cart add,
 * and a guest cart merged at login, arriving while that archive is in progress cannot put the
 * product back into a cart once the archive has cleared them. On a real PostgreSQL server (PGlite
 * runs one transaction at a time): the archive is held open, deterministically, by a lock the test
 * keeps on another cart's line of the product, which the archive must delete. Skipped without
 * TEST_DATABASE_URL.
 */
import { ShopError } from "#server/errors.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, createCart, mergeGuestCart } from "#server/cart/cart.server.ts";
import { removeProduct } from "#server/catalog/product-admin.server.ts";
import type { Database } from "#server/db/client.ts";
import { cartItems, carts } from "#server/db/schema.ts";
import { insertCustomer, insertOrder } from "#tests/fixtures/orders.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { lockWaiters, openTestDatabase, type TestDatabase } from "#tests/fixtures/test-db.ts";

describe.skipIf(!process.env.TEST_DATABASE_URL)("cart writes racing a product's archive [postgres]", () => {
  let handle: TestDatabase | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase("postgres");
  });
  afterAll(async () => handle?.destroy());
  const db = (): Database => {
    if (!handle) throw new Error("the test database is not open yet");
    return handle.db;
  };

  /**
   * A product on an order (so removing it archives it) with a line in some shopper's cart, and a
   * transaction that keeps that line locked until `release` is called: the archive, started after
   * it, locks the product and then waits to delete the line. `before` prepares what needs the
   * product before its archive starts.
   */
  async function productBeingArchived(before: (productId: string) => Promise<void> = async () => {}) {
    const productId = await insertProduct(db(), { name: "Gengar ex", stock: 5 });
    await before(productId);
    await insertOrder(db(), { lines: [{ productId, quantity: 1, unitPriceCents: 10_000 }] });
    const otherCart = await createCart(db());
    await addToCart(db(), otherCart, { productId: productId }, 1);
    let release = () => {};
    let lineLocked = () => {};
    const locked = new Promise<void>((resolve) => (lineLocked = resolve));
    const holder = db().transaction(async (tx) => {
      await tx
        .select({ cartId: cartItems.cartId })
        .from(cartItems)
        .where(and(eq(cartItems.cartId, otherCart), eq(cartItems.productId, productId)))
        .for("update");
      lineLocked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await locked;
    const archive = removeProduct(db(), productId);
    await lockWaiters(db(), 1);
    return { productId, archive, release: () => (release(), holder) };
  }

  async function linesOf(productId: string) {
    return db().select({ cartId: cartItems.cartId }).from(cartItems).where(eq(cartItems.productId, productId));
  }

  it("an add that arrives while the product is archived is refused 404, and no cart holds the product", async () => {
    const { productId, archive, release } = await productBeingArchived();
    const cartId = await createCart(db());
    const add = addToCart(db(), cartId, { productId: productId }, 1).then(
      (quantity) => ({ quantity }),
      (error: unknown) => ({ error }),
    );
    await lockWaiters(db(), 2);
    await release();
    expect(await archive).toBe("archived");
    const outcome = await add;
    expect(outcome).toMatchObject({ error: expect.any(ShopError) });
    expect((outcome as { error: ShopError }).error.status).toBe(404);
    expect(await linesOf(productId)).toEqual([]);
  });

  it("a guest cart merged at login while its product is archived leaves that product out of the account's cart", async () => {
    const kept = await insertProduct(db(), { name: "Pikachu", stock: 5 });
    const guestCart = await createCart(db());
    const { productId, archive, release } = await productBeingArchived(async (productId) => {
      await addToCart(db(), guestCart, { productId: productId }, 2);
      await addToCart(db(), guestCart, { productId: kept }, 1);
    });
    const userId = await insertCustomer(db());
    const merge = mergeGuestCart(db(), guestCart, userId);
    await lockWaiters(db(), 2);
    await release();
    expect(await archive).toBe("archived");
    await merge;
    const [account] = await db().select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
    const lines = await db()
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.cartId, account!.id));
    expect(lines).toEqual([{ productId: kept, quantity: 1 }]);
    expect(await linesOf(productId)).toEqual([]);
    expect(await db().select({ id: carts.id }).from(carts).where(eq(carts.id, guestCart))).toEqual([]);
  });
});
