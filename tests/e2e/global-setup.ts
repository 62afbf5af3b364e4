/**
 * A real SMTP server on 127.0.0.1 for the end-to-end suite: the shop (started
 * by Playwright's webServer with SMTP_URL pointing here) delivers its e-mails
 * to it, and each message lands as an .eml file in E2E_MAIL_DIR, where tests
 * read them (see mail.ts). Stopped when the run ends.
 */
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { SMTPServer } from "smtp-server";
import { E2E_MAIL_DIR, E2E_SMTP_PORT } from "./mail";

export default async function globalSetup() {
  fs.rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(E2E_MAIL_DIR, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const file = path.join(E2E_MAIL_DIR, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
        fs.writeFile(file, Buffer.concat(chunks), (err) => callback(err ?? undefined));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(E2E_SMTP_PORT, "127.0.0.1", () => resolve());
  });
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
