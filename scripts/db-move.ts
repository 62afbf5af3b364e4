// npm run db:move -- postgres://USER:PASSWORD@HOST:5432/DB — copies the embedded database (DATA_DIR),
// with the shop stopped, into an empty PostgreSQL database, checks every table's row count and
// checksum on both sides, and prints the DATABASE_URL line to start the shop with
// (docs/architecture.md#backups).
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "#server/config.ts";
import { openConfiguredDatabase, openDatabase } from "#server/db/client.ts";
import { moveDatabase, RestoreTargetNotEmptyError } from "#server/backups/index.ts";

const url = process.argv[2];
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error("Uso: npm run db:move -- postgres://USUARIO:CONTRASEÑA@SERVIDOR:5432/BASE");
  process.exit(2);
}
const config = getConfig();
if (!fs.existsSync(path.join(config.dataDir, "pglite"))) {
  console.error(`No hay una base de datos incrustada en ${config.dataDir} (DATA_DIR): nada que copiar.`);
  process.exit(2);
}
// The source is always the embedded database; its lock stops the move while the shop runs on it.
const source = await openConfiguredDatabase({ dataDir: config.dataDir });
let target;
try {
  target = await openDatabase({ kind: "postgres", url });
  const report = await moveDatabase(source.db, target.db);
  for (const t of report.tables) {
    console.log(`${t.same ? "ok   " : "DIFIERE"} ${t.table.padEnd(40)} ${String(t.rows).padStart(9)}`);
  }
  if (report.different.length > 0) {
    console.error(`Las tablas no coinciden tras la copia: ${report.different.join(", ")}. No uses la base de destino.`);
    process.exitCode = 1;
  } else {
    console.log(`\nCopia verificada: ${report.tables.length} tablas y secuencias iguales en ambas bases.`);
    console.log("Detén la tienda incrustada para siempre y arráncala con esta línea en su entorno:\n");
    console.log(`DATABASE_URL=${url}`);
  }
} catch (err) {
  if (!(err instanceof RestoreTargetNotEmptyError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await target?.close();
  await source.close();
}
