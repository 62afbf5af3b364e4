/**
 * Hourly housekeeping on a real database: expired sessions, reset links a day
 * past expiry, old rate-limit counters and abandoned guest carts go; everything
 * still in use (and a customer's own cart, however old) stays.
 */
import { expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { runHousekeeping } from "#server/jobs/housekeeping.server.ts";
import { addToCart, createCart } from "#server/cart/cart.server.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { createSession, sessionUser } from "#server/accounts/sessions.server.ts";
import { hashSecret } from "#server/accounts/secret-hash.ts";
import { registerUser } from "#server/accounts/users.server.ts";
import { newId } from "#server/db/ids.ts";
import { cartItems, carts, passwordResetTokens, rateLimits, sessions, stockAlerts } from "#server/db/schema.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const HOUR = 60 * 60 * 1000;

describeEachDatabase("housekeeping", (t) => {
  it("deletes what has expired or been abandoned and keeps what is in use", async () => {
    const user = await registerUser(t.db, { name: "Pia", email: `limpieza-${Date.now()}@example.com`, phone: "", password: "secreto1" });
    const live = await createSession(t.db, user.id);
    const expired = await createSession(t.db, user.id);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hashSecret(expired)));
    const token = (hoursFromNow: number) => ({
      id: newId(),
      userId: user.id,
      tokenHash: newId(),
      expiresAt: new Date(Date.now() + hoursFromNow * HOUR),
    });
    const fresh = token(1);
    const recentlyExpired = token(-2);
    const old = token(-25);
    await t.db.insert(passwordResetTokens).values([fresh, recentlyExpired, old]);
    const key = (k: string) => `housekeeping-test:${k}:${Date.now()}`;
    const oldKey = key("old");
    const currentKey = key("current");
    await t.db.insert(rateLimits).values([
      { key: oldKey, windowStart: new Date(Date.now() - 25 * HOUR), count: 3 },
      { key: currentKey, windowStart: new Date(Date.now() - 10 * 60 * 1000), count: 1 },
    ]);

    const product = await insertProduct(t.db, { stock: 5 });
    const abandoned = await createCart(t.db);
    await addToCart(t.db, abandoned, { productId: product }, 1);
    await t.db
      .update(carts)
      .set({ updatedAt: new Date(Date.now() - 91 * 24 * HOUR) })
      .where(eq(carts.id, abandoned));
    const recentGuest = await createCart(t.db);
    await t.db
      .update(carts)
      .set({ updatedAt: new Date(Date.now() - 30 * 24 * HOUR) })
      .where(eq(carts.id, recentGuest));
    const oldUserCart = await createCart(t.db, user.id);
    await t.db
      .update(carts)
      .set({ updatedAt: new Date(Date.now() - 400 * 24 * HOUR) })
      .where(eq(carts.id, oldUserCart));

    const purged = await runHousekeeping(t.db);
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    expect(purged.resetTokens).toBeGreaterThanOrEqual(1);
    expect(purged.rateLimits).toBeGreaterThanOrEqual(1);
    expect(purged.guestCarts).toBeGreaterThanOrEqual(1);

    expect((await sessionUser(t.db, live))?.id).toBe(user.id);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashSecret(expired))),
    ).toEqual([]);
    const tokens = await t.db
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(tokens.map((r) => r.id).sort()).toEqual([fresh.id, recentlyExpired.id].sort());
    const counters = await t.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, [oldKey, currentKey]));
    expect(counters.map((r) => r.key)).toEqual([currentKey]);
    const left = await t.db
      .select({ id: carts.id })
      .from(carts)
      .where(inArray(carts.id, [abandoned, recentGuest, oldUserCart]));
    expect(left.map((r) => r.id).sort()).toEqual([recentGuest, oldUserCart].sort());
    expect(await t.db.select().from(cartItems).where(eq(cartItems.cartId, abandoned))).toEqual([]);
  });

  it("deletes the guests' alert requests nobody confirmed in time, and keeps every other request", async () => {
    const product = await insertProduct(t.db, { stock: 0 });
    const DAY = 24 * HOUR;
    const at = (msFromNow: number) => new Date(Date.now() + msFromNow);
    const alert = (email: string, fields: Partial<typeof stockAlerts.$inferInsert>) => ({
      id: newId(),
      email,
      productId: product,
      ...fields,
    });
    const rows = {
      pending: alert("pendiente@example.com", { confirmTokenHash: newId(), confirmExpiresAt: at(3 * DAY), createdAt: at(-4 * DAY) }),
      lapsed: alert("caducado@example.com", { confirmTokenHash: newId(), confirmExpiresAt: at(-HOUR), createdAt: at(-7 * DAY - HOUR) }),
      oldWithoutLink: alert("antiguo@example.com", { createdAt: at(-10 * DAY) }),
      recentWithoutLink: alert("reciente@example.com", { createdAt: at(-2 * DAY) }),
      confirmed: alert("confirmado@example.com", { confirmedAt: at(-400 * DAY), createdAt: at(-400 * DAY) }),
      sent: alert("enviado@example.com", { confirmedAt: at(-30 * DAY), notifiedAt: at(-20 * DAY), createdAt: at(-30 * DAY) }),
    };
    await t.db.insert(stockAlerts).values(Object.values(rows));

    const purged = await runHousekeeping(t.db);

    expect(purged.unconfirmedAlerts).toBeGreaterThanOrEqual(2);
    const left = await t.db.select({ email: stockAlerts.email }).from(stockAlerts).where(eq(stockAlerts.productId, product));
    expect(left.map((r) => r.email).sort()).toEqual(
      ["confirmado@example.com", "enviado@example.com", "pendiente@example.com", "reciente@example.com"].sort(),
    );
  });
});
