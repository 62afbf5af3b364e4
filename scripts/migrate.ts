// npm run db:migrate — applies the SQL migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import { getConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "#server/db/client.ts";

const config = getConfig();
const handle = await openConfiguredDatabase(config);
try {
  await handle.migrate();
  console.log(`Migraciones aplicadas (${handle.kind}).`);
} finally {
  await handle.close();
}
