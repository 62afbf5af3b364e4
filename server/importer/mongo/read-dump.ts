/**
 * Reading a dump of the old shop's MongoDB: `mongoexport` files (Extended JSON, relaxed or
 * canonical, one document per line or one array per file) and `mongodump` files (concatenated
 * BSON documents, each starting with its int32 little-endian length), either gzipped. The files
 * are looked for in the folder and in its subfolders (mongodump writes `<db>/<collection>.bson`);
 * `*.metadata.json` and unknown names are ignored. Every document keeps where it came from (file
 * and line, or index), so the report can name it.
 *
 * A file is streamed, one document at a time, never read whole: memory holds one document (at most
 * `maxBsonDocumentBytes` / `maxJsonDocumentBytes`), and a file that gives more than `maxFileBytes`
 * once gunzipped (a multi-gigabyte dump, a gzip bomb) stops there with a refusal naming it
 * (docs/architecture.md#importing-the-old-shops-mongodb-data).
 */
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { BSON, EJSON } from "bson";
import { MONGO_COLLECTIONS, MONGO_IMPORT_MESSAGES as M, mongoCollectionOf, type MongoCollection } from "#domain/mongo-import.ts";

export type MongoDocument = Record<string, unknown>;

/** Where a document is: the file (relative to the dump's folder) and its line, array index or BSON document number. */
export interface DumpPlace {
  file: string;
  /** "línea 4", "documento 2 (byte 120)", …; null for the whole file. */
  at: string | null;
}

export type DumpEntry = { place: DumpPlace; doc: MongoDocument } | { place: DumpPlace; error: string };

export interface DumpFile {
  collection: MongoCollection;
  /** Relative to the dump's folder. */
  file: string;
  path: string;
}

const MiB = 1024 * 1024;

/** How much one dump file may hold; past a limit the file stops with a refusal (what came before it is read). */
export interface DumpLimits {
  /** Bytes of one file once gunzipped. */
  maxFileBytes: number;
  /** One BSON document, its length prefix included: MongoDB's own limit, so no real dump has a bigger one. */
  maxBsonDocumentBytes: number;
  /** One Extended JSON document's text (a line, or an element of an array): a 16 MiB document's canonical text is bigger. */
  maxJsonDocumentBytes: number;
}

export const DEFAULT_DUMP_LIMITS: DumpLimits = {
  maxFileBytes: 2048 * MiB,
  maxBsonDocumentBytes: 16 * MiB,
  maxJsonDocumentBytes: 64 * MiB,
};

const SKIP_DIRS = new Set(["node_modules", ".git"]);

/** The collection files under `dir` (two levels deep), in the order the collections are written, then by name. */
export function findDumpFiles(dir: string): DumpFile[] {
  const found: DumpFile[] = [];
  const walk = (folder: string, depth: number) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (depth < 2 && !SKIP_DIRS.has(entry.name)) walk(full, depth + 1);
        continue;
      }
      const collection = entry.isFile() ? mongoCollectionOf(entry.name) : null;
      if (collection) found.push({ collection, file: path.relative(dir, full), path: full });
    }
  };
  walk(dir, 0);
  const order = (c: MongoCollection) => MONGO_COLLECTIONS.indexOf(c);
  return found.sort((a, b) => order(a.collection) - order(b.collection) || a.file.localeCompare(b.file));
}

const isPlainObject = (value: unknown): value is MongoDocument =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !("_bsontype" in value);

type Place = (at: string | null) => DumpPlace;

/** What stops a whole file while it is read (unreadable, not gzip, too big): its message. */
class FileStopped extends Error {}

/** Every document of one dump file, one at a time, or what made each unreadable (a last entry says why the file stopped). */
export async function* readDumpFile(file: DumpFile, limits: DumpLimits = DEFAULT_DUMP_LIMITS): AsyncGenerator<DumpEntry> {
  const place: Place = (at) => ({ file: file.file, at });
  const chunks = fileChunks(file.path, limits.maxFileBytes);
  try {
    yield* /\.bson(\.gz)?$/i.test(file.path) ? readBson(chunks, place, limits) : readExtendedJson(chunks, place, limits);
  } catch (error) {
    if (!(error instanceof FileStopped)) throw error;
    yield { place: place(null), error: error.message };
  }
}

/** The file's bytes, gunzipped when it is a `.gz`, chunk by chunk; FileStopped past `maxFileBytes` or when it cannot be read. */
async function* fileChunks(file: string, maxFileBytes: number): AsyncGenerator<Buffer> {
  const raw = fs.createReadStream(file);
  const gzipped = /\.gz$/i.test(file);
  let source: Readable = raw;
  if (gzipped) {
    const gunzip = createGunzip();
    raw.on("error", (error) => gunzip.destroy(error));
    source = raw.pipe(gunzip);
  }
  let total = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxFileBytes) throw new FileStopped(M.fileTooLarge(maxFileBytes));
      yield chunk;
    }
  } catch (error) {
    if (error instanceof FileStopped) throw error;
    const zlibError =
      gzipped && typeof (error as { code?: unknown }).code === "string" && (error as { code: string }).code.startsWith("Z_");
    if (zlibError) throw new FileStopped(total === 0 ? M.notGzip : M.gzipDamaged);
    throw new FileStopped(M.fileUnreadable(reason(error)));
  } finally {
    source.destroy();
    raw.destroy();
  }
}

/** Bytes received in chunks, taken from the front: a document is copied out only once it is whole. */
class ByteQueue {
  private chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The first `n` bytes (n ≤ length), removed. */
  take(n: number): Buffer {
    const parts: Buffer[] = [];
    let wanted = n;
    while (wanted > 0) {
      const head = this.chunks[0]!;
      if (head.length <= wanted) {
        parts.push(head);
        this.chunks.shift();
        wanted -= head.length;
      } else {
        parts.push(head.subarray(0, wanted));
        this.chunks[0] = head.subarray(wanted);
        wanted = 0;
      }
    }
    this.length -= n;
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, n);
  }

  /** The int32 little-endian at the front (length ≥ 4), left in place. */
  peekInt32LE(): number {
    const head = this.chunks[0]!;
    if (head.length >= 4) return head.readInt32LE(0);
    const first = this.take(4);
    this.chunks.unshift(first);
    this.length += 4;
    return first.readInt32LE(0);
  }
}

/**
 * mongodump's output: BSON documents one after another, each led by its length. A length under 5,
 * above `maxBsonDocumentBytes` (read before anything of it is kept) or that runs past the end stops
 * the file.
 */
async function* readBson(chunks: AsyncIterable<Buffer>, place: Place, limits: DumpLimits): AsyncGenerator<DumpEntry> {
  const pending = new ByteQueue();
  let offset = 0;
  let n = 1;
  for await (const chunk of chunks) {
    pending.push(chunk);
    while (pending.length >= 4) {
      const size = pending.peekInt32LE();
      const at = place(`documento ${n} (byte ${offset})`);
      if (size < 5) {
        yield { place: at, error: M.truncatedBson(offset) };
        return;
      }
      if (size > limits.maxBsonDocumentBytes) {
        yield { place: at, error: M.bsonTooLarge(offset, size, limits.maxBsonDocumentBytes) };
        return;
      }
      if (pending.length < size) break;
      const bytes = pending.take(size);
      let entry: DumpEntry;
      try {
        entry = { place: at, doc: BSON.deserialize(bytes) };
      } catch (error) {
        entry = { place: at, error: M.brokenBson(reason(error)) };
      }
      yield entry;
      offset += size;
      n++;
    }
  }
  if (pending.length > 0) yield { place: place(`documento ${n} (byte ${offset})`), error: M.truncatedBson(offset) };
}

/** Whitespace and a UTF-8 byte order mark, skipped before the first document. */
const BLANK = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]);
const OPEN_BRACKET = 0x5b;

/** mongoexport's output: a JSON array (`--jsonArray`, its first character is `[`) or one document per line. */
async function* readExtendedJson(chunks: AsyncIterable<Buffer>, place: Place, limits: DumpLimits): AsyncGenerator<DumpEntry> {
  const source = chunks[Symbol.asyncIterator]();
  const seen: Buffer[] = [];
  let seenBytes = 0;
  let first: number | undefined;
  // Only blank bytes can be held here, and no more than one document's worth.
  while (first === undefined && seenBytes <= limits.maxJsonDocumentBytes) {
    const next = await source.next();
    if (next.done) break;
    seen.push(next.value);
    seenBytes += next.value.length;
    first = next.value.find((byte) => !BLANK.has(byte));
  }
  const all = replay(seen, source);
  yield* first === OPEN_BRACKET ? readJsonArray(all, place, limits) : readJsonLines(all, place, limits);
}

/** The chunks already read, then the rest of the source (closed when the reader stops early). */
async function* replay(seen: Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  try {
    while (seen.length > 0) yield seen.shift()!;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    await rest.return?.();
  }
}

function parseDocument(text: string, at: DumpPlace): DumpEntry {
  try {
    const doc: unknown = EJSON.parse(text, { relaxed: false });
    return isPlainObject(doc) ? { place: at, doc } : { place: at, error: M.notAnObject };
  } catch (error) {
    return { place: at, error: M.brokenJson(reason(error)) };
  }
}

const NEWLINE = 0x0a;

/** One document per line (blank lines skipped); a line longer than `maxJsonDocumentBytes` stops the file. */
async function* readJsonLines(chunks: AsyncIterable<Buffer>, place: Place, limits: DumpLimits): AsyncGenerator<DumpEntry> {
  let lineNumber = 0;
  let parts: Buffer[] = [];
  let partBytes = 0;
  function* finish(tail: Buffer): Generator<DumpEntry, boolean> {
    lineNumber++;
    const at = place(`línea ${lineNumber}`);
    if (partBytes + tail.length > limits.maxJsonDocumentBytes) {
      yield { place: at, error: M.jsonTooLarge(limits.maxJsonDocumentBytes) };
      return false;
    }
    let text = Buffer.concat([...parts, tail]).toString("utf8");
    parts = [];
    partBytes = 0;
    if (lineNumber === 1) text = text.replace(/^\uFEFF/, "");
    if (text.trim() !== "") yield parseDocument(text, at);
    return true;
  }
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      if (!(yield* finish(chunk.subarray(start, end)))) return;
      start = end + 1;
    }
    const rest = chunk.subarray(start);
    parts.push(rest);
    partBytes += rest.length;
    if (partBytes > limits.maxJsonDocumentBytes) {
      yield* finish(Buffer.alloc(0));
      return;
    }
  }
  if (partBytes > 0) yield* finish(Buffer.alloc(0));
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * A JSON array, element by element: the text of each top-level element is cut out (strings and
 * nesting followed) and parsed alone, so a broken element is refused by itself. An element longer
 * than `maxJsonDocumentBytes`, an array that never closes (a truncated file) or text after its `]`
 * stops the file.
 */
async function* readJsonArray(chunks: AsyncIterable<Buffer>, place: Place, limits: DumpLimits): AsyncGenerator<DumpEntry> {
  let state: "before" | "inside" | "after" = "before";
  let n = 0;
  let collecting = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: Buffer[] = [];
  let partBytes = 0;
  /** The element that ends with `tail`; `tooLarge` stops the file. */
  const element = (tail: Buffer): { entry: DumpEntry; tooLarge: boolean } => {
    n++;
    const at = place(`documento ${n}`);
    if (partBytes + tail.length > limits.maxJsonDocumentBytes) {
      return { entry: { place: at, error: M.jsonTooLarge(limits.maxJsonDocumentBytes) }, tooLarge: true };
    }
    const text = Buffer.concat([...parts, tail]).toString("utf8");
    parts = [];
    partBytes = 0;
    collecting = false;
    return { entry: parseDocument(text, at), tooLarge: false };
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (state === "before") {
        if (byte === OPEN_BRACKET) state = "inside";
        continue;
      }
      if (state === "after") {
        if (BLANK.has(byte)) continue;
        yield { place: place(null), error: M.brokenArray(M.textAfterArray) };
        return;
      }
      if (!collecting) {
        if (byte === CLOSE_BRACKET) state = "after";
        else if (!BLANK.has(byte) && byte !== COMMA) {
          collecting = true;
          start = i;
          i--; // read this byte again as the element's first
        }
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
        continue;
      }
      if (byte === QUOTE) inString = true;
      else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
      else if ((byte === CLOSE_BRACE || byte === CLOSE_BRACKET) && depth > 0) depth--;
      else if (depth === 0 && (byte === COMMA || byte === CLOSE_BRACKET)) {
        const { entry, tooLarge } = element(chunk.subarray(start, i));
        yield entry;
        if (tooLarge) return;
        if (byte === CLOSE_BRACKET) state = "after";
      }
    }
    if (collecting) {
      const rest = chunk.subarray(start);
      parts.push(rest);
      partBytes += rest.length;
      start = 0;
      if (partBytes > limits.maxJsonDocumentBytes) {
        yield element(Buffer.alloc(0)).entry;
        return;
      }
    }
  }
  if (state !== "after") yield { place: place(`documento ${n + 1}`), error: M.brokenArray(M.arrayNotClosed) };
}

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
