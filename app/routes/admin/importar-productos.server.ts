/**
 * The server half of the import screen (/admin/importar-productos): what it asks of the importer: take an uploaded file
 * (checked whole before anything is stored), confirm a no-JS preview, and read a preview or a run
 * for the page. The page's data is plain JSON (dates as ISO text), its lists cut into pages.
 */
import { ADMIN_MESSAGES, CSV_IMPORT_MESSAGES } from "#domain/messages.ts";
import { CSV_FILE_FIELD, CSV_MAX_BYTES, CSV_PREVIEW_ROWS, isCsvFileName } from "#domain/product-csv.ts";
import { fail, ok, type Result } from "#domain/result.ts";
import type { Database } from "#server/db/client.ts";
import { ShopError } from "#server/errors.ts";
import { decodeCsv, readProductCsv, type CsvDataRow } from "#server/importer/product-csv.ts";
import {
  createImportRun,
  findImportRun,
  findPreviewRun,
  queuePreviewedRun,
  type ImportFailure,
  type ImportRun,
  type ImportSuccess,
} from "#server/importer/import-runs.server.ts";

/** A usable upload with its first rows, or the Spanish message that refuses it. */
export type CsvUpload = Result<{ fileName: string; text: string; header: string[]; previewRows: CsvDataRow[]; total: number }, string>;

/** The uploaded form value as a usable CSV: a .csv file of at most 5 MB, UTF-8, with the required columns and at least one row. */
export async function readCsvUpload(value: FormDataEntryValue | null): Promise<CsvUpload> {
  if (value === null || typeof value === "string") return fail(ADMIN_MESSAGES.csvRequired);
  const fileName = value.name.trim();
  if (fileName === "" || !isCsvFileName(fileName)) return fail(ADMIN_MESSAGES.csvRequired);
  if (value.size > CSV_MAX_BYTES) return fail(CSV_IMPORT_MESSAGES.tooLarge);
  const decoded = decodeCsv(new Uint8Array(await value.arrayBuffer()));
  if (!decoded.ok) return decoded;
  const file = readProductCsv(decoded.value, { limit: CSV_PREVIEW_ROWS });
  if (!file.ok) return file;
  const { header, rows, total } = file.value;
  return ok({ fileName: fileName.slice(0, 200), text: decoded.value, header, previewRows: rows, total });
}

/**
 * An uploaded file becomes a run (its id): queued for the worker ('import', the browser showed the
 * preview itself) or kept for the no-JS preview page ('preview'). An unusable file is refused
 * (ShopError on the file field) and nothing is stored.
 */
export async function startProductImport(
  db: Database,
  value: FormDataEntryValue | null,
  mode: "import" | "preview",
  createdBy: string,
): Promise<string> {
  const upload = await readCsvUpload(value);
  if (!upload.ok) throw new ShopError(upload.failure, "invalid", CSV_FILE_FIELD);
  const runId = await createImportRun(db, {
    fileName: upload.value.fileName,
    text: upload.value.text,
    total: upload.value.total,
    status: mode === "import" ? "queued" : "preview",
    createdBy,
  });
  return runId;
}

/** 'Importar' on the no-JS preview page: the run queued, or refused when the preview is gone. */
export async function confirmPreviewedImport(db: Database, runId: string): Promise<string> {
  if (!(await queuePreviewedRun(db, runId))) throw new ShopError(CSV_IMPORT_MESSAGES.previewExpired, "invalid");
  return runId;
}

/** The first rows of a file as the preview table shows them. */
export interface CsvPreview {
  fileName: string;
  header: string[];
  rows: CsvDataRow[];
  total: number;
}

/** A page of a result list. */
export interface ListPage<T> {
  items: T[];
  page: number;
  pages: number;
  count: number;
}

export const RESULT_PAGE_SIZE = 100;

function pageOf<T>(list: readonly T[], requested: number): ListPage<T> {
  const pages = Math.max(1, Math.ceil(list.length / RESULT_PAGE_SIZE));
  const page = Math.min(Math.max(1, requested), pages);
  return { items: list.slice((page - 1) * RESULT_PAGE_SIZE, page * RESULT_PAGE_SIZE), page, pages, count: list.length };
}

/** A run as the page shows it: its counts, dates as ISO text, and one page of each result list. */
export interface RunView extends Omit<ImportRun, "result" | "createdAt" | "startedAt" | "finishedAt"> {
  createdAt: string;
  finishedAt: string | null;
  errors: ListPage<ImportFailure>;
  successes: ListPage<ImportSuccess>;
}

export type ImportPageData =
  | { view: "form"; notice: string | null }
  | { view: "preview"; runId: string; preview: CsvPreview }
  | { view: "run"; run: RunView }
  | { view: "missing" };

/** A positive page number from the query, 1 otherwise. */
const pageParam = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
};

/**
 * The screen's data by its query: `?corrida={id}` a run (progress or result; `errores`, `exitos`
 * pick the page of each list), `?vista={id}` a no-JS preview, otherwise the upload form.
 */
export async function loadImportPage(db: Database, url: URL): Promise<ImportPageData> {
  const runId = url.searchParams.get("corrida");
  if (runId !== null) {
    const run = await findImportRun(db, runId);
    if (!run || run.status === "preview") return { view: "missing" };
    const result = run.result ?? { total: run.total, success: [], errors: [] };
    return {
      view: "run",
      run: {
        id: run.id,
        fileName: run.fileName,
        status: run.status,
        processed: run.processed,
        total: run.total,
        succeeded: run.succeeded,
        failed: run.failed,
        error: run.error,
        createdAt: run.createdAt.toISOString(),
        finishedAt: run.finishedAt?.toISOString() ?? null,
        errors: pageOf(result.errors, pageParam(url.searchParams.get("errores"))),
        successes: pageOf(result.success, pageParam(url.searchParams.get("exitos"))),
      },
    };
  }
  const previewId = url.searchParams.get("vista");
  if (previewId !== null) {
    const stored = await findPreviewRun(db, previewId);
    const file = stored ? readProductCsv(stored.text, { limit: CSV_PREVIEW_ROWS }) : null;
    if (!stored || !file?.ok) return { view: "form", notice: CSV_IMPORT_MESSAGES.previewExpired };
    return {
      view: "preview",
      runId: stored.id,
      preview: { fileName: stored.fileName ?? "", ...file.value },
    };
  }
  return { view: "form", notice: null };
}
