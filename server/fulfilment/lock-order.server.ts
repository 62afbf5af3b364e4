import { mayNameOrder } from "#domain/orders.ts";
import { FULFILMENT_MESSAGES } from "#domain/fulfilment.ts";
import type { Tx } from "#server/db/client.ts";
import { ShopError } from "#server/errors.ts";
import { lockOrderByNumber, type LockedOrder } from "#server/orders/index.ts";

export type { LockedOrder };

/**
 * The order an admin acts on, locked (decision record 016; `lockOrderByNumber` of server/orders):
 * a malformed or unknown number is a 404 ShopError.
 */
export async function lockOrderForAdmin(tx: Tx, orderNumber: string): Promise<LockedOrder> {
  const order = mayNameOrder(orderNumber) ? await lockOrderByNumber(tx, orderNumber) : null;
  if (!order) throw new ShopError(FULFILMENT_MESSAGES.orderNotFound, "not_found");
  return order;
}
