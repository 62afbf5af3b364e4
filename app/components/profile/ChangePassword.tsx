/** 'Cambiar contraseña': the current one, then the new one twice. */
import { Form, useLocation } from "react-router";
import { Field, FormError } from "#app/components/forms.tsx";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#domain/forms.ts";
import { firstFieldAtFault, type FormFailure } from "#domain/form-failure.ts";
import { tabUrl, useBusy } from "./tabs";

export function ChangePassword({ failure }: { failure: FormFailure | undefined }) {
  const location = useLocation();
  const busy = useBusy("change-password");
  const errors = failure?.fieldErrors ?? {};
  const focus = firstFieldAtFault(failure);
  const newPassword = { type: "password", required: true, minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH } as const;
  return (
    <>
      <h2 id="perfil-panel-titulo">Cambiar contraseña</h2>
      <p className="profile-hint">Al cambiarla se cerrará tu sesión en los demás dispositivos.</p>
      <Form method="post" action={tabUrl("contrasena")} className="profile-form" key={location.key}>
        <input type="hidden" name="intent" value="change-password" />
        <Field
          label="Contraseña actual"
          errors={errors.currentPassword}
          inputProps={{
            id: "contrasena-actual",
            name: "currentPassword",
            type: "password",
            required: true,
            maxLength: 200,
            autoComplete: "current-password",
            autoFocus: focus === "currentPassword",
          }}
        />
        <Field
          label="Nueva contraseña"
          hint="Mínimo 6 caracteres."
          errors={errors.newPassword}
          inputProps={{
            id: "contrasena-nueva",
            name: "newPassword",
            ...newPassword,
            autoComplete: "new-password",
            autoFocus: focus === "newPassword",
          }}
        />
        <Field
          label="Confirmar nueva contraseña"
          errors={errors.confirmPassword}
          inputProps={{
            id: "contrasena-confirmar",
            name: "confirmPassword",
            ...newPassword,
            autoComplete: "new-password",
            autoFocus: focus === "confirmPassword",
          }}
        />
        <FormError id="perfil-contrasena-error" message={failure?.formError} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Guardando..." : "Cambiar contraseña"}
        </button>
      </Form>
    </>
  );
}
