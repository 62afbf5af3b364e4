/**
 * The shop's one set of form fields (docs/architecture.md, "Forms"). Each field
 * is a label, its control, an optional hint and every error message of that
 * field; the control points at the hint and the errors (aria-describedby) and
 * says it is invalid (aria-invalid). Ids: the control's `id`, its hint
 * `{id}-ayuda`, its errors `{id}-error`. A form's own message (not one field's)
 * is a FormError, once, above the submit button.
 */
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import type { FormFailure } from "#domain/form-failure.ts";

export const hintId = (id: string) => `${id}-ayuda`;
export const errorId = (id: string) => `${id}-error`;

type Errors = readonly string[] | null | undefined;

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

interface FieldShell {
  label: ReactNode;
  hint?: ReactNode;
  errors?: Errors;
  className?: string;
  /** The errors are announced when they appear (ErrorList). */
  announce?: boolean;
}

function Shell({ id, label, hint, errors, className, announce, children }: FieldShell & { id: string; children: ReactNode }) {
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

type Control<Props> = Omit<Props, "id"> & { id: string };

export function Field({ inputProps, ...shell }: FieldShell & { inputProps: Control<InputHTMLAttributes<HTMLInputElement>> }) {
  const { id } = inputProps;
  return (
    <Shell id={id} {...shell}>
      <input
        {...inputProps}
        {...describedBy(id, { errors: shell.errors, hint: Boolean(shell.hint), extra: inputProps["aria-describedby"] })}
      />
    </Shell>
  );
}

export function TextareaField({
  textareaProps,
  ...shell
}: FieldShell & { textareaProps: Control<TextareaHTMLAttributes<HTMLTextAreaElement>> }) {
  const { id } = textareaProps;
  return (
    <Shell id={id} {...shell}>
      <textarea
        {...textareaProps}
        {...describedBy(id, { errors: shell.errors, hint: Boolean(shell.hint), extra: textareaProps["aria-describedby"] })}
      />
    </Shell>
  );
}

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

/** A checkbox before its label (the label's whole line is the tap target). */
export function CheckboxField({
  inputProps,
  label,
  hint,
  errors,
  className,
}: FieldShell & { inputProps: Control<Omit<InputHTMLAttributes<HTMLInputElement>, "type">> }) {
  const { id } = inputProps;
  return (
    <div className={className ? `checkbox-field ${className}` : "checkbox-field"}>
      <input type="checkbox" {...inputProps} {...describedBy(id, { errors, hint: Boolean(hint), extra: inputProps["aria-describedby"] })} />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId(id)} className="field-hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId(id)} errors={errors} />
    </div>
  );
}

/**
 * After a refused post the focus goes to the first field at fault, so a screen
 * reader reads its label and message. Without JavaScript the page is new and
 * the field's autoFocus does it; with JavaScript the form stays on the page, so
 * this does it when a new failure arrives. Give the returned ref to the form.
 */
export function useFocusOnRefusal(failure: FormFailure | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!failure) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);
  return formRef;
}
