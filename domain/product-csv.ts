/**
 * The product CSV file of the admin's import (docs/requirements.md#admin-area): its columns,
 * limits and header rules, shared by the browser's preview and the server's importer.
 */
import { CSV_IMPORT_MESSAGES } from "./messages";

/**
 * Columns every file must have (docs/requirements.md#admin-area). `images` holds 1 to 5 URLs
 * separated by `|`. `rarity` and `type` must be filled in a single's row ('Carta Individual', the
 * default category); a sealed product's or an accessory's leaves them blank (ignored).
 */
export const CSV_REQUIRED_COLUMNS = ["name", "expansion", "price", "stock", "rarity", "type", "images"] as const;
/**
 * Columns a file may have. One row is one variant: `condition` (NM, LP, MP, HP, DMG or their Spanish
 * names, any case; blank: NM for a single, Nuevo otherwise) and `language` (Español, Inglés, Japonés
 * or es, en, ja, any case; blank: Inglés).
 */
export const CSV_OPTIONAL_COLUMNS = [
  "condition",
  "language",
  "description",
  "category",
  "cardNumber",
  "artist",
  "salePrice",
  "comment",
] as const;
export type CsvColumn = (typeof CSV_REQUIRED_COLUMNS)[number] | (typeof CSV_OPTIONAL_COLUMNS)[number];
export const CSV_COLUMNS: readonly CsvColumn[] = [...CSV_REQUIRED_COLUMNS, ...CSV_OPTIONAL_COLUMNS];

/** The largest file the import takes: 5 MB. */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
/** Rows shown before importing (docs/requirements.md#admin-area). */
export const CSV_PREVIEW_ROWS = 5;
/** The separator of the URLs in the `images` column. */
export const CSV_IMAGE_SEPARATOR = "|";

/** A .csv file by its name (docs/requirements.md#admin-area): 'Por favor selecciona un archivo CSV' otherwise. */
export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

/** The shop's column a header cell names, ignoring case and surrounding spaces ("CardNumber" → cardNumber); null for others. */
export function csvColumnOf(header: string): CsvColumn | null {
  const key = header.trim().toLowerCase();
  return CSV_COLUMNS.find((column) => column.toLowerCase() === key) ?? null;
}

/**
 * What is wrong with a header row, in Spanish: required columns missing (with a hint when the file
 * is separated by semicolons) or a column given twice; null when it is fine.
 */
export function csvHeaderError(header: readonly string[]): string | null {
  const seen = new Set<CsvColumn>();
  for (const cell of header) {
    const column = csvColumnOf(cell);
    if (!column) continue;
    if (seen.has(column)) return CSV_IMPORT_MESSAGES.duplicateColumn(column);
    seen.add(column);
  }
  const missing = CSV_REQUIRED_COLUMNS.filter((column) => !seen.has(column));
  if (missing.length === 0) return null;
  const semicolons = header.length === 1 && header[0]!.includes(";");
  return CSV_IMPORT_MESSAGES.missingColumns(missing) + (semicolons ? ` ${CSV_IMPORT_MESSAGES.semicolonHint}` : "");
}

/** "1.2 MB" style sizes for the page's texts. */
export function csvSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The import screen's file field (its form name). */
export const CSV_FILE_FIELD = "archivo";
