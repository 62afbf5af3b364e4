import { Form, useNavigation } from "react-router";
import { ORDER_STATE_MESSAGES } from "#domain/order-pages.ts";

/**
 * 'Pagar Ahora' of an order's page (/confirmacion, /consulta-pedido): posts the order number and,
 * for a guest who came by the order's link, its link key to the page's action (`payFromOrderPage`).
 */
export function OrderPayForm({
  action,
  orderNumber,
  payKey,
  errorId,
  describedBy,
}: {
  action: string;
  orderNumber: string;
  payKey: string | null;
  /** The id of the refusal's message shown on the page, when there is one. */
  errorId?: string;
  /** More ids that describe the button (the order's heading). */
  describedBy?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";
  const described = [errorId, describedBy].filter(Boolean).join(" ") || undefined;
  return (
    <Form method="post" action={action} className="pay-now">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="pedido" value={orderNumber} />
      {payKey ? <input type="hidden" name="clave" value={payKey} /> : null}
      <button type="submit" className="button button-primary" disabled={busy} aria-describedby={described}>
        {busy ? "Procesando..." : ORDER_STATE_MESSAGES.payNow}
      </button>
    </Form>
  );
}
