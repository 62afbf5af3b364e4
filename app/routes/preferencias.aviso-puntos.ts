import { redirect } from "react-router";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { readForm } from "~/lib/form.server";
import { bannerClosedSetCookie } from "~/lib/banner-cookie.server";
import type { Route } from "./+types/preferencias.aviso-puntos";

/** No-JS close of the loyalty banner: remember it in a cookie and go back. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return redirect(safeRedirectPath(form.get("redirectTo"), "/productos"), {
    status: 303,
    headers: { "Set-Cookie": bannerClosedSetCookie(context.config.secureCookies) },
  });
}

export function loader() {
  return redirect("/productos");
}
