/**
 * The browser's preview of a product CSV before it is uploaded (docs/requirements.md#admin-area):
 * the same checks the server makes on the whole file (name, size, UTF-8, header), the row count and
 * the first rows. A small reader of RFC 4180 CSV (quoted fields with commas, doubled quotes and
 * line breaks) keeps the server's csv-parse out of the browser bundle; the server reads the file
 * again, with csv-parse, and its answer is the one that counts.
 */
import { ADMIN_MESSAGES, CSV_IMPORT_MESSAGES } from "#domain/messages.ts";
import { CSV_MAX_BYTES, CSV_PREVIEW_ROWS, csvHeaderError, isCsvFileName } from "#domain/product-csv.ts";
import { fail, ok, type Result } from "#domain/result.ts";

export interface CsvPreviewRow {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  cells: string[];
}

/** The file's name, header, first rows and row count; or the Spanish reason the import would refuse it. */
export type CsvFilePreview = Result<{ fileName: string; header: string[]; rows: CsvPreviewRow[]; total: number }, string>;

/**
 * Splits CSV text into records. `error` is the line where a quoted field never closes, where text
 * follows a closing quote, or where a quote opens inside an unquoted field (csv-parse refuses
 * each of these as well).
 */
export function readCsvRecords(text: string): { records: string[][]; error: number | null } {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let quoteLine = 1;
  const endField = () => {
    record.push(field);
    field = "";
    afterQuote = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (ch === "\n") line++;
        field += ch;
      }
      continue;
    }
    if (ch === ",") endField();
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
    } else if (afterQuote) return { records, error: line };
    else if (ch === '"') {
      if (field !== "") return { records, error: line };
      quoted = true;
      quoteLine = line;
    } else field += ch;
  }
  if (quoted) return { records, error: quoteLine };
  if (field !== "" || record.length > 0 || afterQuote) endRecord();
  return { records, error: null };
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/** A picked file's preview, or the Spanish reason the import would refuse it. */
export async function previewCsvFile(file: File): Promise<CsvFilePreview> {
  if (file.name.trim() === "" || !isCsvFileName(file.name)) return fail(ADMIN_MESSAGES.csvRequired);
  if (file.size > CSV_MAX_BYTES) return fail(CSV_IMPORT_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return fail(CSV_IMPORT_MESSAGES.notUtf8);
  }
  if (text.includes("\u0000")) return fail(CSV_IMPORT_MESSAGES.notUtf8);
  if (text.trim() === "") return fail(CSV_IMPORT_MESSAGES.empty);
  const { records, error } = readCsvRecords(text);
  if (error !== null) return fail(CSV_IMPORT_MESSAGES.malformed(error));
  const [header = [], ...body] = records;
  const headerError = csvHeaderError(header);
  if (headerError) return fail(headerError);
  const rows: CsvPreviewRow[] = [];
  let total = 0;
  body.forEach((cells, index) => {
    if (isBlank(cells)) return;
    total++;
    if (rows.length < CSV_PREVIEW_ROWS) rows.push({ row: index + 2, cells });
  });
  if (total === 0) return fail(CSV_IMPORT_MESSAGES.noRows);
  return ok({ fileName: file.name, header: header.map((cell) => cell.trim()), rows, total });
}
