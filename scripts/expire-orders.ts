// npm run jobs:expire-orders — cancels the orders still unpaid after UNPAID_ORDER_TTL_HOURS (default 72),
// giving back their stock, coupon use and points; the same work the server's periodic job does.
import { getConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "#server/db/client.ts";
import { expireUnpaidOrders } from "#server/orders/index.ts";

const config = getConfig();
const handle = await openConfiguredDatabase(config);
try {
  await handle.migrate();
  const cancelled = await expireUnpaidOrders(handle.db, { ttlHours: config.UNPAID_ORDER_TTL_HOURS });
  console.log(`Pedidos sin pago después de ${config.UNPAID_ORDER_TTL_HOURS} horas cancelados: ${cancelled}.`);
} finally {
  await handle.close();
}
