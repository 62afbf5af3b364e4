/**
 * The forms of the admin's order page (docs/requirements.md#order-fulfilment): each a POST with its
 * `intent` that works without JavaScript (a refused post comes back with every message at its
 * field and the typed values; a success is a 303 back to the page with its notice) and, with
 * JavaScript, the same through React Router's Form with a pending state. 'Cancelar pedido' and
 * 'Reembolsar' need their confirmation box ticked, checked on the server.
 */
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import {
  ADMIN_STATUS_CHOICES,
  CANCEL_REASON_LIMITS,
  FULFILMENT_MESSAGES,
  GOODS_RETURNED_CHOICES,
  MANUAL_PAYMENT_METHODS,
  MANUAL_REFERENCE_LIMITS,
  orderLeftTheShop,
  trackingHint,
} from "#domain/fulfilment.ts";
import {
  CONFIRM_VALUE,
  REFUND_CONSEQUENCES,
  cancelConsequences,
  orderPageHref,
  providerName,
  type OrderPageIntent,
} from "#domain/order-page.ts";
import { firstFieldAtFault, type FormFailure } from "#domain/form-failure.ts";
import { formatMoney, formatMoneyCents } from "#domain/format.ts";
import { ORDER_NOTE_MAX_LENGTH } from "#domain/order-events.ts";
import { ORDER_STATUS_LABELS } from "#domain/statuses.ts";
import type { AdminOrderDetail, AdminPaymentRow } from "#server/fulfilment/index.ts";
import {
  CheckboxField,
  ErrorList,
  Field,
  FormError,
  SelectField,
  TextareaField,
  describedBy,
  errorId,
  useFocusOnRefusal,
} from "#app/components/forms.tsx";

interface FormProps {
  orderNumber: string;
  failure: FormFailure | undefined;
}

/** One form of the page: its heading, the hidden intent, its fields, its message and its button (busy while it posts). */
function OrderForm({
  intent,
  orderNumber,
  failure,
  title,
  submit,
  busyLabel,
  danger,
  children,
}: FormProps & { intent: OrderPageIntent; title: string; submit: string; busyLabel: string; danger?: boolean; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const formRef = useFocusOnRefusal(failure);
  const titleId = `form-${intent}-titulo`;
  return (
    <section className={`admin-order-form admin-order-form-${intent}`} aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <Form ref={formRef} method="post" action={orderPageHref(orderNumber)} noValidate preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        {children}
        <FormError message={failure?.formError} />
        <button
          type="submit"
          className={danger ? "button button-danger" : "button button-primary"}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? busyLabel : submit}
        </button>
      </Form>
    </section>
  );
}

/**
 * A required choice among radio buttons (none chosen for the admin unless a refused post chose one),
 * its message under the group and the group described by it; the first button takes the focus
 * when the group is the first field at fault.
 */
function RadioChoices({
  id,
  name,
  legend,
  choices,
  chosen,
  failure,
}: {
  id: string;
  name: string;
  legend: string;
  choices: readonly (readonly [string, string])[];
  chosen: string;
  failure: FormFailure | undefined;
}) {
  const errors = failure?.fieldErrors[name];
  return (
    <fieldset className="admin-order-radios" aria-describedby={describedBy(id, { errors })["aria-describedby"]}>
      <legend>{legend}</legend>
      {choices.map(([value, label], index) => (
        <label key={value} className="admin-order-radio">
          <input
            type="radio"
            name={name}
            value={value}
            defaultChecked={chosen === value}
            autoFocus={index === 0 && focusFirst(failure, name)}
          />
          {label}
        </label>
      ))}
      <ErrorList id={errorId(id)} errors={errors} />
    </fieldset>
  );
}

/** autoFocus for the first field at fault of a refused form (without JavaScript the new page does it this way). */
const focusFirst = (failure: FormFailure | undefined, field: string) => firstFieldAtFault(failure) === field;

/** 'Estado' (the statuses the admin may choose) with 'Número de rastreo' for 'Enviado'. */
export function StatusForm({
  orderNumber,
  failure,
  orderStatus,
  trackingNumber,
  carrier,
}: FormProps & { orderStatus: string; trackingNumber: string | null; carrier: string }) {
  const errors = failure?.fieldErrors ?? {};
  return (
    <OrderForm
      intent="status"
      orderNumber={orderNumber}
      failure={failure}
      title="Estado del pedido"
      submit="Actualizar estado"
      busyLabel="Actualizando..."
    >
      <SelectField
        label="Estado"
        errors={errors.estado}
        selectProps={{
          id: "pedido-estado",
          name: "estado",
          defaultValue: failure?.values.estado ?? orderStatus,
          autoFocus: focusFirst(failure, "estado"),
        }}
      >
        {ADMIN_STATUS_CHOICES.map((status) => (
          <option key={status} value={status}>
            {ORDER_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Número de rastreo"
        hint={trackingHint(carrier)}
        errors={errors.rastreo}
        inputProps={{
          id: "pedido-rastreo",
          name: "rastreo",
          type: "text",
          autoComplete: "off",
          maxLength: 60,
          defaultValue: failure?.values.rastreo ?? trackingNumber ?? "",
          autoFocus: focusFirst(failure, "rastreo"),
        }}
      />
    </OrderForm>
  );
}

function Consequences({ id, lines }: { id: string; lines: string[] }) {
  return (
    <div id={id} className="admin-order-warning">
      <p>
        <strong>Esto es lo que pasará:</strong>
      </p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 'Cancelar pedido': the reason, what cancelling does to this order, and the confirmation box; for an
 * order already shipped or delivered, '¿Recibiste de vuelta la mercancía?' (no answer chosen for the admin).
 */
export function CancelForm({ orderNumber, failure, detail }: FormProps & { detail: AdminOrderDetail }) {
  const errors = failure?.fieldErrors ?? {};
  const left = orderLeftTheShop(detail.order.orderStatus);
  const lines = cancelConsequences({
    paymentStatus: detail.order.paymentStatus,
    finalTotalText: formatMoney(detail.order.finalTotal),
    provider: detail.paymentProvider,
    pointsEarned: detail.order.loyaltyPoints.earned,
    orderStatus: detail.order.orderStatus,
    otherPayments: detail.paymentsToRefund.length,
  });
  const answer = failure?.values.mercancia ?? "";
  return (
    <OrderForm
      intent="cancel"
      orderNumber={orderNumber}
      failure={failure}
      title="Cancelar pedido"
      submit="Cancelar pedido"
      busyLabel="Cancelando..."
      danger
    >
      <Consequences id="cancelar-consecuencias" lines={lines} />
      {left ? (
        <RadioChoices
          id="cancelar-mercancia"
          name="mercancia"
          legend={FULFILMENT_MESSAGES.goodsReturnedQuestion}
          choices={GOODS_RETURNED_CHOICES}
          chosen={answer}
          failure={failure}
        />
      ) : null}
      <TextareaField
        label="Motivo de la cancelación"
        hint={`De ${CANCEL_REASON_LIMITS.min} a ${CANCEL_REASON_LIMITS.max} caracteres. El cliente lo verá en el correo.`}
        errors={errors.motivo}
        textareaProps={{
          id: "cancelar-motivo",
          name: "motivo",
          rows: 3,
          maxLength: CANCEL_REASON_LIMITS.max,
          "aria-required": true,
          defaultValue: failure?.values.motivo ?? "",
          autoFocus: focusFirst(failure, "motivo"),
        }}
      />
      <CheckboxField
        label="Confirmo que quiero cancelar este pedido"
        errors={errors.confirmar}
        inputProps={{
          id: "cancelar-confirmar",
          name: "confirmar",
          value: CONFIRM_VALUE,
          "aria-required": true,
          "aria-describedby": "cancelar-consecuencias",
          autoFocus: focusFirst(failure, "confirmar"),
        }}
      />
    </OrderForm>
  );
}

/**
 * 'Reembolsar' one payment the order is flagged for (needs_refund), with its confirmation box: the
 * page shows one per payment still standing (an order paid twice may have several).
 */
export function RefundForm({ orderNumber, failure, payment }: FormProps & { payment: AdminPaymentRow | null }) {
  // A refusal belongs to the form of the payment it was posted for.
  const mine = failure && (failure.values.pago ?? "") === (payment?.paymentId ?? "") ? failure : undefined;
  const errors = mine?.fieldErrors ?? {};
  const key = payment ? payment.paymentId.replace(/[^A-Za-z0-9_-]/g, "") : "pago";
  return (
    <OrderForm
      intent="refund"
      orderNumber={orderNumber}
      failure={mine}
      title={payment ? `Reembolsar pago ${payment.paymentId}` : "Reembolsar pago"}
      submit={payment?.amountCents != null ? `Reembolsar ${formatMoneyCents(payment.amountCents)}` : "Reembolsar"}
      busyLabel="Reembolsando..."
      danger
    >
      {payment ? <input type="hidden" name="pago" value={payment.paymentId} /> : null}
      <Consequences
        id={`reembolso-consecuencias-${key}`}
        lines={[REFUND_CONSEQUENCES, ...(payment ? [`${providerName(payment.provider)}, pago ${payment.paymentId}.`] : [])]}
      />
      <CheckboxField
        label="Confirmo que quiero reembolsar este pago"
        errors={errors.confirmar}
        inputProps={{
          id: `reembolso-confirmar-${key}`,
          name: "confirmar",
          value: CONFIRM_VALUE,
          "aria-required": true,
          "aria-describedby": `reembolso-consecuencias-${key}`,
          autoFocus: focusFirst(mine, "confirmar"),
        }}
      />
    </OrderForm>
  );
}

/** 'Registrar pago manual': how the money came (transfer or cash) and its reference. */
export function ManualPaymentForm({ orderNumber, failure, amount }: FormProps & { amount: number }) {
  const errors = failure?.fieldErrors ?? {};
  const chosen = failure?.values.metodo ?? "";
  return (
    <OrderForm
      intent="manual-payment"
      orderNumber={orderNumber}
      failure={failure}
      title="Registrar pago manual"
      submit="Registrar pago"
      busyLabel="Registrando..."
    >
      <p className="field-hint">{`Aprueba el pedido por ${formatMoney(amount)} recibidos fuera del proveedor de pagos.`}</p>
      <RadioChoices
        id="pago-metodo"
        name="metodo"
        legend="Método"
        choices={Object.entries(MANUAL_PAYMENT_METHODS)}
        chosen={chosen}
        failure={failure}
      />
      <Field
        label="Referencia"
        hint={`La referencia de la transferencia o el número del recibo: de ${MANUAL_REFERENCE_LIMITS.min} a ${MANUAL_REFERENCE_LIMITS.max} caracteres.`}
        errors={errors.referencia}
        inputProps={{
          id: "pago-referencia",
          name: "referencia",
          type: "text",
          autoComplete: "off",
          maxLength: MANUAL_REFERENCE_LIMITS.max,
          "aria-required": true,
          defaultValue: failure?.values.referencia ?? "",
          autoFocus: focusFirst(failure, "referencia"),
        }}
      />
    </OrderForm>
  );
}

/** 'Agregar nota': an internal note in the history, seen only in the admin. */
export function NoteForm({ orderNumber, failure }: FormProps) {
  const errors = failure?.fieldErrors ?? {};
  return (
    <OrderForm
      intent="note"
      orderNumber={orderNumber}
      failure={failure}
      title="Agregar nota"
      submit="Agregar nota"
      busyLabel="Guardando..."
    >
      <TextareaField
        label="Nota interna"
        hint={`Solo la ven los administradores. Hasta ${ORDER_NOTE_MAX_LENGTH} caracteres.`}
        errors={errors.nota}
        textareaProps={{
          id: "pedido-nota",
          name: "nota",
          rows: 3,
          maxLength: ORDER_NOTE_MAX_LENGTH,
          "aria-required": true,
          defaultValue: failure?.values.nota ?? "",
          autoFocus: focusFirst(failure, "nota"),
        }}
      />
    </OrderForm>
  );
}
