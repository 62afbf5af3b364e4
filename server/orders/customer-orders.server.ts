/**
 * A customer's own orders for 'Mis Pedidos' (SPEC §2): newest first, only the
 * requester's (DESIGN §5 Access). Money leaves here in pesos, the spec's field names.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/client.ts";
import { orderItems, orders } from "#server/db/schema.ts";

export interface CustomerOrderSummary {
  _id: string;
  orderNumber: string;
  orderStatus: string;
  paymentStatus: string;
  createdAt: string;
  itemCount: number;
  finalTotal: number;
}

export async function listCustomerOrders(db: Queryable, userId: string, limit = 50): Promise<CustomerOrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      orderStatus: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
      createdAt: orders.createdAt,
      finalTotalCents: orders.finalTotalCents,
      itemCount: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    orderNumber: r.orderNumber,
    orderStatus: r.orderStatus,
    paymentStatus: r.paymentStatus,
    createdAt: r.createdAt.toISOString(),
    itemCount: Number(r.itemCount),
    finalTotal: r.finalTotalCents / 100,
  }));
}
