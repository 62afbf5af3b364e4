import { Readable } from "node:stream";
import { redirect } from "react-router";
import type { Route } from "./+types/respaldo";
import { requireAdmin } from "#server/accounts/auth.server.ts";
import { backupDownload } from "#server/backups/index.ts";
import { ShopError } from "#server/errors.ts";
import { refuse, tryReadForm } from "#app/lib/form.server.ts";
import { failureOf } from "#domain/form-failure.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { BACKUP_INTENT } from "#domain/admin-dashboard.ts";

/**
 * `/admin/respaldo` (docs/architecture.md#backups): 'Descargar respaldo', the whole database as a
 * gzip-compressed plain-SQL dump, streamed as it is made. Only a POST from the shop's own pages
 * starts one (the origin check of server/http/security.ts applies to every POST): a GET, which a
 * link or an image on another site could make the admin's browser send, is sent to the panel. Admin only,
 * like every admin module. One backup at a time per shop: a second one is answered 409.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  // The old link's URL: the admin's panel, whose header has the button.
  return redirect("/admin", 303);
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await tryReadForm(request);
  if (!form || form.get("intent") !== BACKUP_INTENT) return refuse(failureOf(ADMIN_MESSAGES.invalidRequest));
  try {
    const { filename, stream } = await backupDownload(context.db);
    // nosniff comes with every answer of the shop (server/http/security.ts): not set here again.
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof ShopError && error.code === "conflict")) throw error;
    // A plain form post without JavaScript shows this answer as it is: a line of text, not JSON.
    return new Response(error.message, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
}
