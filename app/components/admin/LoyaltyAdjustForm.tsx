import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { formatPoints } from "#domain/format.ts";
import { ADJUSTMENT_DESCRIPTION_MAX_LENGTH, MAX_POINTS_ADJUSTMENT, projectedBalance, type AdjustmentField } from "#domain/loyalty.ts";
import type { LoyaltyCustomerRow } from "#server/loyalty/admin.server.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { FieldError, invalidProps } from "#app/components/FieldError.tsx";

/** What the action answers when it refuses an adjustment: the message, the field it is about, what was typed. */
export interface AdjustFailure {
  error: string;
  field?: AdjustmentField;
  values?: { amount: string; description: string };
}

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

/** The adjust form (SPEC §2 "Adjust modal", §5 "Loyalty adjust"): amount, description, current and projected balance. */
export function LoyaltyAdjustForm({
  customer,
  action,
  closeHref,
  failure,
}: {
  customer: LoyaltyCustomerRow;
  action: string;
  closeHref: string;
  failure: AdjustFailure | null;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const [amount, setAmount] = useState(failure?.values?.amount ?? "");
  useEffect(() => {
    if (failure?.values) setAmount(failure.values.amount);
  }, [failure]);
  const projected = projectedBalance(customer.balance, amount);
  const fieldError = (field: AdjustmentField) =>
    failure && (failure.field === field || (!failure.field && field === "amount")) ? failure.error : null;
  const errors = { amount: fieldError("amount"), description: fieldError("description") };
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
        <div className="field">
          <label htmlFor="ajuste-amount">Monto (puntos)</label>
          <input
            id="ajuste-amount"
            name="amount"
            type="number"
            step={1}
            min={-MAX_POINTS_ADJUSTMENT}
            max={MAX_POINTS_ADJUSTMENT}
            inputMode="numeric"
            aria-required="true"
            autoFocus
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            {...invalidProps("ajuste", errors, "amount", "ajuste-amount-ayuda")}
          />
          <p id="ajuste-amount-ayuda" className="field-hint">
            Un número positivo suma puntos; uno negativo los resta.
          </p>
          <FieldError form="ajuste" errors={errors} field="amount" alert />
        </div>
        <div className="field">
          <label htmlFor="ajuste-description">Descripción</label>
          <textarea
            id="ajuste-description"
            name="description"
            rows={3}
            maxLength={ADJUSTMENT_DESCRIPTION_MAX_LENGTH}
            aria-required="true"
            defaultValue={failure?.values?.description ?? ""}
            key={failure ? `d-${failure.values?.description ?? ""}` : "d"}
            {...invalidProps("ajuste", errors, "description")}
          />
          <FieldError form="ajuste" errors={errors} field="description" alert />
        </div>
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
