/**
 * Field-level errors of the shop's forms: the message sits next to its field with the id
 * `{form}-{field}-error`, and the field points at it (aria-invalid, aria-describedby after any hint).
 */
type FieldErrors = Partial<Record<string, string | null | undefined>>;

export const fieldErrorId = (form: string, field: string) => `${form}-${field}-error`;

/** aria-invalid and aria-describedby for a field: its hint's id first, then its error's when it has one. */
export function invalidProps(form: string, errors: FieldErrors, field: string, hint?: string) {
  const message = errors[field];
  const ids = [hint, message ? fieldErrorId(form, field) : undefined].filter(Boolean).join(" ");
  return { "aria-invalid": message ? (true as const) : undefined, "aria-describedby": ids || undefined };
}

export function FieldError({ form, errors, field, alert }: { form: string; errors: FieldErrors; field: string; alert?: boolean }) {
  const message = errors[field];
  return message ? (
    <p id={fieldErrorId(form, field)} className="form-error field-error" role={alert ? "alert" : undefined}>
      {message}
    </p>
  ) : null;
}
