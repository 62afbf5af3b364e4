/**
 * The server half of the add and edit product screens' save (agregar-producto.tsx,
 * editar-producto.tsx): the posted form parsed by the one product schema into typed input, then
 * written; a refusal answers the form's FormFailure (every field's messages, the typed values).
 * Without JavaScript the variant rows' buttons post the form too: 'Agregar variante'
 * (`intent=add-variant`) and 'Quitar' (`intent=remove-variant-{i}`) answer the same form again,
 * with what was typed, one more empty row or that row out; nothing is written until it is saved.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { dashboardHref } from "#domain/admin-dashboard.ts";
import { failureOf } from "#domain/form-failure.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import {
  ADD_VARIANT_INTENT,
  EMPTY_VARIANT_ROW,
  MAX_PRODUCT_VARIANTS,
  productFormRecord,
  removedVariantIndex,
} from "#domain/product-form.ts";
import {
  postedProductFormValues,
  postedProductValues,
  postedVariantRows,
  productFieldsFromForm,
  saveProductForm,
} from "#server/catalog/product-form.server.ts";
import { PRODUCT_FIELD_MESSAGES, productSchema } from "#server/catalog/product-input.ts";
import { parseForm, refuse, refuseThrown } from "#app/lib/form.server.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";

/** The shop's own origins: an image address on one of them is the gallery's, stored as a path. */
function ownOrigins(request: Request, context: AppLoadContext): string[] {
  return [...new Set([new URL(request.url).origin, siteOrigin(request, context)])];
}

/** Saves the posted product: a new one (`id` null) or the product `id`; then back to the dashboard with the notice. */
export async function saveProduct(request: Request, context: AppLoadContext, form: FormData, id: string | null) {
  const rowChange = changeVariantRows(form);
  if (rowChange) return rowChange;
  const failure = { intent: "save", values: postedProductValues(form) };
  const schema = productSchema(id === null ? "new" : "edit", { ownOrigins: ownOrigins(request, context) });
  const parsed = parseForm(schema, productFieldsFromForm(form), failure);
  if (!parsed.ok) return refuse(parsed.failure);
  try {
    await saveProductForm(context.db, parsed.value, id);
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

/**
 * 'Agregar variante' or a row's 'Quitar' without JavaScript: the form again (200) with what was
 * typed and the rows changed, or a refusal (400) when the last row would go or the rows are full.
 * Null for any other post (a save).
 */
function changeVariantRows(form: FormData) {
  const intent = form.get("intent");
  const removed = removedVariantIndex(intent);
  if (intent !== ADD_VARIANT_INTENT && removed === null) return null;
  const rows = postedVariantRows(form);
  const answer = (variants: typeof rows) => ({
    intent: "save",
    fieldErrors: {},
    values: productFormRecord(postedProductFormValues(form, variants)),
  });
  if (removed !== null) {
    if (removed >= rows.length) return data(answer(rows));
    if (rows.length <= 1) {
      return refuse(failureOf(PRODUCT_FIELD_MESSAGES.variantsRequired, { intent: "save", field: "variants", values: answer(rows).values }));
    }
    return data(answer(rows.filter((_, i) => i !== removed)));
  }
  if (rows.length >= MAX_PRODUCT_VARIANTS) {
    return refuse(failureOf(PRODUCT_FIELD_MESSAGES.tooManyVariants, { intent: "save", field: "variants", values: answer(rows).values }));
  }
  return data(answer([...rows, EMPTY_VARIANT_ROW]));
}
