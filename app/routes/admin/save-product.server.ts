/**
 * The server half of the add and edit product screens' save (agregar-producto.tsx,
 * editar-producto.tsx): the posted form parsed by the one product schema into typed input, then
 * written; a refusal answers the form's FormFailure (every field's messages, the typed values).
 */
import { redirect, type AppLoadContext } from "react-router";
import { dashboardHref } from "#domain/admin-dashboard.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { postedProductValues, productFieldsFromForm, saveProductForm } from "#server/catalog/product-form.server.ts";
import { productSchema } from "#server/catalog/product-input.ts";
import { parseForm, refuse, refuseThrown } from "#app/lib/form.server.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";

/** The shop's own origins: an image address on one of them is the gallery's, stored as a path. */
function ownOrigins(request: Request, context: AppLoadContext): string[] {
  return [...new Set([new URL(request.url).origin, siteOrigin(request, context)])];
}

/** Saves the posted product: a new one (`id` null) or the product `id`; then back to the dashboard with the notice. */
export async function saveProduct(request: Request, context: AppLoadContext, form: FormData, id: string | null) {
  const failure = { intent: "save", values: postedProductValues(form) };
  const schema = productSchema(id === null ? "new" : "edit", { ownOrigins: ownOrigins(request, context) });
  const parsed = parseForm(schema, productFieldsFromForm(form), failure);
  if (!parsed.success) return refuse(parsed.failure);
  try {
    await saveProductForm(context.db, parsed.data, id);
  } catch (error) {
    return refuseThrown(error, {
      ...failure,
      fallback: id === null ? ADMIN_MESSAGES.addFailed : ADMIN_MESSAGES.updateFailed,
      log: id === null ? "product create failed" : "product update failed",
      requestId: context.requestId,
    });
  }
  return redirect(dashboardHref({ tab: "productos", aviso: id === null ? "producto-agregado" : "producto-actualizado" }), 303);
}
