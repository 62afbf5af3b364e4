import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { Honeypot } from "#app/components/Honeypot.tsx";
import { FormError, useFocusOnRefusal } from "#app/components/forms.tsx";
import { EmailField } from "#app/components/ContactFields.tsx";
import { HONEYPOT_FIELD } from "#domain/forms.ts";
import { failureFor, failureOf, type FormFailure } from "#domain/form-failure.ts";
import { RATE_LIMIT_MESSAGE, RESET_MESSAGES } from "#domain/messages.ts";
import { enteredValues, formInput, parseForm, refuse, tryReadForm } from "#app/lib/form.server.ts";
import { siteOrigin } from "#app/lib/root-data.server.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";
import { forgotPasswordSchema } from "#server/accounts/forms.ts";
import { requestPasswordReset } from "#server/accounts/password-reset.server.ts";
import { allowAuthAttempt } from "#server/accounts/rate-limit.server.ts";

/**
 * 'Forgot password' (docs/requirements.md#accounts-and-sessions): the reply is the same whether or
 * not the e-mail has an account; a link valid one hour goes out by e-mail when it has one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await tryReadForm(request);
  if (!form) return refuse(failureOf(RESET_MESSAGES.forgotFallback));
  const values = enteredValues(form, ["email"], 254);
  const parsed = parseForm(forgotPasswordSchema, formInput(forgotPasswordSchema, form), { values });
  if (!parsed.ok) return refuse(parsed.failure);
  const email = parsed.value.email;
  const allowed = await allowAuthAttempt(context.db, { mode: "forgot", ip: context.clientIp, email }, context.config.RATE_LIMIT_FACTOR);
  if (!allowed) return refuse(failureOf(RATE_LIMIT_MESSAGE, { values }), 429);
  // A filled honeypot gets the same reply, and nothing is sent.
  if (!form.get(HONEYPOT_FIELD)) await requestPasswordReset(context.db, email, siteOrigin(request, context));
  return { sent: true as const, email };
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
  if (actionData && "sent" in actionData) {
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
  return (
    <section className="auth-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">¿Olvidaste tu contraseña?</h1>
      <p>Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.</p>
      <RequestForm busy={busy} answer={failureFor(actionData)} />
      <p>
        <Link to="/login">Volver a Iniciar Sesión</Link>
      </p>
      <p>
        ¿No tienes cuenta? <Link to="/registro">Crear Cuenta</Link>
      </p>
    </section>
  );
}

/** The e-mail to send the link to; a refused one keeps what was typed and takes the focus. */
function RequestForm({ busy, answer }: { busy: boolean; answer: FormFailure | undefined }) {
  const failure = busy ? undefined : answer;
  const formRef = useFocusOnRefusal(failure);
  return (
    <Form method="post" className="auth-form" ref={formRef}>
      <Honeypot />
      <EmailField
        id="email"
        errors={failure?.fieldErrors.email}
        defaultValue={answer?.values.email}
        autoFocus={Boolean(failure?.fieldErrors.email)}
      />
      <FormError message={failure?.formError} />
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? "Enviando..." : "Enviar enlace"}
      </button>
    </Form>
  );
}
