/**
 * A signed-in customer's cart belongs to the account (docs/architecture.md#browser-state-in-cookies), proved
 * through the routes with one cookie jar per browser: the root loader's badge,
 * /carrito and its add action all answer with the signed-in user's cart, else
 * the guest cart of the cart cookie. A guest cart merges into the account's at
 * login (capped at stock) and is then gone with its cookie; logging out leaves
 * the browser with no cart, and the account keeps its cart for the next login.
 */
import { expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { registerUser } from "#server/accounts/users.server.ts";
import { cartCookie } from "#server/cart/cart-cookie.server.ts";
import { addToCart, createCart } from "#server/cart/cart.server.ts";
import { carts } from "#server/db/schema.ts";
import * as rootRoute from "#app/root.tsx";
import * as cartRoute from "#app/routes/carrito.tsx";
import * as loginRoute from "#app/routes/login.tsx";
import * as logoutRoute from "#app/routes/logout.ts";
import { CookieJar, callAction, callLoader, formPost, get, routeContext, signIn } from "#tests/fixtures/route-context.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

let n = 0;
const email = () => `carrito-cuenta${++n}-${Date.now()}@example.com`;
const PASSWORD = "secreto1";

describeEachDatabase("the account's cart", (t) => {
  const context = () => routeContext(t.db);
  const cookieOf = (jar: CookieJar): Record<string, string> => (jar.header ? { cookie: jar.header } : {});

  /** A browser signed in as the user (a fresh session, as after a login on that device). */
  async function device(userId: string): Promise<CookieJar> {
    const jar = new CookieJar();
    jar.set((await signIn(t.db, userId)).cookie);
    return jar;
  }

  async function customer(name = "Ana") {
    return registerUser(t.db, { name, email: email(), phone: "", password: PASSWORD });
  }

  /** 'Agregar al carrito' without JavaScript: a form post, the answer's cookies kept. */
  async function add(jar: CookieJar, productId: string, quantity = 1) {
    const reply = await callAction(
      cartRoute,
      formPost("/carrito", { intent: "add", productId, quantity: String(quantity), redirectTo: "/carrito" }, cookieOf(jar)),
      { db: t.db },
    );
    expect(reply.status, "the add was accepted").toBe(303);
    jar.store(reply.headers);
    return reply;
  }

  /** The header badge's data, as the root loader gives it to every page. */
  async function badge(jar: CookieJar) {
    const reply = await callLoader<{ cart: { count: number; quantities: Record<string, number> } }>(rootRoute, get("/", cookieOf(jar)), {
      db: t.db,
    });
    return reply.data!.cart;
  }

  /** The lines /carrito shows: product id → quantity. */
  async function cartPage(jar: CookieJar): Promise<Record<string, number>> {
    const reply = await callLoader<{ lines: Array<{ productId: string; quantity: number }> }>(cartRoute, get("/carrito", cookieOf(jar)), {
      db: t.db,
    });
    return Object.fromEntries(reply.data!.lines.map((line) => [line.productId, line.quantity]));
  }

  async function logIn(jar: CookieJar, mail: string) {
    const reply = await callAction(loginRoute, formPost("/login", { email: mail, password: PASSWORD }, cookieOf(jar)), { db: t.db });
    expect(reply.status, "the login succeeded").toBe(303);
    jar.store(reply.headers);
    return reply;
  }

  async function logOut(jar: CookieJar) {
    const reply = await callAction(logoutRoute, formPost("/logout", {}, cookieOf(jar)), { db: t.db });
    expect(reply.status).toBe(303);
    jar.store(reply.headers);
    return reply;
  }

  const accountCarts = (userId: string) => t.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));

  it("a card added on the phone and one added on the laptop are both in the account's one cart, on both devices", async () => {
    const user = await customer();
    const jynx = await insertProduct(t.db, { name: "Jynx ex" });
    const mew = await insertProduct(t.db, { name: "Mew ex" });
    const phone = await device(user.id);
    const laptop = await device(user.id);

    const first = await add(phone, jynx);
    // The cart is the account's: no cart cookie is needed to find it again.
    expect(first.headers.getSetCookie().filter((c) => c.startsWith("cart="))).toEqual([]);
    await add(laptop, mew);

    for (const jar of [phone, laptop]) {
      expect(await badge(jar)).toMatchObject({ count: 2, quantities: { [jynx]: 1, [mew]: 1 } });
      expect(await cartPage(jar)).toEqual({ [jynx]: 1, [mew]: 1 });
    }
    expect(await accountCarts(user.id)).toHaveLength(1);

    // A device that signs in later finds the same cart.
    const tablet = new CookieJar();
    await logIn(tablet, user.email);
    expect((await badge(tablet)).count).toBe(2);
  });

  it("two devices adding their first card at the same time end with one account cart holding both", async () => {
    const user = await customer();
    const devices = await Promise.all(Array.from({ length: 6 }, () => device(user.id)));
    const ids = await Promise.all(devices.map((_, i) => insertProduct(t.db, { name: `Carta ${i}` })));
    await Promise.all(devices.map((jar, i) => add(jar, ids[i]!)));
    expect(await accountCarts(user.id)).toHaveLength(1);
    const expected = Object.fromEntries(ids.map((id) => [id, 1]));
    for (const jar of devices) expect(await badge(jar)).toMatchObject({ count: ids.length, quantities: expected });
  });

  it("at login the guest cart merges into the account's, capped at stock; the guest cart and its cookie are gone", async () => {
    const user = await customer();
    const scarce = await insertProduct(t.db, { stock: 3 });
    const plenty = await insertProduct(t.db, { stock: 10 });
    await add(await device(user.id), scarce, 2);

    const browser = new CookieJar();
    await add(browser, scarce, 3);
    await add(browser, plenty, 4);
    expect(browser.has("cart")).toBe(true);
    const guestCartId = await cartCookie(context().config).parse(browser.header);
    expect(await badge(browser)).toMatchObject({ count: 7 });

    const login = await logIn(browser, user.email);
    expect(login.headers.getSetCookie().some((c) => /^cart=; Max-Age=0;/.test(c))).toBe(true);
    expect(browser.has("cart")).toBe(false);
    expect(await t.db.select().from(carts).where(eq(carts.id, guestCartId))).toEqual([]);
    expect(await badge(browser)).toMatchObject({ count: 7, quantities: { [scarce]: 3, [plenty]: 4 } });
    expect(await accountCarts(user.id)).toHaveLength(1);
  });

  it("a customer without a cart gets the guest cart's lines as the account's cart; its old id names nothing", async () => {
    const user = await customer();
    const p = await insertProduct(t.db, { stock: 5 });
    const browser = new CookieJar();
    await add(browser, p, 2);
    const guestCookie = browser.header;
    await logIn(browser, user.email);
    expect(browser.has("cart")).toBe(false);
    expect(await badge(browser)).toMatchObject({ count: 2, quantities: { [p]: 2 } });
    // The old cookie, kept by someone else at that computer, opens no cart.
    const stale = new CookieJar();
    stale.set(guestCookie);
    expect(await badge(stale)).toMatchObject({ count: 0, quantities: {} });
    expect(await cartPage(stale)).toEqual({});
  });

  it("logging out leaves the browser with no cart; the account keeps it for the next login", async () => {
    const user = await customer();
    const p = await insertProduct(t.db);
    const browser = new CookieJar();
    await logIn(browser, user.email);
    await add(browser, p);

    const logout = await logOut(browser);
    expect(logout.headers.getSetCookie().some((c) => /^cart=; Max-Age=0;/.test(c))).toBe(true);
    expect(await badge(browser)).toMatchObject({ count: 0, quantities: {} });
    expect(await cartPage(browser)).toEqual({});

    // A guest add after logging out starts a new guest cart, not the account's.
    const other = await insertProduct(t.db);
    await add(browser, other);
    expect(await badge(browser)).toMatchObject({ count: 1, quantities: { [other]: 1 } });

    await logIn(browser, user.email);
    expect(await badge(browser)).toMatchObject({ count: 2, quantities: { [p]: 1, [other]: 1 } });
  });

  it("a cart cookie that names an account's cart is no guest cart: without that account's session it shows and changes nothing", async () => {
    const owner = await customer("Dueña");
    const intruder = await customer("Intruso");
    const p = await insertProduct(t.db);
    const accountCart = await createCart(t.db, owner.id);
    await addToCart(t.db, accountCart, { productId: p }, 2);
    const forged = (await cartCookie(context().config).serialize(accountCart)).split(";")[0]!;

    const guest = new CookieJar();
    guest.set(forged);
    expect(await badge(guest)).toMatchObject({ count: 0, quantities: {} });
    expect(await cartPage(guest)).toEqual({});
    const intruderDevice = await device(intruder.id);
    intruderDevice.set(forged);
    expect(await badge(intruderDevice)).toMatchObject({ count: 0, quantities: {} });
    await add(intruderDevice, p);
    await add(guest, p);

    const ownerDevice = await device(owner.id);
    expect(await badge(ownerDevice)).toMatchObject({ count: 2, quantities: { [p]: 2 } });
    expect(
      await t.db
        .select({ id: carts.id })
        .from(carts)
        .where(inArray(carts.userId, [owner.id])),
    ).toEqual([{ id: accountCart }]);
  });
});
