import { redirect } from "react-router";
import { safeRedirectPath } from "#domain/safe-redirect.ts";
import { failureOf } from "#domain/form-failure.ts";
import { PROFILE_MESSAGES } from "#domain/messages.ts";
import { refuse, tryReadForm } from "#app/lib/form.server.ts";
import { bannerClosedSetCookie } from "#app/lib/banner-cookie.server.ts";
import type { Route } from "./+types/preferencias.aviso-puntos";

/** No-JS close of the loyalty banner: remember it in a cookie and go back. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await tryReadForm(request);
  if (!form) return refuse(failureOf(PROFILE_MESSAGES.invalidRequest));
  return redirect(safeRedirectPath(form.get("redirectTo"), "/productos"), {
    status: 303,
    headers: { "Set-Cookie": bannerClosedSetCookie(context.config.secureCookies) },
  });
}

export function loader() {
  return redirect("/productos");
}
