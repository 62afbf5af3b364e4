/**
 * One read of the shopper per page (docs/architecture.md#one-read-of-the-shopper-per-page): the root
 * loader's user, points, wishlist and cart badge come from one database round trip, and a page's own
 * loaders (the cart page, the checkout) reuse that read instead of asking for the session again.
 * Round trips are counted the way the benchmark counts them (SERVER_TIMING's `db` entry).
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { expect, it } from "vitest";
import { loyaltyAccounts, sessions } from "#server/db/schema.ts";
import { registerUser } from "#server/accounts/users.server.ts";
import { readShopper, shopperOf } from "#server/accounts/shopper.server.ts";
import { addToAccountCart, addToCart, createCart } from "#server/cart/cart.server.ts";
import { cartCookie } from "#server/cart/cart-cookie.server.ts";
import { addToWishlist } from "#server/wishlist/index.ts";
import { requestCost, serverTiming } from "#server/http/request-cost.ts";
import * as rootRoute from "#app/root.tsx";
import * as cartRoute from "#app/routes/carrito.tsx";
import { callLoader, formPost, get, routeContext, signIn } from "#tests/fixtures/route-context.ts";
import { insertProduct, onlyVariantId } from "#tests/fixtures/products.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import { eq } from "drizzle-orm";

let n = 0;
const email = () => `lectura-cliente${++n}-${Date.now()}@example.com`;

/** Runs `work` as the shop measures a request, and returns its result and the database round trips it made. */
function counted<T>(work: () => Promise<T>): Promise<{ result: T; roundTrips: number }> {
  return new Promise((resolve, reject) => {
    requestCost(true)({} as ExpressRequest, {} as ExpressResponse, () => {
      work().then((result) => {
        const roundTrips = Number(/db;desc="(\d+)"/.exec(serverTiming(0) ?? "")?.[1]);
        resolve({ result, roundTrips });
      }, reject);
    });
  });
}

describeEachDatabase("one read of the shopper per page", (t) => {
  const context = () => routeContext(t.db);

  async function customerWithThings() {
    const user = await registerUser(t.db, { name: "Lucía Pérez", email: email(), phone: "", password: "secreto1" });
    const products = [];
    for (let i = 0; i < 3; i++) products.push(await insertProduct(t.db, { name: `Carta ${i} ${n}`, stock: 5 }));
    await addToAccountCart(t.db, user.id, { productId: products[0]!, variantId: await onlyVariantId(t.db, products[0]!) }, 2);
    await addToAccountCart(t.db, user.id, { productId: products[1]!, variantId: await onlyVariantId(t.db, products[1]!) }, 1);
    await addToWishlist(t.db, user.id, products[2]!);
    await addToWishlist(t.db, user.id, products[0]!);
    await t.db.insert(loyaltyAccounts).values({ userId: user.id, balance: 17 });
    const { cookie, sessionId } = await signIn(t.db, user.id);
    return { user, products, cookie, sessionId };
  }

  it("a signed-in customer's page header (user, points, wishlist, cart badge) costs one round trip", async () => {
    const { user, products, cookie } = await customerWithThings();
    const { result, roundTrips } = await counted(() =>
      callLoader<{
        user: { name: string; points: number };
        wishlist: string[];
        cart: { count: number; quantities: Record<string, number> };
      }>(rootRoute, get("/productos", { cookie }), { db: t.db }),
    );
    expect(roundTrips).toBe(1);
    const root = result.data!;
    expect(root.user).toMatchObject({ name: user.name, points: 17 });
    expect(root.wishlist, "newest first").toEqual([products[0], products[2]]);
    expect(root.cart.count).toBe(3);
    expect(root.cart.quantities).toEqual({ [products[0]!]: 2, [products[1]!]: 1 });
  });

  it("the cart page's loader reuses the root loader's read of the session and cart in the same request", async () => {
    const { products, cookie } = await customerWithThings();
    // As React Router calls them: one load context for the request, a Request object per loader.
    const shared = context();
    const { result, roundTrips } = await counted(async () => {
      const [, page] = await Promise.all([
        callLoader(rootRoute, get("/carrito", { cookie }), { context: shared }),
        callLoader<{ lines: Array<{ productId: string }> }>(cartRoute, get("/carrito", { cookie }), { context: shared }),
      ]);
      return page;
    });
    expect(result.data!.lines.map((i) => i.productId).sort()).toEqual([products[0], products[1]].sort());
    // The shopper (1) and the cart's lines; no second session or cart-id lookup.
    const cartAlone = await counted(() => callLoader(cartRoute, get("/carrito", { cookie }), { db: t.db }));
    expect(roundTrips).toBe(2);
    expect(cartAlone.roundTrips, "the root loader added no round trip to the cart page's").toBe(roundTrips);
  });

  it("a guest's badge is the cart cookie's guest cart, in one round trip; a cookieless visitor costs none", async () => {
    const productId = await insertProduct(t.db, { stock: 4 });
    const cartId = await createCart(t.db);
    await addToCart(t.db, cartId, { productId, variantId: await onlyVariantId(t.db, productId) }, 2);
    const cookie = (await cartCookie(context().config).serialize(cartId)).split(";")[0]!;
    const guest = await counted(() => shopperOf(get("/", { cookie }), context()));
    expect(guest.roundTrips).toBe(1);
    expect(guest.result).toMatchObject({ user: null, cartId, cart: { count: 2 } });
    const nobody = await counted(() => shopperOf(get("/"), context()));
    expect(nobody.roundTrips).toBe(0);
    expect(nobody.result).toMatchObject({ user: null, cartId: null, cart: { count: 0 }, points: 0, wishlist: [] });
  });

  it("a cart cookie naming an account's cart, a malformed id or a forged session reads as nobody's, with nothing shown", async () => {
    const { user } = await customerWithThings();
    const accountCart = await readShopper(t.db, { sessionId: null, guestCartId: null });
    expect(accountCart.cartId).toBeNull();
    const [row] = await t.db.query.carts.findMany({ where: (c, { eq }) => eq(c.userId, user.id) });
    const stolen = await readShopper(t.db, { sessionId: null, guestCartId: row!.id });
    expect(stolen).toMatchObject({ user: null, cartId: null, cart: { count: 0 } });
    for (const [sessionId, guestCartId] of [
      ["x".repeat(5000), "'; drop table carts; --"],
      ["no-such-session", "0".repeat(24)],
    ] as const) {
      expect(await readShopper(t.db, { sessionId, guestCartId })).toMatchObject({ user: null, cartId: null, cart: { count: 0 } });
    }
  });

  it("an expired session reads as signed out, and its cookie is cleared", async () => {
    const { user, cookie, sessionId } = await customerWithThings();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const shopper = await shopperOf(get("/", { cookie }), context());
    expect(shopper.user).toBeNull();
    expect(shopper.clearCookie).toMatch(/^sesion=;.*Max-Age=0/i);
    expect(sessionId).toBeTruthy();
  });

  it("a page's loaders share one read, an action reads afresh (it may have changed the cart)", async () => {
    const { cookie } = await customerWithThings();
    const page = context();
    const twice = await counted(async () => [
      await shopperOf(get("/carrito", { cookie }), page),
      await shopperOf(get("/carrito", { cookie }), page),
    ]);
    expect(twice.roundTrips).toBe(1);
    expect(twice.result[0]).toBe(twice.result[1]);
    const other = await counted(() => shopperOf(get("/carrito", { cookie }), context()));
    expect(other.roundTrips, "another request reads for itself").toBe(1);
    // A load context reused for another visitor (some callers do) gives that visitor their own read.
    const stranger = await shopperOf(get("/carrito"), page);
    expect(stranger.user).toBeNull();
    expect((await shopperOf(get("/carrito", { cookie }), page)).user).not.toBeNull();
    const posted = context();
    const action = await counted(async () => [
      await shopperOf(formPost("/carrito", { intent: "add" }, { cookie }), posted),
      await shopperOf(formPost("/carrito", { intent: "add" }, { cookie }), posted),
    ]);
    expect(action.roundTrips).toBe(2);
    // The page's loaders after that post (same load context, GET) read what the action wrote.
    const after = await counted(() => shopperOf(get("/carrito", { cookie }), posted));
    expect(after.roundTrips).toBe(1);
  });
});
