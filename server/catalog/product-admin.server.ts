/**
 * The admin's writes to the catalogue (docs/requirements.md#admin-area): the product
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
export async function findProductByNaturalKey(
  tx: Queryable,
  key: Pick<ProductInput, "name" | "expansion" | "cardNumber">,
): Promise<string | null> {
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

/**
 * The CSV import's batch forms of `insertProductRow`, `updateProductRow` and
 * `findProductByNaturalKey` (same columns, same matching rule), so a batch of rows costs three
 * statements instead of two per row.
 */
export async function insertProductRows(tx: Queryable, inputs: readonly ProductInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((input) => ({ id: newId(), ...columns(input) }));
  await tx.insert(products).values(rows);
  return rows.map((row) => row.id);
}

/** The batch form of `updateProductRow`: one UPDATE for many products; the ids it rewrote (archived or missing ones are left out). */
export async function updateProductRows(tx: Queryable, entries: ReadonlyArray<{ id: string; input: ProductInput }>): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const values = entries.map(({ id, input }) => {
    const c = columns(input);
    return {
      id,
      name: c.name,
      description: c.description,
      price_cents: c.priceCents,
      sale_price_cents: c.salePriceCents,
      stock: c.stock,
      category: c.category,
      rarity: c.rarity,
      type: c.type,
      expansion: c.expansion,
      card_number: c.cardNumber,
      artist: c.artist,
      comment: c.comment,
      images: c.images,
      search: c.search,
    };
  });
  // All rows as one JSON parameter, read back as a table (images as text[]).
  const v = sql`jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id text, name text, description text, price_cents integer, sale_price_cents integer, stock integer, category text, rarity text, type text, expansion text, card_number text, artist text, comment text, images text[], search text)`;
  const rows = await tx
    .update(products)
    .set({
      name: sql`v.name`,
      description: sql`v.description`,
      priceCents: sql`v.price_cents`,
      salePriceCents: sql`v.sale_price_cents`,
      stock: sql`v.stock`,
      category: sql`v.category`,
      rarity: sql`v.rarity`,
      type: sql`v.type`,
      expansion: sql`v.expansion`,
      cardNumber: sql`v.card_number`,
      artist: sql`v.artist`,
      comment: sql`v.comment`,
      images: sql`v.images`,
      search: sql`v.search`,
      updatedAt: new Date(),
    })
    .from(v)
    .where(and(sql`${products.id} = v.id`, isNull(products.archivedAt)))
    .returning({ id: products.id });
  return new Set(rows.map((row) => row.id));
}

type NaturalKey = Pick<ProductInput, "name" | "expansion" | "cardNumber">;

/** A natural key as one string, for maps (`findProductsByNaturalKeys`). */
export const naturalKeyText = (key: { name: string; expansion: string; cardNumber: string | null }) =>
  JSON.stringify([key.expansion, key.name, key.cardNumber ?? null]);

/** For each key (by `naturalKeyText`), the product in the shop that `findProductByNaturalKey` would name; keys with none are absent. */
export async function findProductsByNaturalKeys(tx: Queryable, keys: readonly NaturalKey[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const pairs = [...new Map(keys.map((k) => [JSON.stringify([k.expansion, k.name]), k])).values()];
  if (pairs.length === 0) return found;
  const rows = await tx
    .select({ id: products.id, name: products.name, expansion: products.expansion, cardNumber: products.cardNumber })
    .from(products)
    .where(
      and(
        sql`(${products.expansion}, ${products.name}) in (${sql.join(
          pairs.map((k) => sql`(${k.expansion}, ${k.name})`),
          sql`, `,
        )})`,
        isNull(products.archivedAt),
      ),
    )
    .orderBy(products.dateAdded, products.id);
  for (const row of rows) {
    const key = naturalKeyText(row);
    if (!found.has(key)) found.set(key, row.id);
  }
  return found;
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
