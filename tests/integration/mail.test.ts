/**
 * E-mail delivery through the outbox (docs/architecture.md#mail) against a real SMTP server on
 * 127.0.0.1: what arrives, nothing for a rolled-back transaction, retries after
 * a refusal and the give-up after the last attempt, no second sending, exactly
 * once under concurrent passes, the .eml files written when SMTP_URL is unset,
 * and the worker waking on notifyMailQueued().
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { parseConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { outbox } from "#server/db/schema.ts";
import { enqueueMail, notifyMailQueued } from "#server/mail/outbox.server.ts";
import { passwordResetMail } from "#server/mail/templates.ts";
import { createMailTransport, type MailTransport } from "#server/mail/transport.server.ts";
import { MAX_ATTEMPTS, deliverDueMail, startMailWorker } from "#server/mail/worker.server.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const MAIL_FROM = parseConfig({}).MAIL_FROM;
/** What the SMTP server accepted: the envelope recipients and the parsed message. */
const received: Array<{ rcptTo: string[]; mail: ParsedMail }> = [];
/** Recipients the server refuses with a temporary error, as a full mailbox would. */
const refused = new Set<string>();
let smtp: SMTPServer;
let smtpUrl: string;
const transports: MailTransport[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address)) return callback();
      callback(Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        received.push({ rcptTo: session.envelope.rcptTo.map((a) => a.address), mail });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  for (const transport of transports) transport.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function smtpTransport(): MailTransport {
  const transport = createMailTransport({ SMTP_URL: smtpUrl, MAIL_FROM, dataDir: os.tmpdir() });
  transports.push(transport);
  return transport;
}

const uniqueRecipient = (label: string) => `${label}-${randomBytes(4).toString("hex")}@example.test`;
const receivedBy = (to: string) => received.filter((r) => r.rcptTo.includes(to)).map((r) => r.mail);

function resetMailTo(to: string) {
  return {
    kind: "password-reset",
    to,
    ...passwordResetMail({ name: "Ana López", resetUrl: `https://cartasdelvalle.mx/restablecer?token=${to}` }),
  };
}

async function outboxRow(db: Database, to: string) {
  const rows = await db.select().from(outbox).where(eq(outbox.recipient, to));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describeEachDatabase("e-mail outbox", (t) => {
  it("delivers an enqueued mail with its From, To, Subject, HTML and text", async () => {
    const to = uniqueRecipient("ana");
    const mail = resetMailTo(to);
    const id = await enqueueMail(t.db, mail);
    await deliverDueMail(t.db, smtpTransport());

    const [arrived, ...more] = receivedBy(to);
    expect(more).toHaveLength(0);
    expect(arrived!.from?.value).toEqual([{ name: "Cartas del Valle", address: "hola@cartasdelvalle.mx" }]);
    expect(arrived!.to).toMatchObject({ value: [{ address: to }] });
    expect(arrived!.subject).toBe("Restablece tu contraseña - Cartas del Valle");
    expect(arrived!.html).toBe(mail.html);
    expect(arrived!.text?.trimEnd()).toBe(mail.text.trimEnd());
    expect(arrived!.messageId).toBe(`<${id}.outbox@cartasdelvalle.mx>`);

    const row = await outboxRow(t.db, to);
    expect(row).toMatchObject({ id, kind: "password-reset", attempts: 0, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("sends a message's own header lines (RFC 8058 one-click unsubscribe), and only well-formed ones", async () => {
    const to = uniqueRecipient("baja");
    const unsubscribe = "https://cartasdelvalle.mx/alertas/baja?correo=x%40example.test&firma=abc";
    await enqueueMail(t.db, {
      ...resetMailTo(to),
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    // A row written by hand with a header that would inject another line: that header is left out.
    await enqueueMail(t.db, { ...resetMailTo(to), subject: "inyectado", headers: { "X-Evil": "a\r\nBcc: otro@example.test" } });
    await deliverDueMail(t.db, smtpTransport());
    const arrived = receivedBy(to);
    const lines = (subject: (s: string | undefined) => boolean) =>
      arrived.find((m) => subject(m.subject))!.headerLines.map((h) => h.line.replace(/\r?\n\s+/g, " "));
    const normal = lines((s) => s !== "inyectado");
    expect(normal).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(normal).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    const injected = lines((s) => s === "inyectado");
    expect(injected.some((line) => /^(x-evil|bcc):/i.test(line))).toBe(false);
  });

  it("never sends a mail whose transaction rolled back", async () => {
    const to = uniqueRecipient("rollback");
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, resetMailTo(to));
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");
    await deliverDueMail(t.db, smtpTransport());
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, to))).toHaveLength(0);
    expect(receivedBy(to)).toHaveLength(0);
  });

  it("keeps a refused mail with its error, retries it after the backoff and then delivers it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const transport = smtpTransport();
    const to = uniqueRecipient("refused");
    refused.add(to);
    const id = await enqueueMail(t.db, resetMailTo(to));
    const now = new Date();
    expect(await deliverDueMail(t.db, transport, now)).toMatchObject({ failed: 1 });

    const failed = await outboxRow(t.db, to);
    expect(failed.sentAt).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/451/);
    const retryIn = failed.nextAttemptAt.getTime() - now.getTime();
    expect(retryIn).toBeGreaterThanOrEqual(30_000);
    expect(retryIn).toBeLessThan(35_000);
    const logged = JSON.parse(String(log.mock.calls.at(-1)?.[0]));
    expect(logged).toMatchObject({ level: "warn", msg: "mail delivery failed", outboxId: id, attempts: 1 });

    refused.delete(to);
    await deliverDueMail(t.db, transport, now); // not due yet
    expect(receivedBy(to)).toHaveLength(0);

    await deliverDueMail(t.db, transport, new Date(failed.nextAttemptAt.getTime() + 1));
    expect(receivedBy(to)).toHaveLength(1);
    const sent = await outboxRow(t.db, to);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent).toMatchObject({ attempts: 1, lastError: null });
  });

  it("stops retrying after the last attempt and keeps the row with its error", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const transport = smtpTransport();
    const to = uniqueRecipient("given-up");
    refused.add(to);
    const id = await enqueueMail(t.db, resetMailTo(to));
    await t.db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outbox.id, id));
    await deliverDueMail(t.db, transport);
    expect(JSON.parse(String(log.mock.calls.at(-1)?.[0]))).toMatchObject({
      level: "error",
      msg: "mail delivery failed, giving up",
      outboxId: id,
    });

    refused.delete(to);
    await deliverDueMail(t.db, transport, new Date(Date.now() + 48 * 3600_000));
    expect(receivedBy(to)).toHaveLength(0);
    const row = await outboxRow(t.db, to);
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null, lastError: expect.stringMatching(/451/) });
  });

  it("does not send a sent mail again", async () => {
    const transport = smtpTransport();
    const to = uniqueRecipient("once");
    await enqueueMail(t.db, resetMailTo(to));
    await deliverDueMail(t.db, transport);
    await deliverDueMail(t.db, transport);
    await deliverDueMail(t.db, transport, new Date(Date.now() + 24 * 3600_000));
    expect(receivedBy(to)).toHaveLength(1);
  });

  it("two concurrent passes deliver each message exactly once", async () => {
    const batch = randomBytes(4).toString("hex");
    const recipients = Array.from({ length: 8 }, (_, i) => `pair-${batch}-${i}@example.test`);
    for (const to of recipients) await enqueueMail(t.db, resetMailTo(to));

    const passes = await Promise.all([deliverDueMail(t.db, smtpTransport()), deliverDueMail(t.db, smtpTransport())]);
    expect(passes[0].sent + passes[1].sent).toBe(recipients.length);
    for (const to of recipients) expect(receivedBy(to)).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(outbox)
      .where(like(outbox.recipient, `pair-${batch}-%`));
    expect(rows.filter((r) => r.sentAt !== null)).toHaveLength(recipients.length);
  });

  it("without SMTP_URL writes each mail as an .eml file under DATA_DIR/mail", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-mail-"));
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const to = uniqueRecipient("file");
      const id = await enqueueMail(t.db, resetMailTo(to));
      const transport = createMailTransport({ SMTP_URL: undefined, MAIL_FROM, dataDir });
      expect(await deliverDueMail(t.db, transport)).toEqual({ sent: 1, failed: 0 });
      transport.close();

      const files = fs.readdirSync(path.join(dataDir, "mail"));
      expect(files).toEqual([expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[\\d-]+Z-${id}\\.eml$`))]);
      const file = path.join(dataDir, "mail", files[0]!);
      const raw = fs.readFileSync(file);
      expect(raw.toString()).toContain(to);
      const parsed = await simpleParser(raw);
      expect(parsed.subject).toBe("Restablece tu contraseña - Cartas del Valle");
      expect(parsed.to).toMatchObject({ value: [{ address: to }] });
      expect(log).toHaveBeenCalledWith(expect.stringContaining(file));
      expect((await outboxRow(t.db, to)).sentAt).toBeInstanceOf(Date);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("the worker sends at once when told a mail was queued, and stops cleanly", async () => {
    const worker = startMailWorker(t.db, { SMTP_URL: smtpUrl, MAIL_FROM, dataDir: os.tmpdir() }, { pollMs: 60_000 });
    try {
      const to = uniqueRecipient("worker");
      await enqueueMail(t.db, resetMailTo(to));
      notifyMailQueued();
      await vi.waitFor(() => expect(receivedBy(to)).toHaveLength(1), { timeout: 5_000, interval: 20 });
    } finally {
      await worker.stop();
    }
  });
});
