import type { Route } from "./+types/productos-ejemplo-csv";
import { CSV_SAMPLE_FILENAME, productCsvSample } from "#domain/product-csv.ts";
import { requireAdmin } from "#server/accounts/auth.server.ts";

/**
 * `/admin/productos-ejemplo.csv` (docs/requirements.md#admin-area): the CSV import page's sample
 * file, every column of the importer with rows it takes as they are. UTF-8 with a BOM, so a
 * spreadsheet opens its accents right. Admin only, like every admin module.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return new Response(`\uFEFF${productCsvSample()}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${CSV_SAMPLE_FILENAME}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
