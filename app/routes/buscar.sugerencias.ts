import type { Route } from "./+types/buscar.sugerencias";
import { MAX_SEARCH_LENGTH } from "#domain/product-query.ts";
import { SUGGESTIONS_TOO_LONG, suggestionQuery, type SuggestionsAnswer } from "#domain/search-suggestions.ts";
import { searchSuggestions } from "#server/catalog/suggestions.server.ts";

/**
 * Search as you type (docs/requirements.md#catalogue): `?q=` answers JSON with a few products in
 * the shop matching it as the list's search would. The answer is the same for everyone, so
 * browsers and proxies may keep it a minute. A query longer than the search box takes is a 400.
 */
const PUBLIC_MINUTE = "public, max-age=60";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = suggestionQuery(new URL(request.url).searchParams.get("q") ?? "");
  if (query.length > MAX_SEARCH_LENGTH) {
    const refused: SuggestionsAnswer = { suggestions: [], error: SUGGESTIONS_TOO_LONG };
    return Response.json(refused, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const answer: SuggestionsAnswer = { suggestions: await searchSuggestions(context.db, query) };
  return Response.json(answer, { headers: { "Cache-Control": PUBLIC_MINUTE } });
}
