import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { authenticate, getUser, signIn, type AuthMode, type AuthRequest } from "#server/accounts/auth.server.ts";
import { loginSchema, registerSchema } from "#server/accounts/forms.ts";
import { allowAuthAttempt } from "#server/accounts/rate-limit.server.ts";
import { Honeypot } from "#app/components/Honeypot.tsx";
import { Field, FormError, useFocusOnRefusal } from "#app/components/forms.tsx";
import { EmailField, NameField, PhoneField } from "#app/components/ContactFields.tsx";
import { AUTH_MESSAGES, RATE_LIMIT_MESSAGE } from "#domain/messages.ts";
import { HONEYPOT_FIELD, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#domain/forms.ts";
import { failureFor, failureOf, firstFieldAtFault, type FormFailure } from "#domain/form-failure.ts";
import { ok, type Result } from "#domain/result.ts";
import { safeRedirectPath, signInDestination } from "#domain/safe-redirect.ts";
import { welcomeSetCookie } from "#app/lib/welcome-cookie.server.ts";
import { enteredValues, formInput, parseForm, refuse, refuseShopError, tryReadForm } from "#app/lib/form.server.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";

/** One screen for both: the mode follows the path (docs/requirements.md#accounts-and-sessions). */
function modeOf(pathname: string): AuthMode {
  return pathname.startsWith("/registro") ? "register" : "login";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await getUser(request, context);
  if (user) throw redirect(signInDestination(url.searchParams.get("redirectTo"), user.role));
  return { redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), "/") };
}

/** The login or registration form, parsed: every field's message when refused. */
function parseAuthForm(mode: AuthMode, form: FormData, values: Record<string, string>): Result<AuthRequest, FormFailure> {
  if (mode === "login") {
    const parsed = parseForm(loginSchema, formInput(loginSchema, form), { values });
    return parsed.ok ? ok({ mode, input: parsed.value }) : parsed;
  }
  const parsed = parseForm(registerSchema, formInput(registerSchema, form), { values });
  return parsed.ok ? ok({ mode, input: parsed.value }) : parsed;
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const mode = modeOf(url.pathname);
  // remix-auth reads the body itself; one copy is read here to check it and to show the fields back.
  const form = await tryReadForm(request.clone());
  const values = enteredValues(form ?? new FormData(), ["name", "email", "phone"], 254);
  // Invalid input is refused before anything is written, rate-limit counters included.
  if (!form || form.get(HONEYPOT_FIELD)) return refuse(failureOf(AUTH_MESSAGES.fallback, { values }));
  const parsed = parseAuthForm(mode, form, values);
  if (!parsed.ok) return refuse(parsed.failure);
  const allowed = await allowAuthAttempt(
    context.db,
    { mode, ip: context.clientIp, email: parsed.value.input.email },
    context.config.RATE_LIMIT_FACTOR,
  );
  if (!allowed) return refuse(failureOf(RATE_LIMIT_MESSAGE, { values }), 429);
  try {
    const user = await authenticate(parsed.value, request, context);
    // An admin lands on /admin unless the sign-in was asked with a page of its own.
    const response = await signIn(request, context, user, signInDestination(url.searchParams.get("redirectTo"), user.role));
    // A new customer is welcomed on the page they were going to (app/lib/welcome-cookie.server.ts).
    if (mode === "register") response.headers.append("Set-Cookie", await welcomeSetCookie(context, user.id));
    return response;
  } catch (error) {
    return refuseShopError(error, { values });
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const register = modeOf(location.pathname) === "register";
  return pageMeta({
    title: register ? "Crear Cuenta" : "Iniciar Sesión",
    description: register ? "Crea tu cuenta y gana el 1% de tus compras en puntos." : "Inicia sesión en tu cuenta.",
    path: register ? "/registro" : "/login",
    origin: originFrom(matches),
  });
};

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const register = modeOf(pathname) === "register";
  const busy = navigation.state === "submitting";
  // The mode follows the path and an error from the other mode is not shown (docs/requirements.md#accounts-and-sessions).
  const failure = navigation.state === "idle" ? failureFor(actionData) : undefined;
  const errors = failure?.fieldErrors ?? {};
  const values = failure?.values ?? {};
  const focus = firstFieldAtFault(failure);
  const formRef = useFocusOnRefusal(failure);
  return (
    <section className="auth-card" aria-labelledby="auth-title">
      <h1 id="auth-title">{register ? "Crear Cuenta" : "Iniciar Sesión"}</h1>
      <Form
        method="post"
        action={pathname + (loaderData.redirectTo !== "/" ? `?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "")}
        className="auth-form"
        key={pathname}
        ref={formRef}
      >
        <Honeypot />
        {register ? <NameField id="name" errors={errors.name} defaultValue={values.name} autoFocus={focus === "name"} /> : null}
        <EmailField id="email" errors={errors.email} defaultValue={values.email} autoFocus={focus === "email"} />
        {register ? <PhoneField id="phone" errors={errors.phone} defaultValue={values.phone} autoFocus={focus === "phone"} /> : null}
        <Field
          label="Contraseña"
          hint={register ? AUTH_MESSAGES.passwordHint : undefined}
          errors={errors.password}
          inputProps={{
            id: "password",
            name: "password",
            type: "password",
            required: true,
            minLength: PASSWORD_MIN_LENGTH,
            maxLength: PASSWORD_MAX_LENGTH,
            autoComplete: register ? "new-password" : "current-password",
            autoFocus: focus === "password",
          }}
        />
        <FormError message={failure?.formError} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? "Procesando..." : register ? "Crear Cuenta" : "Iniciar Sesión"}
        </button>
      </Form>
      <p>
        <Link to="/forgot-password">¿Olvidaste tu contraseña?</Link>
      </p>
      <p>
        {register ? "¿Ya tienes cuenta? " : "¿No tienes cuenta? "}
        <Link to={register ? "/login" : "/registro"}>{register ? "Iniciar Sesión" : "Crear Cuenta"}</Link>
      </p>
    </section>
  );
}
