/**
 * Links to an order for its e-mails: a customer's goes to 'Mis Pedidos' (the
 * order named in the query), a guest's to the payment result page, which shows
 * the order only to the browser holding its pending-order cookie.
 */
const DEFAULT_ORIGIN = "http://localhost:3000";

/** The absolute link to an order from an e-mail. */
export function orderLink(publicUrl: string | undefined, order: { orderNumber: string; customer: boolean; isPaid: boolean }): string {
  const origin = publicUrl ? new URL(publicUrl).origin : DEFAULT_ORIGIN;
  const number = encodeURIComponent(order.orderNumber);
  if (order.customer) return `${origin}/mis-pedidos?pedido=${number}`;
  return `${origin}/payment/${order.isPaid ? "success" : "pending"}?external_reference=${number}`;
}
