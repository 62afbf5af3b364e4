/**
 * The wishlist (docs/requirements.md#wishlist-and-back-in-stock-alerts): a signed-in customer's
 * heart adds and removes through /lista-de-deseos (303 back without JavaScript, data with it);
 * adding twice is one row; another customer's list is never touched; a guest is sent to sign in
 * (or refused 401) and nothing is written; unknown, malformed and archived products are refused;
 * the root loader carries the ids (the hearts' state), and the profile tab lists the products with
 * their price and 'Agotado'.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as rootRoute from "#app/root.tsx";
import * as wishlistRoute from "#app/routes/lista-de-deseos.tsx";
import * as profileRoute from "#app/routes/perfil.tsx";
import type { FormFailure } from "#domain/form-failure.ts";
import { MAX_WISHLIST_ITEMS, WISHLIST_MESSAGES } from "#domain/wishlist.ts";
import { newId } from "#server/db/ids.ts";
import { products, wishlistItems } from "#server/db/schema.ts";
import { insertCustomer } from "#tests/fixtures/orders.ts";
import { insertProduct, insertVariant } from "#tests/fixtures/products.ts";
import { callAction, callLoader, formPost, get, signIn } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

describeEachDatabase("wishlist", (t) => {
  const post = (fields: Record<string, string>, cookie = "") =>
    callAction<FormFailure | { ok: true }>(wishlistRoute, formPost("/lista-de-deseos", fields, cookie ? { cookie } : {}), { db: t.db });
  const rowsOf = async (userId: string) =>
    (await t.db.select({ productId: wishlistItems.productId }).from(wishlistItems).where(eq(wishlistItems.userId, userId))).map(
      (r) => r.productId,
    );
  async function customer() {
    const id = await insertCustomer(t.db);
    return { id, cookie: (await signIn(t.db, id)).cookie };
  }

  it("a customer hearts a product (twice is once) and takes it out; without JavaScript each post comes back to its page", async () => {
    const ana = await customer();
    const card = await insertProduct(t.db, { name: "Mew ex" });

    const noJs = await post({ intent: "add", productId: card, redirectTo: "/productos?pagina=2" }, ana.cookie);
    expect(noJs.status).toBe(303);
    expect(noJs.headers.get("location")).toBe("/productos?pagina=2");
    const withJs = await post({ intent: "add", productId: card }, ana.cookie);
    expect(withJs).toMatchObject({ status: 200, data: { ok: true } });
    expect(await rowsOf(ana.id)).toEqual([card]);

    // An address outside the shop is never followed.
    const away = await post({ intent: "remove", productId: card, redirectTo: "https://otro.example/x" }, ana.cookie);
    expect(away.status).toBe(303);
    expect(away.headers.get("location")).toBe("/perfil?tab=lista-de-deseos");
    expect(await rowsOf(ana.id)).toEqual([]);
  });

  it("removing from one customer's list leaves another's untouched", async () => {
    const [ana, beto] = [await customer(), await customer()];
    const card = await insertProduct(t.db);
    await post({ intent: "add", productId: card }, ana.cookie);
    await post({ intent: "add", productId: card }, beto.cookie);
    await post({ intent: "remove", productId: card }, beto.cookie);
    expect(await rowsOf(ana.id)).toEqual([card]);
    expect(await rowsOf(beto.id)).toEqual([]);
  });

  it("a guest is sent to sign in and back, or refused 401 from a fetcher; nothing is written", async () => {
    const card = await insertProduct(t.db);
    const noJs = await post({ intent: "add", productId: card, redirectTo: `/producto/${card}` });
    expect(noJs.status).toBe(303);
    expect(noJs.headers.get("location")).toBe(`/login?${new URLSearchParams({ redirectTo: `/producto/${card}` })}`);
    const fetcher = await post({ intent: "add", productId: card });
    expect(fetcher.status).toBe(401);
    expect((fetcher.data as FormFailure).formError).toBe(WISHLIST_MESSAGES.signInRequired);
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.productId, card))).toEqual([]);
  });

  it("refuses an unknown intent, a malformed, unknown or archived product, with the one failure shape and nothing written", async () => {
    const ana = await customer();
    const archived = await insertProduct(t.db, { name: "Archivada" });
    await t.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived));
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ intent: "<script>", productId: archived }, 400, WISHLIST_MESSAGES.invalidRequest],
      [{ intent: "add", productId: "' or 1=1 --" }, 404, WISHLIST_MESSAGES.productNotFound],
      [{ intent: "add", productId: "x".repeat(100_000) }, 404, WISHLIST_MESSAGES.productNotFound],
      [{ intent: "add", productId: newId() }, 404, WISHLIST_MESSAGES.productNotFound],
      [{ intent: "add", productId: archived }, 404, WISHLIST_MESSAGES.productNotFound],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await post(fields, ana.cookie);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
      expect((answer.data as FormFailure).formError).toBe(message);
    }
    expect(await rowsOf(ana.id)).toEqual([]);
  });

  it(`keeps at most ${MAX_WISHLIST_ITEMS} products per customer`, async () => {
    const ana = await customer();
    const ids = await Promise.all(Array.from({ length: MAX_WISHLIST_ITEMS }, () => insertProduct(t.db)));
    await t.db.insert(wishlistItems).values(ids.map((productId) => ({ userId: ana.id, productId })));
    const one = await insertProduct(t.db);
    const refused = await post({ intent: "add", productId: one }, ana.cookie);
    expect(refused.status).toBe(409);
    expect((refused.data as FormFailure).formError).toBe(WISHLIST_MESSAGES.tooMany);
    // One already in the list is no new row: still fine.
    expect((await post({ intent: "add", productId: ids[0]! }, ana.cookie)).status).toBe(200);
    expect(await rowsOf(ana.id)).toHaveLength(MAX_WISHLIST_ITEMS);
  });

  it("the root loader gives the hearts' state to a signed-in page, none to a guest's", async () => {
    const ana = await customer();
    const [a, b] = [await insertProduct(t.db), await insertProduct(t.db)];
    await post({ intent: "add", productId: a }, ana.cookie);
    await post({ intent: "add", productId: b }, ana.cookie);
    const root = (cookie?: string) => callLoader<{ wishlist: string[] }>(rootRoute, get("/", cookie ? { cookie } : {}), { db: t.db });
    expect((await root(ana.cookie)).data!.wishlist.sort()).toEqual([a, b].sort());
    expect((await root()).data!.wishlist).toEqual([]);
  });

  it("the profile's 'Lista de deseos' tab lists the products, newest first, with price, 'desde' and stock", async () => {
    const ana = await customer();
    const soldOut = await insertProduct(t.db, { name: "Umbreon VMAX", stock: 0, priceCents: 250_000 });
    const varied = await insertProduct(t.db, { name: "Charizard ex", stock: 2, priceCents: 90_000 });
    await insertVariant(t.db, varied, { condition: "LP", language: "ja", priceCents: 60_000, stock: 1 });
    const gone = await insertProduct(t.db, { name: "Archivada después" });
    for (const productId of [soldOut, varied, gone]) await post({ intent: "add", productId }, ana.cookie);
    await t.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, gone));

    const page = await callLoader<{ tab: string; wishlist: Array<Record<string, unknown>> }>(
      profileRoute,
      get("/perfil?tab=lista-de-deseos", { cookie: ana.cookie }),
      { db: t.db },
    );
    expect(page.data!.tab).toBe("lista-de-deseos");
    expect(page.data!.wishlist.map((e) => e.name).sort()).toEqual(["Charizard ex", "Umbreon VMAX"]);
    expect(page.data!.wishlist.find((e) => e._id === soldOut)).toMatchObject({ stock: 0, price: 2500, priceVaries: false });
    expect(page.data!.wishlist.find((e) => e._id === varied)).toMatchObject({ stock: 3, price: 600, priceVaries: true });
  });
});
