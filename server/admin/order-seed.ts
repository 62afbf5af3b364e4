/**
 * Synthetic orders for a demo shop and the benchmark (`npm run db:seed -- --orders N`): N orders
 * of the catalogue's products (1 to 4 lines), by customer-like names with accents (a fifth of them
 * signed-in customers, made here), spread over the last year, with statuses and payment statuses
 * in plausible proportions (most paid and delivered, some shipped, processing, cancelled unpaid,
 * refunded, a few flagged for refund, a few waiting for a cash payment), the approved payments
 * recorded (so 'Resumen' has sales) and `orders.search` written as placeOrder writes it.
 * Bulk inserts in batches, one transaction each. History rows (order_events) are not made: these
 * orders never went through the shop. Stock is not touched.
 */
import { isNull, sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { ORDER_NUMBER_ALPHABET, ORDER_NUMBER_LENGTH, ORDER_NUMBER_PREFIX } from "#domain/orders.ts";
import { shippingCostCents, type ShippingMethodId } from "#domain/shipping.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { orderItems, orders, payments, products, users } from "#server/db/schema.ts";
import { orderSearchText } from "#server/catalog/search-text.ts";

const FIRST_NAMES = [
  "José",
  "María",
  "Lucía",
  "Sofía",
  "Andrés",
  "Iñaki",
  "Mónica",
  "Ramón",
  "Begoña",
  "Héctor",
  "Valentina",
  "Camila",
  "Joaquín",
  "Inés",
  "Raúl",
  "Ximena",
  "Óscar",
  "Renata",
  "Martín",
  "Daniela",
  "Jesús",
  "Fernanda",
  "Sebastián",
  "Ángel",
  "Paulina",
  "Emilio",
  "Regina",
  "Iván",
  "Guadalupe",
  "Tomás",
];
const LAST_NAMES = [
  "Hernández",
  "García",
  "Martínez",
  "López",
  "González",
  "Pérez",
  "Rodríguez",
  "Sánchez",
  "Ramírez",
  "Cruz",
  "Gómez",
  "Flores",
  "Díaz",
  "Vázquez",
  "Morales",
  "Jiménez",
  "Reyes",
  "Gutiérrez",
  "Ruiz",
  "Ordóñez",
  "Muñoz",
  "Núñez",
  "Peña",
  "Castañeda",
  "Ibáñez",
  "Echeverría",
  "Solís",
  "Rentería",
  "Zúñiga",
  "Álvarez",
];
const MAIL_DOMAINS = ["gmail.com", "hotmail.com", "outlook.com", "yahoo.com.mx", "prodigy.net.mx", "icloud.com"];
const CITIES = [
  { city: "Guadalajara", state: "Jalisco", zipCode: "44100" },
  { city: "Monterrey", state: "Nuevo León", zipCode: "64000" },
  { city: "Puebla", state: "Puebla", zipCode: "72000" },
  { city: "Ciudad de México", state: "Ciudad de México", zipCode: "06600" },
  { city: "Mérida", state: "Yucatán", zipCode: "97000" },
  { city: "Querétaro", state: "Querétaro", zipCode: "76000" },
];

/** A small deterministic random source (mulberry32), so a seed is the same every time. */
function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return { next, int, pick: <T>(list: readonly T[]): T => list[int(list.length)]! };
}

const plainAscii = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".");

interface Fate {
  orderStatus: string;
  paymentStatus: string;
  needsRefund: boolean;
}

/** Statuses by share and the order's age (days): old unpaid orders were cancelled; recent paid ones are still on their way. */
function fateOf(r: number, ageDays: number): Fate {
  if (r < 0.7) {
    const orderStatus =
      ageDays < 2 ? "processing" : ageDays < 7 ? (r < 0.35 ? "shipped" : "processing") : r < 0.66 ? "delivered" : "shipped";
    return { orderStatus, paymentStatus: "approved", needsRefund: false };
  }
  if (r < 0.82) return { orderStatus: "cancelled", paymentStatus: "pending", needsRefund: false };
  if (r < 0.9) return { orderStatus: "cancelled", paymentStatus: "rejected", needsRefund: false };
  if (r < 0.94) return { orderStatus: "cancelled", paymentStatus: "refunded", needsRefund: false };
  if (r < 0.945) return { orderStatus: "cancelled", paymentStatus: "approved", needsRefund: true };
  if (r < 0.96) return { orderStatus: "pending", paymentStatus: "pending", needsRefund: false };
  return { orderStatus: ageDays < 7 ? "processing" : "delivered", paymentStatus: "approved", needsRefund: false };
}

const DAY_MS = 86_400_000;

/**
 * Many rows in one statement with one parameter: the rows as JSON, unpacked by json_to_recordset
 * (columns left out take their defaults). PostgreSQL parses one JSON text far faster than tens of
 * thousands of bound parameters, the most Drizzle's multi-row insert can send.
 */
async function bulkInsert(tx: Tx, table: PgTable, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const { name, columns } = getTableConfig(table);
  const byKey = Object.entries(table as unknown as Record<string, { name?: string; getSQLType?: () => string }>).filter(
    ([key, column]) => columns.includes(column as never) && key in rows[0]!,
  );
  const names = byKey.map(([, column]) => `"${column.name!}"`).join(", ");
  const types = byKey.map(([, column]) => `"${column.name!}" ${column.getSQLType!()}`).join(", ");
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(byKey.map(([key, column]) => [column.name!, row[key]]))));
  await tx.execute(
    sql`insert into ${sql.raw(`"${name}"`)} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${json}::json) as x(${sql.raw(types)})`,
  );
}

/**
 * Inserts `count` synthetic orders; returns how many. Needs products in the catalogue. `now` fixes
 * the year they are spread over; `batchSize` orders go in per transaction.
 */
export async function seedOrders(
  db: Database,
  count: number,
  options: { now?: Date; batchSize?: number; seed?: number; onProgress?: (done: number) => void } = {},
): Promise<number> {
  if (count <= 0) return 0;
  const now = (options.now ?? new Date()).getTime();
  const batchSize = options.batchSize ?? 1000;
  const rnd = randomSource(options.seed ?? 20261126);
  const catalogue = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      salePriceCents: products.salePriceCents,
      images: products.images,
    })
    .from(products)
    .where(isNull(products.archivedAt))
    .limit(2000);
  if (catalogue.length === 0) throw new Error("seedOrders: the catalogue is empty (seed the products first)");

  // Order numbers are random in the shop; here they must not collide with each other or with the orders already there.
  const taken = new Set((await db.select({ n: orders.orderNumber }).from(orders)).map((r) => r.n));
  const orderNumber = () => {
    for (;;) {
      let out = ORDER_NUMBER_PREFIX;
      for (let i = 0; i < ORDER_NUMBER_LENGTH; i++) out += ORDER_NUMBER_ALPHABET[rnd.int(ORDER_NUMBER_ALPHABET.length)];
      if (!taken.has(out)) {
        taken.add(out);
        return out;
      }
    }
  };

  // A fifth of the orders are signed-in customers' (a pool of accounts, several orders each).
  const accounts = Array.from({ length: Math.max(1, Math.min(2000, Math.ceil(count / 25))) }, () => {
    const name = `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)} ${rnd.pick(LAST_NAMES)}`;
    const id = newId();
    return { id, name, email: `${plainAscii(name)}.${id.slice(-6)}@${rnd.pick(MAIL_DOMAINS)}` };
  });
  for (let i = 0; i < accounts.length; i += 1000) {
    await db.insert(users).values(accounts.slice(i, i + 1000).map((a) => ({ ...a, passwordHash: "!seed: sin contraseña" })));
  }

  let done = 0;
  while (done < count) {
    const size = Math.min(batchSize, count - done);
    const orderRows: Array<typeof orders.$inferInsert & Record<string, unknown>> = [];
    const itemRows: Array<typeof orderItems.$inferInsert & Record<string, unknown>> = [];
    const paymentRows: Array<typeof payments.$inferInsert & Record<string, unknown>> = [];
    for (let i = 0; i < size; i++) {
      const id = newId();
      const ageDays = rnd.next() * 365;
      const createdAt = new Date(now - ageDays * DAY_MS);
      const account = rnd.next() < 0.2 ? rnd.pick(accounts) : null;
      const contactName = account?.name ?? `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)} ${rnd.pick(LAST_NAMES)}`;
      const guestEmail = account ? null : `${plainAscii(contactName)}${rnd.int(1000)}@${rnd.pick(MAIL_DOMAINS)}`;
      const lines = 1 + Math.floor(rnd.next() ** 2 * 4);
      let subtotal = 0;
      for (let l = 0; l < lines; l++) {
        const product = rnd.pick(catalogue);
        const quantity = rnd.next() < 0.8 ? 1 : 2 + rnd.int(2);
        const unit = product.salePriceCents ?? product.priceCents;
        subtotal += unit * quantity;
        itemRows.push({
          id: newId(),
          orderId: id,
          productId: product.id,
          name: product.name,
          image: product.images[0] ?? null,
          unitPriceCents: unit,
          quantity,
        });
      }
      const method: ShippingMethodId = rnd.next() < 0.7 ? "estafeta" : "dhl";
      const shipping = shippingCostCents(method, subtotal);
      const discount = rnd.next() < 0.1 ? Math.round(subtotal * 0.1) : 0;
      const pointsUsed = account && rnd.next() < 0.3 ? Math.min(rnd.int(50), Math.floor((subtotal - discount) / 100)) : 0;
      const total = subtotal + shipping - discount;
      const finalTotal = Math.max(0, total - pointsUsed * 100);
      const fate = fateOf(rnd.next(), ageDays);
      // Still waiting for its payment: only a recent order (a cash ticket keeps it up to 72 hours).
      if (fate.orderStatus === "pending") createdAt.setTime(now - rnd.next() * 2 * DAY_MS);
      const paid = fate.paymentStatus === "approved" || fate.paymentStatus === "refunded";
      const number = orderNumber();
      const paymentId = paid ? `seed-${id}` : null;
      orderRows.push({
        id,
        orderNumber: number,
        userId: account?.id ?? null,
        guestEmail,
        contactName,
        contactPhone: `55${String(10_000_000 + rnd.int(89_999_999))}`,
        shippingAddress: { street: `Av. Juárez ${1 + rnd.int(900)}`, ...rnd.pick(CITIES), country: "México" },
        shippingMethod: method,
        shippingCostCents: shipping,
        subtotalCents: subtotal,
        discountCents: discount,
        couponCode: discount > 0 ? "DEMO10" : null,
        pointsUsed,
        pointsEarned: paid ? Math.floor(subtotal / 10_000) : 0,
        totalCents: total,
        finalTotalCents: finalTotal,
        orderStatus: fate.orderStatus,
        paymentStatus: fate.paymentStatus,
        paymentId,
        needsRefund: fate.needsRefund,
        trackingNumber:
          fate.orderStatus === "shipped" || fate.orderStatus === "delivered"
            ? method === "dhl"
              ? String(1_000_000_000 + rnd.int(8_999_999_999))
              : `${String(10_000_000 + rnd.int(89_999_999))}${String(10_000_000 + rnd.int(89_999_999))}`
            : null,
        cancelReason: fate.orderStatus === "cancelled" ? "Pago no recibido a tiempo: los productos apartados volvieron a la venta" : null,
        cancelledAt: fate.orderStatus === "cancelled" ? new Date(createdAt.getTime() + 30 * 60_000) : null,
        cancelledBy: fate.orderStatus === "cancelled" ? "sistema" : null,
        holdUntil: new Date(createdAt.getTime() + (fate.orderStatus === "pending" ? 72 * 60 : 30) * 60_000),
        search: orderSearchText({
          orderNumber: number,
          contactName,
          email: guestEmail,
          accountName: account?.name,
          accountEmail: account?.email,
        }),
        createdAt,
        updatedAt: createdAt,
      });
      if (paymentId) {
        const at = new Date(createdAt.getTime() + (2 + rnd.int(20)) * 60_000);
        const base = { orderId: id, provider: "sandbox", providerPaymentId: paymentId, amountCents: finalTotal, currency: "MXN" };
        paymentRows.push({ id: newId(), ...base, status: "approved", createdAt: at });
        if (fate.paymentStatus === "refunded")
          paymentRows.push({ id: newId(), ...base, status: "refunded", createdAt: new Date(at.getTime() + DAY_MS) });
      }
    }
    await db.transaction(async (tx) => {
      await bulkInsert(tx, orders, orderRows);
      await bulkInsert(tx, orderItems, itemRows);
      await bulkInsert(tx, payments, paymentRows);
    });
    done += size;
    options.onProgress?.(done);
  }
  // The planner's statistics, so the list and search plans are chosen for the new size at once.
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_items`);
  return count;
}
