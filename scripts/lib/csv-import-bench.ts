/**
 * The CSV import's speed on the embedded database (decision 012: 5,000 rows in under 30 seconds),
 * measured here rather than in a timed test: 5,000 new products, then the same file again (every
 * row an update), through the worker the shop runs, on a PGlite data directory on disk.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "#server/db/client.ts";
import { createImportRun, findImportRun } from "#server/importer/import-runs.server.ts";
import { runNextImport } from "#server/importer/import-worker.server.ts";

export const CSV_BENCH_ROWS = 5000;
export const CSV_BUDGET_S = 30;

/** A product CSV of `rows` new singles ("Carta Masiva 1"…), every optional column filled; the integration test imports the same file. */
export function bulkProductCsv(rows: number): string {
  const lines = ["name,expansion,price,stock,rarity,type,images,cardNumber,artist,description"];
  for (let i = 1; i <= rows; i++) {
    lines.push(
      `Carta Masiva ${i},Temporal Forces,${(i % 900) + 10}.50,${i % 20},Rare,Pokémon,https://images.example.com/masiva-${i}.jpg,${i}/${rows},Ilustrador ${i % 37},"Descripción, número ${i}"`,
    );
  }
  return lines.join("\n");
}

export interface CsvImportBench {
  rows: number;
  newS: number;
  updateS: number;
}

export async function benchCsvImport(rows = CSV_BENCH_ROWS): Promise<CsvImportBench> {
  // On disk, as the shop's embedded database runs (DATA_DIR), not in memory.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-csv-bench-"));
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    await handle.migrate();
    const text = bulkProductCsv(rows);
    const timed = async () => {
      const id = await createImportRun(handle.db, { fileName: "masivo.csv", text, total: rows, status: "queued", createdBy: null });
      const started = performance.now();
      if ((await runNextImport(handle.db)) !== id) throw new Error("the worker did not take the queued run");
      const seconds = (performance.now() - started) / 1000;
      const run = await findImportRun(handle.db, id);
      if (run?.status !== "done" || run.succeeded !== rows) throw new Error(`the import ended ${run?.status} with ${run?.succeeded} rows`);
      return seconds;
    };
    return { rows, newS: await timed(), updateS: await timed() };
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printCsvImport(r: CsvImportBench, pass: (ok: boolean) => string) {
  console.log(`\n== CSV import (embedded database, ${r.rows.toLocaleString("en")} rows) ==`);
  console.log(
    `new products: ${r.newS.toFixed(1)} s; all updates: ${r.updateS.toFixed(1)} s (budget < ${CSV_BUDGET_S} s each: ${pass(Math.max(r.newS, r.updateS) < CSV_BUDGET_S)})`,
  );
}
