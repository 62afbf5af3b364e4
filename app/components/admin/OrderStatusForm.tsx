import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { ADMIN_STATUS_CHOICES, FULFILMENT_MESSAGES, trackingHint } from "#domain/fulfilment.ts";
import { ORDER_STATUS_INTENT } from "#domain/admin-dashboard.ts";
import { failureFor, type FormFailure } from "#domain/form-failure.ts";
import { ORDER_STATUS_LABELS } from "#domain/statuses.ts";
import { carrierName } from "#domain/shipping.ts";
import type { AdminOrderRow } from "#server/admin/orders-list.server.ts";
import type { StatusUpdated } from "#app/routes/admin/dashboard.server.ts";
import { Field, FormError, SelectField } from "#app/components/forms.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/** What the dashboard's action answers a row's fetcher. */
export type StatusAnswer = StatusUpdated | FormFailure;

/**
 * One order's status form in the 'Órdenes' tab (docs/requirements.md#order-fulfilment): the status
 * (ADMIN_STATUS_CHOICES), the tracking number ('Enviado' needs it) and 'Actualizar'. Without
 * JavaScript a plain post (`volver`) and a 303 back to the same list with the notice; a refusal
 * re-renders the page with this row's message (`failure`, the page's action data when it names
 * this order). With JavaScript the row's fetcher posts in place: the button says 'Actualizando…',
 * then the row's polite live region says 'Estado actualizado exitosamente' (the row's badges show
 * the answer's status) or a field's 'Error al actualizar: …' (a refusal of the whole row is its
 * alert instead, heard once), and the focus goes to the field at fault.
 */
export function OrderStatusForm({
  order,
  fetcher,
  action,
  failure,
}: {
  order: AdminOrderRow;
  /** The row's fetcher (its row shows the new status from the answer). */
  fetcher: FetcherWithComponents<StatusAnswer>;
  action: string;
  failure?: FormFailure;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const fetched = answer ? failureFor(answer, ORDER_STATUS_INTENT) : undefined;
  // The page's refusal is this row's only when it names this order (a no-JS post).
  const pageFailure = !answer && failure?.values.pedido === order.orderNumber ? failure : undefined;
  const refused = fetched ?? pageFailure;
  const updated = !busy && answer && "ok" in answer ? answer : undefined;
  const values = refused?.values;
  const n = order.orderNumber;
  const base = `pedido-${n}`;
  const firstAtFault = refused ? (refused.fieldErrors.estado ? "estado" : refused.fieldErrors.rastreo ? "rastreo" : null) : null;
  const rowError = refused ? (refused.formError ?? refused.fieldErrors.pedido?.[0] ?? null) : null;
  // A form-level refusal is heard from the row's alert (FormError); a field's here, in the row.
  const fieldMessage = fetched && !rowError ? (Object.values(fetched.fieldErrors).flat()[0] ?? "") : "";
  const liveText = busy ? "" : updated ? FULFILMENT_MESSAGES.statusUpdated : fieldMessage;

  useEffect(() => {
    if (!fetched) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fetched]);

  return (
    <fetcher.Form
      method="post"
      action={action}
      className="order-status-form"
      ref={formRef}
      onSubmit={(event) => {
        // One post at a time per row: the button stays focusable (aria-disabled) while it waits.
        if (busy) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={ORDER_STATUS_INTENT} />
      <input type="hidden" name="pedido" value={n} />
      {hydrated ? null : <input type="hidden" name="volver" value="1" />}
      <SelectField
        label={
          <>
            Estado<span className="visually-hidden"> del pedido {n}</span>
          </>
        }
        errors={refused?.fieldErrors.estado}
        selectProps={{
          id: `${base}-estado`,
          name: "estado",
          defaultValue: values?.estado || order.orderStatus,
          autoFocus: Boolean(pageFailure) && firstAtFault === "estado",
        }}
      >
        {ADMIN_STATUS_CHOICES.map((status) => (
          <option key={status} value={status}>
            {ORDER_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <Field
        label={
          <>
            Número de rastreo<span className="visually-hidden"> del pedido {n}</span>
          </>
        }
        hint={trackingHint(carrierName(order.shippingMethod), { short: true })}
        errors={refused?.fieldErrors.rastreo}
        inputProps={{
          id: `${base}-rastreo`,
          name: "rastreo",
          type: "text",
          defaultValue: values ? values.rastreo : (order.trackingNumber ?? ""),
          autoComplete: "off",
          spellCheck: false,
          maxLength: 100,
          autoFocus: Boolean(pageFailure) && firstAtFault === "rastreo",
        }}
      />
      <FormError message={rowError} />
      <button
        type="submit"
        className="button button-primary"
        aria-disabled={busy || undefined}
        aria-label={`${busy ? "Actualizando" : "Actualizar"} el pedido ${n}`}
      >
        {busy ? "Actualizando…" : "Actualizar"}
      </button>
      <p role="status" className={updated ? "form-success order-status-live" : "visually-hidden"}>
        {liveText}
      </p>
    </fetcher.Form>
  );
}
