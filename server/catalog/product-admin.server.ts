/**
 * The admin's writes to the catalogue (SPEC §2 "Add / edit product", "CSV import"): the product
 * form and the CSV importer store products only through these functions, and each call that
 * commits tells the list cache (`catalogChanged`), so the shop shows the change at once.
 * Validation happens before, with `parseProductInput` (product-input.ts).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, Queryable } from "#server/db/client.ts";
import { cartItems, orderItems, products } from "#server/db/schema.ts";
import { newId } from "#server/db/ids.ts";
import { catalogChanged } from "./catalog-cache";
import type { ProductInput } from "./product-input";
import { productSearchText } from "./search-text";

function columns(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
    priceCents: input.priceCents,
    salePriceCents: input.salePriceCents,
    stock: input.stock,
    category: input.category,
    rarity: input.rarity,
    type: input.type,
    expansion: input.expansion,
    cardNumber: input.cardNumber,
    artist: input.artist,
    comment: input.comment,
    images: input.images,
    search: productSearchText(input),
  };
}

/** Inserts a product inside the caller's transaction; its id. The caller calls `catalogChanged` after commit. */
export async function insertProductRow(tx: Queryable, input: ProductInput): Promise<string> {
  const id = newId();
  await tx.insert(products).values({ id, ...columns(input) });
  return id;
}

/** Rewrites a product that is in the shop (not archived) inside the caller's transaction; false when there is none. */
export async function updateProductRow(tx: Queryable, id: string, input: ProductInput): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(and(eq(products.id, id), isNull(products.archivedAt)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/**
 * The product in the shop that a CSV row names: the same name, expansion and card number (no card
 * number matches no card number). The oldest one when an earlier import left two.
 */
export async function findProductByNaturalKey(tx: Queryable, key: Pick<ProductInput, "name" | "expansion" | "cardNumber">): Promise<string | null> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.expansion, key.expansion),
        eq(products.name, key.name),
        sql`${products.cardNumber} is not distinct from ${key.cardNumber}`,
        isNull(products.archivedAt),
      ),
    )
    .orderBy(products.dateAdded, products.id)
    .limit(1);
  return row?.id ?? null;
}

/** The add form: a new product; its id. */
export async function createProduct(db: Database, input: ProductInput): Promise<string> {
  const id = await insertProductRow(db, input);
  catalogChanged(db);
  return id;
}

/** The edit form: false when the product does not exist or was archived. */
export async function updateProduct(db: Database, id: string, input: ProductInput): Promise<boolean> {
  const updated = await updateProductRow(db, id, input);
  if (updated) catalogChanged(db);
  return updated;
}

export type RemoveProductResult = "deleted" | "archived" | "not-found";

/**
 * Deleting a product: erased when no order names it (its cart lines go with it); archived when one
 * does, so the order keeps its line and link, and the product leaves the shop (lists, search, its
 * page, carts and checkout). One transaction: an order placed meanwhile can't lose its product.
 */
export async function removeProduct(db: Database, id: string): Promise<RemoveProductResult> {
  const result = await db.transaction(async (tx): Promise<RemoveProductResult> => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.archivedAt)))
      .for("update");
    if (!product) return "not-found";
    const [ordered] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)).limit(1);
    if (ordered) {
      await tx.update(products).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(products.id, id));
      // Its cart lines go, as a deleted product's do (cascade): carts and their badges never hold it.
      await tx.delete(cartItems).where(eq(cartItems.productId, id));
      return "archived";
    }
    await tx.delete(products).where(eq(products.id, id));
    return "deleted";
  });
  if (result !== "not-found") catalogChanged(db);
  return result;
}
