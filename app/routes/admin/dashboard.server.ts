/**
 * The dashboard's action, server half (docs/architecture.md#forms): the 'Órdenes' tab's status form
 * (`intent=estado`, fields `pedido`, `estado`, `rastreo`), parsed with the order page's own status
 * schema and sent to changeOrderStatus. Without JavaScript (the form carries `volver`) success is a
 * 303 back to the same list (filters and page kept) with the notice 'Estado actualizado
 * exitosamente'; a row's fetcher gets the new statuses as data instead. A refusal is the row's
 * FormFailure in the spec's words ('Error al actualizar: …') with its 4xx.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { ORDER_STATUS_INTENT, dashboardHref, parseDashboardQuery } from "#domain/admin-dashboard.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { FULFILMENT_MESSAGES, statusUpdateFailure } from "#domain/fulfilment.ts";
import { statusFormSchema } from "#domain/fulfilment-forms.ts";
import { failureOf, type FormFailure } from "#domain/form-failure.ts";
import { mayNameOrder } from "#domain/orders.ts";
import { typedText } from "#domain/forms.ts";
import type { SessionUser } from "#server/accounts/users.server.ts";
import { changeOrderStatus } from "#server/fulfilment/index.ts";
import { enteredValues, formInput, parseForm, refuse, refuseThrown } from "#app/lib/form.server.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";

/** What a row's fetcher gets on success: the order's statuses now, to announce in the row. */
export interface StatusUpdated {
  ok: true;
  pedido: string;
  orderStatus: string;
  trackingNumber: string | null;
}

/** A row's refusal: the form's failure with every message as 'Error al actualizar: …'. */
function refuseRow(refusal: ReturnType<typeof refuse>) {
  return data(statusUpdateFailure(refusal.data as FormFailure), refusal.init ?? undefined);
}

export async function changeStatusFromList(request: Request, context: AppLoadContext, admin: SessionUser, form: FormData) {
  const failure = { intent: ORDER_STATUS_INTENT, values: enteredValues(form, ["pedido", "estado", "rastreo"], 60) };
  if (form.get("intent") !== ORDER_STATUS_INTENT) return refuse(failureOf(ADMIN_MESSAGES.invalidRequest, failure));
  const orderNumber = typedText(form.get("pedido"), 40).trim().toUpperCase();
  if (!mayNameOrder(orderNumber)) return refuseRow(refuse(failureOf(FULFILMENT_MESSAGES.orderNotFound, failure)));
  const parsed = parseForm(statusFormSchema, formInput(statusFormSchema, form), failure);
  if (!parsed.ok) return refuseRow(refuse(parsed.failure));
  try {
    const change = await changeOrderStatus(context.db, {
      orderNumber,
      status: parsed.value.estado,
      trackingNumber: parsed.value.rastreo || null,
      actor: { kind: "admin", userId: admin.id, name: admin.name },
      publicUrl: siteOrigin(request, context),
    });
    if (form.has("volver")) {
      const query = parseDashboardQuery(new URL(request.url).searchParams);
      return redirect(dashboardHref({ ...query, tab: "ordenes", aviso: "estado-actualizado" }), 303);
    }
    const answer: StatusUpdated = { ok: true, pedido: orderNumber, ...change };
    return data(answer);
  } catch (error) {
    return refuseRow(
      refuseThrown(error, {
        ...failure,
        fallback: ADMIN_MESSAGES.invalidRequest,
        log: "order status change failed",
        requestId: context.requestId,
      }),
    );
  }
}
