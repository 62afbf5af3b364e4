/**
 * No fixed host in the server's code (docs/requirements.md#e-mails-sent): a link the shop builds
 * goes to the origin something was asked at, PUBLIC_URL or the configured origin
 * (server/mail/link-origin.ts), never to `localhost`, which in a customer's e-mail leads nowhere.
 * Every file under server/ is read, its tests too (a test with such a host would pass on a
 * developer's machine for the wrong reason).
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(rel);
    else yield rel;
  }
}

it("no file under server/ names localhost", () => {
  const files = [...filesUnder("server")];
  expect(files.length).toBeGreaterThan(50);
  const found = files.flatMap((file) =>
    fs
      .readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .flatMap((line, i) => (/localhost/i.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
});
