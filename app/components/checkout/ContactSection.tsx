/**
 * The checkout's contact (docs/requirements.md#checkout): name, e-mail and a 10-digit phone, all
 * required (a customer's prefilled from the profile), and the optional WhatsApp
 * notifications; each field's messages next to it.
 */
import type { FieldErrors } from "#domain/form-failure.ts";
import { CheckboxField } from "#app/components/forms.tsx";
import { EmailField, NameField, PhoneField } from "#app/components/ContactFields.tsx";

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
      <NameField
        id="checkout-nombre"
        label="Nombre completo"
        errors={fieldErrors.name}
        defaultValue={values.name ?? contact.name}
        autoFocus={firstError === "name"}
      />
      <EmailField
        id="checkout-email"
        errors={fieldErrors.email}
        defaultValue={values.email ?? contact.email}
        autoFocus={firstError === "email"}
      />
      <PhoneField
        id="checkout-telefono"
        required
        errors={fieldErrors.phone}
        defaultValue={values.phone ?? contact.phone}
        autoFocus={firstError === "phone"}
      />
      <CheckboxField
        label="Quiero recibir notificaciones de mi pedido por WhatsApp (opcional)"
        inputProps={{ id: "checkout-whatsapp", name: "whatsappNotifications", defaultChecked: values.whatsappNotifications === "on" }}
      />
    </fieldset>
  );
}
