// npm run db:restore -- FILE — restores a backup (DATA_DIR/backups/respaldo-….sql.gz, or a plain .sql dump)
// into the database the configuration names (DATABASE_URL, else the embedded one in DATA_DIR), which
// must be empty, from a file that is a whole backup of this shop (docs/architecture.md#backups).
import fs from "node:fs";
import { getConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "#server/db/client.ts";
import {
  checkShopDump,
  NotAShopBackupError,
  readDumpFile,
  restoreDump,
  RestoreTargetNotEmptyError,
  tableChecksums,
} from "#server/backups/index.ts";

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error(file ? `No existe el archivo ${file}.` : "Uso: npm run db:restore -- data/backups/respaldo-AAAA-MM-DDTHH-MM-SSZ.sql.gz");
  process.exit(2);
}
// The file is checked before the database is opened: a file that is not a backup of this shop
// leaves the target as it was (an embedded data directory is not even created).
let text: string;
try {
  text = readDumpFile(file);
  checkShopDump(text);
} catch (err) {
  if (!(err instanceof NotAShopBackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const config = getConfig();
const handle = await openConfiguredDatabase(config);
try {
  await restoreDump(handle.db, text);
  // A backup of an older version of the shop gets the newer migrations now.
  await handle.migrate();
  const tables = await tableChecksums(handle.db);
  const rows = tables.filter((t) => t.md5 !== "sequence").reduce((sum, t) => sum + t.rows, 0);
  const target = config.DATABASE_URL ? "la base de datos de DATABASE_URL" : `la base de datos incrustada en ${config.dataDir}`;
  console.log(`Respaldo restaurado en ${target}: ${tables.length} tablas y secuencias, ${rows} filas.`);
} catch (err) {
  if (!(err instanceof RestoreTargetNotEmptyError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
