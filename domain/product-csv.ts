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

/**
 * What each column holds, as the import page's table shows it (docs/requirements.md#admin-area): an
 * example value and its meaning. Keyed by `CsvColumn`, so a column added above without its entry
 * here (or an entry for a column the importer does not read) does not compile. The examples are
 * the sample file's first row (`productCsvSample`).
 */
export const CSV_COLUMN_GUIDE: Record<CsvColumn, { example: string; meaning: string }> = {
  name: { example: "Pikachu ex", meaning: "Nombre del producto, hasta 200 caracteres." },
  expansion: { example: "Surging Sparks", meaning: "Expansión, escrita como en la lista de la tienda." },
  price: { example: "1299.00", meaning: "Precio en pesos, con punto decimal, sin signo de pesos ni comas." },
  stock: { example: "3", meaning: "Piezas disponibles de esta variante: un número entero." },
  rarity: {
    example: "Double Rare",
    meaning: "Rareza, como en la lista de la tienda. Solo en cartas individuales: vacía en producto sellado o accesorio.",
  },
  type: { example: "Pokémon", meaning: "Tipo de carta (Pokémon, Item, Supporter…). Solo en cartas individuales." },
  images: {
    example: "https://images.pokemontcg.io/sv8/57_hires.png|https://images.pokemontcg.io/sv8/57.png",
    meaning: "De 1 a 5 direcciones de imagen (https:// o una de la galería de la tienda), separadas por |.",
  },
  condition: {
    example: "NM",
    meaning:
      "NM, LP, MP, HP, DMG o su nombre (Casi nueva, Ligeramente jugada, Moderadamente jugada, Muy jugada, Dañada). Vacía: NM en una carta, Nuevo en lo demás.",
  },
  language: { example: "Inglés", meaning: "Español, Inglés, Japonés o es, en, ja. Vacía: Inglés." },
  description: {
    example: "Pikachu ex de Surging Sparks, en excelente estado",
    meaning: "Descripción, hasta 5000 caracteres. Un texto con comas o saltos de línea va entre comillas dobles.",
  },
  category: { example: "Carta Individual", meaning: "Carta Individual (si va vacía), Producto Sellado o Accesorio." },
  cardNumber: { example: "057/191", meaning: "Número de la carta como viene impreso, hasta 30 caracteres." },
  artist: { example: "Ryota Murayama", meaning: "Ilustrador de la carta, hasta 120 caracteres." },
  salePrice: { example: "1099.00", meaning: "Precio de oferta en pesos, menor que price. Vacía: sin oferta." },
  comment: { example: "Centrado perfecto", meaning: "Comentario del vendedor que ve el cliente, hasta 1000 caracteres." },
};

/** The sample file's rows beyond the first (the guide's examples): another variant of the card, and a sealed product. */
const CSV_SAMPLE_MORE_ROWS: readonly Partial<Record<CsvColumn, string>>[] = [
  { condition: "LP", language: "Japonés", price: "899.00", stock: "1", salePrice: "", comment: "Ligero desgaste en las orillas" },
  {
    name: "Caja de sobres Surging Sparks",
    price: "3499.00",
    stock: "5",
    rarity: "",
    type: "",
    images: "https://images.pokemontcg.io/sv8/logo.png",
    condition: "",
    language: "es",
    description: "36 sobres, sellada de fábrica",
    category: "Producto Sellado",
    cardNumber: "",
    artist: "",
    salePrice: "",
    comment: "",
  },
];

/** One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The import page's sample file: the header with every column, then rows the importer takes as they are. */
export function productCsvSample(): string {
  const first = Object.fromEntries(CSV_COLUMNS.map((column) => [column, CSV_COLUMN_GUIDE[column].example])) as Record<CsvColumn, string>;
  const rows = [first, ...CSV_SAMPLE_MORE_ROWS.map((row) => ({ ...first, ...row }))];
  return [CSV_COLUMNS, ...rows.map((row) => CSV_COLUMNS.map((column) => row[column]))]
    .map((cells) => cells.map(csvCell).join(","))
    .join("\r\n")
    .concat("\r\n");
}

/** The sample file's name when downloaded. */
export const CSV_SAMPLE_FILENAME = "ejemplo-productos.csv";

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
