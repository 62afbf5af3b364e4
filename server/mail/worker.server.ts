/**
 * Delivers the e-mail outbox (docs/architecture.md#mail), safely with several app processes on
 * one PostgreSQL. Each message is first claimed with a short lease (an UPDATE of
 * its next_attempt_at over a `FOR UPDATE SKIP LOCKED` pick, committed at once),
 * then sent with no transaction open, then marked sent or scheduled for a retry
 * with exponential backoff. Claiming one message at a time keeps the lease
 * about a single SMTP conversation, so a slow server can never outlast the lease
 * of messages still waiting their turn and get them sent twice by another process.
 * A process that dies mid-send leaves the message to be retried when the lease
 * ends (delivery is at least once; the Message-ID names the outbox row).
 */
import { and, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { outbox } from "#server/db/schema.ts";
import { describeError, logEvent } from "#server/http/error-log.ts";
import { startQueueWorker, type QueueWorker } from "#server/jobs/periodic.server.ts";
import { onMailQueued, type MailPayload } from "./outbox.server";
import { createMailTransport, type MailConfig, type MailTransport, type QueuedMail } from "./transport.server";

/** After this many failed attempts a message stays unsent, with its last error, for an admin to see. */
export const MAX_ATTEMPTS = 10;
const LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
/** Messages per pass, so stop() never waits on a long backlog; the worker runs again at once. */
const MAX_PER_PASS = 20;
const POLL_MS = 2_000;

/** Wait before the next attempt after `failedAttempts` failures: 30 s, 1 min, 2 min, … capped at 1 hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_MS);
}

type OutboxRow = typeof outbox.$inferSelect;

/**
 * Delivers the due outbox rows (unsent, next_attempt_at <= now, attempts below
 * the maximum), up to MAX_PER_PASS of them. Concurrent passes, in this process
 * or others, deliver each message once.
 */
export async function deliverDueMail(db: Database, transport: MailTransport, now = new Date()): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  while (result.sent + result.failed < MAX_PER_PASS) {
    const row = await claimNextDue(db, now);
    if (!row) break;
    try {
      await transport.send(queuedMail(row));
    } catch (err) {
      await recordFailure(db, row, err, now);
      result.failed++;
      continue;
    }
    await db.update(outbox).set({ sentAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
    result.sent++;
  }
  return result;
}

/** Times written during a pass: never before `now`, never before the real clock (a pass may run long). */
function after(now: Date, ms: number): Date {
  return new Date(Math.max(now.getTime(), Date.now()) + ms);
}

async function claimNextDue(db: Database, now: Date): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now), lt(outbox.attempts, MAX_ATTEMPTS)))
    .orderBy(outbox.nextAttemptAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(outbox)
    .set({ nextAttemptAt: after(now, LEASE_MS) })
    .where(inArray(outbox.id, due))
    .returning();
  return row;
}

function queuedMail(row: OutboxRow): QueuedMail {
  const payload = row.payload as Partial<MailPayload> | null;
  if (typeof payload?.html !== "string" || typeof payload.text !== "string" || !row.subject) {
    throw new Error("not a mail: the outbox row needs a subject and a payload with html and text");
  }
  const headers = mailHeaders(payload.headers);
  return {
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    html: payload.html,
    text: payload.text,
    ...(headers ? { headers } : {}),
  };
}

/** The payload's extra headers: string values only (a row written by hand cannot inject anything else). */
function mailHeaders(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== "object") return undefined;
  const entries = Object.entries(value).filter(
    (e): e is [string, string] => /^[A-Za-z][A-Za-z0-9-]*$/.test(e[0]) && typeof e[1] === "string" && !/[\r\n]/.test(e[1]),
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

async function recordFailure(db: Database, row: OutboxRow, err: unknown, now: Date) {
  const attempts = row.attempts + 1;
  const error = failureReason(err);
  await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error, nextAttemptAt: after(now, retryDelayMs(attempts)) })
    .where(and(eq(outbox.id, row.id), isNull(outbox.sentAt)));
  const givingUp = attempts >= MAX_ATTEMPTS;
  logEvent(givingUp ? "error" : "warn", givingUp ? "mail delivery failed, giving up" : "mail delivery failed", {
    outboxId: row.id,
    kind: row.kind,
    attempts,
    error,
  });
}

/**
 * The reason, on one line, short: the underlying error (never a failed query's
 * parameters, see http/error-log.ts), with any credentials in a URL
 * (smtp://user:pass@…) blanked out.
 */
function failureReason(err: unknown): string {
  const { code, message } = describeError(err);
  return `${code ? `${code}: ` : ""}${message}`
    .replace(/\/\/[^/\s@]*@/g, "//***@")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 500);
}

/** stop() stops polling, waits for the running pass and closes the transport. */
export type MailWorker = QueueWorker;

/**
 * Runs deliverDueMail every few seconds and at once on notifyMailQueued(), one
 * pass at a time (startQueueWorker). A failing pass (database or SMTP down) is
 * logged, never thrown.
 */
export function startMailWorker(
  db: Database,
  config: MailConfig,
  options: { pollMs?: number; transport?: MailTransport } = {},
): MailWorker {
  const transport = options.transport ?? createMailTransport(config);
  const worker = startQueueWorker("mail worker", {
    pollMs: options.pollMs ?? POLL_MS,
    subscribe: onMailQueued,
    // A full pass may have left messages behind: run again at once.
    pass: async () => {
      const result = await deliverDueMail(db, transport);
      return result.sent + result.failed >= MAX_PER_PASS;
    },
  });
  return {
    async stop() {
      await worker.stop();
      transport.close();
    },
  };
}
