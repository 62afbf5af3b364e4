/**
 * How a message leaves the shop (docs/architecture.md#mail): over SMTP when SMTP_URL is set;
 * otherwise as an RFC 822 `.eml` file under DATA_DIR/mail/, so the shop runs
 * with zero setup and a developer can open every message it would have sent.
 * Both build the MIME message with nodemailer, from MAIL_FROM.
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { SHOP } from "#domain/shop.ts";
import type { AppConfig } from "#server/config.ts";
import type { OutgoingMail } from "./outbox.server";

/** A message taken from the outbox, with the id of its row. */
export interface QueuedMail extends OutgoingMail {
  id: string;
}

export interface MailTransport {
  /** Resolves once the message was handed over; rejects with the reason otherwise. */
  send(mail: QueuedMail): Promise<void>;
  close(): void;
}

export type MailConfig = Pick<AppConfig, "SMTP_URL" | "MAIL_FROM" | "dataDir">;

/**
 * Bounds on one SMTP conversation, far below the worker's claim lease, so a
 * hung server fails the attempt instead of letting another process send it too.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

export function createMailTransport(config: MailConfig): MailTransport {
  return config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : fileTransport(path.join(config.dataDir, "mail"), config.MAIL_FROM);
}

function smtpTransport(url: string, from: string): MailTransport {
  // Settings written in the URL (…?socketTimeout=…) win over these defaults.
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    send: async (mail) => {
      await transporter.sendMail(mimeMessage(mail, from));
    },
    close: () => transporter.close(),
  };
}

function fileTransport(dir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    send: async (mail) => {
      const info = await composer.sendMail(mimeMessage(mail, from));
      await fs.mkdir(dir, { recursive: true });
      // The time first, so a directory listing reads in sending order.
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      console.log(`Correo "${mail.subject}" para ${mail.to} guardado en ${file} (SMTP_URL no definido).`);
    },
    close: () => composer.close(),
  };
}

/** The Message-ID names the outbox row, so a delivered message can be traced back to it. */
function mimeMessage(mail: QueuedMail, from: string): Mail.Options {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? SHOP.email.split("@")[1];
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: `<${mail.id}.outbox@${domain}>`,
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
}
