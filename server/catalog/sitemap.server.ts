import { desc, isNull } from "drizzle-orm";
import type { Queryable } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";

/** A sitemap holds at most 50,000 URLs. */
const SITEMAP_LIMIT = 49_000;

export async function sitemapEntries(db: Queryable) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(isNull(products.archivedAt))
    .orderBy(desc(products.dateAdded))
    .limit(SITEMAP_LIMIT);
}
