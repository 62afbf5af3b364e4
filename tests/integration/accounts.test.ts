/**
 * Accounts on a real database: registration, password login, database
 * sessions (expiry, logout, deleted user) and the guest cart merged at login.
 */
import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createSession, deleteSession, sessionUser } from "#server/accounts/sessions.server.ts";
import { authenticateUser, registerUser } from "#server/accounts/users.server.ts";
import { accountCartId, addToCart, cartQuantities, createCart, mergeGuestCart } from "#server/cart/cart.server.ts";
import { carts, users } from "#server/db/schema.ts";
import { HASH_OF_THIS_SHOP } from "#tests/fixtures/passwords.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import { ShopError } from "#server/errors.ts";

let n = 0;
const email = () => `cliente${++n}-${Date.now()}@example.com`;

describeEachDatabase("accounts", (t) => {
  it("registers a customer with a bcrypt hash, never the password itself", async () => {
    const mail = email();
    const user = await registerUser(t.db, { name: "Ana", email: mail, phone: "5512345678", password: "secreto1" });
    expect(user).toMatchObject({ name: "Ana", email: mail, role: "customer" });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(HASH_OF_THIS_SHOP);
    expect(row?.passwordHash).not.toContain("secreto1");
  });

  it("refuses a second account for the same e-mail, whatever its case", async () => {
    const mail = email();
    await registerUser(t.db, { name: "Ana", email: mail, phone: "", password: "secreto1" });
    await expect(registerUser(t.db, { name: "Otra", email: mail.toUpperCase(), phone: "", password: "otraclave" })).rejects.toMatchObject({
      message: "Ya existe una cuenta con este correo electrónico",
      status: 409,
    });
  });

  it("logs in with the right password; a wrong password and an unknown e-mail get the same message", async () => {
    const mail = email();
    const user = await registerUser(t.db, { name: "Luis", email: mail, phone: "", password: "secreto1" });
    expect((await authenticateUser(t.db, { email: mail, password: "secreto1" })).id).toBe(user.id);
    const wrong = await authenticateUser(t.db, { email: mail, password: "incorrecta" }).catch((e) => e);
    const unknown = await authenticateUser(t.db, { email: email(), password: "secreto1" }).catch((e) => e);
    expect(wrong).toBeInstanceOf(ShopError);
    expect(unknown).toBeInstanceOf(ShopError);
    expect(wrong.message).toBe("Correo electrónico o contraseña incorrectos");
    expect(unknown.message).toBe(wrong.message);
  });

  it("a session names its user until it expires, is deleted, or the user is gone", async () => {
    const user = await registerUser(t.db, { name: "Eva", email: email(), phone: "", password: "secreto1" });
    const id = await createSession(t.db, user.id);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await sessionUser(t.db, id))?.id).toBe(user.id);
    expect(await sessionUser(t.db, id, new Date(Date.now() + 31 * 24 * 3600 * 1000))).toBeNull();
    expect(await sessionUser(t.db, "not-a-session")).toBeNull();
    await deleteSession(t.db, id);
    expect(await sessionUser(t.db, id)).toBeNull();
    const other = await createSession(t.db, user.id);
    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await sessionUser(t.db, other)).toBeNull();
  });

  it("at login the guest cart merges into the user's cart, capped at stock, and is deleted", async () => {
    const user = await registerUser(t.db, { name: "Rosa", email: email(), phone: "", password: "secreto1" });
    const a = await insertProduct(t.db, { stock: 3 });
    const b = await insertProduct(t.db, { stock: 5 });
    const userCart = await createCart(t.db, user.id);
    await addToCart(t.db, userCart, { productId: a }, 2);
    const guest = await createCart(t.db);
    await addToCart(t.db, guest, { productId: a }, 3);
    await addToCart(t.db, guest, { productId: b }, 1);
    await mergeGuestCart(t.db, guest, user.id);
    expect(await accountCartId(t.db, user.id)).toBe(userCart);
    expect((await cartQuantities(t.db, userCart)).quantities).toEqual({ [a]: 3, [b]: 1 });
    expect(await t.db.select().from(carts).where(eq(carts.id, guest))).toEqual([]);
  });

  it("a user without a cart gets one with the guest cart's lines; only a guest cart is ever merged", async () => {
    const user = await registerUser(t.db, { name: "Sol", email: email(), phone: "", password: "secreto1" });
    const other = await registerUser(t.db, { name: "Mar", email: email(), phone: "", password: "secreto1" });
    const p = await insertProduct(t.db, { stock: 5 });
    const guest = await createCart(t.db);
    await addToCart(t.db, guest, { productId: p }, 2);
    await mergeGuestCart(t.db, guest, user.id);
    const userCart = await accountCartId(t.db, user.id);
    expect(userCart).not.toBeNull();
    expect(userCart).not.toBe(guest);
    expect((await cartQuantities(t.db, userCart)).quantities).toEqual({ [p]: 2 });
    expect(await t.db.select().from(carts).where(eq(carts.id, guest))).toEqual([]);
    // The account's cart id presented as a guest cart by someone logging in as another account:
    await mergeGuestCart(t.db, userCart, other.id);
    expect(await accountCartId(t.db, other.id)).toBeNull();
    expect((await cartQuantities(t.db, userCart)).quantities).toEqual({ [p]: 2 });
    await mergeGuestCart(t.db, "x", user.id);
    await mergeGuestCart(t.db, null, user.id);
    expect(await accountCartId(t.db, user.id)).toBe(userCart);
  });
});
