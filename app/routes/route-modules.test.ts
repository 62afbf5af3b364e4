/**
 * Route modules stay thin (docs/architecture.md, "Where code goes"): a route's
 * views go to app/components/, its server half to a `*.server.ts` beside it, its
 * rules to domain/ and server/. A module past the limit fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const MAX_LINES = 250;
const folder = path.dirname(new URL(import.meta.url).pathname);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(path.join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name)
        ? [path.join(dir, entry.name)]
        : [],
  );
}

it(`no route module is over ${MAX_LINES} lines`, () => {
  const found = files(folder);
  expect(found.length).toBeGreaterThan(30);
  const over = found
    .map((file) => ({ file: path.relative(folder, file), lines: readFileSync(file, "utf8").split("\n").length - 1 }))
    .filter((f) => f.lines > MAX_LINES);
  expect(over).toEqual([]);
});
