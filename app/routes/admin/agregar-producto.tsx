import type { Route } from "./+types/agregar-producto";
import { requireAdmin } from "#server/accounts/auth.server.ts";

// Scaffold: replaced by the screen's own module in this issue.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function Screen() {
  return <h2>agregar-producto</h2>;
}
