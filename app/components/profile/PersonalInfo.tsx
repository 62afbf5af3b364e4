/** 'Información personal': name, e-mail and phone; a new e-mail needs the current password. */
import { Form, useLocation } from "react-router";
import { Field, FormError } from "#app/components/forms.tsx";
import { EmailField, NameField, PhoneField } from "#app/components/ContactFields.tsx";
import { firstFieldAtFault, type FormFailure } from "#domain/form-failure.ts";
import { tabUrl, useBusy } from "./tabs";

export function PersonalInfo({
  profile,
  failure,
}: {
  profile: { name: string; email: string; phone: string | null };
  /** A refused post of this form. */
  failure: FormFailure | undefined;
}) {
  const location = useLocation();
  const busy = useBusy("update-profile");
  const errors = failure?.fieldErrors ?? {};
  const values = failure?.values;
  const focus = firstFieldAtFault(failure);
  return (
    <>
      <h2 id="perfil-panel-titulo">Información personal</h2>
      <Form method="post" action={tabUrl("informacion")} className="profile-form" key={location.key}>
        <input type="hidden" name="intent" value="update-profile" />
        <NameField id="perfil-nombre" errors={errors.name} defaultValue={values?.name ?? profile.name} autoFocus={focus === "name"} />
        <EmailField id="perfil-email" errors={errors.email} defaultValue={values?.email ?? profile.email} autoFocus={focus === "email"} />
        <PhoneField
          id="perfil-telefono"
          errors={errors.phone}
          defaultValue={values?.phone ?? profile.phone ?? ""}
          autoFocus={focus === "phone"}
        />
        <Field
          label="Contraseña actual (necesaria para cambiar el correo)"
          errors={errors.currentPassword}
          inputProps={{
            id: "perfil-contrasena-actual",
            name: "currentPassword",
            type: "password",
            maxLength: 200,
            autoComplete: "current-password",
            autoFocus: focus === "currentPassword",
          }}
        />
        <FormError id="perfil-info-error" message={failure?.formError} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Guardando..." : "Guardar cambios"}
        </button>
      </Form>
    </>
  );
}
