/**
 * The owner's work on orders (docs/requirements.md#order-fulfilment, decision record 016): the
 * surface the admin's routes use. Every function locks the order, checks, changes, records the
 * change in the order's history and queues the buyer's e-mail in one transaction, and throws a
 * ShopError (with its HTTP status and the form field at fault) when it refuses, writing nothing.
 * - changeOrderStatus: pending, processing, shipped (with a tracking number), delivered.
 * - cancelOrderAsAdmin: 'Cancelar pedido' (a paid order is refunded at the provider first).
 * - refundFlaggedPayment: 'Reembolsar' a payment flagged needs_refund.
 * - recordManualPayment: 'Registrar pago manual' through applyPayment.
 * - addOrderNote: an internal note in the history.
 * - adminOrderDetail: the order page's data, history included.
 */
export { changeOrderStatus, type StatusChange, type StatusChangeInput } from "./order-status.server";
export {
  cancelOrderAsAdmin,
  refundFlaggedPayment,
  refundIdempotencyKey,
  type CancelInput,
  type CancelOutcome,
} from "./cancel-refund.server";
export { recordManualPayment, type ManualPaymentInput } from "./manual-payment.server";
export { addOrderNote } from "./notes.server";
export { adminOrderDetail, type AdminOrderDetail, type AdminPaymentRow } from "./order-detail.server";
export type { OrderEventView } from "#server/order-events/index.ts";
