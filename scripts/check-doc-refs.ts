// npx tsx scripts/check-doc-refs.ts [--summary] [--json] [extra folders…]
//
// Lists every citation of the old product specification and design document (the words SPEC or
// DESIGN followed by a section sign and a number, and the bare section numbers that continue such a
// citation in the same comment) in app/, domain/, server/, scripts/ and tests/, as file:line, the
// section cited, the words after it, and the docs/ anchor that now covers it, read from
// scripts/doc-refs.json. Neither document is part of the repository: the mapping is what the code's
// comments are to be rewritten to.
//
// It also lists the notes naming an issue ("issue 9 point 2"), which are to be dropped in the same
// pass: the repository's documents, not the tracker, say why the code is as it is.
//
// It fails (exit 1) when a cited section has no target in the mapping, or when a target's anchor
// is not a heading of its docs/ file. `--summary` prints only the per-section table; `--json`
// prints the citations as JSON (for a rewrite).
import fs from "node:fs";
import path from "node:path";

interface SectionMapping {
  /** Where the section as a whole is covered now: "docs/file.md#anchor". */
  target: string;
  /** Words that follow the section number in a citation (a sub-heading of the old document), matched as a prefix, case-insensitively. */
  topics?: Record<string, string>;
  /** A citation in a file whose path contains the key goes to the value (when no topic matched). */
  files?: Record<string, string>;
}

interface Citation {
  file: string;
  line: number;
  section: string;
  topic: string;
  target: string | null;
}

const ROOT = process.cwd();
const DEFAULT_FOLDERS = ["app", "domain", "server", "scripts", "tests"];
const SKIP_FOLDERS = new Set(["node_modules", "build", "data", ".react-router", "migrations", "perf-baseline", "test-results"]);
const EXTENSIONS = new Set([".ts", ".tsx", ".js", ".mjs", ".cjs"]);
const SELF = path.relative(ROOT, new URL(import.meta.url).pathname);
const MAPPING_FILE = "scripts/doc-refs.json";

const args = process.argv.slice(2);
const summaryOnly = args.includes("--summary");
const asJson = args.includes("--json");
const folders = [...DEFAULT_FOLDERS, ...args.filter((a) => !a.startsWith("--"))];

const mapping = JSON.parse(fs.readFileSync(path.join(ROOT, MAPPING_FILE), "utf8")) as Record<string, SectionMapping>;

function* sourceFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_FOLDERS.has(entry.name)) yield* sourceFiles(full);
    } else if (EXTENSIONS.has(path.extname(entry.name)) || (dir.startsWith("docs") && entry.name.endsWith(".md"))) {
      yield full;
    }
  }
}

// A named citation ("<DOC> §4"), a section of something else ("issue 3 §7": not ours), or a bare
// section sign that continues the last named citation ("…, §5 Coupons").
const TOKEN = /\b(SPEC|DESIGN)\s+§(\d+)|\bissue\s+\d+\s+§\d+|§(\d+)/g;
/** The words after a section number, up to the next separator: the old document's sub-heading. */
const TOPIC = /^[\s:]*([^,;()§]*)/;

function topicAfter(text: string): string {
  const words = (TOPIC.exec(text)?.[1] ?? "").trim();
  return words
    .replace(/^["'`«]+|["'`»]+$/g, "")
    .replace(/["'`]/g, "")
    .trim();
}

function isCommentContinuation(line: string): boolean {
  const t = line.trim();
  return t.startsWith("*") || t.startsWith("//") || t.startsWith("/*") || t.startsWith("{/*");
}

function targetFor(section: string, topic: string, file: string): string | null {
  const m = mapping[section];
  if (!m) return null;
  const lower = topic.toLowerCase();
  const topics = Object.entries(m.topics ?? {}).sort((a, b) => b[0].length - a[0].length);
  for (const [words, target] of topics) if (lower.startsWith(words.toLowerCase())) return target;
  for (const [part, target] of Object.entries(m.files ?? {})) if (file.includes(part)) return target;
  return m.target;
}

function citationsIn(file: string): Citation[] {
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const found: Citation[] = [];
  let doc: string | null = null;
  lines.forEach((text, index) => {
    if (!isCommentContinuation(text) && !/(SPEC|DESIGN)\s+§\d/.test(text)) doc = null;
    for (const match of text.matchAll(TOKEN)) {
      if (match[1]) doc = match[1];
      else if (!match[3]) {
        // Another document's section ("issue 3 §7"): what follows is not ours either.
        doc = null;
        continue;
      }
      const number = match[2] ?? match[3];
      if (!doc || !number) continue;
      const section = `${doc} §${number}`;
      const topic = topicAfter(text.slice((match.index ?? 0) + match[0].length));
      found.push({ file, line: index + 1, section, topic, target: targetFor(section, topic, file) });
    }
  });
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorsByFile = new Map<string, Set<string>>();
function anchorExists(target: string): boolean {
  const [file, anchor] = target.split("#");
  if (!file || !fs.existsSync(path.join(ROOT, file))) return false;
  if (!anchor) return true;
  let anchors = anchorsByFile.get(file);
  if (!anchors) {
    const headings = fs
      .readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .filter((l) => /^#{1,6}\s/.test(l))
      .map((l) => slug(l.replace(/^#+/, "")));
    anchors = new Set(headings);
    anchorsByFile.set(file, anchors);
  }
  return anchors.has(anchor);
}

const ISSUE_NOTE = /\bissue\s+\d+/i;
const citations: Citation[] = [];
const issueNotes: string[] = [];
for (const folder of folders) {
  for (const file of sourceFiles(folder)) {
    if (path.relative(ROOT, file) === SELF) continue;
    citations.push(...citationsIn(file));
    if (file.endsWith(".md")) continue;
    fs.readFileSync(file, "utf8")
      .split("\n")
      .forEach((text, index) => {
        if (ISSUE_NOTE.test(text)) issueNotes.push(`${file}:${index + 1}  ${text.trim()}`);
      });
  }
}

if (asJson) {
  console.log(JSON.stringify(citations, null, 2));
} else if (!summaryOnly) {
  for (const c of citations) {
    const topic = c.topic ? ` "${c.topic}"` : "";
    console.log(`${c.file}:${c.line}  ${c.section}${topic}  ->  ${c.target ?? "NO TARGET"}`);
  }
  console.log("");
}

const bySection = new Map<string, Citation[]>();
for (const c of citations) bySection.set(c.section, [...(bySection.get(c.section) ?? []), c]);
const order = (s: string) => (s.startsWith("SPEC") ? 0 : 1000) + Number(s.split("§")[1]);
const sections = [...bySection.keys()].sort((a, b) => order(a) - order(b));

const unmapped = sections.filter((s) => !mapping[s]);
const targets = new Set<string>();
for (const m of Object.values(mapping)) {
  targets.add(m.target);
  for (const t of Object.values(m.topics ?? {})) targets.add(t);
  for (const t of Object.values(m.files ?? {})) targets.add(t);
}
const brokenTargets = [...targets].filter((t) => !anchorExists(t));

if (!asJson) {
  console.log("section      citations  default target (topics and files may send some elsewhere)");
  for (const s of sections) {
    const list = bySection.get(s) ?? [];
    const distinct = new Set(list.map((c) => c.target ?? "NO TARGET"));
    console.log(
      `${s.padEnd(12)} ${String(list.length).padStart(9)}  ${mapping[s]?.target ?? "NO TARGET"}  (${distinct.size} target(s) used)`,
    );
  }
  const spec = citations.filter((c) => c.section.startsWith("SPEC")).length;
  const design = citations.length - spec;
  if (!summaryOnly && issueNotes.length > 0) console.log(`\nIssue notes to drop:\n${issueNotes.join("\n")}`);
  console.log(
    `\n${citations.length} citations (${spec} SPEC, ${design} DESIGN) in ${new Set(citations.map((c) => c.file)).size} files; ` +
      `${sections.length} sections cited, ${sections.length - unmapped.length} mapped; ${issueNotes.length} issue notes.`,
  );
}
if (unmapped.length > 0) console.error(`Sections without a target in ${MAPPING_FILE}: ${unmapped.join(", ")}`);
if (brokenTargets.length > 0) console.error(`Targets whose file or heading does not exist: ${brokenTargets.join(", ")}`);
process.exitCode = unmapped.length > 0 || brokenTargets.length > 0 ? 1 : 0;
