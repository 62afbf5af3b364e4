/**
 * A signed-in customer's wishlist (docs/requirements.md#wishlist-and-back-in-stock-alerts): the
 * products they keep an eye on, one row per product in `wishlist_items`. The heart on cards and on
 * the product page adds and removes; the root loader reads the ids (a signed-in page is rendered
 * per visitor, decision 014); the profile's 'Lista de deseos' tab lists the products.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { MAX_WISHLIST_ITEMS, WISHLIST_MESSAGES } from "#domain/wishlist.ts";
import type { Queryable, Database } from "#server/db/client.ts";
import { products, users, wishlistItems } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";
import { inShop } from "#server/catalog/products.server.ts";
import { pricesOf } from "#server/catalog/product-dto.ts";

/**
 * Adds the product to the user's wishlist; adding it again changes nothing. An unknown or archived
 * product is refused (404), and so is a wishlist already at MAX_WISHLIST_ITEMS (409). The user's
 * row is locked first, so two adds at once cannot pass the cap.
 */
export async function addToWishlist(db: Database, userId: string, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // NO KEY UPDATE: it queues two adds of this user, not the key-share locks of the user's orders and carts.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), inShop));
    if (!product) throw new ShopError(WISHLIST_MESSAGES.productNotFound, "not_found");
    const [held] = await tx.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
    const already = await tx
      .select({ productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
    if (already.length > 0) return;
    if (Number(held?.n ?? 0) >= MAX_WISHLIST_ITEMS) throw new ShopError(WISHLIST_MESSAGES.tooMany, "conflict");
    await tx.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  });
}

/** Removes the product from the user's wishlist (nothing when it is not there); never touches another user's list. */
export async function removeFromWishlist(db: Queryable, userId: string, productId: string): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

/** The ids of the products in the user's wishlist (the hearts' state on every page). */
export async function wishlistProductIds(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt))
    .limit(MAX_WISHLIST_ITEMS);
  return rows.map((r) => r.productId);
}

/** One product of the profile's 'Lista de deseos' tab: prices in pesos, as the cards show them. */
export interface WishlistEntry {
  _id: string;
  name: string;
  expansion: string;
  cardNumber: string | null;
  image: string | null;
  price: number;
  salePrice: number | null;
  /** The in-stock variants differ in price: the price is 'desde'. */
  priceVaries: boolean;
  stock: number;
}

/** The user's wishlist, newest first, archived products left out (they left the shop). */
export async function listWishlist(db: Queryable, userId: string): Promise<WishlistEntry[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      expansion: products.expansion,
      cardNumber: products.cardNumber,
      image: sql<string | null>`${products.images}[1]`,
      priceCents: products.priceCents,
      salePriceCents: products.salePriceCents,
      priceVaries: products.priceVaries,
      stock: products.stock,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), inShop))
    .orderBy(desc(wishlistItems.createdAt), products.id)
    .limit(MAX_WISHLIST_ITEMS);
  return rows.map((r) => {
    const { price, salePrice } = pricesOf(r);
    return {
      _id: r.id,
      name: r.name,
      expansion: r.expansion,
      cardNumber: r.cardNumber,
      image: r.image,
      price,
      salePrice,
      priceVaries: r.priceVaries,
      stock: r.stock,
    };
  });
}
