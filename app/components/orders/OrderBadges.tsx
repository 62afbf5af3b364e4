import { orderStatusLabel, paymentStatusLabel, ORDER_STATUSES, PAYMENT_STATUSES } from "#domain/statuses.ts";

const known = (list: readonly string[], value: string) => (list.includes(value) ? value : "pending");

/** The order-status and payment-status badges, in Spanish (docs/requirements.md#orders-and-statuses). */
export function OrderBadges({ orderStatus, paymentStatus }: { orderStatus: string; paymentStatus: string }) {
  return (
    <p className="order-badges">
      <span className={`badge badge-status-${known(ORDER_STATUSES, orderStatus)}`}>{orderStatusLabel(orderStatus)}</span>{" "}
      <span className={`badge badge-payment-${known(PAYMENT_STATUSES, paymentStatus)}`}>{paymentStatusLabel(paymentStatus)}</span>
    </p>
  );
}
