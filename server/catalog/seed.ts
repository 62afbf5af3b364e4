/**
 * Seeds the demo catalogue (demo-catalog.ts) into the products table, and the
 * demo coupon with it.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { coupons, products, productVariants } from "#server/db/schema.ts";
import { catalogChanged } from "./catalog-cache";
import { buildDemoCatalog, buildSyntheticProducts, type DemoProduct } from "./demo-catalog";
import { productSearchText } from "./search-text";

const BATCH_SIZE = 500;

/**
 * A coupon that comes with the demo catalogue, so the checkout's coupon box can be tried on a
 * fresh demo shop (README): 10% off, general, valid a year from seeding. A real shop starts with
 * SEED_DEMO=false and creates its own coupons.
 */
export const DEMO_COUPON = {
  code: "DEMO10",
  discountPercent: 10,
  description: "Cupón de demostración: 10% de descuento en tu pedido",
  validDays: 365,
} as const;

function toRow(p: DemoProduct): typeof products.$inferInsert {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    priceCents: p.priceCents,
    salePriceCents: p.salePriceCents,
    stock: p.stock,
    category: p.category,
    rarity: p.rarity,
    type: p.type,
    expansion: p.expansion,
    cardNumber: p.cardNumber,
    artist: p.artist,
    comment: p.comment,
    images: p.images,
    dateAdded: p.dateAdded,
    search: productSearchText(p),
    // effectivePriceCents is a generated column: never inserted.
  };
}

/**
 * Inserts the demo catalogue (and `extraSynthetic` synthetic products) when
 * the products table is empty. Returns how many were inserted (0 when the table
 * already had products). Batches of ~500 rows, one transaction, computes
 * `search` with productSearchText. With `force: true` it inserts even when
 * products exist, skipping ids that are already there.
 */
export async function seedDemoCatalog(db: Database, options: { extraSynthetic?: number; force?: boolean } = {}): Promise<number> {
  const extra = Math.max(0, Math.floor(options.extraSynthetic ?? 0));
  const catalog = buildDemoCatalog();
  if (extra > 0) catalog.push(...buildSyntheticProducts(extra));

  const inserted = await db.transaction(async (tx) => {
    if (!options.force) {
      const existing = await tx.select({ id: products.id }).from(products).limit(1);
      if (existing.length > 0) return 0;
    }
    let inserted = 0;
    for (let i = 0; i < catalog.length; i += BATCH_SIZE) {
      const batch = catalog.slice(i, i + BATCH_SIZE);
      const result = await tx
        .insert(products)
        .values(batch.map(toRow))
        .onConflictDoNothing({ target: products.id })
        .returning({ id: products.id });
      inserted += result.length;
      // The variants of the products just inserted (the summary columns follow by trigger).
      const fresh = new Set(result.map((r) => r.id));
      const variants = batch.filter((p) => fresh.has(p.id)).flatMap((p) => p.variants.map((v) => ({ ...v, productId: p.id })));
      if (variants.length > 0) await tx.insert(productVariants).values(variants);
    }
    if (inserted > 0 && !options.force) {
      await tx
        .insert(coupons)
        .values({
          id: newId(),
          code: DEMO_COUPON.code,
          discountPercent: DEMO_COUPON.discountPercent,
          type: "general",
          description: DEMO_COUPON.description,
          expiresAt: new Date(Date.now() + DEMO_COUPON.validDays * 24 * 60 * 60 * 1000),
        })
        .onConflictDoNothing({ target: coupons.code });
    }
    return inserted;
  });
  if (inserted > 0) {
    catalogChanged(db);
    // Fresh statistics (and a visibility map for index-only scans) so the list queries plan well at once.
    await db.execute(sql`vacuum analyze products`);
    await db.execute(sql`vacuum analyze product_variants`);
  }
  return inserted;
}
