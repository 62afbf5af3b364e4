import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { Honeypot } from "#app/components/Honeypot.tsx";
import { HONEYPOT_FIELD } from "#domain/forms.ts";
import { enteredValues, tryReadForm } from "#app/lib/form.server.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { firstMessage, forgotPasswordSchema, formInput } from "#server/accounts/forms.ts";
import { RESET_MESSAGES } from "#domain/messages.ts";
import { requestPasswordReset } from "#server/accounts/password-reset.server.ts";
import { allowAuthAttempt } from "#server/accounts/rate-limit.server.ts";
import { RATE_LIMIT_MESSAGE } from "#domain/messages.ts";

/**
 * 'Forgot password' (SPEC §2): the reply is the same whether or not the e-mail
 * has an account; a link valid one hour goes out by e-mail when it has one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await tryReadForm(request);
  if (!form) return data({ sent: false as const, error: RESET_MESSAGES.forgotFallback, email: "" }, { status: 400 });
  const typed = enteredValues(form, ["email"], 254).email;
  const parsed = forgotPasswordSchema.safeParse(formInput(forgotPasswordSchema, form));
  if (!parsed.success) return data({ sent: false as const, error: firstMessage(parsed.error), email: typed }, { status: 400 });
  const email = parsed.data.email;
  const allowed = await allowAuthAttempt(context.db, { mode: "forgot", ip: context.clientIp, email }, context.config.RATE_LIMIT_FACTOR);
  if (!allowed) return data({ sent: false as const, error: RATE_LIMIT_MESSAGE, email: typed }, { status: 429 });
  // A filled honeypot gets the same reply, and nothing is sent.
  if (!form.get(HONEYPOT_FIELD)) await requestPasswordReset(context.db, email, siteOrigin(request, context));
  return { sent: true as const, error: null, email };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Recuperar contraseña",
    description: "Recibe un enlace para crear una nueva contraseña.",
    path: "/forgot-password",
    origin: originFrom(matches),
    noindex: true,
  });

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (actionData?.sent) {
    return (
      <section className="auth-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title">Revisa tu correo</h1>
        <p role="status">
          Si existe una cuenta con <strong>{actionData.email}</strong>, te enviamos un enlace para restablecer tu contraseña. Revisa tu
          bandeja de entrada y la carpeta de spam. El enlace es válido durante 1 hora.
        </p>
        <Link to="/login" className="button button-primary button-block">
          Volver a Iniciar Sesión
        </Link>
        <Link to="/forgot-password" className="button button-block">
          Intentar con otro correo
        </Link>
        <p>
          ¿No tienes cuenta? <Link to="/registro">Crear Cuenta</Link>
        </p>
      </section>
    );
  }
  const error = actionData && !busy ? actionData.error : null;
  return (
    <section className="auth-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">¿Olvidaste tu contraseña?</h1>
      <p>Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.</p>
      <Form method="post" className="auth-form">
        <Honeypot />
        <div className="field">
          <label htmlFor="email">Correo electrónico</label>
          <input
            id="email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            defaultValue={actionData?.email}
            aria-describedby={error ? "forgot-error" : undefined}
          />
        </div>
        {error ? (
          <p className="form-error" role="alert" id="forgot-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? "Enviando..." : "Enviar enlace"}
        </button>
      </Form>
      <p>
        <Link to="/login">Volver a Iniciar Sesión</Link>
      </p>
      <p>
        ¿No tienes cuenta? <Link to="/registro">Crear Cuenta</Link>
      </p>
    </section>
  );
}
