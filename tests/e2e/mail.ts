/**
 * The e-mails the shop sent during the end-to-end run, read from the SMTP
 * server of global-setup.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { expect } from "@playwright/test";

export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const E2E_MAIL_DIR = path.resolve(process.env.E2E_MAIL_DIR ?? ".tmp/e2e-mail");

async function mailTo(address: string): Promise<ParsedMail[]> {
  const files = fs.existsSync(E2E_MAIL_DIR) ? fs.readdirSync(E2E_MAIL_DIR).sort() : [];
  const parsed = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(E2E_MAIL_DIR, f)))));
  const wanted = address.toLowerCase();
  return parsed.filter((m) => {
    const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
    return to.some((t) => t.value.some((v) => v.address?.toLowerCase() === wanted));
  });
}

/** Waits for the n-th e-mail (1-based) sent to an address and returns it. */
export async function waitForMail(address: string, count = 1): Promise<ParsedMail> {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        found = await mailTo(address);
        return found.length;
      },
      { message: `e-mail number ${count} to ${address}`, timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found[count - 1]!;
}

/** Waits for an e-mail to an address whose subject contains `subject`, and returns it. */
export async function waitForMailAbout(address: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(address)).find((m) => m.subject?.includes(subject));
        return Boolean(found);
      },
      { message: `an e-mail about "${subject}" to ${address}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}
