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
 * How many of the list's first products (in stock first, newest first) a suggestion reads before
 * looking the words up on the indexes instead: enough for a word that one product in 80 holds.
 */
const WALKED_PRODUCTS = 500;

/**
 * The six newest matches, found the cheap way for what was typed (decision record 003). Testing a
 * row against a search word costs more than reading it, and finding the newest six of a few
 * thousand matches costs reading them all, so:
 * - Only 1–2-character words (the first request as one types): no index can find them, so the date
 *   index is walked newest first until six rows match, which stops early for common letters.
 * - A word of 3+ characters, one statement in two steps: the list's first WALKED_PRODUCTS products
 *   are read in its order until six match ('walked': a common word such as 'char' stops after a few
 *   dozen rows, 1 ms at 100,000 products on the embedded database, where collecting its 2,300
 *   matches cost 30 ms); only when fewer than six matched there are all the matches found on the
 *   indexes ('matches', MATERIALIZED so that the planner does not walk the date index testing row
 *   after row instead: a rare word is found in a few milliseconds that way) and the newest six of
 *   them read.
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
  // A prepared statement: planning this query costs ~15 times its run, and every keystroke is new
  // text. The sizes are written into it, so that its generic plan is made for them.
  const max = sql.raw(String(MAX_SUGGESTIONS));
  return queryPrepared<SuggestionRow>(
    db,
    sql`
    with walked as materialized (
      select first.id from (
        select ${products.id} as id, ${products.search} as search from ${products} where ${inShop}
        order by ${products.soldOut}, ${products.dateAdded} desc, ${products.id} desc
        limit ${sql.raw(String(WALKED_PRODUCTS))}
      ) first
      where ${searchCondition(normalized, sql`first.search`)}
      limit ${max}
    ),
    matches as materialized (
      select ${products.id} as id, ${products.soldOut} as sold_out, ${products.dateAdded} as date_added from ${products}
      where (select count(*) from walked) < ${max} and ${where}
    ),
    chosen as (
      select id from walked where (select count(*) from walked) = ${max}
      union all
      select newest.id from (select id from matches order by sold_out, date_added desc, id desc limit ${max}) newest
    )
    select ${products.id} as "id", ${products.name} as "name", ${products.expansion} as "expansion",
      ${products.cardNumber} as "cardNumber", ${products.rarity} as "rarity", ${products.effectivePriceCents} as "priceCents",
      ${products.priceCents} as "regularPriceCents", ${products.priceVaries} as "priceVaries", ${products.soldOut} as "soldOut",
      ${products.images}[1] as "image"
    from chosen join ${products} on ${products.id} = chosen.id
    order by ${products.soldOut}, ${products.dateAdded} desc, ${products.id} desc`,
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
