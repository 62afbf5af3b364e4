import { useEffect, useState } from "react";
import { Form, Link, data, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { Field, FormError, useFocusOnRefusal } from "#app/components/forms.tsx";
import { failureFor, failureOf, firstFieldAtFault, type FormFailure } from "#domain/form-failure.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#domain/forms.ts";
import { RATE_LIMIT_MESSAGE, RESET_MESSAGES } from "#domain/messages.ts";
import { formInput, parseForm, refuse, refuseShopError, tryReadForm } from "#app/lib/form.server.ts";
import { privatePageHeaders } from "#app/lib/private-page.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { startSession } from "#server/accounts/auth.server.ts";
import { resetPasswordSchema } from "#server/accounts/forms.ts";
import { findResetTokenUser, resetPassword } from "#server/accounts/password-reset.server.ts";
import { allowAuthAttempt } from "#server/accounts/rate-limit.server.ts";

const REDIRECT_SECONDS = 3;

/**
 * The token is a secret: the page is never cached. (Other sites never see it as
 * a referrer: the shop-wide Referrer-Policy, strict-origin-when-cross-origin,
 * sends them the origin only.)
 */
export const headers = privatePageHeaders;

/** The token is validated on load (docs/requirements.md#accounts-and-sessions): invalid or valid form, then done. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await findResetTokenUser(context.db, params.token);
  if (!user) return data({ valid: false as const, name: null }, { status: 400 });
  return { valid: true as const, name: user.name };
}

/** The link itself is refused (unknown, expired, used): its message is the `token` field's, and the page offers a new link. */
const TOKEN_FIELD = "token";

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await tryReadForm(request);
  if (!form) return refuse(failureOf(RESET_MESSAGES.resetFallback));
  const allowed = await allowAuthAttempt(context.db, { mode: "reset", ip: context.clientIp }, context.config.RATE_LIMIT_FACTOR);
  if (!allowed) return refuse(failureOf(RATE_LIMIT_MESSAGE), 429);
  const parsed = parseForm(resetPasswordSchema, formInput(resetPasswordSchema, form));
  if (!parsed.ok) return refuse(parsed.failure);
  try {
    const user = await resetPassword(context.db, params.token, parsed.value.newPassword);
    return data({ done: true as const }, { headers: await startSession(request, context, user) });
  } catch (error) {
    return refuseShopError(error);
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Restablecer contraseña",
    description: "Crea una nueva contraseña para tu cuenta.",
    path: "/reset-password",
    noindex: true,
  });

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData && "done" in actionData) return <ResetDone />;
  const failure = failureFor(actionData);
  const tokenRefused = failure?.fieldErrors[TOKEN_FIELD]?.[0];
  if (!loaderData.valid || tokenRefused) return <InvalidToken message={tokenRefused ?? null} />;
  return <ResetForm name={loaderData.name} failure={failure} />;
}

function InvalidToken({ message }: { message: string | null }) {
  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">Enlace no válido</h1>
      <p className="form-error" role="alert">
        {message ?? RESET_MESSAGES.tokenInvalid}
      </p>
      <p>El enlace para restablecer tu contraseña expiró, ya se usó o no es correcto. Solicita uno nuevo.</p>
      <Link to="/forgot-password" className="button button-primary button-block">
        Solicitar nuevo enlace
      </Link>
    </section>
  );
}

function ResetDone() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/"), REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <section className="auth-card" aria-labelledby="reset-title">
      {/* Without JavaScript the browser follows this after 3 seconds; with it, the timer above does. */}
      {hydrated ? null : <meta httpEquiv="refresh" content={`${REDIRECT_SECONDS};url=/`} />}
      <h1 id="reset-title">¡Contraseña actualizada!</h1>
      <p role="status">
        Tu contraseña se cambió correctamente y ya iniciaste sesión. Te llevaremos al inicio en {REDIRECT_SECONDS} segundos.
      </p>
      <Link to="/" className="button button-primary button-block">
        Ir al inicio
      </Link>
    </section>
  );
}

function ResetForm({ name, failure: refused }: { name: string; failure: FormFailure | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [shown, setShown] = useState({ password: false, confirm: false });
  const longEnough = password.length >= PASSWORD_MIN_LENGTH;
  const matching = password.length > 0 && password === confirm;
  const failure = busy ? undefined : refused;
  const focus = firstFieldAtFault(failure);
  const formRef = useFocusOnRefusal(failure);
  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">Restablecer contraseña</h1>
      <p>
        Hola, <strong>{name}</strong>. Escribe tu nueva contraseña.
      </p>
      {/* noValidate: the server's Spanish messages, not the browser's, answer a no-JS submit. */}
      <Form method="post" className="auth-form" replace noValidate ref={formRef}>
        <PasswordField
          id="newPassword"
          label="Nueva contraseña"
          value={password}
          onChange={setPassword}
          shown={shown.password}
          onToggle={() => setShown((s) => ({ ...s, password: !s.password }))}
          hydrated={hydrated}
          describedBy="hint-length"
          errors={failure?.fieldErrors.newPassword}
          autoFocus={focus === "newPassword"}
        />
        <PasswordField
          id="confirmPassword"
          label="Confirmar contraseña"
          value={confirm}
          onChange={setConfirm}
          shown={shown.confirm}
          onToggle={() => setShown((s) => ({ ...s, confirm: !s.confirm }))}
          hydrated={hydrated}
          describedBy="hint-match"
          errors={failure?.fieldErrors.confirmPassword}
          autoFocus={focus === "confirmPassword"}
        />
        <ul className="password-hints" aria-live="polite">
          <li id="hint-length" className={hydrated ? (longEnough ? "hint-ok" : "hint-pending") : undefined}>
            {hydrated && longEnough ? "✓ " : ""}Mínimo 6 caracteres
          </li>
          {hydrated && confirm.length > 0 ? (
            <li id="hint-match" className={matching ? "hint-ok" : "hint-bad"}>
              {matching ? "✓ Las contraseñas coinciden" : RESET_MESSAGES.passwordsDontMatch}
            </li>
          ) : (
            <li id="hint-match">Ambas contraseñas deben coincidir</li>
          )}
        </ul>
        <FormError message={failure?.formError} />
        <button type="submit" className="button button-primary button-block" disabled={busy || (hydrated && !matching)}>
          {busy ? "Guardando..." : "Cambiar contraseña"}
        </button>
      </Form>
    </section>
  );
}

/** A new password's field, with a show/hide toggle once JavaScript runs (laid out by `.password-input` in app.css). */
function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  shown: boolean;
  onToggle: () => void;
  hydrated: boolean;
  describedBy: string;
  errors: readonly string[] | undefined;
  autoFocus: boolean;
}) {
  return (
    <div className="password-input">
      <Field
        label={props.label}
        errors={props.errors}
        inputProps={{
          id: props.id,
          name: props.id,
          type: props.shown ? "text" : "password",
          required: true,
          minLength: PASSWORD_MIN_LENGTH,
          maxLength: PASSWORD_MAX_LENGTH,
          autoComplete: "new-password",
          value: props.value,
          onChange: (event) => props.onChange(event.target.value),
          "aria-describedby": props.describedBy,
          autoFocus: props.autoFocus,
        }}
      />
      {props.hydrated ? (
        <button type="button" className="password-toggle" onClick={props.onToggle} aria-pressed={props.shown} aria-controls={props.id}>
          {props.shown ? "Ocultar" : "Mostrar"}
          <span className="visually-hidden"> {props.label.toLowerCase()}</span>
        </button>
      ) : null}
    </div>
  );
}
