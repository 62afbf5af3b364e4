/**
 * The code's comments point at the repository's own documents: a clone holds everything a comment
 * cites. This fails when a file of the code, the docs or the root's configuration cites a section
 * of the old specification or design documents (which the repository does not contain) or a path
 * outside the repository, and when a `docs/<file>.md#<anchor>` citation, or a link between the
 * docs, names a file or a heading that does not exist (GitHub's anchors: lower case, punctuation
 * dropped, spaces to hyphens).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CODE_FOLDERS = ["app", "domain", "server", "scripts", "tests"];
const SKIP_FOLDERS = new Set(["node_modules", "build", "data", ".react-router", "test-results", "playwright-report"]);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|css|sql|md|json|yml|yaml|html|txt)$/;
const SELF = path.relative(ROOT, import.meta.filename);

function* filesUnder(dir: string): Generator<string> {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_FOLDERS.has(entry.name)) yield* filesUnder(rel);
    } else if (TEXT_FILE.test(entry.name)) {
      yield rel;
    }
  }
}

const rootFiles = fs.readdirSync(ROOT).filter((name) => TEXT_FILE.test(name) && name !== "package-lock.json");
const docFiles = [...filesUnder("docs")].filter((file) => file.endsWith(".md"));
const codeFiles = CODE_FOLDERS.flatMap((dir) => [...filesUnder(dir)]);
const allFiles = [...codeFiles, ...docFiles, ...rootFiles].filter((file) => file !== SELF);
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown file's headings (a repeated heading gets `-1`, `-2`, … as on GitHub). */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of read(file).split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string> | null>();
function anchorsFor(file: string): Set<string> | null {
  if (!anchorCache.has(file)) anchorCache.set(file, fs.existsSync(path.join(ROOT, file)) ? anchorsOf(file) : null);
  return anchorCache.get(file) ?? null;
}

/** Every place a pattern matches, as `file:line  text`. */
function occurrences(files: string[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of files) {
    read(file)
      .split("\n")
      .forEach((text, index) => {
        if (pattern.test(text)) found.push(`${file}:${index + 1}  ${text.trim()}`);
      });
  }
  return found;
}

describe("the docs the code cites are in the repository", () => {
  it("has the documents and files this test reads", () => {
    expect(docFiles).toContain("docs/architecture.md");
    expect(docFiles).toContain("docs/requirements.md");
    expect(codeFiles.length).toBeGreaterThan(100);
  });

  it("no file cites a section of the old specification or design document", () => {
    // Written in two pieces so that this file does not match itself.
    const oldSection = new RegExp(["\\b(SPEC|DESIGN)", "\\s*§"].join(""));
    expect(occurrences(allFiles, oldSection)).toEqual([]);
  });

  it("no file points outside the repository at ../shared/", () => {
    const outside = new RegExp(["\\.\\./", "shared/"].join(""));
    expect(occurrences(allFiles, outside)).toEqual([]);
  });

  it("every docs/<file>.md#<anchor> cited in the code or the docs names a heading of that file", () => {
    const broken: string[] = [];
    for (const file of allFiles) {
      read(file)
        .split("\n")
        .forEach((text, index) => {
          for (const match of text.matchAll(/\bdocs\/([\w./-]+?\.md)#([\w-]+)/g)) {
            const target = `docs/${match[1]}`;
            const anchors = anchorsFor(target);
            if (!anchors) broken.push(`${file}:${index + 1}  ${match[0]}: no such file`);
            else if (!anchors.has(match[2] ?? "")) broken.push(`${file}:${index + 1}  ${match[0]}: no such heading`);
          }
        });
    }
    expect(broken).toEqual([]);
  });

  it("every link between the docs (and from the README) reaches an existing file and heading", () => {
    const broken: string[] = [];
    for (const file of [...docFiles, "README.md"]) {
      read(file)
        .split("\n")
        .forEach((text, index) => {
          for (const match of text.matchAll(/\]\(([^)\s]*)\)/g)) {
            const link = match[1] ?? "";
            if (/^[a-z]+:/i.test(link) || link === "") continue;
            const [target = "", anchor] = link.split("#");
            const resolved = target === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
            if (!fs.existsSync(path.join(ROOT, resolved))) {
              broken.push(`${file}:${index + 1}  ${link}: no such file`);
            } else if (anchor !== undefined && resolved.endsWith(".md") && !anchorsFor(resolved)?.has(anchor)) {
              broken.push(`${file}:${index + 1}  ${link}: no such heading`);
            }
          }
        });
    }
    expect(broken).toEqual([]);
  });

  it("anchors are made as GitHub makes them", () => {
    expect(slug("A request's path")).toBe("a-requests-path");
    expect(slug("Store policy and information pages")).toBe("store-policy-and-information-pages");
    expect(slug("E-mails sent")).toBe("e-mails-sent");
  });
});
