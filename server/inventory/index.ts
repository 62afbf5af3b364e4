/**
 * Stock (docs/architecture.md#transactions-and-invariants): the only writers of
 * `products.stock` besides the admin's product form. Both run inside the
 * caller's transaction and lock the products they touch in id order first, so
 * two orders sharing products queue up instead of deadlocking, and a
 * conditional decrement (`stock >= qty`, the table's CHECK behind it) means
 * stock never goes below 0.
 */
import { inArray, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { orderItems, products } from "#server/db/schema.ts";
import { soldOutMessage } from "#domain/orders.ts";
import { ShopError } from "#server/errors.ts";

export interface StockLine {
  productId: string;
  quantity: number;
  /** The product's name as the shopper saw it, for the error when the product is gone. */
  name?: string;
}

export interface Shortage {
  productId: string;
  name: string;
  requested: number;
  /** What is left now (0 when sold out, deleted or archived). */
  available: number;
  /** The product left the shop (deleted or archived by the admin): it can't be bought at all. */
  unavailable?: boolean;
}

/** Some products no longer have the quantities asked for; names them and what is left. */
export class OutOfStockError extends ShopError {
  constructor(readonly shortages: Shortage[]) {
    super(soldOutMessage(shortages), 409);
  }
}

/** Quantities summed per product, in product id order (the lock order). */
export function sumByProduct(lines: readonly StockLine[]): Array<{ productId: string; quantity: number; name?: string }> {
  const byId = new Map<string, { productId: string; quantity: number; name?: string }>();
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity <= 0) throw new Error(`invalid quantity for ${line.productId}`);
    const seen = byId.get(line.productId);
    if (seen) seen.quantity += line.quantity;
    else byId.set(line.productId, { productId: line.productId, quantity: line.quantity, name: line.name });
  }
  return [...byId.values()].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

/**
 * Locks the products' rows in id order (PostgreSQL locks rows as the sorted
 * scan returns them). FOR NO KEY UPDATE, the lock an UPDATE of stock takes
 * anyway: it queues other stock writers but not the FOR KEY SHARE locks that
 * foreign keys take (an order_items or cart_items row naming the product),
 * which FOR UPDATE would wait on, and deadlock with, when two orders' lines
 * reference the same card.
 */
async function lockProducts(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: products.id, name: products.name, stock: products.stock, archivedAt: products.archivedAt })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.id)
    .for("no key update");
}

/**
 * Takes the lines' quantities out of stock, in the caller's transaction: sums
 * per product, locks the rows in id order, and decrements only where the stock
 * still holds the quantity. Throws OutOfStockError (naming every short product
 * and what is left) when any line can't be served, a product that was deleted
 * or archived meanwhile included; the caller's transaction then rolls back, so
 * nothing is taken.
 */
export async function reserveStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  const wanted = sumByProduct(lines);
  const locked = new Map(
    (
      await lockProducts(
        tx,
        wanted.map((l) => l.productId),
      )
    ).map((row) => [row.id, row]),
  );
  const shortages: Shortage[] = [];
  for (const line of wanted) {
    const row = locked.get(line.productId);
    const unavailable = !row || row.archivedAt !== null;
    const available = unavailable ? 0 : row.stock;
    if (available < line.quantity) {
      shortages.push({
        productId: line.productId,
        name: row?.name ?? line.name ?? "Producto",
        requested: line.quantity,
        available,
        ...(unavailable ? { unavailable } : {}),
      });
    }
  }
  if (shortages.length > 0) throw new OutOfStockError(shortages);
  if (wanted.length === 0) return;
  const values = sql.join(
    wanted.map((l) => sql`(${l.productId}::text, ${l.quantity}::integer)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    update ${products} p set stock = p.stock - w.qty, updated_at = now()
    from (values ${values}) as w(id, qty)
    where p.id = w.id and p.stock >= w.qty
    returning p.id
  `);
  if ((result as unknown as { rows: unknown[] }).rows.length !== wanted.length) {
    // Unreachable while the rows are locked; kept as the guard that stock never oversells.
    throw new Error("stock changed under a row lock");
  }
}

/**
 * Gives an order's quantities back to stock (from its order_items), in the
 * caller's transaction, locking the products in id order first. Products
 * deleted since are skipped. Returns the units given back. Call it once per
 * order: cancelOrder claims the order first so it does.
 */
export async function releaseStock(tx: Tx, orderId: string): Promise<number> {
  const items = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(sql`${orderItems.orderId} = ${orderId} and ${orderItems.productId} is not null`);
  const wanted = sumByProduct(items.map((i) => ({ productId: i.productId as string, quantity: i.quantity })));
  const locked = await lockProducts(
    tx,
    wanted.map((l) => l.productId),
  );
  const present = new Set(locked.map((r) => r.id));
  let units = 0;
  for (const line of wanted) {
    if (!present.has(line.productId)) continue;
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: sql`now()` })
      .where(sql`${products.id} = ${line.productId}`);
    units += line.quantity;
  }
  return units;
}
