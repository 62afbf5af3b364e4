/**
 * Runs the queued CSV imports inside the app (docs/architecture.md#jobs). Each run is read again
 * from its stored text, every row checked with the product schema, and the good rows written in
 * batches: one transaction per batch (a product already in the shop with the same name, expansion
 * and card number is updated, else a new one inserted; then the row's variant, the product's
 * variant of the same condition and language, is updated or added), then the list cache told
 * once, then the run's progress saved. Bad rows are skipped and reported with their reasons.
 */
import { logError } from "#server/http/error-log.ts";
import { startQueueWorker, type QueueWorker } from "#server/jobs/periodic.server.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { queueBackInStockMail } from "#server/stock-alerts/index.ts";
import { catalogChanged } from "#server/catalog/catalog-cache.ts";
import {
  findProductsByNaturalKeys,
  insertProductRows,
  lockProductsInShop,
  naturalKeyText,
  updateProductRows,
  upsertVariantRows,
} from "#server/catalog/product-admin.server.ts";
import type { ProductInput, VariantInput } from "#server/catalog/product-input.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { productFromRow, readProductCsv, rowData } from "./product-csv";
import {
  claimNextImportRun,
  finishImportRun,
  onImportQueued,
  recordImportProgress,
  requeueImportRun,
  tidyImportRuns,
  type ImportResult,
  type ImportSuccess,
} from "./import-runs.server";

/** Rows per transaction: big enough to be quick, small enough that the shop's other queries never wait long on the embedded database. */
export const IMPORT_BATCH_ROWS = 200;

/**
 * Imports one claimed run from its text to its result ('done'), or marks it 'failed' with 'Error al
 * importar productos' (rows of batches committed before the failure stay written and listed). It
 * starts after the rows an earlier worker did (`processed`, with their result). When `isStopped`
 * says so between two batches, the run goes back to the queue with its progress and null is
 * answered: the next worker goes on from there.
 */
export async function processImportRun(
  db: Database,
  run: { id: string; text: string; processed?: number; result?: ImportResult | null },
  isStopped: () => boolean = () => false,
): Promise<ImportResult | null> {
  const result: ImportResult = { total: 0, success: [...(run.result?.success ?? [])], errors: [...(run.result?.errors ?? [])] };
  try {
    const file = readProductCsv(run.text);
    if (!file.ok) throw new Error(`stored import text is unusable: ${file.failure}`);
    const { header, rows, total } = file.value;
    result.total = total;
    for (let start = run.processed ?? 0; start < rows.length; start += IMPORT_BATCH_ROWS) {
      if (isStopped()) {
        await requeueImportRun(db, run.id, result);
        return null;
      }
      const batch = rows.slice(start, start + IMPORT_BATCH_ROWS);
      const good: Array<{ row: number; product: ProductInput }> = [];
      for (const { row, cells } of batch) {
        const check = productFromRow(header, cells);
        if (check.ok) good.push({ row, product: check.value });
        else result.errors.push({ row, error: check.failure, data: rowData(header, cells) });
      }
      await db.transaction(async (tx) => {
        if (good.length > 0) result.success.push(...(await writeBatch(tx, good)));
        await recordImportProgress(tx, run.id, {
          processed: start + batch.length,
          succeeded: result.success.length,
          failed: result.errors.length,
        });
      });
      if (good.length > 0) catalogChanged(db);
      await yieldToRequests();
    }
    await finishImportRun(db, run.id, result);
  } catch (error) {
    logError("product import failed", error, { importRunId: run.id });
    await finishImportRun(db, run.id, result, ADMIN_MESSAGES.importFailed);
  }
  return result;
}

/**
 * Writes one batch's good rows in the caller's transaction: a row naming a product in the shop
 * (name + expansion + card number) updates it, the others become new products; then the row's
 * variant (the product's variant of the same condition and language) gets the row's price, sale
 * price and stock, or is added. The products in the shop are locked (in id order) before their
 * variants are written, as the inventory does. A product named twice ends with its later row's
 * fields, a variant named twice with its later row, as if the rows were written one by one (the
 * first row of a new product is 'new', the next 'updated'). A few statements for the whole batch.
 */
async function writeBatch(tx: Tx, good: ReadonlyArray<{ row: number; product: ProductInput }>): Promise<ImportSuccess[]> {
  const existing = await findProductsByNaturalKeys(
    tx,
    good.map((g) => g.product),
  );
  /** Each product of the batch by natural key: the shop's id (none: new), its latest values and its variants by condition and language. */
  const targets = new Map<
    string,
    { id: string | undefined; product: ProductInput; variants: Map<string, VariantInput>; inserted: boolean }
  >();
  const rows: Array<{ row: number; name: string; key: string; first: boolean }> = [];
  for (const { row, product } of good) {
    const key = naturalKeyText(product);
    let target = targets.get(key);
    if (target) target.product = product;
    else targets.set(key, (target = { id: existing.get(key), product, variants: new Map(), inserted: false }));
    for (const variant of product.variants) target.variants.set(`${variant.condition}:${variant.language}`, variant);
    rows.push({ row, name: product.name, key, first: rows.every((r) => r.key !== key) });
  }
  const withVariants = (t: { product: ProductInput; variants: Map<string, VariantInput> }): ProductInput => ({
    ...t.product,
    variants: [...t.variants.values()],
  });
  const inShop = await lockProductsInShop(
    tx,
    [...targets.values()].flatMap((t) => (t.id === undefined ? [] : [t.id])),
  );
  const toUpdate = [...targets.values()].filter((t) => t.id !== undefined && inShop.has(t.id));
  const rewritten = await updateProductRows(
    tx,
    toUpdate.map((t) => ({ id: t.id!, input: t.product })),
  );
  await upsertVariantRows(
    tx,
    toUpdate.flatMap((t) => [...t.variants.values()].map((variant) => ({ productId: t.id!, variant }))),
  );
  // A product archived since the lookup is not rewritten: the row makes a new one.
  const toInsert = [...targets.values()].filter((t) => t.id === undefined || !rewritten.has(t.id));
  const ids = await insertProductRows(tx, toInsert.map(withVariants));
  toInsert.forEach((t, i) => {
    t.id = ids[i];
    t.inserted = true;
  });
  // A row that restocks a sold-out card or variant sends its waiting alerts, once (a new product has none).
  await queueBackInStockMail(
    tx,
    toUpdate.map((t) => t.id!),
  );
  return rows.map(({ row, name, key, first }) => {
    const target = targets.get(key)!;
    return { row, name, id: target.id!, updated: !(first && target.inserted) };
  });
}

/**
 * Lets the shop's requests in between two batches. The embedded database answers in the same
 * thread, without waiting on the network: a loop of queries never leaves the microtask queue, and
 * without this pause the server would answer nobody until the whole file is imported.
 */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Claims the oldest queued run and imports it (or as much as it can before `isStopped`); its id, or null when none was waiting. */
export async function runNextImport(db: Database, isStopped: () => boolean = () => false): Promise<string | null> {
  const run = await claimNextImportRun(db);
  if (!run) return null;
  await processImportRun(db, run, isStopped);
  return run.id;
}

const POLL_MS = 3_000;
/** How often stale previews and abandoned runs are tidied up. */
const TIDY_MS = 10 * 60_000;

export type ImportWorker = QueueWorker;

/**
 * Imports queued runs one at a time: at once when this process queues one, and every few seconds
 * (runs queued by another app process on the same database). Failures are logged, never thrown;
 * the timer never keeps the process alive.
 */
export function startImportWorker(db: Database, options: { pollMs?: number } = {}): ImportWorker {
  let tidiedAt = 0;
  return startQueueWorker("import worker", {
    pollMs: options.pollMs ?? POLL_MS,
    subscribe: onImportQueued,
    pass: async (isStopped) => {
      if (Date.now() - tidiedAt >= TIDY_MS) {
        tidiedAt = Date.now();
        await tidyImportRuns(db, ADMIN_MESSAGES.importFailed);
      }
      while (!isStopped() && (await runNextImport(db, isStopped)) !== null) {
        // one run after another until the queue is empty
      }
    },
  });
}
