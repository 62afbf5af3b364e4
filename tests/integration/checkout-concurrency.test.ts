/**
 * Concurrency proofs for the commerce core, on a real
 * PostgreSQL server (PGlite runs one transaction at a time, so races can only
 * be shown on a server): each fires the operations at once through a pool of
 * 20 connections and asserts the final database state. Skipped without
 * TEST_DATABASE_URL.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { couponRedemptions, loyaltyTransactions, orderItems, orders, products, productVariants } from "#server/db/schema.ts";
import { CheckoutError, cancelOrder, expireUnpaidOrders, placeOrder, type PlacedOrder } from "#server/orders/index.ts";
import { creditPointsForPaidOrder, debitPoints } from "#server/loyalty/ledger.server.ts";
import { insertProduct, insertVariant, onlyVariantId } from "#tests/fixtures/products.ts";
import { insertCustomer, insertOrder } from "#tests/fixtures/orders.ts";
import { balanceOf, cartWith, checkoutInput, insertCoupon, stockOf, usesOf } from "#tests/fixtures/checkout.ts";
import { openTestDatabase, type TestDatabase } from "#tests/fixtures/test-db.ts";
import { UNPAID_ORDER_CANCEL_REASON } from "#domain/orders.ts";
import { ShopError } from "#server/errors.ts";

const HOUR_MS = 60 * 60 * 1000;

/** Settles every promise; splits what was placed from what was refused. */
async function settle(attempts: Promise<PlacedOrder>[]) {
  const results = await Promise.allSettled(attempts);
  const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const errors = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
  return { placed, errors };
}

/**
 * A late approval exactly as applyPayment will make it:
 * lock the order row FOR UPDATE; not cancelled → payment approved, order
 * processing, earned points credited; already cancelled → flagged for a refund.
 */
async function approveLate(db: Database, orderId: string): Promise<"approved" | "flagged"> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ orderStatus: orders.orderStatus }).from(orders).where(eq(orders.id, orderId)).for("update");
    if (order?.orderStatus === "cancelled") {
      await tx.update(orders).set({ needsRefund: true }).where(eq(orders.id, orderId));
      return "flagged";
    }
    await tx
      .update(orders)
      .set({ paymentStatus: "approved", orderStatus: "processing", paymentId: "123456789" })
      .where(eq(orders.id, orderId));
    await creditPointsForPaidOrder(tx, orderId);
    return "approved";
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("checkout concurrency [postgres]", () => {
  let handle: TestDatabase | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase("postgres");
  });
  afterAll(async () => handle?.destroy());
  const db = () => {
    if (!handle) throw new Error("the test database is not open yet");
    return handle.db;
  };

  it("20 parallel checkouts of the last Lightly Played Japanese copy while 3 buy the Near Mint one: one LP order, NM untouched by the race", async () => {
    const card = await insertProduct(db(), { name: "Umbreon ex", priceCents: 180_000, stock: 5 });
    const nm = await onlyVariantId(db(), card);
    const lp = await insertVariant(db(), card, { condition: "LP", language: "ja", priceCents: 140_000, stock: 1 });
    const lpBuyers = await Promise.all(Array.from({ length: 20 }, () => insertCustomer(db())));
    const nmBuyers = await Promise.all(Array.from({ length: 3 }, () => insertCustomer(db())));
    const lpCarts = await Promise.all(lpBuyers.map((userId) => cartWith(db(), [{ productId: card, variantId: lp, quantity: 1 }], userId)));
    const nmCarts = await Promise.all(nmBuyers.map((userId) => cartWith(db(), [{ productId: card, variantId: nm, quantity: 1 }], userId)));

    const [lpResult, nmResult] = await Promise.all([
      settle(lpBuyers.map((userId, i) => placeOrder(db(), checkoutInput(lpCarts[i]!, { userId })))),
      settle(nmBuyers.map((userId, i) => placeOrder(db(), checkoutInput(nmCarts[i]!, { userId })))),
    ]);

    expect(lpResult.placed).toHaveLength(1);
    expect(lpResult.errors).toHaveLength(19);
    for (const error of lpResult.errors) {
      expect(error).toMatchObject({
        kind: "out-of-stock",
        message: "Ya no hay stock suficiente de Umbreon ex (Ligeramente jugada · Japonés) (agotado). Ajusta tu carrito e intenta de nuevo.",
      });
    }
    expect(nmResult.placed).toHaveLength(3);
    const stock = async (id: string) =>
      (await db().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)))[0]?.stock;
    expect(await stock(lp)).toBe(0);
    expect(await stock(nm)).toBe(2);
    expect(await stockOf(db(), card)).toBe(2);
    // The LP order's line was sold as LP Japanese; cancelling it gives the copy back to LP, not to NM.
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, lpResult.placed[0]!.id));
    expect(line).toMatchObject({ variantId: lp, condition: "LP", language: "ja", unitPriceCents: 140_000 });
    await cancelOrder(db(), lpResult.placed[0]!.id, { reason: "Prueba", by: "sistema" });
    expect(await stock(lp)).toBe(1);
    expect(await stock(nm)).toBe(2);
    expect(await stockOf(db(), card)).toBe(3);
  });

  it("20 parallel checkouts of a card with stock 1: one order, stock 0, 19 clear errors, nothing left by the losers", async () => {
    const card = await insertProduct(db(), { name: "Mewtwo ex Special Illustration Rare", priceCents: 250_000, stock: 1 });
    const code = await insertCoupon(db(), { discountPercent: 10 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => insertCustomer(db(), { points: 100 })));
    const carts = await Promise.all(buyers.map((userId) => cartWith(db(), [{ productId: card, quantity: 1 }], userId)));

    const { placed, errors } = await settle(
      buyers.map((userId, i) => placeOrder(db(), checkoutInput(carts[i]!, { userId, couponCode: code, usePoints: true }))),
    );

    expect(placed).toHaveLength(1);
    expect(errors).toHaveLength(19);
    for (const error of errors) {
      expect(error).toBeInstanceOf(CheckoutError);
      expect(error).toMatchObject({
        kind: "out-of-stock",
        message:
          "Ya no hay stock suficiente de Mewtwo ex Special Illustration Rare (Casi nueva · Inglés) (agotado). Ajusta tu carrito e intenta de nuevo.",
      });
    }
    expect(await stockOf(db(), card)).toBe(0);
    const [{ n: orderCount } = { n: -1 }] = await db()
      .select({ n: count() })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(eq(orderItems.productId, card));
    expect(orderCount).toBe(1);
    const userOrders = await db()
      .select({ userId: orders.userId })
      .from(orders)
      .where(sql`${orders.userId} in ${buyers}`);
    expect(userOrders).toHaveLength(1);
    expect(await usesOf(db(), code)).toBe(1);
    const winner = userOrders[0]!.userId!;
    const balances = await Promise.all(buyers.map((u) => balanceOf(db(), u)));
    expect(balances.filter((b) => b === 100)).toHaveLength(19);
    expect(await balanceOf(db(), winner)).toBe(0);
    const spent = await db()
      .select()
      .from(loyaltyTransactions)
      .where(and(sql`${loyaltyTransactions.userId} in ${buyers}`, eq(loyaltyTransactions.type, "spent")));
    expect(spent.map((r) => r.userId)).toEqual([winner]);
  });

  it("10 parallel orders with one single-use coupon: applied to exactly one order, the other 9 refused and unwritten", async () => {
    const card = await insertProduct(db(), { priceCents: 50_000, stock: 100 });
    const code = await insertCoupon(db(), { type: "single-use", discountPercent: 50 });
    const carts = await Promise.all(Array.from({ length: 10 }, () => cartWith(db(), [{ productId: card, quantity: 1 }])));

    const { placed, errors } = await settle(carts.map((cartId) => placeOrder(db(), checkoutInput(cartId, { couponCode: code }))));

    expect(placed).toHaveLength(1);
    expect(errors).toHaveLength(9);
    for (const error of errors) expect(error).toMatchObject({ kind: "coupon", message: "Este cupón ya fue utilizado" });
    expect(await usesOf(db(), code)).toBe(1);
    const redemptions = await db()
      .select()
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(eq(orders.couponCode, code));
    expect(redemptions.map((r) => r.coupon_redemptions.orderId)).toEqual([placed[0]!.id]);
    expect(await stockOf(db(), card)).toBe(99);
  });

  it("10 parallel orders spending the same points: debited once, balance never below 0", async () => {
    const userId = await insertCustomer(db(), { points: 300 });
    const card = await insertProduct(db(), { priceCents: 100_000, stock: 100 });
    // One customer, one account cart: ten submits of ten different checkout forms at once.
    const cartId = await cartWith(db(), [{ productId: card, quantity: 1 }], userId);

    const { placed, errors } = await settle(
      Array.from({ length: 10 }, () => placeOrder(db(), checkoutInput(cartId, { userId, usePoints: true }))),
    );

    expect(placed).toHaveLength(1);
    for (const error of errors) expect(error).toBeInstanceOf(CheckoutError);
    expect(await balanceOf(db(), userId)).toBe(0);
    const movements = await db().select().from(loyaltyTransactions).where(eq(loyaltyTransactions.userId, userId));
    expect(movements.map((m) => [m.type, m.amount])).toEqual([["spent", -300]]);
    expect(await stockOf(db(), card)).toBe(99);
  });

  it("10 parallel debits of the same points for different orders (the ledger's own guard): one succeeds, balance 0", async () => {
    const userId = await insertCustomer(db(), { points: 250 });
    const targets = await Promise.all(Array.from({ length: 10 }, () => insertOrder(db(), { userId })));
    const results = await Promise.allSettled(
      targets.map((o) => db().transaction((tx) => debitPoints(tx, { userId, orderId: o.id, orderNumber: o.orderNumber, points: 250 }))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ShopError);
    expect(await balanceOf(db(), userId)).toBe(0);
    const spent = await db().select().from(loyaltyTransactions).where(eq(loyaltyTransactions.userId, userId));
    expect(spent).toHaveLength(1);
  });

  it("two concurrent cancels of one order: stock, coupon use and points released once", async () => {
    const userId = await insertCustomer(db(), { points: 40 });
    const card = await insertProduct(db(), { priceCents: 30_000, stock: 3 });
    const code = await insertCoupon(db(), { type: "single-use" });
    const placed = await placeOrder(
      db(),
      checkoutInput(await cartWith(db(), [{ productId: card, quantity: 2 }], userId), { userId, couponCode: code, usePoints: true }),
    );
    expect([await stockOf(db(), card), await usesOf(db(), code), await balanceOf(db(), userId)]).toEqual([1, 1, 0]);

    const results = await Promise.all([
      cancelOrder(db(), placed.id, { reason: "Cancelado por el cliente", by: "cliente" }),
      cancelOrder(db(), placed.id, { reason: "Cancelado por la tienda", by: "admin" }),
    ]);

    expect(results.filter((r) => r.cancelled)).toHaveLength(1);
    expect([await stockOf(db(), card), await usesOf(db(), code), await balanceOf(db(), userId)]).toEqual([3, 0, 40]);
    const movements = await db().select().from(loyaltyTransactions).where(eq(loyaltyTransactions.orderId, placed.id));
    expect(movements.map((m) => [m.type, m.amount]).sort()).toEqual([
      ["refunded", 40],
      ["spent", -40],
    ]);
  });

  it("an expiry run racing a late approval: each order ends paid, or cancelled and flagged for a refund; stock counted once", async () => {
    const outcomes = { paid: 0, flagged: 0 };
    for (let round = 0; round < 12; round++) {
      const userId = await insertCustomer(db());
      const card = await insertProduct(db(), { priceCents: 20_000, stock: 5 });
      const placed = await placeOrder(db(), checkoutInput(await cartWith(db(), [{ productId: card, quantity: 2 }], userId), { userId }));
      await db()
        .update(orders)
        .set({ holdUntil: new Date(Date.now() - HOUR_MS) })
        .where(eq(orders.id, placed.id));

      const [expired, approval] = await Promise.all([expireUnpaidOrders(db()), approveLate(db(), placed.id)]);

      const [order] = await db().select().from(orders).where(eq(orders.id, placed.id));
      const stock = await stockOf(db(), card);
      if (approval === "approved") {
        expect(expired).toBe(0);
        expect(order).toMatchObject({ orderStatus: "processing", paymentStatus: "approved", needsRefund: false, cancelledAt: null });
        expect(stock).toBe(3);
        expect(await balanceOf(db(), userId)).toBe(4); // floor(1 % of $400)
        outcomes.paid++;
      } else {
        expect(expired).toBe(1);
        expect(order).toMatchObject({
          orderStatus: "cancelled",
          cancelledBy: "sistema",
          cancelReason: UNPAID_ORDER_CANCEL_REASON,
          needsRefund: true,
        });
        expect(stock).toBe(5);
        outcomes.flagged++;
      }
    }
    // Both interleavings are legal; print which ones this run produced.
    console.log(`expiry vs approval over 12 rounds: ${outcomes.paid} paid, ${outcomes.flagged} cancelled and flagged`);
    expect(outcomes.paid + outcomes.flagged).toBe(12);
    const [oversold] = await db()
      .select({ n: count() })
      .from(products)
      .where(sql`${products.stock} < 0`);
    expect(oversold?.n).toBe(0);
  });
});
