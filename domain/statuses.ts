/**
 * Order and payment statuses (docs/requirements.md#orders-and-statuses) with their Spanish labels.
 * The database schema's CHECK constraints are built from these lists.
 */
export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ["pending", "approved", "rejected", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pendiente",
  processing: "Procesando",
  shipped: "Enviado",
  delivered: "Entregado",
  cancelled: "Cancelado",
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Pago pendiente",
  approved: "Pago aprobado",
  rejected: "Pago rechazado",
  refunded: "Pago reembolsado",
};

/** An unknown order status reads as pending. */
export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? ORDER_STATUS_LABELS.pending;
}

/** An unknown payment status reads as pending (docs/requirements.md#orders-and-statuses). */
export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? PAYMENT_STATUS_LABELS.pending;
}

/** Retry payment is offered while the payment is pending or rejected and the order is not cancelled. */
export function canRetryPayment(order: { orderStatus: string; paymentStatus: string }): boolean {
  return order.orderStatus !== "cancelled" && (order.paymentStatus === "pending" || order.paymentStatus === "rejected");
}
