import { eq } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { orders } from "#server/db/schema.ts";

export type LockedOrder = typeof orders.$inferSelect;

/**
 * The order with this number, its row locked until the transaction ends (`select … for update`):
 * applyPayment and every admin change (server/fulfilment) start here, so changes to one order are
 * applied one after the other, each seeing the last one's result. Null when there is none.
 */
export async function lockOrderByNumber(tx: Tx, orderNumber: string): Promise<LockedOrder | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for("update");
  return order ?? null;
}
