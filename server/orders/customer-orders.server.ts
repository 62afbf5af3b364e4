/**
 * A customer's own orders for 'Mis Pedidos' (docs/requirements.md#orders-and-statuses): only the requester's orders
 * (docs/requirements.md#access-and-roles), newest first, in the old JSON field names with money in pesos.
 */
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "#server/db/client.ts";
import { orderItems, orders, users } from "#server/db/schema.ts";
import { orderViewFrom, itemColumns, type OrderView } from "./order-views.server";

export interface CustomerOrder extends OrderView {
  /** Units ordered, all lines together. */
  itemCount: number;
}

/** The customer's orders with their lines, newest first (two queries, whatever the count). */
export async function listCustomerOrders(db: Queryable, userId: string, limit = 50): Promise<CustomerOrder[]> {
  const rows = await db
    .select({ order: orders, user: { id: users.id, name: users.name, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const items = await db
    .select(itemColumns)
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.order.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  return rows.map(({ order, user }) => {
    const lines = items.filter((i) => i.orderId === order.id);
    return { ...orderViewFrom(order, user, lines), itemCount: lines.reduce((sum, l) => sum + l.quantity, 0) };
  });
}
