/**
 * The words, notices and links of the admin's order page `/admin/pedidos/{number}`
 * (docs/requirements.md#order-fulfilment). Browser-safe (no zod: the forms' schemas are in
 * ./fulfilment-forms.ts, which only the server half of the page imports).
 */
import { CANCEL_REASON_LIMITS, FULFILMENT_MESSAGES, MANUAL_REFERENCE_LIMITS, orderLeftTheShop } from "./fulfilment";
import { NOTICE_PARAM } from "./form-failure";
import { ORDER_NOTE_MAX_LENGTH } from "./order-events";

/** The page's words that FULFILMENT_MESSAGES does not have. */
export const ORDER_PAGE_FORM_MESSAGES = {
  confirmRequired: "Marca la casilla para confirmar",
  textInvalid: "El texto contiene caracteres no permitidos",
  noteLength: `La nota debe tener como máximo ${ORDER_NOTE_MAX_LENGTH} caracteres`,
  refundInProcess: "El proveedor de pagos aceptó el reembolso y lo está procesando: el pedido cambiará cuando lo confirme",
} as const;

/** The forms of the page, by their `intent`. */
export const ORDER_PAGE_INTENTS = ["status", "cancel", "refund", "manual-payment", "note"] as const;
export type OrderPageIntent = (typeof ORDER_PAGE_INTENTS)[number];

export function isOrderPageIntent(value: unknown): value is OrderPageIntent {
  return typeof value === "string" && (ORDER_PAGE_INTENTS as readonly string[]).includes(value);
}

/** The value of the confirmation checkbox of 'Cancelar pedido' and 'Reembolsar'. */
export const CONFIRM_VALUE = "si";

/** The fields each form posts back into a refused form (`values`), with the longest each may echo. */
export const ORDER_PAGE_FORM_FIELDS: Record<OrderPageIntent, { names: readonly string[]; max: number }> = {
  status: { names: ["estado", "rastreo"], max: 60 },
  cancel: { names: ["motivo", "mercancia"], max: CANCEL_REASON_LIMITS.max },
  refund: { names: ["pago"], max: 100 },
  "manual-payment": { names: ["metodo", "referencia"], max: MANUAL_REFERENCE_LIMITS.max },
  note: { names: ["nota"], max: ORDER_NOTE_MAX_LENGTH },
};

/** What `?aviso=` shows after a form of the page succeeded (role=status). */
export const ORDER_PAGE_NOTICES = {
  "estado-actualizado": FULFILMENT_MESSAGES.statusUpdated,
  "pedido-cancelado": FULFILMENT_MESSAGES.cancelled,
  "pedido-cancelado-reembolsado": FULFILMENT_MESSAGES.cancelledAndRefunded,
  "pedido-cancelado-pago-pendiente": FULFILMENT_MESSAGES.cancelledPaymentsLeft,
  "pago-reembolsado": FULFILMENT_MESSAGES.refunded,
  "reembolso-en-proceso": ORDER_PAGE_FORM_MESSAGES.refundInProcess,
  "pago-manual-registrado": FULFILMENT_MESSAGES.manualRecorded,
  "nota-agregada": FULFILMENT_MESSAGES.noteAdded,
} as const;
export type OrderPageNotice = keyof typeof ORDER_PAGE_NOTICES;

export function orderPageNotice(key: string | null): OrderPageNotice | null {
  return key !== null && Object.hasOwn(ORDER_PAGE_NOTICES, key) ? (key as OrderPageNotice) : null;
}

/** The packing slip's view of the page (`?vista=empaque`). */
export const PACKING_SLIP_VIEW = "empaque";

/** `/admin/pedidos/{number}`, with a notice or the packing slip. */
export function orderPageHref(orderNumber: string, options: { aviso?: OrderPageNotice; packingSlip?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (options.aviso) params.set(NOTICE_PARAM, options.aviso);
  if (options.packingSlip) params.set("vista", PACKING_SLIP_VIEW);
  const query = params.toString();
  return `/admin/pedidos/${encodeURIComponent(orderNumber)}${query ? `?${query}` : ""}`;
}

/** The payment providers by name, as the page shows them. */
const PROVIDER_NAMES: Record<string, string> = {
  sandbox: "Sandbox (pagos de prueba)",
  mercadopago: "Mercado Pago",
  manual: "Pago manual",
};

export function providerName(provider: string | null): string {
  if (!provider) return "Sin pago registrado";
  return PROVIDER_NAMES[provider] ?? provider;
}

/** What a payment row's status means (the provider's words the shop stores). */
const PAYMENT_ROW_STATUS: Record<string, string> = {
  approved: "Aprobado",
  pending: "Pendiente",
  in_process: "En proceso",
  authorized: "Autorizado",
  rejected: "Rechazado",
  cancelled: "Cancelado",
  refunded: "Reembolsado",
  charged_back: "Contracargo",
};

export function paymentRowStatus(status: string): string {
  return PAYMENT_ROW_STATUS[status] ?? status;
}

/**
 * What 'Cancelar pedido' will do to this order, in the order it happens (docs/requirements.md#order-fulfilment):
 * a paid order's refund and its points earned taken back, then what always comes back.
 */
export function cancelConsequences(order: {
  paymentStatus: string;
  finalTotalText: string;
  provider: string | null;
  pointsEarned: number;
  orderStatus: string;
  /** Other approved payments standing (an order paid twice): refunded too. */
  otherPayments: number;
}): string[] {
  const lines: string[] = [];
  if (order.paymentStatus === "approved") {
    lines.push(
      order.provider === "manual"
        ? `El pago de ${order.finalTotalText} se registra como devuelto por el mismo medio en que se recibió (transferencia o efectivo): devuélvelo tú al cliente.`
        : `El pago de ${order.finalTotalText} se reembolsa al cliente a través de ${providerName(order.provider)} antes de cancelar.`,
    );
    if (order.pointsEarned > 0) lines.push(`Se descuentan al cliente los ${order.pointsEarned} puntos que ganó con este pedido.`);
  }
  if (order.otherPayments > 0) {
    lines.push(
      order.otherPayments === 1
        ? "El cliente pagó este pedido más de una vez: el otro pago aprobado también se reembolsa."
        : `El cliente pagó este pedido más de una vez: los otros ${order.otherPayments} pagos aprobados también se reembolsan.`,
    );
  }
  if (orderLeftTheShop(order.orderStatus)) {
    lines.push(
      "El pedido ya salió de la tienda: su stock vuelve solo si indicas que recibiste de vuelta la mercancía. El uso del cupón y los puntos usados se devuelven.",
    );
  } else lines.push("El stock de los productos, el uso del cupón y los puntos usados se devuelven.");
  lines.push("El cliente recibe un correo con el motivo. La cancelación es definitiva.");
  return lines;
}

export const REFUND_CONSEQUENCES =
  "Se reembolsa, a través del proveedor de pagos, el pago que este pedido no necesitaba (llegó después de cancelarlo o es un segundo pago). El cliente recibe un correo.";
