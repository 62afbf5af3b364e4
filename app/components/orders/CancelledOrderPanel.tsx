import { CANCELLED_ORDER_MESSAGES } from "#domain/orders.ts";
import { KeepShoppingActions, ResultPanel } from "#app/components/orders/ResultPanel.tsx";

/**
 * A payment return page or /confirmacion for an order that was cancelled (decision record 015: its
 * stock hold lapsed before it was paid): never 'Pago exitoso'; says the products went back on sale
 * and whether a payment that still arrived will be refunded.
 */
export function CancelledOrderPanel({ order }: { order: { orderNumber: string; refundDue: boolean } }) {
  return (
    <ResultPanel tone="failure" title={CANCELLED_ORDER_MESSAGES.title} actions={<KeepShoppingActions />}>
      <p className="result-lead">{CANCELLED_ORDER_MESSAGES.lead(order.orderNumber)}</p>
      <p>{order.refundDue ? CANCELLED_ORDER_MESSAGES.refundDue : CANCELLED_ORDER_MESSAGES.noCharge}</p>
    </ResultPanel>
  );
}
