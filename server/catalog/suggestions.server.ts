/**
 * Search as you type: a few products for what the shopper has typed so far, matched exactly as the
 * list's search matches (searchCondition: accents, case, card numbers and small typos), in the
 * list's default order (in stock first, then newest first), so the suggestions are the top of the page 'Buscar' opens.
 * Kept in the catalogue cache like the list's pages (a product write clears them).
 */
import { and, asc, desc, sql } from "drizzle-orm";
import { IMAGE_WIDTHS } from "#domain/images.ts";
import { MAX_SUGGESTIONS, wantsSuggestions, type Suggestion } from "#domain/search-suggestions.ts";
import type { Database } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";
import { queryPrepared } from "#server/db/prepared.ts";
import { catalogCache } from "./catalog-cache";
import { inShop, searchCondition } from "./products.server";
import { normalizeSearchText } from "./search-text";

/** The shop's own pictures come in several widths: a suggestion asks for the smallest. */
function smallImage(src: string | null): string | null {
  if (!src) return null;
  if (!src.startsWith("/media/")) return src;
  return `${src}${src.includes("?") ? "&" : "?"}w=${IMAGE_WIDTHS[0]}`;
}

interface SuggestionRow {
  id: string;
  name: string;
  expansion: string;
  cardNumber: string | null;
  rarity: string | null;
  priceCents: number;
  regularPriceCents: number;
  priceVaries: boolean;
  soldOut: boolean;
  image: string | null;
}

/** Words of this many characters or more can be found on the trigram index (pg_trgm reads trigrams). */
const MIN_INDEXED_TOKEN_LENGTH = 3;

const suggestionColumns = {
  id: products.id,
  name: products.name,
  expansion: products.expansion,
  cardNumber: products.cardNumber,
  rarity: products.rarity,
  priceCents: products.effectivePriceCents,
  regularPriceCents: products.priceCents,
  priceVaries: products.priceVaries,
  soldOut: products.soldOut,
  image: sql<string | null>`${products.images}[1]`,
};

/**
 * The six newest matches, found the cheap way for what was typed. Testing a row against a search
 * word costs far more than reading it (the typo match, pg_trgm's word similarity, most), so:
 * - A word of 3+ characters: the matches are found on the trigram index first, then the newest six
 *   of them. The CTE is MATERIALIZED so that the planner does not walk the date index testing row
 *   after row until six match instead: quick for a common word, but a rare one such as 'pika' cost
 *   100 ms that way at 10,000 products on the embedded database, 7 ms this way.
 * - Only 1–2-character words (the first request as one types): no index can find them, so the date
 *   index is walked newest first until six rows match, which stops early for common letters.
 */
async function newestMatches(db: Database, normalized: string): Promise<SuggestionRow[]> {
  const where = and(inShop, searchCondition(normalized));
  const indexed = normalized.split(" ").some((token) => token.length >= MIN_INDEXED_TOKEN_LENGTH);
  if (!indexed) {
    return db
      .select(suggestionColumns)
      .from(products)
      .where(where)
      .orderBy(asc(products.soldOut), desc(products.dateAdded), desc(products.id))
      .limit(MAX_SUGGESTIONS);
  }
  // A prepared statement: planning this query costs ~15 times its run, and every keystroke is new text.
  return queryPrepared<SuggestionRow>(
    db,
    sql`
    with matches as materialized (
      select ${products.id} as id, ${products.soldOut} as sold_out, ${products.dateAdded} as date_added from ${products} where ${where}
    )
    select ${products.id} as "id", ${products.name} as "name", ${products.expansion} as "expansion",
      ${products.cardNumber} as "cardNumber", ${products.rarity} as "rarity", ${products.effectivePriceCents} as "priceCents",
      ${products.priceCents} as "regularPriceCents", ${products.priceVaries} as "priceVaries", ${products.soldOut} as "soldOut",
      ${products.images}[1] as "image"
    from matches join ${products} on ${products.id} = matches.id
    order by matches.sold_out, matches.date_added desc, matches.id desc
    limit ${MAX_SUGGESTIONS}`,
  );
}

/**
 * Up to MAX_SUGGESTIONS products in the shop matching `query` (already trimmed, at most the
 * search's 100 characters); none for fewer than MIN_SUGGESTION_CHARS characters or for text
 * with no letter or digit.
 */
export async function searchSuggestions(db: Database, query: string): Promise<Suggestion[]> {
  if (!wantsSuggestions(query)) return [];
  const normalized = normalizeSearchText(query);
  if (!normalized) return [];
  // The normalised text names the answer: 'Pokémon  ' and 'pokemon' are one entry.
  return catalogCache(db).get(`suggest?${normalized}`, async () => {
    const rows = await newestMatches(db, normalized);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      expansion: row.expansion,
      cardNumber: row.cardNumber,
      rarity: row.rarity,
      priceCents: row.priceCents,
      regularPriceCents: row.regularPriceCents,
      priceVaries: row.priceVaries,
      soldOut: row.soldOut,
      image: smallImage(row.image),
      href: `/producto/${row.id}`,
    }));
  });
}
