import { formatDateTime } from "#domain/dates.ts";
import { TRACKING_LINK_TEXTS, shippingMethodName } from "#domain/order-pages.ts";
import { TrackingNumber } from "./TrackingLink";

/**
 * What happened to an order after it was placed, in one line of its summary (docs/requirements.md#order-fulfilment):
 * the tracking number and the carrier's page once it is shipped, the date and reason once it is cancelled.
 */
export function OrderProgress({
  order,
}: {
  order: {
    orderStatus: string;
    shippingMethod: string;
    trackingNumber: string | null;
    cancelReason: string | null;
    cancelledAt: string | null;
  };
}) {
  if (order.orderStatus === "cancelled") {
    if (!order.cancelledAt && !order.cancelReason) return null;
    return (
      <p className="order-progress">
        {TRACKING_LINK_TEXTS.cancelledOn(order.cancelledAt ? formatDateTime(order.cancelledAt) : null, order.cancelReason)}
      </p>
    );
  }
  if (!order.trackingNumber || (order.orderStatus !== "shipped" && order.orderStatus !== "delivered")) return null;
  return (
    <p className="order-progress">
      {TRACKING_LINK_TEXTS.shippedBy(shippingMethodName(order.shippingMethod))}
      <TrackingNumber shippingMethod={order.shippingMethod} trackingNumber={order.trackingNumber} />
    </p>
  );
}
