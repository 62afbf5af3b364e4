/**
 * The shop's one set of form fields (docs/architecture.md, "Forms"). Each field
 * is a label, its control, an optional hint and every error message of that
 * field; the control points at the hint and the errors (aria-describedby) and
 * says it is invalid (aria-invalid). Ids: the control's `id`, its hint
 * `{id}-ayuda`, its errors `{id}-error`. A form's own message (not one field's)
 * is a FormError, once, above the submit button.
 */
import { useEffect, useRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import type { FormFailure } from "#domain/form-failure.ts";
import { ErrorList, Shell, describedBy, errorId, hintId, type Control, type FieldShell } from "./form-parts";

export { ErrorList, FormError, SelectField, describedBy, errorId, hintId } from "./form-parts";

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
