/**
 * An order's history (docs/requirements.md#order-fulfilment): `recordOrderEvent` writes one row of
 * `order_events` in the caller's transaction, so the history holds exactly the changes that
 * committed, each once; `enqueueOrderMail` puts an order's e-mail in the outbox and records it in
 * the same transaction. `listOrderEvents` reads the history, oldest first, with each e-mail's
 * delivery state. Depends only on the database and the outbox, so the orders and payments modules
 * both write through it.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { OrderActor, OrderEventActorKind, OrderEventKind } from "#domain/order-events.ts";
import type { Queryable } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { orderEvents, outbox } from "#server/db/schema.ts";
import { enqueueMail, type OutgoingMail } from "#server/mail/outbox.server.ts";

export interface NewOrderEvent {
  kind: OrderEventKind;
  actor: OrderActor;
  /** What happened, in Spanish, as the admin reads it in the history. */
  message: string;
  /** Facts the message names (statuses, amounts, ids), for later reading by code. */
  data?: Record<string, unknown>;
}

export async function recordOrderEvent(db: Queryable, orderId: string, event: NewOrderEvent): Promise<void> {
  const actor = event.actor;
  await db.insert(orderEvents).values({
    id: newId(),
    orderId,
    kind: event.kind,
    actor: actor.kind,
    actorId: actor.kind === "admin" ? actor.userId : actor.kind === "cliente" ? (actor.userId ?? null) : null,
    actorName: actor.kind === "admin" ? actor.name : null,
    message: event.message,
    data: event.data ?? null,
  });
}

/** Puts an order's e-mail in the outbox and records it in the order's history, in the caller's transaction. */
export async function enqueueOrderMail(db: Queryable, orderId: string, mail: OutgoingMail, actor: OrderActor): Promise<string> {
  const outboxId = await enqueueMail(db, mail);
  await recordOrderEvent(db, orderId, {
    kind: "mail",
    actor,
    message: `Correo «${mail.subject}» para ${mail.to}`,
    data: { outboxId, mailKind: mail.kind },
  });
  return outboxId;
}

export interface OrderEventView {
  id: string;
  kind: OrderEventKind;
  actor: OrderEventActorKind;
  actorName: string | null;
  message: string;
  /** ISO. */
  createdAt: string;
  /** For an e-mail: when it was sent (ISO), or null while it waits in the outbox; absent for other events. */
  mailSentAt?: string | null;
}

/** The order's history, oldest first (ties in the order written). */
export async function listOrderEvents(db: Queryable, orderId: string): Promise<OrderEventView[]> {
  const rows = await db
    .select({
      id: orderEvents.id,
      kind: orderEvents.kind,
      actor: orderEvents.actor,
      actorName: orderEvents.actorName,
      message: orderEvents.message,
      data: orderEvents.data,
      createdAt: orderEvents.createdAt,
      mailSentAt: outbox.sentAt,
    })
    .from(orderEvents)
    .leftJoin(outbox, eq(outbox.id, sql<string>`${orderEvents.data}->>'outboxId'`))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as OrderEventKind,
    actor: r.actor as OrderEventActorKind,
    actorName: r.actorName,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    ...(r.kind === "mail" ? { mailSentAt: r.mailSentAt ? r.mailSentAt.toISOString() : null } : {}),
  }));
}
