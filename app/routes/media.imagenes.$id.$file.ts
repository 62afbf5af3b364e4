// Scaffold: the gallery's image responses (server/images) replace this in this issue.
export function loader() {
  throw new Response("No encontrado", { status: 404 });
}
