/**
 * The 'Órdenes' tab's status form (docs/requirements.md#order-fulfilment): `pedido` (the order
 * number), `estado` (one of ADMIN_STATUS_CHOICES) and `rastreo` (the tracking number, needed for
 * 'Enviado'). The schema only keeps malformed and oversized values out; the move itself is checked
 * by changeOrderStatus (server/fulfilment) against the locked order. Every message is the spec's
 * 'Error al actualizar: …'.
 */
import { z } from "zod";
import { ADMIN_STATUS_CHOICES, FULFILMENT_MESSAGES } from "#domain/fulfilment.ts";
import { isOrderNumber } from "#domain/orders.ts";
import { typedText } from "#domain/forms.ts";
import { trimmedText } from "#server/accounts/forms.ts";

/** Longer than any tracking number typed with spaces and dashes; more is refused, never stored or echoed. */
export const TRACKING_INPUT_MAX = 100;

const M = FULFILMENT_MESSAGES;

export const orderStatusFormSchema = z.object({
  pedido: z.preprocess(
    (v) => trimmedText(v).toUpperCase(),
    z.string().refine((v) => isOrderNumber(v), M.updateFailed(M.orderNotFound)),
  ),
  estado: z.preprocess(
    trimmedText,
    z.string().refine((v) => (ADMIN_STATUS_CHOICES as readonly string[]).includes(v), M.updateFailed(M.unknownStatus)),
  ),
  rastreo: z.preprocess(trimmedText, z.string().max(TRACKING_INPUT_MAX, M.updateFailed(M.trackingInvalid))),
});

export type OrderStatusFormInput = z.output<typeof orderStatusFormSchema>;

/** What the form sent, to fill the row's form again after a refusal: text only, capped. */
export function postedOrderStatusValues(form: FormData): Record<"pedido" | "estado" | "rastreo", string> {
  return {
    pedido: typedText(form.get("pedido"), 20),
    estado: typedText(form.get("estado"), 20),
    rastreo: typedText(form.get("rastreo"), TRACKING_INPUT_MAX),
  };
}
