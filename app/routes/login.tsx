import { Form, Link, data, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { authenticate, getUser, parseAuthForm, signIn, type AuthMode } from "#server/accounts/auth.server.ts";
import { Honeypot } from "#app/components/Honeypot.tsx";
import { AccountError } from "#server/accounts/users.server.ts";
import { allowAuthAttempt } from "#server/accounts/rate-limit.server.ts";
import { RATE_LIMIT_MESSAGE } from "#domain/messages.ts";
import { safeRedirectPath } from "#domain/safe-redirect.ts";
import { enteredValues, tryReadForm } from "#app/lib/form.server.ts";
import { originFrom, pageMeta } from "#app/lib/seo.ts";

/** One screen for both: the mode follows the path (SPEC §2). */
function modeOf(pathname: string): AuthMode {
  return pathname.startsWith("/registro") ? "register" : "login";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await getUser(request, context)) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo"), "/"));
  return { redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), "/") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const mode = modeOf(url.pathname);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "/");
  // remix-auth reads the body itself; one copy is read here to check it and to show the fields back.
  const form = await tryReadForm(request.clone());
  const fields = enteredValues(form ?? new FormData(), ["name", "email", "phone"], 254);
  try {
    // Invalid input is refused before anything is written, rate-limit counters included.
    const input = parseAuthForm(mode, form);
    const allowed = await allowAuthAttempt(
      context.db,
      { mode, ip: context.clientIp, email: input.email },
      context.config.RATE_LIMIT_FACTOR,
    );
    if (!allowed) return data({ error: RATE_LIMIT_MESSAGE, fields }, { status: 429 });
    const user = await authenticate(mode, request, context);
    return await signIn(request, context, user, redirectTo);
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    return data({ error: error.message, fields }, { status: error.status });
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
  // The mode follows the path and an error from the other mode is not shown (SPEC §2).
  const error = actionData && navigation.state === "idle" ? actionData.error : null;
  const fields = actionData?.fields;
  return (
    <section className="auth-card" aria-labelledby="auth-title">
      <h1 id="auth-title">{register ? "Crear Cuenta" : "Iniciar Sesión"}</h1>
      <Form
        method="post"
        action={pathname + (loaderData.redirectTo !== "/" ? `?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "")}
        className="auth-form"
        key={pathname}
      >
        <Honeypot />
        {register ? (
          <div className="field">
            <label htmlFor="name">Nombre</label>
            <input id="name" name="name" type="text" required maxLength={100} autoComplete="name" defaultValue={fields?.name} />
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="email">Correo electrónico</label>
          <input id="email" name="email" type="email" required maxLength={254} autoComplete="email" defaultValue={fields?.email} />
        </div>
        {register ? (
          <div className="field">
            <label htmlFor="phone">Teléfono (opcional)</label>
            <input
              id="phone"
              name="phone"
              type="tel"
              inputMode="numeric"
              placeholder="10 dígitos"
              pattern="\d{10}"
              maxLength={10}
              autoComplete="tel-national"
              defaultValue={fields?.phone}
            />
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="password">Contraseña</label>
          <input
            id="password"
            name="password"
            type="password"
            required
            minLength={6}
            maxLength={72}
            autoComplete={register ? "new-password" : "current-password"}
          />
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
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
