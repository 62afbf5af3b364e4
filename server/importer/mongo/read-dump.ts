/**
 * Reading a dump of the old shop's MongoDB: `mongoexport` files (Extended JSON, relaxed or
 * canonical, one document per line or one array per file) and `mongodump` files (concatenated
 * BSON documents, each starting with its int32 little-endian length), either gzipped. The files
 * are looked for in the folder and in its subfolders (mongodump writes `<db>/<collection>.bson`);
 * `*.metadata.json` and unknown names are ignored. Every document keeps where it came from (file
 * and line, or index), so the report can name it.
 */
import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { BSON, EJSON } from "bson";
import { MONGO_COLLECTIONS, MONGO_IMPORT_MESSAGES as M, mongoCollectionOf, type MongoCollection } from "#domain/mongo-import.ts";

export type MongoDocument = Record<string, unknown>;

/** Where a document is: the file (relative to the dump's folder) and its line, array index or BSON document number. */
export interface DumpPlace {
  file: string;
  /** "línea 4", "documento 2 (byte 120)", … */
  at: string | null;
}

export type DumpEntry = { place: DumpPlace; doc: MongoDocument } | { place: DumpPlace; error: string };

export interface DumpFile {
  collection: MongoCollection;
  /** Relative to the dump's folder. */
  file: string;
  path: string;
}

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

/** Every document of one dump file, or what made each unreadable. */
export function readDumpFile(file: DumpFile): DumpEntry[] {
  const place = (at: string | null): DumpPlace => ({ file: file.file, at });
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file.path);
  } catch (error) {
    return [{ place: place(null), error: M.fileUnreadable(error instanceof Error ? error.message : String(error)) }];
  }
  if (/\.gz$/i.test(file.path)) {
    try {
      bytes = gunzipSync(bytes);
    } catch {
      return [{ place: place(null), error: M.notGzip }];
    }
  }
  return /\.bson(\.gz)?$/i.test(file.path) ? readBson(bytes, place) : readExtendedJson(bytes.toString("utf8"), place);
}

/** mongoexport's output: a JSON array (`--jsonArray`) or one document per line. */
function readExtendedJson(text: string, place: (at: string | null) => DumpPlace): DumpEntry[] {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trimStart().startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = EJSON.parse(body, { relaxed: false });
    } catch (error) {
      return [{ place: place(null), error: M.brokenArray(reason(error)) }];
    }
    if (!Array.isArray(parsed)) return [{ place: place(null), error: M.brokenArray(M.notAnObject) }];
    return parsed.map((doc, i) =>
      isPlainObject(doc) ? { place: place(`documento ${i + 1}`), doc } : { place: place(`documento ${i + 1}`), error: M.notAnObject },
    );
  }
  const entries: DumpEntry[] = [];
  body.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    const at = place(`línea ${i + 1}`);
    try {
      const doc: unknown = EJSON.parse(line, { relaxed: false });
      entries.push(isPlainObject(doc) ? { place: at, doc } : { place: at, error: M.notAnObject });
    } catch (error) {
      entries.push({ place: at, error: M.brokenJson(reason(error)) });
    }
  });
  return entries;
}

/** mongodump's output: BSON documents one after another, each led by its length. A length that runs past the end stops the file. */
function readBson(bytes: Buffer, place: (at: string | null) => DumpPlace): DumpEntry[] {
  const entries: DumpEntry[] = [];
  let offset = 0;
  for (let n = 1; offset < bytes.length; n++) {
    const size = bytes.length - offset >= 4 ? bytes.readInt32LE(offset) : -1;
    const at = place(`documento ${n} (byte ${offset})`);
    if (size < 5 || offset + size > bytes.length) {
      entries.push({ place: at, error: M.truncatedBson(offset) });
      break;
    }
    try {
      entries.push({ place: at, doc: BSON.deserialize(bytes.subarray(offset, offset + size)) });
    } catch (error) {
      entries.push({ place: at, error: M.brokenBson(reason(error)) });
    }
    offset += size;
  }
  return entries;
}

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
