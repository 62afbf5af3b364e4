// npm run user:make-admin -- EMAIL — promotes an existing user to admin (their sessions are revoked).
import { getConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "#server/db/client.ts";
import { makeAdmin } from "#server/accounts/admin.server.ts";

const email = process.argv[2];
if (!email) {
  console.error("Uso: npm run user:make-admin -- correo@ejemplo.com");
  process.exit(2);
}
const handle = await openConfiguredDatabase(getConfig());
try {
  await handle.migrate();
  if (await makeAdmin(handle.db, email)) console.log(`${email} ahora es administrador.`);
  else {
    console.error(`No existe un usuario con el correo ${email}.`);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}
