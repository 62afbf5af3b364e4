/** Field-level error plumbing of the checkout form: the message next to its field, tied with aria-describedby. */

export const fieldErrorId = (field: string) => `checkout-${field}-error`;

/** aria-invalid and aria-describedby for a field at fault. */
export function errorProps(errors: Record<string, string>, field: string) {
  return errors[field] ? { "aria-invalid": true as const, "aria-describedby": fieldErrorId(field) } : {};
}

export function FieldError({ errors, field }: { errors: Record<string, string>; field: string }) {
  const message = errors[field];
  return message ? (
    <p id={fieldErrorId(field)} className="form-error field-error">
      {message}
    </p>
  ) : null;
}
