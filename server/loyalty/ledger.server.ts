/**
 * The points ledger's writes for orders (docs/requirements.md#loyalty-points): every
 * movement is a `loyalty_transactions` row plus the matching change of the
 * account's balance and totals, in the caller's transaction. A movement of a
 * given kind happens once per order (unique index on order id and type), so a
 * replayed payment, a second cancel or a retried job changes nothing, and the
 * balance never goes below 0 (a conditional update plus the table's CHECK).
 * The admin's adjustments (`adjustPoints`) are the one movement without an order.
 *
 * The account keeps `balance = total_earned - total_spent`, so the tiles of the profile and of the
 * loyalty admin always add up: `total_spent` counts only points used on orders; earning, reversing
 * and adjusting move `total_earned` (an adjustment of -20 takes 20 off what was earned).
 *
 * Points owed: a refund takes back the points its order earned, but never below a zero balance.
 * What it could not take (already spent on another order) is owed: an `owed` movement (amount 0,
 * `owed` +n) and `points_owed` +n. The next points earned or given back pay it first: a `settled`
 * movement (amount -k, `owed` -k) right after them. So the ledger's amounts always sum to the
 * balance, its `owed` column to `points_owed`, and the balance never goes below 0.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { LOYALTY_ADMIN_MESSAGES, MAX_POINTS_BALANCE } from "#domain/loyalty.ts";
import type { Tx } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { loyaltyAccounts, loyaltyTransactions, orders } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";

export const POINTS_NOT_AVAILABLE = "Tus puntos ya no alcanzan para este pedido. Actualiza la página e intenta de nuevo.";

type LedgerType = "earned" | "spent" | "refunded" | "reversed" | "owed";

async function ensureAccount(tx: Tx, userId: string): Promise<void> {
  await tx.insert(loyaltyAccounts).values({ userId }).onConflictDoNothing();
}

/** Writes the order's movement of this type unless it exists; true when this call wrote it. */
async function recordOnce(
  tx: Tx,
  row: { userId: string; orderId: string; type: LedgerType; amount: number; owed?: number; description: string },
) {
  const inserted = await tx
    .insert(loyaltyTransactions)
    .values({ id: newId(), ...row })
    .onConflictDoNothing()
    .returning({ id: loyaltyTransactions.id });
  return inserted.length > 0;
}

async function orderMovement(tx: Tx, orderId: string, type: LedgerType) {
  const [row] = await tx
    .select({ userId: loyaltyTransactions.userId, amount: loyaltyTransactions.amount })
    .from(loyaltyTransactions)
    .where(and(eq(loyaltyTransactions.orderId, orderId), eq(loyaltyTransactions.type, type)))
    .limit(1);
  return row ?? null;
}

/**
 * Debits the points an order uses, in the order's transaction: only when the
 * balance still holds them (two orders spending the same points: one wins, the
 * other gets a PointsError and its transaction rolls back).
 */
export async function debitPoints(tx: Tx, input: { userId: string; orderId: string; orderNumber: string; points: number }): Promise<void> {
  if (!Number.isInteger(input.points) || input.points <= 0) return;
  const debited = await tx
    .update(loyaltyAccounts)
    .set({
      balance: sql`${loyaltyAccounts.balance} - ${input.points}`,
      totalSpent: sql`${loyaltyAccounts.totalSpent} + ${input.points}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(loyaltyAccounts.userId, input.userId), gte(loyaltyAccounts.balance, input.points)))
    .returning({ userId: loyaltyAccounts.userId });
  if (debited.length === 0) throw new ShopError(POINTS_NOT_AVAILABLE, "conflict", "usePoints");
  const recorded = await recordOnce(tx, {
    userId: input.userId,
    orderId: input.orderId,
    type: "spent",
    amount: -input.points,
    description: `Puntos usados en el pedido ${input.orderNumber}`,
  });
  if (!recorded) throw new Error(`points for order ${input.orderId} were already debited`);
}

/** Gives back the points a cancelled order used, once. Returns the points refunded. */
export async function refundPoints(tx: Tx, orderId: string, orderNumber: string): Promise<number> {
  const spent = await orderMovement(tx, orderId, "spent");
  if (!spent || spent.amount >= 0) return 0;
  const points = -spent.amount;
  const recorded = await recordOnce(tx, {
    userId: spent.userId,
    orderId,
    type: "refunded",
    amount: points,
    description: `Devolución de puntos del pedido cancelado ${orderNumber}`,
  });
  if (!recorded) return 0;
  await ensureAccount(tx, spent.userId);
  await tx
    .update(loyaltyAccounts)
    .set({
      balance: sql`${loyaltyAccounts.balance} + ${points}`,
      totalSpent: sql`greatest(${loyaltyAccounts.totalSpent} - ${points}, 0)`,
      updatedAt: sql`now()`,
    })
    .where(eq(loyaltyAccounts.userId, spent.userId));
  await settleOwedPoints(tx, { userId: spent.userId, orderId, orderNumber, available: points });
  return points;
}

/**
 * Pays points owed from the `available` points just credited (earned or given back), in the same
 * transaction: a `settled` movement of the order and the account's balance and owed count lowered
 * by the same amount. Returns the points settled.
 */
async function settleOwedPoints(
  tx: Tx,
  input: { userId: string; orderId: string; orderNumber: string; available: number },
): Promise<number> {
  const [account] = await tx
    .select({ owed: loyaltyAccounts.pointsOwed, balance: loyaltyAccounts.balance })
    .from(loyaltyAccounts)
    .where(eq(loyaltyAccounts.userId, input.userId))
    .for("update");
  const points = Math.min(account?.owed ?? 0, input.available, account?.balance ?? 0);
  if (points <= 0) return 0;
  await tx.insert(loyaltyTransactions).values({
    id: newId(),
    userId: input.userId,
    orderId: input.orderId,
    type: "settled",
    amount: -points,
    owed: -points,
    description: `Descontados de tus puntos pendientes por reembolso (pedido ${input.orderNumber})`,
  });
  await tx
    .update(loyaltyAccounts)
    .set({
      balance: sql`${loyaltyAccounts.balance} - ${points}`,
      totalEarned: sql`greatest(${loyaltyAccounts.totalEarned} - ${points}, 0)`,
      pointsOwed: sql`${loyaltyAccounts.pointsOwed} - ${points}`,
      updatedAt: sql`now()`,
    })
    .where(eq(loyaltyAccounts.userId, input.userId));
  return points;
}

/**
 * Credits the points a paid order earns (its `points_earned`, floor of 1% of the
 * subtotal), once, to the customer who placed it; guests' orders earn nothing.
 * Returns the points credited by this call (0 when already credited).
 */
export async function creditPointsForPaidOrder(tx: Tx, orderId: string): Promise<number> {
  const [order] = await tx
    .select({ userId: orders.userId, orderNumber: orders.orderNumber, points: orders.pointsEarned })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order?.userId || order.points <= 0) return 0;
  const recorded = await recordOnce(tx, {
    userId: order.userId,
    orderId,
    type: "earned",
    amount: order.points,
    description: `Puntos ganados en el pedido ${order.orderNumber}`,
  });
  if (!recorded) return 0;
  await ensureAccount(tx, order.userId);
  await tx
    .update(loyaltyAccounts)
    .set({
      balance: sql`${loyaltyAccounts.balance} + ${order.points}`,
      totalEarned: sql`${loyaltyAccounts.totalEarned} + ${order.points}`,
      updatedAt: sql`now()`,
    })
    .where(eq(loyaltyAccounts.userId, order.userId));
  await settleOwedPoints(tx, { userId: order.userId, orderId, orderNumber: order.orderNumber, available: order.points });
  return order.points;
}

/**
 * Takes back the points a refunded order earned, once; never below a zero balance: what was
 * already spent is owed (an `owed` movement), to be netted against the next points earned or given
 * back (see the module comment). Returns the points taken now.
 */
export async function reversePointsForRefund(tx: Tx, orderId: string, orderNumber: string): Promise<number> {
  const earned = await orderMovement(tx, orderId, "earned");
  if (!earned || earned.amount <= 0) return 0;
  const [account] = await tx
    .select({ balance: loyaltyAccounts.balance })
    .from(loyaltyAccounts)
    .where(eq(loyaltyAccounts.userId, earned.userId))
    .for("update");
  const points = Math.min(earned.amount, Math.max(0, account?.balance ?? 0));
  const owed = earned.amount - points;
  const recorded = await recordOnce(tx, {
    userId: earned.userId,
    orderId,
    type: "reversed",
    amount: -points,
    description: `Puntos retirados por el reembolso del pedido ${orderNumber}`,
  });
  if (!recorded) return 0;
  if (owed > 0) {
    await recordOnce(tx, {
      userId: earned.userId,
      orderId,
      type: "owed",
      amount: 0,
      owed,
      description: `Puntos pendientes por reembolso del pedido ${orderNumber}: ya los habías usado; se descontarán de tus próximos puntos`,
    });
  }
  if (points === 0 && owed === 0) return 0;
  await tx
    .update(loyaltyAccounts)
    .set({
      balance: sql`${loyaltyAccounts.balance} - ${points}`,
      totalEarned: sql`greatest(${loyaltyAccounts.totalEarned} - ${points}, 0)`,
      pointsOwed: sql`${loyaltyAccounts.pointsOwed} + ${owed}`,
      updatedAt: sql`now()`,
    })
    .where(eq(loyaltyAccounts.userId, earned.userId));
  return points;
}

/**
 * An admin's adjustment (docs/requirements.md#admin-area): a signed whole number of points, written as an
 * 'adjustment' movement by the admin, together with the account change, in the caller's
 * transaction. Balance and total earned move by the amount (see the header). A negative amount
 * larger than the balance is refused with a PointsError and nothing is written: the update is
 * conditional (`balance + amount >= 0`), so two adjustments at once can never take the balance
 * below 0 (the second re-reads the row the first changed). Returns the new balance.
 */
export async function adjustPoints(
  tx: Tx,
  input: { userId: string; amount: number; description: string; adminId: string },
): Promise<number> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw new Error("an adjustment is a whole, non-zero number of points");
  await ensureAccount(tx, input.userId);
  const next = sql`${loyaltyAccounts.balance}::bigint + ${input.amount}`;
  const [updated] = await tx
    .update(loyaltyAccounts)
    .set({
      balance: sql`${loyaltyAccounts.balance} + ${input.amount}`,
      totalEarned: sql`${loyaltyAccounts.totalEarned} + ${input.amount}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(loyaltyAccounts.userId, input.userId),
        sql`${next} between 0 and ${MAX_POINTS_BALANCE}`,
        sql`${loyaltyAccounts.totalEarned}::bigint + ${input.amount} between 0 and ${MAX_POINTS_BALANCE * 2}`,
      ),
    )
    .returning({ balance: loyaltyAccounts.balance });
  if (!updated) {
    const [account] = await tx
      .select({ balance: loyaltyAccounts.balance })
      .from(loyaltyAccounts)
      .where(eq(loyaltyAccounts.userId, input.userId));
    const balance = account?.balance ?? 0;
    throw new ShopError(
      input.amount < 0 ? LOYALTY_ADMIN_MESSAGES.insufficient(balance) : LOYALTY_ADMIN_MESSAGES.balanceTooHigh,
      "conflict",
    );
  }
  await tx.insert(loyaltyTransactions).values({
    id: newId(),
    userId: input.userId,
    type: "adjustment",
    amount: input.amount,
    description: input.description,
    createdBy: input.adminId,
  });
  return updated.balance;
}
