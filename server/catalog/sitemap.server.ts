import { desc } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { products } from "../db/schema";

/** A sitemap holds at most 50,000 URLs. */
const SITEMAP_LIMIT = 49_000;

export async function sitemapEntries(db: Queryable) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(desc(products.dateAdded))
    .limit(SITEMAP_LIMIT);
}
