/**
 * The admin's writes to the catalogue (docs/requirements.md#admin-area): the product
 * form and the CSV importer store products only through these functions, and each call that
 * commits tells the list cache (`catalogChanged`), so the shop shows the change at once.
 * Validation happens before, with `parseProductInput` (product-input.ts).
 *
 * What is sold is a variant (product_variants): these write the product's own fields and its
 * variants, never the product's summary columns (price_cents, sale_price_cents, stock…), which the
 * database's trigger keeps from the variants. A product row is locked (FOR NO KEY UPDATE) before
 * its variants are written: the inventory takes the same locks in the same order, so a save and an
 * order queue up instead of deadlocking.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Queryable } from "#server/db/client.ts";
import { cartItems, orderItems, products, productVariants } from "#server/db/schema.ts";
import { queueBackInStockMail, widenAlertsOfRemovedVariants } from "#server/stock-alerts/index.ts";
import { notifyMailQueued } from "#server/mail/outbox.server.ts";
import { newId } from "#server/db/ids.ts";
import { catalogChanged } from "./catalog-cache";
import type { ProductInput, VariantInput } from "./product-input";
import { productSearchText } from "./search-text";

/** The product's own columns (not its summary of the variants). */
function columns(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
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

/**
 * A new product row's summary before its variants exist: the first variant's price and no stock.
 * The variants' insert, right after in the same transaction, sets the real summary (trigger).
 */
function placeholderSummary(input: ProductInput) {
  return { priceCents: input.variants[0]?.priceCents ?? 0, salePriceCents: null, stock: 0 };
}

function variantValues(productId: string, v: VariantInput, id: string = newId()) {
  return {
    id,
    productId,
    condition: v.condition,
    language: v.language,
    priceCents: v.priceCents,
    salePriceCents: v.salePriceCents,
    stock: v.stock,
  };
}

/**
 * The id migration 0008 gave a product's first variant (`substr(md5(id || '/variant'), 1, 24)`):
 * derived from the product's, so it is stable. The MongoDB import gives an old product's one
 * variant the same id.
 */
export function firstVariantId(productId: string): string {
  return createHash("md5").update(`${productId}/variant`).digest("hex").slice(0, 24);
}

/**
 * Inserts a product and its variants inside the caller's transaction; its id. The caller calls
 * `catalogChanged` after commit. `kept` (the MongoDB import): the product keeps the id and date it
 * had, and its first variant gets `firstVariantId`.
 */
export async function insertProductRow(tx: Queryable, input: ProductInput, kept?: { id: string; dateAdded: Date }): Promise<string> {
  const id = kept?.id ?? newId();
  await tx.insert(products).values({ id, ...columns(input), ...placeholderSummary(input), ...(kept ? { dateAdded: kept.dateAdded } : {}) });
  await tx
    .insert(productVariants)
    .values(input.variants.map((v, i) => variantValues(id, v, kept && i === 0 ? firstVariantId(id) : newId())));
  return id;
}

/**
 * Rewrites a product that is in the shop (not archived) and its variants inside the caller's
 * transaction; false when there is none (nothing written). The product row is locked first.
 */
export async function updateProductRow(tx: Queryable, id: string, input: ProductInput): Promise<boolean> {
  const [locked] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.archivedAt)))
    .for("no key update");
  if (!locked) return false;
  await tx
    .update(products)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(eq(products.id, id));
  await replaceVariants(tx, id, input.variants);
  return true;
}

/**
 * Makes the product's live variants the given ones (its row already locked): a row with the id of
 * one of them rewrites it, a row without (or with an id that is not one of them) adds a variant,
 * and a live variant not given goes: archived when an order line names it (the order keeps its
 * line; the variant's cart lines go), deleted otherwise. A variant whose condition or language
 * changes is set aside first, so two variants may swap their condition and language in one save.
 */
export async function replaceVariants(tx: Queryable, productId: string, rows: readonly VariantInput[]): Promise<void> {
  const live = await tx
    .select({ id: productVariants.id, condition: productVariants.condition, language: productVariants.language })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
    .orderBy(productVariants.id)
    .for("no key update");
  const liveById = new Map(live.map((v) => [v.id, v]));
  const kept = rows.filter((r): r is VariantInput & { id: string } => r.id !== null && liveById.has(r.id));
  const keptIds = new Set(kept.map((r) => r.id));
  const added = rows.filter((r) => r.id === null || !liveById.has(r.id));
  const gone = live.filter((v) => !keptIds.has(v.id)).map((v) => v.id);

  if (gone.length > 0) {
    await widenAlertsOfRemovedVariants(tx, gone);
    const ordered = await tx.selectDistinct({ id: orderItems.variantId }).from(orderItems).where(inArray(orderItems.variantId, gone));
    const archived = ordered.map((o) => o.id!).filter(Boolean);
    const deleted = gone.filter((id) => !archived.includes(id));
    if (archived.length > 0) {
      await tx.update(productVariants).set({ archivedAt: new Date(), updatedAt: new Date() }).where(inArray(productVariants.id, archived));
      // Carts never hold an archived variant (a deleted one's lines go by cascade).
      await tx.delete(cartItems).where(inArray(cartItems.variantId, archived));
    }
    if (deleted.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, deleted));
  }

  const moved = kept.filter((r) => {
    const before = liveById.get(r.id)!;
    return before.condition !== r.condition || before.language !== r.language;
  });
  if (moved.length > 0) {
    // Out of the live unique index (product, condition, language) until rewritten just below.
    await tx
      .update(productVariants)
      .set({ archivedAt: new Date() })
      .where(
        inArray(
          productVariants.id,
          moved.map((r) => r.id),
        ),
      );
  }
  await updateVariantRows(tx, kept);
  if (added.length > 0) await tx.insert(productVariants).values(added.map((v) => variantValues(productId, v)));
}

/** Rewrites variants by id in one statement (condition, language, prices, stock; live again if set aside). */
async function updateVariantRows(tx: Queryable, rows: ReadonlyArray<VariantInput & { id: string }>): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({
    id: r.id,
    condition: r.condition,
    language: r.language,
    price_cents: r.priceCents,
    sale_price_cents: r.salePriceCents,
    stock: r.stock,
  }));
  const v = sql`jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id text, condition text, language text, price_cents integer, sale_price_cents integer, stock integer)`;
  await tx
    .update(productVariants)
    .set({
      condition: sql`v.condition`,
      language: sql`v.language`,
      priceCents: sql`v.price_cents`,
      salePriceCents: sql`v.sale_price_cents`,
      stock: sql`v.stock`,
      archivedAt: null,
      updatedAt: new Date(),
    })
    .from(v)
    .where(sql`${productVariants.id} = v.id`);
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
 * `findProductByNaturalKey` (same columns, same matching rule), so a batch of rows costs a few
 * statements instead of several per row. Each input carries every variant the batch gives it.
 */
export async function insertProductRows(tx: Queryable, inputs: readonly ProductInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((input) => ({ id: newId(), ...columns(input), ...placeholderSummary(input) }));
  await tx.insert(products).values(rows);
  await tx.insert(productVariants).values(inputs.flatMap((input, i) => input.variants.map((v) => variantValues(rows[i]!.id, v))));
  return rows.map((row) => row.id);
}

/** Locks the products still in the shop among `ids` (FOR NO KEY UPDATE, in id order, as the inventory does); those ids. */
export async function lockProductsInShop(tx: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...ids]), isNull(products.archivedAt)))
    .orderBy(products.id)
    .for("no key update");
  return new Set(rows.map((r) => r.id));
}

/**
 * The batch form of `updateProductRow`'s product half: one UPDATE of the products' own columns for
 * many products (their rows locked by `lockProductsInShop`); the ids it rewrote (archived or missing
 * ones are left out). The variants are written by `upsertVariantRows`.
 */
export async function updateProductRows(tx: Queryable, entries: ReadonlyArray<{ id: string; input: ProductInput }>): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const values = entries.map(({ id, input }) => {
    const c = columns(input);
    return {
      id,
      name: c.name,
      description: c.description,
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
  const v = sql`jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id text, name text, description text, category text, rarity text, type text, expansion text, card_number text, artist text, comment text, images text[], search text)`;
  const rows = await tx
    .update(products)
    .set({
      name: sql`v.name`,
      description: sql`v.description`,
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

/**
 * The import's variants of products already in the shop (their rows locked): the live variant of
 * the same condition and language gets the row's price, sale price and stock; a product without
 * one gets a new variant. Two statements and a lookup for the whole batch.
 */
export async function upsertVariantRows(
  tx: Queryable,
  entries: ReadonlyArray<{ productId: string; variant: VariantInput }>,
): Promise<void> {
  if (entries.length === 0) return;
  const live = await tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      condition: productVariants.condition,
      language: productVariants.language,
    })
    .from(productVariants)
    .where(and(inArray(productVariants.productId, [...new Set(entries.map((e) => e.productId))]), isNull(productVariants.archivedAt)))
    .orderBy(productVariants.id)
    .for("no key update");
  const key = (productId: string, v: { condition: string; language: string }) => `${productId}|${v.condition}|${v.language}`;
  const liveByKey = new Map(live.map((v) => [key(v.productId, v), v.id]));
  const updates: Array<VariantInput & { id: string }> = [];
  const inserts: ReturnType<typeof variantValues>[] = [];
  for (const { productId, variant } of entries) {
    const id = liveByKey.get(key(productId, variant));
    if (id) updates.push({ ...variant, id });
    else inserts.push(variantValues(productId, variant));
  }
  await updateVariantRows(tx, updates);
  if (inserts.length > 0) await tx.insert(productVariants).values(inserts);
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

/** The add form: a new product and its variants, one transaction; its id. */
export async function createProduct(db: Database, input: ProductInput): Promise<string> {
  const id = await db.transaction((tx) => insertProductRow(tx, input));
  catalogChanged(db);
  return id;
}

/** The edit form: the product and its variants, one transaction; false when the product does not exist or was archived. */
export async function updateProduct(db: Database, id: string, input: ProductInput): Promise<boolean> {
  const updated = await db.transaction(async (tx) => {
    if (!(await updateProductRow(tx, id, input))) return false;
    // A restock of a sold-out card or variant sends its waiting alerts, once.
    return { alerted: await queueBackInStockMail(tx, [id]) };
  });
  if (!updated) return false;
  catalogChanged(db);
  if (updated.alerted > 0) notifyMailQueued();
  return true;
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
