/**
 * Search as you type (docs/requirements.md#catalogue): the header's search box asks
 * SUGGESTIONS_PATH for a few products as the shopper types. Shared by the route, its query
 * (server/catalog/suggestions.server.ts) and the box (app/components/SearchSuggestions.tsx).
 */

/** The resource route answering `?q=` with JSON. */
export const SUGGESTIONS_PATH = "/buscar/sugerencias";

/** Fewer characters than this (after trimming) ask for nothing and answer an empty list. */
export const MIN_SUGGESTION_CHARS = 2;

/** At most this many suggestions. */
export const MAX_SUGGESTIONS = 6;

/** One suggestion: what the box shows and where Enter or a tap on it goes. */
export interface Suggestion {
  id: string;
  name: string;
  expansion: string;
  cardNumber: string | null;
  /** A single's rarity (null for sealed product and accessories): what tells reprints of one name apart. */
  rarity: string | null;
  /** The price the shopper pays, as the product's card in the list shows it, in centavos. */
  priceCents: number;
  /** The regular price of the same copy: above priceCents when it is on sale (struck through, as on the card). */
  regularPriceCents: number;
  /** The copies in stock have different prices: 'desde', as on the card. */
  priceVaries: boolean;
  /** No unit left: said in the row (such rows come after those in stock). */
  soldOut: boolean;
  /** The card's first picture at the smallest width the shop serves, or null. */
  image: string | null;
  href: string;
}

export interface SuggestionsAnswer {
  suggestions: Suggestion[];
  /** Why the query was refused (a 4xx answer), in Spanish. */
  error?: string;
}

/** The text typed, as the route reads it: whitespace collapsed and trimmed. */
export function suggestionQuery(raw: string): string {
  return raw.replace(/\s+/g, " ").trim();
}

/** Whether a (trimmed) query is long enough to ask for suggestions. */
export function wantsSuggestions(query: string): boolean {
  return [...query].length >= MIN_SUGGESTION_CHARS;
}

/** What the polite live region says once suggestions are shown. */
export function suggestionCountText(count: number): string {
  if (count === 0) return "Sin sugerencias";
  return count === 1 ? "1 sugerencia disponible" : `${count} sugerencias disponibles`;
}

/** The answer to a query longer than the search box takes (MAX_SEARCH_LENGTH). */
export const SUGGESTIONS_TOO_LONG = "La búsqueda es demasiado larga: el máximo es de 100 caracteres";

/** The suggestions' last row: the search results page for what was typed. */
export function allResultsText(query: string): string {
  return `Ver todos los resultados para “${query}”`;
}

/** Where the last row goes: the list's search, as the form's own submit asks it. */
export function allResultsHref(query: string): string {
  return `/productos?${new URLSearchParams({ search: query })}`;
}
