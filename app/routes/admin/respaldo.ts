import { Readable } from "node:stream";
import type { Route } from "./+types/respaldo";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import { backupDownload } from "#server/backups/index.ts";

/**
 * `/admin/respaldo` (docs/architecture.md#backups): 'Descargar respaldo', the whole database as a
 * gzip-compressed plain-SQL dump, streamed as it is made. Admin only, like every admin module.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { filename, stream } = await backupDownload(context.db);
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
