/**
 * 'Exportar CSV' of the 'Órdenes' tab (docs/requirements.md#admin-area): the orders the list's
 * search and filters select, newest first, as UTF-8 CSV with a BOM (spreadsheets then read the
 * accents), RFC 4180 quoting, CRLF lines, and every cell a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a CR) written with a leading apostrophe. Streamed: the orders are
 * read in keyset batches on (created_at, id) as the client takes them, so 100,000 orders never sit
 * in memory at once.
 */
import { and, eq, sql } from "drizzle-orm";
import type { OrdersFilter } from "#domain/admin-dashboard.ts";
import { orderStatusLabel, paymentStatusLabel } from "#domain/statuses.ts";
import { carrierName } from "#domain/shipping.ts";
import type { Queryable } from "#server/db/client.ts";
import { orders, users } from "#server/db/schema.ts";
import { logError } from "#server/http/error-log.ts";
import { NEWEST_FIRST, ordersWhere } from "./orders-list.server";

import { SHOP_TIME_ZONE } from "#domain/format.ts";

/** Orders read per query. */
export const CSV_BATCH_SIZE = 1000;

export const ORDERS_CSV_HEADERS = [
  "número",
  "fecha",
  "cliente",
  "correo",
  "estado",
  "estado del pago",
  "id del pago",
  "subtotal",
  "envío",
  "descuento",
  "puntos usados",
  "total",
  "paquetería",
  "número de rastreo",
] as const;

/** One cell: text a spreadsheet would run as a formula gets a leading apostrophe; quoted when it holds `"`, `,`, CR or LF. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** Centavos as plain pesos: 123450 → "1234.50". */
export function plainMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** `pedidos-YYYY-MM-DD.csv`, the day in Mexico City. */
export function ordersCsvFilename(now: Date = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `pedidos-${day}.csv`;
}

interface Cursor {
  /** created_at as PostgreSQL prints it (microseconds kept: a JS Date would lose them). */
  createdAt: string;
  id: string;
}

async function readBatch(db: Queryable, filter: Partial<OrdersFilter>, after: Cursor | null, size: number) {
  const rows = await db
    .select({
      id: orders.id,
      cursorAt: sql<string>`${orders.createdAt}::text`,
      orderNumber: orders.orderNumber,
      day: sql<string>`to_char(${orders.createdAt} at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
      contactName: orders.contactName,
      guestEmail: orders.guestEmail,
      userName: users.name,
      userEmail: users.email,
      orderStatus: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
      paymentId: orders.paymentId,
      subtotalCents: orders.subtotalCents,
      shippingCostCents: orders.shippingCostCents,
      discountCents: orders.discountCents,
      pointsUsed: orders.pointsUsed,
      finalTotalCents: orders.finalTotalCents,
      shippingMethod: orders.shippingMethod,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        ordersWhere(filter),
        after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(size);
  const text = rows
    .map((r) =>
      csvLine([
        r.orderNumber,
        r.day,
        r.userName ?? r.contactName,
        r.userEmail ?? r.guestEmail,
        orderStatusLabel(r.orderStatus),
        paymentStatusLabel(r.paymentStatus),
        r.paymentId,
        plainMoney(r.subtotalCents),
        plainMoney(r.shippingCostCents),
        plainMoney(r.discountCents),
        r.pointsUsed,
        plainMoney(r.finalTotalCents),
        carrierName(r.shippingMethod),
        r.trackingNumber,
      ]),
    )
    .join("");
  const last = rows.at(-1);
  return { text, count: rows.length, next: last ? { createdAt: last.cursorAt, id: last.id } : null };
}

/**
 * The CSV of the orders `filter` selects, as a byte stream: the BOM and the header line first, then
 * one batch of `batchSize` orders per pull (the stream asks for more only as the client reads).
 */
export function ordersCsvStream(
  db: Queryable,
  filter: Partial<OrdersFilter>,
  options: { batchSize?: number; requestId?: string } = {},
): ReadableStream<Uint8Array> {
  const size = options.batchSize ?? CSV_BATCH_SIZE;
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${csvLine(ORDERS_CSV_HEADERS)}`));
          return;
        }
        if (done) return;
        try {
          const batch = await readBatch(db, filter, cursor, size);
          if (batch.text) controller.enqueue(encoder.encode(batch.text));
          if (batch.count < size) {
            done = true;
            controller.close();
          } else {
            cursor = batch.next;
          }
        } catch (error) {
          done = true;
          logError("orders csv export failed", error, { requestId: options.requestId });
          controller.error(error);
        }
      },
      cancel() {
        done = true;
      },
    },
    { highWaterMark: 0 },
  );
}
