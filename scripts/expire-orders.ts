// npm run jobs:expire-orders — cancels the unpaid orders whose stock hold lapsed (UNPAID_ORDER_HOLD_MINUTES, or a pending
// cash payment's own expiry; decision record 015), giving back their stock, coupon use and points, after asking the payment
// provider about the ones that had a payment link; the same work the server's periodic job does every minute.
import { getConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "#server/db/client.ts";
import { releaseLapsedHolds } from "#server/jobs/unpaid-orders.server.ts";
import { paymentProvider } from "#server/payments/index.ts";

const config = getConfig();
const handle = await openConfiguredDatabase(config);
try {
  await handle.migrate();
  const cancelled = await releaseLapsedHolds(handle.db, paymentProvider(config, handle.db), { publicUrl: config.PUBLIC_URL });
  console.log(`Pedidos sin pago cuyo apartado venció, cancelados: ${cancelled}.`);
} finally {
  await handle.close();
}
