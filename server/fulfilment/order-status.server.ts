/**
 * The admin's status moves (docs/requirements.md#order-fulfilment): one transaction that locks the
 * order, checks the move against its current statuses (`orderTransitionProblem`), writes it, records
 * it in the history, and puts the buyer's e-mail ('order-shipped', 'order-delivered') in the outbox.
 */
import { eq, sql } from "drizzle-orm";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#domain/statuses.ts";
import type { OrderActor } from "#domain/order-events.ts";
import { carrierName, normalizeTrackingNumber, trackingUrl } from "#domain/shipping.ts";
import type { Database } from "#server/db/client.ts";
import { orders } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";
import { notifyMailQueued } from "#server/mail/outbox.server.ts";
import { orderDeliveredMail, orderShippedMail } from "#server/mail/order-mails.ts";
import { enqueueOrderMail, recordOrderEvent } from "#server/order-events/index.ts";
import { orderMailRecipient, storedOrderMailData } from "#server/orders/index.ts";
import { orderTransitionProblem } from "#domain/fulfilment.ts";
import { lockOrderForAdmin } from "./lock-order.server";

export interface StatusChangeInput {
  orderNumber: string;
  status: string;
  /** What the form sent; needed (6 to 40 letters or digits) for 'shipped'. */
  trackingNumber?: string | null;
  actor: OrderActor;
  /** The shop's origin, for the link in the e-mail. */
  publicUrl?: string;
}

export interface StatusChange {
  /** False when the order already had this status (and tracking number): nothing was written. */
  changed: boolean;
  orderStatus: OrderStatus;
  trackingNumber: string | null;
}

/** Moves an order to `status` as an admin asked; throws ShopError (400, 404, 409) when refused, writing nothing. */
export async function changeOrderStatus(db: Database, input: StatusChangeInput): Promise<StatusChange> {
  let mailQueued = false;
  const result = await db.transaction(async (tx): Promise<StatusChange> => {
    const order = await lockOrderForAdmin(tx, input.orderNumber);
    const tracking = input.status === "shipped" ? normalizeTrackingNumber(input.trackingNumber ?? "") : null;
    const problem = orderTransitionProblem(order, input.status, { trackingNumber: tracking });
    if (problem) throw new ShopError(problem.message, problem.code, problem.field);
    const to = input.status as OrderStatus;
    const from = order.orderStatus as OrderStatus;
    const sameTracking = to !== "shipped" || tracking === order.trackingNumber;
    if (from === to && sameTracking) return { changed: false, orderStatus: to, trackingNumber: order.trackingNumber };

    await tx
      .update(orders)
      .set({ orderStatus: to, ...(to === "shipped" ? { trackingNumber: tracking } : {}), updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    if (from !== to) {
      await recordOrderEvent(tx, order.id, {
        kind: "status",
        actor: input.actor,
        message: `Estado: ${ORDER_STATUS_LABELS[from] ?? from} → ${ORDER_STATUS_LABELS[to]}`,
        data: { from, to },
      });
    }
    if (to === "shipped") {
      await recordOrderEvent(tx, order.id, {
        kind: "tracking",
        actor: input.actor,
        message: `Número de rastreo ${tracking} (${carrierName(order.shippingMethod)})`,
        data: { trackingNumber: tracking, previous: order.trackingNumber },
      });
    }
    if (to === "shipped" || (to === "delivered" && from !== to)) {
      const recipient = await orderMailRecipient(tx, order);
      if (recipient) {
        const data = await storedOrderMailData(tx, order, { publicUrl: input.publicUrl, isPaid: true });
        const mail =
          to === "shipped"
            ? {
                kind: "order-shipped",
                ...orderShippedMail({
                  ...data,
                  carrierName: carrierName(order.shippingMethod),
                  trackingNumber: tracking!,
                  trackingUrl: trackingUrl(order.shippingMethod, tracking!),
                }),
              }
            : { kind: "order-delivered", ...orderDeliveredMail(data) };
        await enqueueOrderMail(tx, order.id, { ...mail, to: recipient }, input.actor);
        mailQueued = true;
      }
    }
    return { changed: true, orderStatus: to, trackingNumber: to === "shipped" ? tracking : order.trackingNumber };
  });
  if (mailQueued) notifyMailQueued();
  return result;
}
