/**
 * Reading the admin's product CSV (docs/requirements.md#admin-area): bytes → UTF-8 text (with or without a
 * BOM), text → header and rows with csv-parse (quoted fields with commas, quotes and line breaks),
 * and a row → a product checked by the one product schema (`parseProductInput`).
 *
 * Rows are numbered as a spreadsheet shows them: the header is row 1, the first product row 2
 * (a quoted field spanning several lines is still one row). Blank rows are skipped, but counted.
 */
import { parse, CsvError } from "csv-parse/sync";
import { CSV_IMAGE_SEPARATOR, CSV_MAX_BYTES, csvColumnOf, csvHeaderError, type CsvColumn } from "#domain/product-csv.ts";
import { CSV_IMPORT_MESSAGES } from "#domain/messages.ts";
import { parseProductInput, type ProductInput, type ProductRowField } from "#server/catalog/product-input.ts";
import type { FieldErrors } from "#domain/form-failure.ts";
import { fail, ok, type Result } from "#domain/result.ts";

/** One product row of the file: its spreadsheet row number and its cells as written. */
export interface CsvDataRow {
  row: number;
  cells: string[];
}

/** A usable file: its header and product rows. */
export interface CsvFile {
  header: string[];
  rows: CsvDataRow[];
  /** Product rows in the whole file (all of them, also when `rows` is cut short by `limit`). */
  total: number;
}

/** The file, or the Spanish message that makes it unusable. */
export type CsvRead = Result<CsvFile, string>;

/** The file's text: UTF-8 (a BOM is dropped) of at most 5 MB; a Spanish message otherwise. */
export function decodeCsv(bytes: Uint8Array): Result<string, string> {
  if (bytes.byteLength > CSV_MAX_BYTES) return fail(CSV_IMPORT_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return fail(CSV_IMPORT_MESSAGES.notUtf8);
  }
  // A text file holds no NUL: this one is binary (or UTF-16, which Excel calls "Unicode text").
  if (text.includes("\u0000")) return fail(CSV_IMPORT_MESSAGES.notUtf8);
  if (text.trim() === "") return fail(CSV_IMPORT_MESSAGES.empty);
  return ok(text);
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

function parseRecords(text: string): Result<string[][], string> {
  try {
    return ok(parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }));
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === "number" ? error.lines : null;
      return fail(CSV_IMPORT_MESSAGES.malformed(line));
    }
    throw error;
  }
}

/**
 * The file's header and product rows, or what makes the whole file unusable (not CSV, required
 * columns missing, no product rows). `limit`: keep only the first rows (the preview); the whole
 * text is still read to count and check them.
 */
export function readProductCsv(text: string, options: { limit?: number } = {}): CsvRead {
  const records = parseRecords(text);
  if (!records.ok) return records;
  const [header, ...body] = records.value;
  if (!header) return fail(CSV_IMPORT_MESSAGES.empty);
  const headerError = csvHeaderError(header);
  if (headerError) return fail(headerError);
  const rows: CsvDataRow[] = [];
  let total = 0;
  body.forEach((cells, index) => {
    if (isBlank(cells)) return;
    total++;
    if (options.limit === undefined || rows.length < options.limit) rows.push({ row: index + 2, cells });
  });
  if (total === 0) return fail(CSV_IMPORT_MESSAGES.noRows);
  return ok({ header: header.map((cell) => cell.trim()), rows, total });
}

/** The longest value of a cell kept in a result's `data` (the report stays small for big files). */
const DATA_CELL_LIMIT = 300;

/** A row's cells by the file's own column names, as a result's `data` shows them. */
export function rowData(header: readonly string[], cells: readonly string[]): Record<string, string> {
  const data: Record<string, string> = {};
  header.forEach((name, i) => {
    data[name || `columna ${i + 1}`] = (cells[i] ?? "").slice(0, DATA_CELL_LIMIT);
  });
  cells.slice(header.length).forEach((cell, i) => {
    data[`columna ${header.length + i + 1}`] = cell.slice(0, DATA_CELL_LIMIT);
  });
  return data;
}

/** The row's product, or the Spanish text of what refuses it. */
export type CsvRowCheck = Result<ProductInput, string>;

/**
 * One row as a product with its one variant: the cells under the shop's columns, `images` split on
 * `|`, checked by the product schema of the add form. The error names each failing column with its
 * Spanish message (an unknown condition or language too).
 */
export function productFromRow(header: readonly string[], cells: readonly string[]): CsvRowCheck {
  if (cells.length !== header.length) return fail(CSV_IMPORT_MESSAGES.columnCount(cells.length, header.length));
  const raw: Partial<Record<ProductRowField, unknown>> = {};
  header.forEach((name, i) => {
    const column: CsvColumn | null = csvColumnOf(name);
    if (!column) return;
    const value = cells[i] ?? "";
    raw[column] = column === "images" ? value.split(CSV_IMAGE_SEPARATOR) : value;
  });
  const parsed = parseProductInput(raw, "new");
  if (parsed.ok) return parsed;
  return fail(productErrorText(parsed.failure));
}

/**
 * A refused product's messages on one line, by field ('price: El precio …; images: …'); an image's
 * messages (`images.2`) are the images field's. The CSV import's row errors and the MongoDB
 * import's refusals.
 */
export function productErrorText(fieldErrors: FieldErrors): string {
  const byColumn = new Map<string, string[]>();
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const column = field.split(".")[0]!;
    const list = byColumn.get(column) ?? [];
    for (const message of messages ?? []) if (!list.includes(message)) list.push(message);
    byColumn.set(column, list);
  }
  return [...byColumn].flatMap(([column, messages]) => messages.map((message) => `${column}: ${message}`)).join("; ");
}
