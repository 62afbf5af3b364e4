/**
 * The dashboard's action, server half (docs/architecture.md#forms): the 'Órdenes' tab's status form
 * (`intent=estado`, fields `pedido`, `estado`, `rastreo`) through changeOrderStatus. Without
 * JavaScript (the form carries `volver`) success is a 303 back to the same list (filters and page
 * kept) with the notice 'Estado actualizado exitosamente'; a row's fetcher gets the new statuses
 * as data instead. A refusal is the row's FormFailure ('Error al actualizar: …') with its 4xx.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { ORDER_STATUS_INTENT, dashboardHref, parseDashboardQuery } from "#domain/admin-dashboard.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { FULFILMENT_MESSAGES } from "#domain/fulfilment.ts";
import { failureOf } from "#domain/form-failure.ts";
import type { SessionUser } from "#server/accounts/users.server.ts";
import { orderStatusFormSchema, postedOrderStatusValues } from "#server/admin/order-status-form.ts";
import { ShopError } from "#server/errors.ts";
import { changeOrderStatus } from "#server/fulfilment/index.ts";
import { parseForm, refuse, refuseThrown } from "#app/lib/form.server.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";

/** What a row's fetcher gets on success: the order's statuses now, to announce in the row. */
export interface StatusUpdated {
  ok: true;
  pedido: string;
  orderStatus: string;
  trackingNumber: string | null;
}

export async function changeStatusFromList(request: Request, context: AppLoadContext, admin: SessionUser, form: FormData) {
  const values = postedOrderStatusValues(form);
  const failure = { intent: ORDER_STATUS_INTENT, values };
  if (form.get("intent") !== ORDER_STATUS_INTENT) return refuse(failureOf(ADMIN_MESSAGES.invalidRequest, failure));
  const parsed = parseForm(
    orderStatusFormSchema,
    Object.fromEntries(["pedido", "estado", "rastreo"].map((n) => [n, form.get(n)])),
    failure,
  );
  if (!parsed.success) return refuse(parsed.failure);
  try {
    const change = await changeOrderStatus(context.db, {
      orderNumber: parsed.data.pedido,
      status: parsed.data.estado,
      trackingNumber: parsed.data.rastreo || null,
      actor: { kind: "admin", userId: admin.id, name: admin.name },
      publicUrl: siteOrigin(request, context),
    });
    if (form.has("volver")) {
      const query = parseDashboardQuery(new URL(request.url).searchParams);
      return redirect(dashboardHref({ ...query, tab: "ordenes", aviso: "estado-actualizado" }), 303);
    }
    const answer: StatusUpdated = { ok: true, pedido: parsed.data.pedido, ...change };
    return data(answer);
  } catch (error) {
    // The service's reason, in the spec's words, on the row's field at fault (or the row's form).
    const refusal =
      error instanceof ShopError ? new ShopError(FULFILMENT_MESSAGES.updateFailed(error.message), error.status, error.field) : error;
    return refuseThrown(refusal, {
      ...failure,
      fallback: FULFILMENT_MESSAGES.updateFailed(ADMIN_MESSAGES.invalidRequest),
      log: "order status change failed",
      requestId: context.requestId,
    });
  }
}
