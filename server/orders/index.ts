/**
 * The orders module's surface (decision record 008, docs/architecture.md#server-modules).
 * Routes and other modules import from here:
 * - placeOrder: one transaction of named steps; the same checkout token twice → the same order.
 * - cancelOrder: the one place that gives stock, coupon use and points back (once).
 * - expireUnpaidOrders: the periodic job's work: orders whose stock hold lapsed are cancelled by 'sistema' (decision record 015).
 * - orderForViewer / orderForPayment: reads for the pages and the payment step; viewerMaySee: who may see an order.
 * 'Pagar Ahora' is the payments module's (retryPaymentForViewer): payments depends on orders, never the reverse.
 */
export { placeOrder, newOrderNumber, type PlaceOrderInput, type PlacedOrder, type PlaceOrderOptions } from "./place-order.server";
export {
  CHECKOUT_TOKEN_PATTERN,
  CheckoutError,
  checkoutAddressSchema,
  checkoutContactSchema,
  missingColonia,
  newCheckoutToken,
  type CheckoutAddress,
  type CheckoutContact,
  type CheckoutErrorKind,
} from "./checkout-input";
export { cancelOrder, expireUnpaidOrders, type CancelResult, type DueOrder } from "./cancel-order.server";
export {
  guestOrderLinkKey,
  itemColumns,
  orderForPayment,
  orderForViewer,
  orderViewFrom,
  viewerMaySee,
  type OrderForPayment,
  type OrderRef,
  type OrderView,
  type OrderViewer,
} from "./order-views.server";
export { isLinkKey, orderLink, orderLinkKey } from "./order-links";
export { listCustomerOrders, type CustomerOrder } from "./customer-orders.server";
export { clearPendingOrder, readPendingOrder, storePendingOrder, type PendingOrder } from "./pending-order-cookie.server";
export { orderMailRecipient, storedOrderMailData } from "./order-mail-data.server";
export { lockOrderByNumber, type LockedOrder } from "./lock-order.server";
