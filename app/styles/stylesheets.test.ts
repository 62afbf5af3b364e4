/**
 * Every stylesheet parses cleanly: an unbalanced brace does not fail the build (esbuild only
 * warns), but a browser with CSS nesting then reads every later rule as nested inside the open
 * one, and they silently stop applying.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { transformWithEsbuild } from "vite";
import { expect, it } from "vitest";

const folder = path.resolve("app/styles");
const sheets = readdirSync(folder).filter((name) => name.endsWith(".css"));

it.each(sheets)("%s parses without warnings", async (name) => {
  const result = await transformWithEsbuild(readFileSync(path.join(folder, name), "utf8"), name, { minify: true });
  expect(result.warnings.map((w) => `${w.text} (line ${w.location?.line})`)).toEqual([]);
});
