/**
 * A person's name, e-mail and phone, drawn the same wherever the shop asks for
 * them (registration, forgot password, the profile, the checkout), with the
 * limits the server's schemas apply (server/accounts/forms.ts).
 */
import { Field } from "#app/components/forms.tsx";

interface PersonFieldProps {
  id: string;
  defaultValue?: string | null;
  errors?: readonly string[];
  autoFocus?: boolean;
  label?: string;
  required?: boolean;
}

export function NameField({ id, defaultValue, errors, autoFocus, label = "Nombre" }: PersonFieldProps) {
  return (
    <Field
      label={label}
      errors={errors}
      inputProps={{
        id,
        name: "name",
        type: "text",
        required: true,
        maxLength: 100,
        autoComplete: "name",
        defaultValue: defaultValue ?? "",
        autoFocus,
      }}
    />
  );
}

export function EmailField({ id, defaultValue, errors, autoFocus, label = "Correo electrónico" }: PersonFieldProps) {
  return (
    <Field
      label={label}
      errors={errors}
      inputProps={{
        id,
        name: "email",
        type: "email",
        required: true,
        maxLength: 254,
        autoComplete: "email",
        defaultValue: defaultValue ?? "",
        autoFocus,
      }}
    />
  );
}

/** Ten digits; spaces, dashes and parentheses are allowed as typed (the server drops them). */
export function PhoneField({ id, defaultValue, errors, autoFocus, required = false, label }: PersonFieldProps) {
  return (
    <Field
      label={label ?? (required ? "Teléfono" : "Teléfono (opcional)")}
      errors={errors}
      inputProps={{
        id,
        name: "phone",
        type: "tel",
        inputMode: "numeric",
        required,
        placeholder: "10 dígitos",
        maxLength: 14,
        autoComplete: "tel-national",
        defaultValue: defaultValue ?? "",
        autoFocus,
      }}
    />
  );
}
