/**
 * The points ledger's order movements (docs/requirements.md#loyalty-points): points used are
 * debited only while the balance holds them and given back once; points earned
 * are credited once per paid order, to customers only, and taken back once on a
 * refund without the balance ever going below 0.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { loyaltyAccounts, loyaltyTransactions } from "#server/db/schema.ts";
import { creditPointsForPaidOrder, debitPoints, refundPoints, reversePointsForRefund } from "#server/loyalty/ledger.server.ts";
import { insertCustomer, insertOrder } from "#tests/fixtures/orders.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import { ShopError } from "#server/errors.ts";

describeEachDatabase("points ledger", (t) => {
  async function account(userId: string) {
    const [row] = await t.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId));
    return row;
  }
  async function movements(userId: string) {
    const rows = await t.db.select().from(loyaltyTransactions).where(eq(loyaltyTransactions.userId, userId));
    return rows.map((r) => [r.type, r.amount]).sort();
  }

  it("debits points the balance holds, and refunds them once when the order is cancelled", async () => {
    const userId = await insertCustomer(t.db, { points: 120 });
    const order = await insertOrder(t.db, { userId });
    await t.db.transaction((tx) => debitPoints(tx, { userId, orderId: order.id, orderNumber: order.orderNumber, points: 100 }));
    expect(await account(userId)).toMatchObject({ balance: 20, totalSpent: 100 });

    expect(await t.db.transaction((tx) => refundPoints(tx, order.id, order.orderNumber))).toBe(100);
    expect(await t.db.transaction((tx) => refundPoints(tx, order.id, order.orderNumber))).toBe(0);
    expect(await account(userId)).toMatchObject({ balance: 120, totalSpent: 0 });
    expect(await movements(userId)).toEqual([
      ["refunded", 100],
      ["spent", -100],
    ]);
  });

  it("refuses to debit more than the balance, and writes nothing", async () => {
    const userId = await insertCustomer(t.db, { points: 50 });
    const order = await insertOrder(t.db, { userId });
    await expect(
      t.db.transaction((tx) => debitPoints(tx, { userId, orderId: order.id, orderNumber: order.orderNumber, points: 51 })),
    ).rejects.toBeInstanceOf(ShopError);
    expect(await account(userId)).toMatchObject({ balance: 50, totalSpent: 0 });
    expect(await movements(userId)).toEqual([]);
  });

  it("credits a paid order's points once, and none for a guest's order", async () => {
    const userId = await insertCustomer(t.db);
    const order = await insertOrder(t.db, { userId, subtotalCents: 345_678, pointsEarned: 34 });
    expect(await t.db.transaction((tx) => creditPointsForPaidOrder(tx, order.id))).toBe(34);
    expect(await t.db.transaction((tx) => creditPointsForPaidOrder(tx, order.id))).toBe(0);
    expect(await account(userId)).toMatchObject({ balance: 34, totalEarned: 34 });

    const guestOrder = await insertOrder(t.db, { pointsEarned: 10 });
    expect(await t.db.transaction((tx) => creditPointsForPaidOrder(tx, guestOrder.id))).toBe(0);
  });

  it("takes earned points back once on a refund, never below a zero balance", async () => {
    const userId = await insertCustomer(t.db);
    const paid = await insertOrder(t.db, { userId, pointsEarned: 30 });
    await t.db.transaction((tx) => creditPointsForPaidOrder(tx, paid.id));
    // 25 of the 30 were spent on another order meanwhile.
    const other = await insertOrder(t.db, { userId });
    await t.db.transaction((tx) => debitPoints(tx, { userId, orderId: other.id, orderNumber: other.orderNumber, points: 25 }));

    expect(await t.db.transaction((tx) => reversePointsForRefund(tx, paid.id, paid.orderNumber))).toBe(5);
    expect(await t.db.transaction((tx) => reversePointsForRefund(tx, paid.id, paid.orderNumber))).toBe(0);
    expect(await account(userId)).toMatchObject({ balance: 0 });
  });
});
