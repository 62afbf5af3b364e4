// npm run db:seed — applies migrations and loads the demo catalogue into an empty database.
// Options: --extra N adds N synthetic products (used by the benchmark); --force inserts into a non-empty table;
// --orders N adds N synthetic orders of the catalogue's products (server/admin/order-seed.ts: the admin's
// 'Órdenes' tab and the benchmark), whether or not the catalogue was just loaded.
import { parseArgs } from "node:util";
import { getConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "#server/db/client.ts";
import { seedDemoCatalog } from "#server/catalog/seed.ts";
import { seedOrders } from "#server/admin/order-seed.ts";

const { values } = parseArgs({
  options: {
    extra: { type: "string", default: "0" },
    orders: { type: "string", default: "0" },
    force: { type: "boolean", default: false },
  },
});
const extra = Number(values.extra);
if (!Number.isInteger(extra) || extra < 0) {
  console.error("--extra debe ser un número entero ≥ 0");
  process.exit(2);
}
const orderCount = Number(values.orders);
if (!Number.isInteger(orderCount) || orderCount < 0 || orderCount > 1_000_000) {
  console.error("--orders debe ser un número entero de 0 a 1000000");
  process.exit(2);
}
const config = getConfig();
const handle = await openConfiguredDatabase(config);
try {
  await handle.migrate();
  const inserted = await seedDemoCatalog(handle.db, { extraSynthetic: extra, force: values.force });
  console.log(
    inserted > 0
      ? `Catálogo de demostración cargado: ${inserted} productos.`
      : "La tabla de productos ya tenía datos; no se insertó nada (usa --force para agregar).",
  );
  if (orderCount > 0) {
    const started = Date.now();
    await seedOrders(handle.db, orderCount);
    console.log(`Pedidos de demostración agregados: ${orderCount} en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
} finally {
  await handle.close();
}
