/**
 * The checkout's contact (docs/requirements.md#checkout): name, e-mail and a 10-digit phone, all
 * required (a customer's prefilled from the profile), and the optional WhatsApp
 * notifications; each field's messages next to it.
 */
import type { FieldErrors } from "#domain/form-failure.ts";
import { CheckboxField, Field } from "#app/components/forms.tsx";

export function ContactSection({
  values,
  contact,
  fieldErrors,
  firstError,
}: {
  /** What was posted (a refused form's), else nothing. */
  values: Partial<Record<string, string>>;
  /** The signed-in customer's contact (the defaults). */
  contact: { name: string; email: string; phone: string };
  fieldErrors: FieldErrors;
  firstError: string | null;
}) {
  return (
    <fieldset className="checkout-section">
      <legend>Información de contacto</legend>
      <Field
        label="Nombre completo"
        errors={fieldErrors.name}
        inputProps={{
          id: "checkout-nombre",
          name: "name",
          type: "text",
          required: true,
          maxLength: 100,
          autoComplete: "name",
          defaultValue: values.name ?? contact.name,
          autoFocus: firstError === "name",
        }}
      />
      <Field
        label="Correo electrónico"
        errors={fieldErrors.email}
        inputProps={{
          id: "checkout-email",
          name: "email",
          type: "email",
          required: true,
          maxLength: 254,
          autoComplete: "email",
          defaultValue: values.email ?? contact.email,
          autoFocus: firstError === "email",
        }}
      />
      <Field
        label="Teléfono"
        errors={fieldErrors.phone}
        inputProps={{
          id: "checkout-telefono",
          name: "phone",
          type: "tel",
          inputMode: "numeric",
          required: true,
          placeholder: "10 dígitos",
          maxLength: 14,
          autoComplete: "tel-national",
          defaultValue: values.phone ?? contact.phone,
          autoFocus: firstError === "phone",
        }}
      />
      <CheckboxField
        label="Quiero recibir notificaciones de mi pedido por WhatsApp (opcional)"
        inputProps={{ id: "checkout-whatsapp", name: "whatsappNotifications", defaultChecked: values.whatsappNotifications === "on" }}
      />
    </fieldset>
  );
}
