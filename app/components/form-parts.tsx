/**
 * The parts of the shop's form fields that the storefront's own pages use (the
 * catalogue's filters, 'Agregar al carrito'): the ids, the error list, the
 * form's message and the select. Kept apart from app/components/forms.tsx so
 * the first page a shopper loads carries only these; every other screen
 * imports from forms.tsx, which re-exports them.
 */
import type { ReactNode, SelectHTMLAttributes } from "react";

export const hintId = (id: string) => `${id}-ayuda`;
export const errorId = (id: string) => `${id}-error`;

export type Errors = readonly string[] | null | undefined;

/**
 * aria-invalid and aria-describedby for a control with this id: the ids it
 * already names, its hint's, then its errors'. For controls the Field
 * components do not draw (a radio group, a file picker's custom markup).
 */
export function describedBy(id: string, { errors, hint, extra }: { errors?: Errors; hint?: boolean; extra?: string }) {
  const invalid = Boolean(errors && errors.length > 0);
  const ids = [extra, hint ? hintId(id) : undefined, invalid ? errorId(id) : undefined].filter(Boolean).join(" ");
  return { "aria-invalid": invalid ? (true as const) : undefined, "aria-describedby": ids || undefined };
}

/**
 * Every message of one field, next to it: a paragraph for one, a list for several. `announce`
 * makes it an alert (a message that appears while the visitor stays on the page, as a file
 * checked in the browser is).
 */
export function ErrorList({ id, errors, announce }: { id?: string; errors?: Errors; announce?: boolean }) {
  if (!errors || errors.length === 0) return null;
  const role = announce ? "alert" : undefined;
  if (errors.length === 1) {
    return (
      <p id={id} className="form-error field-error" role={role}>
        {errors[0]}
      </p>
    );
  }
  return (
    <ul id={id} className="field-errors" role={role}>
      {errors.map((message) => (
        <li key={message} className="form-error field-error">
          {message}
        </li>
      ))}
    </ul>
  );
}

/** The form's own message (a service's refusal, a rate limit): once, announced, above the submit button. */
export function FormError({ id, message }: { id?: string; message?: string | null }) {
  return message ? (
    <p id={id} className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

export interface FieldShell {
  label: ReactNode;
  hint?: ReactNode;
  errors?: Errors;
  className?: string;
  /** The errors are announced when they appear (ErrorList). */
  announce?: boolean;
}

export function Shell({ id, label, hint, errors, className, announce, children }: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p id={hintId(id)} className="field-hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId(id)} errors={errors} announce={announce} />
    </div>
  );
}

export type Control<Props> = Omit<Props, "id"> & { id: string };

export function SelectField({
  selectProps,
  children,
  ...shell
}: FieldShell & { selectProps: Control<SelectHTMLAttributes<HTMLSelectElement>>; children: ReactNode }) {
  const { id } = selectProps;
  return (
    <Shell id={id} {...shell}>
      <select
        {...selectProps}
        {...describedBy(id, { errors: shell.errors, hint: Boolean(shell.hint), extra: selectProps["aria-describedby"] })}
      >
        {children}
      </select>
    </Shell>
  );
}
