/**
 * An admin's refund request, as the order's history keeps it (decision record 016): the shop side
 * writes a 'refund-requested' event (the reason, the admin) and commits it before asking the
 * provider, so whichever applies the refund (the admin's own request or the provider's
 * notification, which may arrive first) cancels the order with the admin's reason and in their name.
 */
import { and, desc, eq, gt, max, sql } from "drizzle-orm";
import type { OrderActor } from "#domain/order-events.ts";
import type { Queryable } from "#server/db/client.ts";
import { orderEvents } from "#server/db/schema.ts";

export interface RefundRequest {
  reason: string;
  actor: OrderActor;
  /** For an order already shipped or delivered: whether the admin said its cards came back (undefined: not asked). */
  goodsReturned?: boolean;
}

/** The latest refund request of the order not yet followed by an applied refund; null when none. */
export async function latestRefundRequest(db: Queryable, orderId: string): Promise<RefundRequest | null> {
  const lastRefund = db
    .select({ at: max(orderEvents.createdAt) })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "refund")));
  const [row] = await db
    .select({ actor: orderEvents.actor, actorId: orderEvents.actorId, actorName: orderEvents.actorName, data: orderEvents.data })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.kind, "refund-requested"),
        // An admin's request (the provider's "in process" note that may follow it carries no reason).
        sql`${orderEvents.data}->>'reason' is not null`,
        gt(orderEvents.createdAt, sql`coalesce((${lastRefund}), '-infinity'::timestamptz)`),
      ),
    )
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  if (!row) return null;
  const { reason, goodsReturned } = (row.data ?? {}) as { reason?: unknown; goodsReturned?: unknown };
  const actor: OrderActor =
    row.actor === "admin" && row.actorId
      ? { kind: "admin", userId: row.actorId, name: row.actorName ?? "Administrador" }
      : { kind: "sistema" };
  if (typeof reason !== "string" || !reason) return null;
  return typeof goodsReturned === "boolean" ? { reason, actor, goodsReturned } : { reason, actor };
}
