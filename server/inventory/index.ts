/**
 * Stock (docs/architecture.md#transactions-and-invariants, decision record 017): what is counted
 * is each variant's `product_variants.stock`; the product's `stock` is their sum, kept by the
 * database. These functions, the admin's product form and the CSV import are its only writers.
 * They run inside the caller's transaction and lock the products they touch in id order first,
 * then the variants in id order, so two orders sharing products queue up instead of deadlocking
 * (the summary trigger then updates product rows already locked), and a conditional decrement
 * (`stock >= qty`, the table's CHECK behind it) means stock never goes below 0.
 */
import { inArray, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { orderItems, products, productVariants } from "#server/db/schema.ts";
import { soldOutMessage } from "#domain/orders.ts";
import { variantLabel } from "#domain/variant-names.ts";
import { ShopError } from "#server/errors.ts";

export interface StockLine {
  productId: string;
  variantId: string;
  quantity: number;
  /** The line's name as the shopper saw it, for the error when the product is gone. */
  name?: string;
}

export interface Shortage {
  productId: string;
  variantId: string;
  /** The product's name and, when it has several variants, the variant's ('Charizard ex (Ligeramente jugada · Japonés)'). */
  name: string;
  requested: number;
  /** What is left now (0 when sold out, deleted or archived). */
  available: number;
  /** The product or the variant left the shop (deleted or archived by the admin): it can't be bought at all. */
  unavailable?: boolean;
}

/** Some variants no longer have the quantities asked for; names them and what is left. */
export class OutOfStockError extends ShopError {
  constructor(readonly shortages: Shortage[]) {
    super(soldOutMessage(shortages), "conflict");
  }
}

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Quantities summed per variant, in variant id order. */
export function sumByVariant(lines: readonly StockLine[]): StockLine[] {
  const seen = new Map<string, StockLine>();
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity <= 0) throw new Error(`invalid quantity for ${line.variantId}`);
    const known = seen.get(line.variantId);
    if (known) known.quantity += line.quantity;
    else seen.set(line.variantId, { ...line });
  }
  return [...seen.values()].map((l) => ({ ...l, id: l.variantId })).sort(byId);
}

/**
 * Locks the products' rows, then the variants', each in id order (PostgreSQL locks rows as the
 * sorted scan returns them). FOR NO KEY UPDATE, the lock an UPDATE of stock takes anyway: it
 * queues other stock writers but not the FOR KEY SHARE locks that foreign keys take (an
 * order_items or cart_items row naming the product or variant), which FOR UPDATE would wait on,
 * and deadlock with, when two orders' lines reference the same card.
 */
async function lockVariants(tx: Tx, productIds: string[], variantIds: string[]) {
  if (variantIds.length === 0) return [];
  const lockedProducts = await tx
    .select({ id: products.id, name: products.name, archivedAt: products.archivedAt })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]))
    .orderBy(products.id)
    .for("no key update");
  const variants = await tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      condition: productVariants.condition,
      language: productVariants.language,
      stock: productVariants.stock,
      archivedAt: productVariants.archivedAt,
    })
    .from(productVariants)
    .where(inArray(productVariants.id, variantIds))
    .orderBy(productVariants.id)
    .for("no key update");
  const productById = new Map(lockedProducts.map((p) => [p.id, p]));
  return variants.map((v) => ({ ...v, product: productById.get(v.productId) }));
}

/**
 * Takes the lines' quantities out of their variants' stock, in the caller's transaction: sums per
 * variant, locks the rows, and decrements only where the stock still holds the quantity. Throws
 * OutOfStockError (naming every short line and what is left) when any line can't be served, a
 * product or variant that was deleted or archived meanwhile included; the caller's transaction
 * then rolls back, so nothing is taken.
 */
export async function reserveStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  const wanted = sumByVariant(lines);
  const locked = new Map(
    (
      await lockVariants(
        tx,
        wanted.map((l) => l.productId),
        wanted.map((l) => l.variantId),
      )
    ).map((row) => [row.id, row]),
  );
  const shortages: Shortage[] = [];
  for (const line of wanted) {
    const row = locked.get(line.variantId);
    const unavailable =
      !row || row.productId !== line.productId || !row.product || row.product.archivedAt !== null || row.archivedAt !== null;
    const available = unavailable ? 0 : row.stock;
    if (available < line.quantity) {
      shortages.push({
        productId: line.productId,
        variantId: line.variantId,
        name: line.name ?? (row?.product ? `${row.product.name} (${variantLabel(row)})` : "Producto"),
        requested: line.quantity,
        available,
        ...(unavailable ? { unavailable } : {}),
      });
    }
  }
  if (shortages.length > 0) throw new OutOfStockError(shortages);
  if (wanted.length === 0) return;
  const values = sql.join(
    wanted.map((l) => sql`(${l.variantId}::text, ${l.quantity}::integer)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    update ${productVariants} v set stock = v.stock - w.qty, updated_at = now()
    from (values ${values}) as w(id, qty)
    where v.id = w.id and v.stock >= w.qty
    returning v.id
  `);
  if ((result as unknown as { rows: unknown[] }).rows.length !== wanted.length) {
    // Unreachable while the rows are locked; kept as the guard that stock never oversells.
    throw new Error("stock changed under a row lock");
  }
}

/**
 * Gives an order's quantities back to the variants they were sold from (its order_items), in the
 * caller's transaction, locking products and then variants in id order first. A variant deleted
 * since is skipped; an archived one gets its units back (they are still the shop's) though it is
 * not sold. Returns the ids of the products whose stock rose (for the back-in-stock alerts) and
 * the units given back. Call it once per order: cancelOrder claims the order first so it does.
 */
export async function releaseStock(tx: Tx, orderId: string): Promise<{ units: number; productIds: string[] }> {
  const items = await tx
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(sql`${orderItems.orderId} = ${orderId} and ${orderItems.productId} is not null and ${orderItems.variantId} is not null`);
  const wanted = sumByVariant(
    items.map((i) => ({ productId: i.productId as string, variantId: i.variantId as string, quantity: i.quantity })),
  );
  const locked = await lockVariants(
    tx,
    wanted.map((l) => l.productId),
    wanted.map((l) => l.variantId),
  );
  const present = new Set(locked.map((r) => r.id));
  const back = wanted.filter((l) => present.has(l.variantId));
  if (back.length === 0) return { units: 0, productIds: [] };
  const values = sql.join(
    back.map((l) => sql`(${l.variantId}::text, ${l.quantity}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${productVariants} v set stock = v.stock + w.qty, updated_at = now()
    from (values ${values}) as w(id, qty)
    where v.id = w.id
  `);
  return { units: back.reduce((sum, l) => sum + l.quantity, 0), productIds: [...new Set(back.map((l) => l.productId))] };
}
