import { ORDER_NOTE_MAX_LENGTH, type OrderActor } from "#domain/order-events.ts";
import { FULFILMENT_MESSAGES } from "#domain/fulfilment.ts";
import { ORDER_PAGE_FORM_MESSAGES } from "#domain/order-page.ts";
import type { Database } from "#server/db/client.ts";
import { ShopError } from "#server/errors.ts";
import { recordOrderEvent } from "#server/order-events/index.ts";
import { lockOrderForAdmin } from "./lock-order.server";

/** An internal note in the order's history (seen only in the admin). `note` is the form's checked text. */
export async function addOrderNote(db: Database, input: { orderNumber: string; note: string; actor: OrderActor }): Promise<void> {
  const note = input.note.trim();
  if (!note) throw new ShopError(FULFILMENT_MESSAGES.noteRequired, 400, "nota");
  if (note.length > ORDER_NOTE_MAX_LENGTH) throw new ShopError(ORDER_PAGE_FORM_MESSAGES.noteLength, 400, "nota");
  await db.transaction(async (tx) => {
    const order = await lockOrderForAdmin(tx, input.orderNumber);
    await recordOrderEvent(tx, order.id, { kind: "note", actor: input.actor, message: note });
  });
}
