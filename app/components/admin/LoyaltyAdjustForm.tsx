import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { formatPoints } from "#domain/format.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import { ADJUSTMENT_DESCRIPTION_MAX_LENGTH, MAX_POINTS_ADJUSTMENT, projectedBalance } from "#domain/loyalty.ts";
import type { LoyaltyCustomerRow } from "#server/loyalty/admin.server.ts";
import { Field, FormError, TextareaField } from "#app/components/forms.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * Without JavaScript the form is a section of the page (`?ajustar=<id>`); with it, the same form
 * in a modal `<dialog>` (focus moves into it, Escape and 'Cancelar' close it, back to the list).
 */
function Frame({ hydrated, closeHref, children }: { hydrated: boolean; closeHref: string; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, [hydrated]);
  if (!hydrated) {
    return (
      <section className="loyalty-adjust" aria-labelledby="ajuste-titulo">
        {children}
      </section>
    );
  }
  return (
    <dialog
      ref={dialog}
      className="loyalty-adjust loyalty-dialog"
      aria-labelledby="ajuste-titulo"
      onCancel={(event) => {
        event.preventDefault();
        void navigate(closeHref, { preventScrollReset: true });
      }}
    >
      {children}
    </dialog>
  );
}

/** The adjust form (docs/requirements.md#admin-area): amount, description, current and projected balance. */
export function LoyaltyAdjustForm({
  customer,
  action,
  closeHref,
  failure,
}: {
  customer: LoyaltyCustomerRow;
  action: string;
  closeHref: string;
  /** The refused adjustment: each field's messages, the service's (a balance too small, a customer gone) for the form. */
  failure: FormFailure | undefined;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const [amount, setAmount] = useState(failure?.values.amount ?? "");
  useEffect(() => {
    if (failure) setAmount(failure.values.amount ?? "");
  }, [failure]);
  const projected = projectedBalance(customer.balance, amount);
  const errors = failure?.fieldErrors ?? {};
  return (
    <Frame hydrated={hydrated} closeHref={closeHref}>
      <h3 id="ajuste-titulo">Ajustar puntos de {customer.user.name}</h3>
      <p className="loyalty-customer-email">{customer.user.email}</p>
      <p className="loyalty-balance-line">
        Saldo actual: <strong>{formatPoints(customer.balance)}</strong> puntos
      </p>
      <Form method="post" action={action} noValidate className="loyalty-adjust-form" preventScrollReset>
        <input type="hidden" name="intent" value="adjust" />
        <input type="hidden" name="userId" value={customer.user._id} />
        <Field
          label="Monto (puntos)"
          hint="Un número positivo suma puntos; uno negativo los resta."
          errors={errors.amount}
          announce
          inputProps={{
            id: "ajuste-amount",
            name: "amount",
            type: "number",
            step: 1,
            min: -MAX_POINTS_ADJUSTMENT,
            max: MAX_POINTS_ADJUSTMENT,
            inputMode: "numeric",
            "aria-required": true,
            autoFocus: true,
            value: amount,
            onChange: (event) => setAmount(event.target.value),
          }}
        />
        <TextareaField
          label="Descripción"
          errors={errors.description}
          announce
          key={failure ? `d-${failure.values.description ?? ""}` : "d"}
          textareaProps={{
            id: "ajuste-description",
            name: "description",
            rows: 3,
            maxLength: ADJUSTMENT_DESCRIPTION_MAX_LENGTH,
            "aria-required": true,
            defaultValue: failure?.values.description ?? "",
          }}
        />
        {hydrated ? (
          <p className="loyalty-projected" role="status">
            {projected === null ? null : (
              <>
                Nuevo saldo: <strong>{formatPoints(projected)}</strong> puntos
                {projected < 0 ? " (el saldo no puede quedar en negativo)" : null}
              </>
            )}
          </p>
        ) : null}
        <FormError message={failure?.formError} />
        <div className="loyalty-adjust-buttons">
          <Link to={closeHref} className="button" preventScrollReset>
            Cancelar
          </Link>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? "Ajustando..." : "Ajustar Puntos"}
          </button>
        </div>
      </Form>
    </Frame>
  );
}
