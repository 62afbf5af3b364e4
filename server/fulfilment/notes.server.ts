import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { ORDER_NOTE_MAX_LENGTH, type OrderActor } from "#domain/order-events.ts";
import { FULFILMENT_MESSAGES } from "#domain/fulfilment.ts";
import { ORDER_PAGE_FORM_MESSAGES } from "#domain/order-page.ts";
import type { Database } from "#server/db/client.ts";
import { ShopError } from "#server/errors.ts";
import { orderEvents } from "#server/db/schema.ts";
import { recordOrderEvent } from "#server/order-events/index.ts";
import { lockOrderForAdmin } from "./lock-order.server";

/** A post repeated within this time (a double click, a resend after a slow answer) is the same note. */
export const NOTE_REPEAT_WINDOW_SECONDS = 120;

/**
 * An internal note in the order's history (seen only in the admin). `note` is the form's checked
 * text. The same text by the same admin again within NOTE_REPEAT_WINDOW_SECONDS of their last note
 * on the order is a repeated post, not a new note: nothing is written (checked under the order's
 * lock, so two posts at once write one).
 */
export async function addOrderNote(db: Database, input: { orderNumber: string; note: string; actor: OrderActor }): Promise<void> {
  const note = input.note.trim();
  if (!note) throw new ShopError(FULFILMENT_MESSAGES.noteRequired, "invalid", "nota");
  if (note.length > ORDER_NOTE_MAX_LENGTH) throw new ShopError(ORDER_PAGE_FORM_MESSAGES.noteLength, "invalid", "nota");
  await db.transaction(async (tx) => {
    const order = await lockOrderForAdmin(tx, input.orderNumber);
    const actorId = input.actor.kind === "admin" ? input.actor.userId : null;
    const [repeat] = await tx
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.orderId, order.id),
          eq(orderEvents.kind, "note"),
          eq(orderEvents.message, note),
          actorId ? eq(orderEvents.actorId, actorId) : isNull(orderEvents.actorId),
          gt(orderEvents.createdAt, sql`now() - make_interval(secs => ${NOTE_REPEAT_WINDOW_SECONDS})`),
        ),
      )
      .limit(1);
    if (repeat) return;
    await recordOrderEvent(tx, order.id, { kind: "note", actor: input.actor, message: note });
  });
}
