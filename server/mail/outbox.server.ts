/**
 * The transactional outbox for e-mail (docs/architecture.md#mail). A message is written to the
 * `outbox` table inside the transaction of the event that causes it, so a
 * rolled-back order or reset request sends nothing and a committed one is never
 * lost when SMTP is down; the worker (worker.server.ts) delivers it afterwards.
 */
import type { Queryable } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { outbox } from "#server/db/schema.ts";

export interface OutgoingMail {
  /** What the message is about ("password-reset", "order-received", …), for logs and the admin. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra header lines (RFC 8058's List-Unsubscribe and List-Unsubscribe-Post), when the message needs them. */
  headers?: Record<string, string>;
}

/** What the `payload` column holds for a mail row. */
export interface MailPayload {
  html: string;
  text: string;
  headers?: Record<string, string>;
}

/**
 * Writes the message to the outbox. Call it with the transaction `tx` of the
 * event that causes the mail, so a rolled-back event sends nothing.
 */
export async function enqueueMail(db: Queryable, mail: OutgoingMail): Promise<string> {
  const id = newId();
  const payload: MailPayload = { html: mail.html, text: mail.text, ...(mail.headers ? { headers: mail.headers } : {}) };
  // Due now by this process's clock (whole milliseconds), the clock the worker compares with: the
  // database's now() carries microseconds and would leave a mail just enqueued "not yet due".
  const nextAttemptAt = new Date();
  await db.insert(outbox).values({ id, kind: mail.kind, recipient: mail.to, subject: mail.subject, payload, nextAttemptAt });
  return id;
}

const wakeListeners = new Set<() => void>();

/**
 * Wakes the in-process worker (call after the transaction commits) so the mail
 * goes out at once instead of at the next poll. Safe to call when no worker runs.
 */
export function notifyMailQueued(): void {
  for (const wake of wakeListeners) wake();
}

/** For the worker: runs `wake` on every notifyMailQueued(); returns the unsubscribe. */
export function onMailQueued(wake: () => void): () => void {
  wakeListeners.add(wake);
  return () => wakeListeners.delete(wake);
}
