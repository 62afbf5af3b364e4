/**
 * Cancelling and expiring orders (docs/requirements.md#orders-and-statuses), and the
 * order reads for the pages (docs/requirements.md#access-and-roles): a cancel gives stock, coupon
 * use and points back exactly once; an approved order is never cancelled; the
 * expiry job cancels only unpaid orders whose stock hold lapsed; a customer reads
 * only their own orders, a browser only the one its pending-order cookie names.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { couponRedemptions, orders, products } from "#server/db/schema.ts";
import { cancelOrder, expireUnpaidOrders, orderForPayment, orderForViewer, placeOrder } from "#server/orders/index.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { insertCustomer, orderRow } from "#tests/fixtures/orders.ts";
import { balanceOf, cartWith, checkoutInput, insertCoupon, stockOf, usesOf } from "#tests/fixtures/checkout.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import { UNPAID_ORDER_CANCEL_REASON } from "#domain/orders.ts";

const HOUR_MS = 60 * 60 * 1000;

describeEachDatabase("cancelling orders", (t) => {
  async function placeWithEverything() {
    const userId = await insertCustomer(t.db, { points: 30 });
    const card = await insertProduct(t.db, { priceCents: 50_000, stock: 5 });
    const code = await insertCoupon(t.db, { maxUses: 1 });
    const placed = await placeOrder(
      t.db,
      checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 3 }], userId), { userId, couponCode: code, usePoints: true }),
    );
    return { userId, card, code, placed };
  }

  it("gives back stock, the coupon use and the points once, and records who, when and why", async () => {
    const { userId, card, code, placed } = await placeWithEverything();
    expect([await stockOf(t.db, card), await usesOf(t.db, code), await balanceOf(t.db, userId)]).toEqual([2, 1, 0]);
    const now = new Date("2026-11-20T18:00:00Z");

    const first = await cancelOrder(t.db, placed.id, { reason: "El cliente lo pidió", by: "admin", now });
    const second = await cancelOrder(t.db, placed.id, { reason: "Otra vez", by: "sistema" });

    expect(first).toEqual({ cancelled: true, orderNumber: placed.orderNumber, units: 3, couponReleased: true, pointsRefunded: 30 });
    expect(second.cancelled).toBe(false);
    expect([await stockOf(t.db, card), await usesOf(t.db, code), await balanceOf(t.db, userId)]).toEqual([5, 0, 30]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({ orderStatus: "cancelled", cancelReason: "El cliente lo pidió", cancelledBy: "admin", cancelledAt: now });
    const [redemption] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, placed.id));
    expect(redemption?.releasedAt).toBeInstanceOf(Date);
  });

  it("never cancels an order whose payment was approved", async () => {
    const { card, placed } = await placeWithEverything();
    await t.db.update(orders).set({ paymentStatus: "approved", orderStatus: "processing" }).where(eq(orders.id, placed.id));
    expect((await cancelOrder(t.db, placed.id, { reason: "x", by: "admin" })).cancelled).toBe(false);
    expect(await stockOf(t.db, card)).toBe(2);
  });

  it("inside the caller's transaction, rolls back with it", async () => {
    const { card, placed } = await placeWithEverything();
    await expect(
      t.db.transaction(async (tx) => {
        await cancelOrder(tx, placed.id, { reason: "x", by: "cliente" });
        throw new Error("the caller changes its mind");
      }),
    ).rejects.toThrow("the caller changes its mind");
    expect(await stockOf(t.db, card)).toBe(2);
    const [order] = await t.db.select({ orderStatus: orders.orderStatus }).from(orders).where(eq(orders.id, placed.id));
    expect(order?.orderStatus).toBe("pending");
  });

  it("a deleted product is skipped when stock comes back; the rest is released", async () => {
    const card = await insertProduct(t.db, { stock: 2 });
    const gone = await insertProduct(t.db, { stock: 2 });
    const placed = await placeOrder(
      t.db,
      checkoutInput(
        await cartWith(t.db, [
          { productId: card, quantity: 1 },
          { productId: gone, quantity: 1 },
        ]),
      ),
    );
    await t.db.delete(products).where(eq(products.id, gone));
    expect(await cancelOrder(t.db, placed.id, { reason: "x", by: "admin" })).toMatchObject({ cancelled: true, units: 1 });
    expect(await stockOf(t.db, card)).toBe(2);
  });

  describe("expiry of unpaid orders", () => {
    it("cancels orders unpaid (pending or rejected) whose hold lapsed, by 'sistema', and leaves the rest", async () => {
      const now = new Date(Date.now() + 1000 * HOUR_MS); // far enough that earlier tests' orders are due too
      const card = await insertProduct(t.db, { stock: 10 });
      const place = async (hoursLapsed: number, fields: Partial<typeof orders.$inferInsert> = {}) => {
        const placed = await placeOrder(t.db, checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }])));
        await t.db
          .update(orders)
          .set({ holdUntil: new Date(now.getTime() - hoursLapsed * HOUR_MS), ...fields })
          .where(eq(orders.id, placed.id));
        return placed.id;
      };
      const stale = await place(1);
      const rejected = await place(28, { paymentStatus: "rejected" });
      const fresh = await place(-1);
      const paid = await place(128, { paymentStatus: "approved", orderStatus: "processing" });
      const shipped = await place(128, { orderStatus: "shipped" });
      // Earlier tests' unpaid orders are due as well; count them in.
      const due = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderStatus, "pending"));

      const cancelled = await expireUnpaidOrders(t.db, { now });

      expect(cancelled).toBe(due.length - 1); // all pending ones but the fresh one
      expect(await orderRow(t.db, stale)).toMatchObject({
        orderStatus: "cancelled",
        cancelledBy: "sistema",
        cancelReason: UNPAID_ORDER_CANCEL_REASON,
        cancelledAt: now,
      });
      expect(await orderRow(t.db, rejected)).toMatchObject({ orderStatus: "cancelled" });
      expect(await orderRow(t.db, fresh)).toMatchObject({ orderStatus: "pending" });
      expect(await orderRow(t.db, paid)).toMatchObject({ orderStatus: "processing" });
      expect(await orderRow(t.db, shipped)).toMatchObject({ orderStatus: "shipped" });
      expect(await stockOf(t.db, card)).toBe(10 - 3); // fresh, paid and shipped still hold theirs
      expect(await expireUnpaidOrders(t.db, { now })).toBe(0);
    });
  });

  describe("reading orders", () => {
    it("a customer reads their own order by number or id, in pesos with the old JSON names; nobody else does", async () => {
      const { userId, placed } = await placeWithEverything();
      const stranger = await insertCustomer(t.db);
      const view = await orderForViewer(t.db, { orderNumber: placed.orderNumber }, { userId, pendingOrderId: null });
      expect(view).toMatchObject({
        _id: placed.id,
        orderNumber: placed.orderNumber,
        subtotal: 1500,
        shippingCost: 150,
        discount: 165, // (1,500 + 150) × 10 %
        total: 1485,
        finalTotal: 1455,
        orderStatus: "pending",
        paymentStatus: "pending",
        email: "ana@example.com",
        loyaltyPoints: { used: 30, earned: 15 },
        canRetryPayment: true,
        shippingAddress: { street: "Av. Juárez 10", zipCode: "72000", country: "México", name: "Ana López" },
      });
      expect(view?.items).toEqual([
        {
          product: expect.any(String),
          name: "Carta de prueba",
          variant: "Casi nueva · Inglés",
          image: expect.any(String),
          price: 500,
          quantity: 3,
        },
      ]);
      expect(await orderForViewer(t.db, { orderId: placed.id }, { userId, pendingOrderId: null })).toMatchObject({ _id: placed.id });
      expect(await orderForViewer(t.db, { orderNumber: placed.orderNumber }, { userId: stranger, pendingOrderId: null })).toBeNull();
      expect(await orderForViewer(t.db, { orderId: placed.id }, { userId: null, pendingOrderId: null })).toBeNull();
    });

    it("a guest reads only the order its pending-order cookie names; malformed references read as nothing", async () => {
      const card = await insertProduct(t.db, { stock: 5 });
      const mine = await placeOrder(t.db, checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }])));
      const other = await placeOrder(t.db, checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }])));
      const guest = { userId: null, pendingOrderId: mine.id };
      expect(await orderForViewer(t.db, { orderNumber: mine.orderNumber }, guest)).toMatchObject({ _id: mine.id, user: null });
      expect(await orderForViewer(t.db, { orderNumber: other.orderNumber }, guest)).toBeNull();
      expect(await orderForViewer(t.db, { orderId: other.id }, guest)).toBeNull();
      for (const bad of ["", "CV-", "cv-abcdef", "CV-0000OO", "' or 1=1 --", "x".repeat(500)]) {
        expect(await orderForViewer(t.db, { orderNumber: bad }, guest)).toBeNull();
        expect(await orderForViewer(t.db, { orderId: bad }, guest)).toBeNull();
      }
    });

    it("orderForPayment gives the payment step its facts", async () => {
      const { placed } = await placeWithEverything();
      const facts = await orderForPayment(t.db, placed.id);
      expect(facts).toMatchObject({
        id: placed.id,
        orderNumber: placed.orderNumber,
        finalTotalCents: 145_500,
        email: "ana@example.com",
        paymentAttempts: 0,
        orderStatus: "pending",
        paymentStatus: "pending",
      });
      expect(facts?.createdAt).toBeInstanceOf(Date);
      expect(await orderForPayment(t.db, "nope")).toBeNull();
    });
  });
});
