import type { Route } from "./+types/pedidos-csv";
import { parseDashboardQuery } from "#domain/admin-dashboard.ts";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import { ordersCsvFilename, ordersCsvStream } from "#server/admin/orders-csv.server.ts";

/**
 * `/admin/pedidos.csv` (docs/requirements.md#admin-area): 'Exportar CSV' of the 'Órdenes' tab, the
 * orders its search and filters select (`q`, `estado`, `pago`, `reembolso`; anything unknown
 * dropped), streamed in batches. Admin only, like every admin module.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseDashboardQuery(new URL(request.url).searchParams);
  return new Response(ordersCsvStream(context.db, query, { requestId: context.requestId }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ordersCsvFilename()}"`,
      "Cache-Control": "private, no-store",
      // nosniff comes with every answer of the shop (server/http/security.ts): not set here again.
    },
  });
}
