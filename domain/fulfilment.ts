/**
 * The owner's work on orders (docs/requirements.md#order-fulfilment): the statuses the admin's form
 * offers, the rule for each move, the limits of the forms and their Spanish messages. Browser-safe:
 * the admin's pages print these; the server enforces them (server/fulfilment).
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from "./statuses";
import { MANUAL_PAYMENT_METHODS } from "./payments";
import { ORDER_STATUS_MESSAGES, TRACKING_MESSAGES } from "./orders";
import { TRACKING_NUMBER_PATTERN } from "./shipping";
import type { FormFailure } from "./form-failure";
import type { RefusalCode } from "./refusals";

/** What the admin's status dropdown offers: cancelling has its own action, with a reason. */
export const ADMIN_STATUS_CHOICES = ["pending", "processing", "shipped", "delivered"] as const satisfies readonly OrderStatus[];
export type AdminStatusChoice = (typeof ADMIN_STATUS_CHOICES)[number];

/** Statuses that say the order is being prepared or is on its way: they need an approved payment. */
const NEEDS_PAYMENT: ReadonlySet<string> = new Set(["processing", "shipped", "delivered"]);

/** Statuses of an order whose cards already left the shop: cancelling it asks whether they came back. */
const LEFT_THE_SHOP: ReadonlySet<string> = new Set(["shipped", "delivered"]);

export function orderLeftTheShop(orderStatus: string): boolean {
  return LEFT_THE_SHOP.has(orderStatus);
}

/** The answers to '¿Recibiste de vuelta la mercancía?', as the form posts them (`mercancia`). */
export const GOODS_RETURNED_CHOICES = [
  ["si", "Sí, la mercancía volvió a la tienda: reponer su stock"],
  ["no", "No, la tiene el cliente: el stock no cambia"],
] as const;

export const CANCEL_REASON_LIMITS = { min: 3, max: 500 } as const;
export const MANUAL_REFERENCE_LIMITS = { min: 3, max: 100 } as const;

export const FULFILMENT_MESSAGES = {
  /** The spec's success and failure words for the status dropdown (docs/requirements.md#messages). */
  statusUpdated: "Estado actualizado exitosamente",
  updateFailed: (detail: string) => `Error al actualizar: ${detail}`,
  orderNotFound: "No encontramos ese pedido",
  unknownStatus: ORDER_STATUS_MESSAGES.unknownStatus,
  cancelledIsFinal: ORDER_STATUS_MESSAGES.cancelledIsFinal,
  useCancelAction: "Para cancelar un pedido usa «Cancelar pedido» e indica el motivo",
  notPaid: (status: OrderStatus) =>
    `No se puede marcar como «${ORDER_STATUS_LABELS[status]}» un pedido sin pago aprobado. Si el pago llegó por otro medio, usa «Registrar pago manual».`,
  trackingRequired: TRACKING_MESSAGES.required,
  trackingInvalid: TRACKING_MESSAGES.invalid,
  cancelReasonRequired: "Escribe el motivo de la cancelación",
  cancelReasonLength: `El motivo debe tener de ${CANCEL_REASON_LIMITS.min} a ${CANCEL_REASON_LIMITS.max} caracteres`,
  alreadyCancelled: "Este pedido ya está cancelado",
  /** 'Cancelar pedido' of an order already shipped or delivered asks whether its cards came back. */
  goodsReturnedQuestion: "¿Recibiste de vuelta la mercancía?",
  goodsReturnedRequired: "Indica si recibiste de vuelta la mercancía",
  /** An order paid twice, cancelled: a payment the provider did not give back stays flagged. */
  cancelledPaymentsLeft: "Pedido cancelado, pero queda un pago de este pedido sin reembolsar: reembólsalo con «Reembolsar».",
  cancelled: "Pedido cancelado",
  cancelledAndRefunded: "Pedido cancelado y pago reembolsado",
  nothingToRefund: "Este pedido no tiene un pago por reembolsar",
  refunded: "Pago reembolsado",
  refundRefused: (detail: string) => `El reembolso no se realizó y el pedido no cambió. ${detail}`,
  refundUnknown:
    "El proveedor de pagos no respondió a tiempo: el pedido no cambió. Intenta de nuevo en unos minutos; un segundo intento no reembolsa dos veces.",
  refundProviderMismatch: "Este pago se hizo con otro proveedor de pagos: reembólsalo desde su panel.",
  manualMethodRequired: "Elige cómo se recibió el pago",
  manualReferenceLength: `La referencia debe tener de ${MANUAL_REFERENCE_LIMITS.min} a ${MANUAL_REFERENCE_LIMITS.max} caracteres`,
  manualNotPayable: "Este pedido ya no espera un pago: está pagado, reembolsado o cancelado",
  manualRecorded: "Pago manual registrado",
  noteRequired: "Escribe la nota",
  noteAdded: "Nota agregada",
} as const;

/**
 * The tracking field's hint on both status forms: what 'Enviado' needs, and that the buyer is e-mailed
 * (the spec says the product states it); `short` for the 'Órdenes' tab's rows.
 */
export function trackingHint(carrier: string, options: { short?: boolean } = {}): string {
  if (options.short) return `Para «Enviado» (${carrier}); el cliente recibe un correo con el rastreo.`;
  return `Obligatorio para marcar como «Enviado» (${carrier}): de 6 a 40 letras o números. Al marcarlo, el cliente recibe un correo con el número y el enlace de rastreo.`;
}

export interface TransitionProblem {
  message: string;
  /** The kind of refusal (its HTTP status: domain/refusals.ts). */
  code: RefusalCode;
  field: string | null;
}

/**
 * Whether the admin may move this order to `to`: null when allowed, else the reason, its HTTP status
 * and the form field at fault. `trackingNumber` is the normalised number the form sent (for
 * 'shipped'). The same status as now is allowed (the service then changes nothing).
 */
export function orderTransitionProblem(
  order: { orderStatus: string; paymentStatus: string },
  to: string,
  options: { trackingNumber?: string | null } = {},
): TransitionProblem | null {
  if (to === "cancelled") return { message: FULFILMENT_MESSAGES.useCancelAction, code: "invalid", field: "estado" };
  if (!(ADMIN_STATUS_CHOICES as readonly string[]).includes(to))
    return { message: FULFILMENT_MESSAGES.unknownStatus, code: "invalid", field: "estado" };
  if (order.orderStatus === "cancelled") return { message: FULFILMENT_MESSAGES.cancelledIsFinal, code: "conflict", field: null };
  if (NEEDS_PAYMENT.has(to) && order.paymentStatus !== "approved") {
    return { message: FULFILMENT_MESSAGES.notPaid(to as OrderStatus), code: "conflict", field: "estado" };
  }
  if (to === "shipped") {
    const tracking = options.trackingNumber ?? "";
    if (!tracking) return { message: FULFILMENT_MESSAGES.trackingRequired, code: "invalid", field: "rastreo" };
    if (!TRACKING_NUMBER_PATTERN.test(tracking)) return { message: FULFILMENT_MESSAGES.trackingInvalid, code: "invalid", field: "rastreo" };
  }
  return null;
}

export { MANUAL_PAYMENT_METHODS };

/**
 * The chat-app message for the order's current status (docs/requirements.md#order-fulfilment), for
 * a buyer who opted in: the admin opens it as a click-to-chat link and sends it themselves.
 */
export function chatStatusMessage(order: {
  orderNumber: string;
  orderStatus: string;
  contactName: string;
  carrier: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  cancelReason: string | null;
}): string {
  const hello =
    `Hola ${order.contactName.trim().split(/\s+/)[0] ?? ""}, te escribimos de Cartas del Valle sobre tu pedido ${order.orderNumber}.`.replace(
      "Hola ,",
      "Hola,",
    );
  switch (order.orderStatus) {
    case "processing":
      return `${hello} Recibimos tu pago y estamos preparando tu pedido.`;
    case "shipped":
      return `${hello} Tu pedido va en camino con ${order.carrier}. Número de rastreo: ${order.trackingNumber ?? ""}.${order.trackingUrl ? ` Puedes seguirlo en ${order.trackingUrl}` : ""}`;
    case "delivered":
      return `${hello} Tu pedido fue entregado. ¡Gracias por tu compra!`;
    case "cancelled":
      return `${hello} Tu pedido fue cancelado.${order.cancelReason ? ` Motivo: ${order.cancelReason}.` : ""}`;
    default:
      return `${hello} Tu pedido está registrado y espera su pago.`;
  }
}

/** `https://wa.me/52{10 digits}?text=…` for a Mexican phone of 10 digits; null for anything else. */
export function chatLink(phone: string, text: string): string | null {
  const digits = phone.replace(/\D/g, "");
  const local = digits.length === 12 && digits.startsWith("52") ? digits.slice(2) : digits;
  if (!/^\d{10}$/.test(local)) return null;
  return `https://wa.me/52${local}?text=${encodeURIComponent(text)}`;
}

/**
 * A refused status form in the spec's words (docs/requirements.md#messages): every message, at a
 * field or for the whole form, reads 'Error al actualizar: …'. The order page and the 'Órdenes'
 * tab's rows both answer with it.
 */
export function statusUpdateFailure(failure: FormFailure): FormFailure {
  const fieldErrors = Object.fromEntries(
    Object.entries(failure.fieldErrors).map(([field, messages]) => [field, (messages ?? []).map(FULFILMENT_MESSAGES.updateFailed)]),
  );
  return {
    ...failure,
    ...(failure.formError === undefined ? {} : { formError: FULFILMENT_MESSAGES.updateFailed(failure.formError) }),
    fieldErrors,
  };
}
