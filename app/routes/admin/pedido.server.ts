/**
 * The server half of the admin's order page (`/admin/pedidos/{number}`, docs/requirements.md#order-fulfilment):
 * the loader's data, and one function per form (`intent`). Each parses its form with its schema
 * (domain/fulfilment-forms.ts), calls the one service of server/fulfilment, turns a refusal into the
 * form's FormFailure and redirects (303) back to the page with the notice's key.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import type { z } from "zod";
import { FULFILMENT_MESSAGES, statusUpdateFailure } from "#domain/fulfilment.ts";
import { cancelFormSchema, manualPaymentFormSchema, noteFormSchema, refundFormSchema, statusFormSchema } from "#domain/fulfilment-forms.ts";
import {
  ORDER_PAGE_FORM_FIELDS,
  PACKING_SLIP_VIEW,
  isOrderPageIntent,
  orderPageHref,
  orderPageNotice,
  type OrderPageIntent,
  type OrderPageNotice,
} from "#domain/order-page.ts";
import { NOTICE_PARAM, failureOf, type FormFailure } from "#domain/form-failure.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { fail, ok, type Result } from "#domain/result.ts";
import type { SessionUser } from "#server/accounts/users.server.ts";
import {
  addOrderNote,
  adminOrderDetail,
  cancelOrderAsAdmin,
  changeOrderStatus,
  recordManualPayment,
  refundFlaggedPayment,
  type CancelOutcome,
} from "#server/fulfilment/index.ts";
import { paymentProvider } from "#server/payments/index.ts";
import { enteredValues, formInput, parseForm, refuse, refuseThrown } from "#app/lib/form.server.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";

/** The page's data: the order (null: no such order, answered 404), the notice and the view. */
export async function loadOrderPage(request: Request, context: AppLoadContext, orderNumber: string | undefined) {
  const query = new URL(request.url).searchParams;
  const detail = await adminOrderDetail(context.db, orderNumber ?? "");
  const page = {
    detail,
    notice: orderPageNotice(query.get(NOTICE_PARAM)),
    packingSlip: query.get("vista") === PACKING_SLIP_VIEW,
  };
  return data(page, { status: detail ? 200 : 404 });
}

export type OrderPageData = Awaited<ReturnType<typeof loadOrderPage>>["data"];

interface PostContext {
  request: Request;
  context: AppLoadContext;
  admin: SessionUser;
  orderNumber: string;
  form: FormData;
}

/** The form's post, by its intent; an unknown intent is refused at once (400). */
export async function orderPageAction(post: PostContext) {
  const intent = post.form.get("intent");
  if (!isOrderPageIntent(intent)) return refuse(failureOf(ADMIN_MESSAGES.invalidRequest));
  const failure = { intent, values: valuesOf(post.form, intent) };
  try {
    const aviso = await INTENTS[intent](post, failure);
    if (typeof aviso !== "string") return aviso;
    return redirect(orderPageHref(post.orderNumber, { aviso }), 303);
  } catch (error) {
    const refusal = refuseThrown(error, {
      ...failure,
      fallback: intent === "status" ? FULFILMENT_MESSAGES.updateFailed(ADMIN_MESSAGES.invalidRequest) : ADMIN_MESSAGES.invalidRequest,
      log: `order page ${intent} failed`,
      requestId: post.context.requestId,
    });
    return intent === "status" ? asUpdateFailure(refusal) : refusal;
  }
}

function valuesOf(form: FormData, intent: OrderPageIntent): Record<string, string> {
  const { names, max } = ORDER_PAGE_FORM_FIELDS[intent];
  return enteredValues(form, names, max);
}

type Failure = { intent: OrderPageIntent; values: Record<string, string> };
type Refusal = ReturnType<typeof refuse>;
type IntentHandler = (post: PostContext, failure: Failure) => Promise<OrderPageNotice | Refusal>;

/** The form parsed by its schema, or its refusal (for 'Estado', in the spec's words 'Error al actualizar: …'). */
function parsed<Schema extends z.ZodObject>(schema: Schema, post: PostContext, failure: Failure): Result<z.output<Schema>, Refusal> {
  const result = parseForm(schema, formInput(schema, post.form), failure);
  if (result.ok) return ok(result.value as z.output<Schema>);
  const refusal = refuse(result.failure);
  return fail(failure.intent === "status" ? asUpdateFailure(refusal) : refusal);
}

/** 'Estado' failures read 'Error al actualizar: {message}' (docs/requirements.md#messages). */
function asUpdateFailure(refusal: Refusal): Refusal {
  return data(statusUpdateFailure(refusal.data as FormFailure), refusal.init ?? undefined);
}

const actorOf = (admin: SessionUser) => ({ kind: "admin" as const, userId: admin.id, name: admin.name });

function cancelNotice(outcome: CancelOutcome, refundOnly: boolean): OrderPageNotice {
  if (!refundOnly && outcome.paymentsLeft) return "pedido-cancelado-pago-pendiente";
  if (outcome.kind === "refund-in-process") return "reembolso-en-proceso";
  if (refundOnly) return "pago-reembolsado";
  return outcome.kind === "refunded" ? "pedido-cancelado-reembolsado" : "pedido-cancelado";
}

const INTENTS: Record<OrderPageIntent, IntentHandler> = {
  async status(post, failure) {
    const form = parsed(statusFormSchema, post, failure);
    if (!form.ok) return form.failure;
    await changeOrderStatus(post.context.db, {
      orderNumber: post.orderNumber,
      status: form.value.estado,
      trackingNumber: form.value.rastreo || null,
      actor: actorOf(post.admin),
      publicUrl: siteOrigin(post.request, post.context),
    });
    return "estado-actualizado";
  },
  async cancel(post, failure) {
    const form = parsed(cancelFormSchema, post, failure);
    if (!form.ok) return form.failure;
    const outcome = await cancelOrderAsAdmin(post.context.db, paymentProvider(post.context.config, post.context.db), {
      orderNumber: post.orderNumber,
      reason: form.value.motivo,
      goodsReturned: form.value.mercancia,
      actor: actorOf(post.admin),
      publicUrl: siteOrigin(post.request, post.context),
    });
    return cancelNotice(outcome, false);
  },
  async refund(post, failure) {
    const form = parsed(refundFormSchema, post, failure);
    if (!form.ok) return form.failure;
    const outcome = await refundFlaggedPayment(post.context.db, paymentProvider(post.context.config, post.context.db), {
      orderNumber: post.orderNumber,
      paymentId: form.value.pago || null,
      actor: actorOf(post.admin),
      publicUrl: siteOrigin(post.request, post.context),
    });
    return cancelNotice(outcome, true);
  },
  async "manual-payment"(post, failure) {
    const form = parsed(manualPaymentFormSchema, post, failure);
    if (!form.ok) return form.failure;
    await recordManualPayment(post.context.db, {
      orderNumber: post.orderNumber,
      method: form.value.metodo,
      reference: form.value.referencia,
      actor: actorOf(post.admin),
      publicUrl: siteOrigin(post.request, post.context),
    });
    return "pago-manual-registrado";
  },
  async note(post, failure) {
    const form = parsed(noteFormSchema, post, failure);
    if (!form.ok) return form.failure;
    await addOrderNote(post.context.db, { orderNumber: post.orderNumber, note: form.value.nota, actor: actorOf(post.admin) });
    return "nota-agregada";
  },
};
