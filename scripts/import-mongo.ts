// npm run import:mongo -- DIR [--max-file-mb N] — brings the old shop's MongoDB data in (docs/architecture.md#importing-the-old-shops-mongodb-data):
// a mongoexport (Extended JSON) or mongodump (BSON) folder, written into the configured database after its migrations.
// Each file is streamed; one that gives more than N MiB once gunzipped (2048 by default) stops there with a refusal.
// Prints the report (counts, refusals row by row); exits 0 when done, even with refusals, and 1 when DIR cannot be read.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { getConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "#server/db/client.ts";
import { DEFAULT_DUMP_LIMITS, findDumpFiles, importMongoDump, mongoImportReportText } from "#server/importer/mongo/index.ts";
import { MONGO_IMPORT_MESSAGES as M } from "#domain/mongo-import.ts";

const MiB = 1024 * 1024;

function commandLine(): { dir: string; maxFileBytes: number } | null {
  try {
    const { positionals, values } = parseArgs({ allowPositionals: true, options: { "max-file-mb": { type: "string" } } });
    const mb = values["max-file-mb"] ?? String(DEFAULT_DUMP_LIMITS.maxFileBytes / MiB);
    if (positionals.length !== 1 || !/^[1-9]\d{0,6}$/.test(mb)) return null;
    return { dir: path.resolve(positionals[0]!), maxFileBytes: Number(mb) * MiB };
  } catch {
    return null;
  }
}

const args = commandLine();
if (!args) {
  console.error(M.usage);
  process.exit(2);
}
const { dir, maxFileBytes } = args;

function unreadable(): string | null {
  try {
    if (!fs.existsSync(dir)) return M.dirMissing(dir);
    if (!fs.statSync(dir).isDirectory()) return M.notADir(dir);
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.X_OK);
    if (findDumpFiles(dir).length === 0) return M.noFiles(dir);
    return null;
  } catch (error) {
    return M.dirUnreadable(dir, error instanceof Error ? error.message : String(error));
  }
}

const problem = unreadable();
if (problem) {
  console.error(`Error: ${problem}`);
  process.exit(1);
}
const handle = await openConfiguredDatabase(getConfig());
try {
  await handle.migrate();
  console.log(`Importando los datos de la tienda anterior desde ${dir}\n`);
  const report = await importMongoDump(handle.db, dir, { limits: { maxFileBytes } });
  console.log(mongoImportReportText(report));
} finally {
  await handle.close();
}
