import { eq } from "drizzle-orm";
import { isOrderNumber } from "#domain/orders.ts";
import { FULFILMENT_MESSAGES } from "#domain/fulfilment.ts";
import type { Tx } from "#server/db/client.ts";
import { orders } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";

export type LockedOrder = typeof orders.$inferSelect;

/**
 * The order named by its number, its row locked until the transaction ends (decision record 016):
 * every admin change starts here, so two at once are applied one after the other. A malformed or
 * unknown number is a 404 ShopError.
 */
export async function lockOrderByNumber(tx: Tx, orderNumber: string): Promise<LockedOrder> {
  if (!isOrderNumber(orderNumber)) throw new ShopError(FULFILMENT_MESSAGES.orderNotFound, 404);
  const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for("update");
  if (!order) throw new ShopError(FULFILMENT_MESSAGES.orderNotFound, 404);
  return order;
}
