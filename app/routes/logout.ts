import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "#server/accounts/auth.server.ts";

/** 'Cerrar Sesión': deletes the session and goes home. */
export async function action({ request, context }: Route.ActionArgs) {
  return signOut(request, context);
}

export function loader() {
  return redirect("/");
}
