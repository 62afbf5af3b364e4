import { data } from "react-router";
import type { Route } from "./+types/api.webhooks.mercadopago";
import { handleWebhook, paymentProvider } from "#server/payments/index.ts";

/**
 * Mercado Pago's (and the sandbox's) payment notifications (docs/architecture.md#payments):
 * authenticated by their signature only (no session, CSRF or bot checks);
 * answered at once, the payment applied after the answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { response } = await handleWebhook(request, {
    db: context.db,
    provider: paymentProvider(context.config, context.db),
    publicUrl: context.config.PUBLIC_URL,
  });
  return response;
}

export function loader() {
  return data({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
