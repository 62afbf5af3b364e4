import { desc, eq } from "drizzle-orm";
import type { Queryable } from "#server/db/client.ts";
import { loyaltyAccounts, loyaltyTransactions } from "#server/db/schema.ts";
import { RECENT_TRANSACTIONS_SHOWN } from "#domain/loyalty.ts";

/** A customer's points balance, rounded down (docs/requirements.md#loyalty-points); 0 without an account yet. */
export async function pointsBalance(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: loyaltyAccounts.balance })
    .from(loyaltyAccounts)
    .where(eq(loyaltyAccounts.userId, userId))
    .limit(1);
  return Math.floor(row?.balance ?? 0);
}

export interface PointTransaction {
  _id: string;
  /** earned | spent | anything else (shown as an adjustment). */
  type: string;
  /** Signed: positive adds points, negative takes them. */
  amount: number;
  /** The change to the points owed: +n for `owed`, -n for `settled`, else 0. */
  owed: number;
  description: string;
  /** ISO 8601. */
  createdAt: string;
}

export interface LoyaltySummary {
  balance: number;
  /** Points a refund could not take back, netted against the next points earned or given back. */
  owed: number;
  totalEarned: number;
  totalSpent: number;
  transactions: PointTransaction[];
}

/** A customer's latest point movements, newest first (the profile's tab and the loyalty admin's history). */
export async function recentMovements(db: Queryable, userId: string, limit: number): Promise<PointTransaction[]> {
  const rows = await db
    .select({
      _id: loyaltyTransactions.id,
      type: loyaltyTransactions.type,
      amount: loyaltyTransactions.amount,
      owed: loyaltyTransactions.owed,
      description: loyaltyTransactions.description,
      createdAt: loyaltyTransactions.createdAt,
    })
    .from(loyaltyTransactions)
    .where(eq(loyaltyTransactions.userId, userId))
    .orderBy(desc(loyaltyTransactions.createdAt), desc(loyaltyTransactions.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * The customer's points for the profile (docs/requirements.md#loyalty-points): balance rounded
 * down, totals, and the last 15 movements, newest first. Zeros and no
 * movements when the customer has no loyalty account yet.
 */
export async function loyaltySummary(db: Queryable, userId: string): Promise<LoyaltySummary> {
  const [account] = await db
    .select({
      balance: loyaltyAccounts.balance,
      owed: loyaltyAccounts.pointsOwed,
      totalEarned: loyaltyAccounts.totalEarned,
      totalSpent: loyaltyAccounts.totalSpent,
    })
    .from(loyaltyAccounts)
    .where(eq(loyaltyAccounts.userId, userId))
    .limit(1);
  const transactions = await recentMovements(db, userId, RECENT_TRANSACTIONS_SHOWN);
  return {
    balance: Math.floor(account?.balance ?? 0),
    owed: account?.owed ?? 0,
    totalEarned: account?.totalEarned ?? 0,
    totalSpent: account?.totalSpent ?? 0,
    transactions,
  };
}
