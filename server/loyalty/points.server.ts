import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { loyaltyAccounts } from "../db/schema";

/** A customer's points balance, rounded down (SPEC §9); 0 without an account yet. */
export async function pointsBalance(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ balance: loyaltyAccounts.balance }).from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId)).limit(1);
  return Math.floor(row?.balance ?? 0);
}
