/**
 * Nothing under server/ may reach the browser (DESIGN §3): the client build
 * must hold no database driver, ORM, image library or password hashing code.
 * Runs after `npm run build` (the test command builds first).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const CLIENT = path.resolve("build/client/assets");

function clientJs(): Array<{ file: string; text: string }> {
  return fs
    .readdirSync(CLIENT)
    .filter((f) => f.endsWith(".js"))
    .map((file) => ({ file, text: fs.readFileSync(path.join(CLIENT, file), "utf8") }));
}

describe("client bundle", () => {
  it("exists (the test command builds before running vitest)", () => {
    expect(fs.existsSync(CLIENT), "run `npm run build` first").toBe(true);
  });

  it("holds no server code", () => {
    const markers = [/drizzle-orm/, /@electric-sql\/pglite/, /pg_trgm/, /\bbcrypt/, /\bsharp\b/, /SESSION_SECRET/, /node:crypto/, /pg-pool/];
    const files = clientJs();
    expect(files.length).toBeGreaterThan(0);
    for (const { file, text } of files) {
      for (const marker of markers) expect(text, `${file} contains ${marker}`).not.toMatch(marker);
    }
  });
});
