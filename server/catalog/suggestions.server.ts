/**
 * Search as you type: a few products for what the shopper has typed so far, matched exactly as the
 * list's search matches (searchCondition: accents, case, card numbers and small typos), in the
 * list's default order (newest first), so the suggestions are the top of the page 'Buscar' opens.
 * Kept in the catalogue cache like the list's pages (a product write clears them).
 */
import { and, desc, sql } from "drizzle-orm";
import { IMAGE_WIDTHS } from "#domain/images.ts";
import { MAX_SUGGESTIONS, wantsSuggestions, type Suggestion } from "#domain/search-suggestions.ts";
import type { Database } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";
import { catalogCache } from "./catalog-cache";
import { inShop, searchCondition } from "./products.server";
import { normalizeSearchText } from "./search-text";

/** The shop's own pictures come in several widths: a suggestion asks for the smallest. */
function smallImage(src: string | null): string | null {
  if (!src) return null;
  if (!src.startsWith("/media/")) return src;
  return `${src}${src.includes("?") ? "&" : "?"}w=${IMAGE_WIDTHS[0]}`;
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
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        expansion: products.expansion,
        cardNumber: products.cardNumber,
        priceCents: products.effectivePriceCents,
        image: sql<string | null>`${products.images}[1]`,
      })
      .from(products)
      .where(and(inShop, searchCondition(normalized)))
      .orderBy(desc(products.dateAdded), desc(products.id))
      .limit(MAX_SUGGESTIONS);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      expansion: row.expansion,
      cardNumber: row.cardNumber,
      priceCents: row.priceCents,
      image: smallImage(row.image),
      href: `/producto/${row.id}`,
    }));
  });
}
