/**
 * The CSV imports as rows of `import_runs` (kind 'products'). A run's life:
 *   'preview' (no-JS upload waiting for 'Importar'; the file's text in `input`)
 *   → 'queued' (waiting for the worker) → 'running' (claimed by one worker; `processed` grows)
 *   → 'done' (with `result`) or 'failed' (with `error`, and the result of the rows written before).
 * A worker told to stop (the shop shutting down) ends its batch and puts the run back to 'queued'
 * with its progress: the next worker, in this or another process, goes on from the next row.
 * The text leaves the row when the run ends. Several app processes may share one database:
 * a run is claimed with a conditional update over a `FOR UPDATE SKIP LOCKED` pick, so exactly one
 * worker gets it.
 */
import { and, asc, eq, lt } from "drizzle-orm";
import type { Database, Queryable } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { importRuns } from "#server/db/schema.ts";

export const PRODUCT_IMPORT_KIND = "products";

export const IMPORT_RUN_STATUSES = ["preview", "queued", "running", "done", "failed"] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];

/** A product row written: its row in the file, name and id; `updated` when it rewrote a product already in the shop. */
export interface ImportSuccess {
  row: number;
  name: string;
  id: string;
  updated: boolean;
}

/** A row skipped: its row in the file, the Spanish reason(s), and its cells by column name. */
export interface ImportFailure {
  row: number;
  error: string;
  data: Record<string, string>;
}

/** A run's result (docs/requirements.md#admin-area); while it runs, the rows so far. */
export interface ImportResult {
  total: number;
  success: ImportSuccess[];
  errors: ImportFailure[];
}

export interface ImportRun {
  id: string;
  fileName: string | null;
  status: ImportRunStatus;
  processed: number;
  total: number;
  succeeded: number;
  failed: number;
  error: string | null;
  result: ImportResult | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const RUN_COLUMNS = {
  id: importRuns.id,
  fileName: importRuns.fileName,
  status: importRuns.status,
  processed: importRuns.processed,
  total: importRuns.total,
  succeeded: importRuns.succeeded,
  failed: importRuns.failed,
  error: importRuns.error,
  result: importRuns.result,
  createdAt: importRuns.createdAt,
  startedAt: importRuns.startedAt,
  finishedAt: importRuns.finishedAt,
};

/** Ids are 24 hex characters: anything else names no run (and never reaches a query). */
const isRunId = (id: string) => /^[0-9a-f]{24}$/.test(id);

/** Stores an uploaded file as a run waiting for confirmation ('preview') or for the worker ('queued'). */
export async function createImportRun(
  db: Queryable,
  input: { fileName: string; text: string; total: number; status: "preview" | "queued"; createdBy: string | null },
): Promise<string> {
  const id = newId();
  await db.insert(importRuns).values({
    id,
    kind: PRODUCT_IMPORT_KIND,
    fileName: input.fileName,
    status: input.status,
    input: input.text,
    total: input.total,
    createdBy: input.createdBy,
  });
  if (input.status === "queued") notifyImportQueued();
  return id;
}

/** 'Importar' after a no-JS preview: the run goes to the worker's queue; false when it is not waiting in 'preview'. */
export async function queuePreviewedRun(db: Queryable, id: string): Promise<boolean> {
  if (!isRunId(id)) return false;
  const rows = await db
    .update(importRuns)
    .set({ status: "queued" })
    .where(and(eq(importRuns.id, id), eq(importRuns.kind, PRODUCT_IMPORT_KIND), eq(importRuns.status, "preview")))
    .returning({ id: importRuns.id });
  if (rows.length > 0) notifyImportQueued();
  return rows.length > 0;
}

/** A run still waiting in 'preview', with its file's text. */
export async function findPreviewRun(db: Queryable, id: string): Promise<{ id: string; fileName: string | null; text: string } | null> {
  if (!isRunId(id)) return null;
  const [row] = await db
    .select({ id: importRuns.id, fileName: importRuns.fileName, text: importRuns.input })
    .from(importRuns)
    .where(and(eq(importRuns.id, id), eq(importRuns.kind, PRODUCT_IMPORT_KIND), eq(importRuns.status, "preview")));
  return row && row.text !== null ? { ...row, text: row.text } : null;
}

export async function findImportRun(db: Queryable, id: string): Promise<ImportRun | null> {
  if (!isRunId(id)) return null;
  const [row] = await db
    .select(RUN_COLUMNS)
    .from(importRuns)
    .where(and(eq(importRuns.id, id), eq(importRuns.kind, PRODUCT_IMPORT_KIND)));
  return row ? { ...row, status: row.status as ImportRunStatus, result: (row.result as ImportResult | null) ?? null } : null;
}

/**
 * Takes the oldest queued run for this worker: 'running', with its text. Two workers (or two app
 * processes) asking at once never get the same run: the pick locks its row (`FOR UPDATE SKIP
 * LOCKED`) in the transaction that marks it. (Not `UPDATE … WHERE id IN (SELECT … LIMIT 1 FOR
 * UPDATE SKIP LOCKED)`: PostgreSQL plans that as a semi-join that rescans the subquery and marks
 * every queued run; tests/integration/csv-import.test.ts checks one claim takes one run.)
 */
export interface ClaimedImportRun {
  id: string;
  text: string;
  /** Rows already done by an earlier worker (0 for a new run), and their result so far. */
  processed: number;
  result: ImportResult | null;
}

export async function claimNextImportRun(db: Database): Promise<ClaimedImportRun | null> {
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: importRuns.id })
      .from(importRuns)
      .where(and(eq(importRuns.kind, PRODUCT_IMPORT_KIND), eq(importRuns.status, "queued")))
      .orderBy(asc(importRuns.createdAt), asc(importRuns.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!next) return null;
    const [run] = await tx
      .update(importRuns)
      .set({ status: "running", startedAt: new Date() })
      .where(and(eq(importRuns.id, next.id), eq(importRuns.status, "queued")))
      .returning({ id: importRuns.id, text: importRuns.input, processed: importRuns.processed, result: importRuns.result });
    return run ? { id: run.id, text: run.text ?? "", processed: run.processed, result: (run.result as ImportResult | null) ?? null } : null;
  });
}

/**
 * Progress of a running run, after each batch, in the batch's own transaction: the rows written and
 * the count of rows done commit together, so a resumed run neither skips nor repeats a batch.
 */
export async function recordImportProgress(db: Queryable, id: string, progress: { processed: number; succeeded: number; failed: number }) {
  await db
    .update(importRuns)
    .set(progress)
    .where(and(eq(importRuns.id, id), eq(importRuns.status, "running")));
}

/**
 * A run whose worker was told to stop goes back to the queue with the result of the rows done so
 * far (kept here once, not rewritten after every batch: a 5 MB file's list would be rewritten
 * ~150 times as it grows).
 */
export async function requeueImportRun(db: Queryable, id: string, result: ImportResult) {
  await db
    .update(importRuns)
    .set({ status: "queued", result })
    .where(and(eq(importRuns.id, id), eq(importRuns.status, "running")));
}

/** The end of a run: its result, and 'done', or 'failed' with the message; the file's text is let go. */
export async function finishImportRun(db: Queryable, id: string, result: ImportResult, failure: string | null = null) {
  await db
    .update(importRuns)
    .set({
      status: failure ? "failed" : "done",
      error: failure,
      result,
      total: result.total,
      processed: failure ? undefined : result.total,
      succeeded: result.success.length,
      failed: result.errors.length,
      input: null,
      finishedAt: new Date(),
    })
    .where(and(eq(importRuns.id, id), eq(importRuns.status, "running")));
}

/** A preview nobody confirmed is dropped after a day. */
const PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A run still 'running' after this long lost its worker (the process stopped mid-run): it is marked
 * failed. The 5 MB cap keeps a real run to a few minutes.
 */
const RUNNING_TTL_MS = 30 * 60 * 1000;

/** Drops stale previews and fails runs whose worker is gone; how many of each. */
export async function tidyImportRuns(
  db: Queryable,
  failureMessage: string,
  now = new Date(),
): Promise<{ previews: number; abandoned: number }> {
  const previews = await db
    .delete(importRuns)
    .where(
      and(
        eq(importRuns.kind, PRODUCT_IMPORT_KIND),
        eq(importRuns.status, "preview"),
        lt(importRuns.createdAt, new Date(now.getTime() - PREVIEW_TTL_MS)),
      ),
    )
    .returning({ id: importRuns.id });
  const abandoned = await db
    .update(importRuns)
    .set({ status: "failed", error: failureMessage, input: null, finishedAt: now })
    .where(
      and(
        eq(importRuns.kind, PRODUCT_IMPORT_KIND),
        eq(importRuns.status, "running"),
        lt(importRuns.startedAt, new Date(now.getTime() - RUNNING_TTL_MS)),
      ),
    )
    .returning({ id: importRuns.id });
  return { previews: previews.length, abandoned: abandoned.length };
}

const queuedListeners = new Set<() => void>();

/** The worker of this process hears of a run queued here at once (other processes' workers poll). */
export function onImportQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

function notifyImportQueued() {
  for (const listener of queuedListeners) listener();
}
