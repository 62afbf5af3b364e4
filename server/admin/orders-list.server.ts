/**
 * The admin's orders (docs/requirements.md#admin-area): the 'Órdenes' tab's list, newest first,
 * searched and filtered, and the rows 'Resumen' shows. Read-only: status changes go through
 * server/fulfilment. The search matches `orders.search` (normalised as catalog/search-text.ts) with
 * ILIKE '%…%', which the trigram index answers; a whole order number goes straight to that order.
 */
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { OrdersFilter } from "#domain/admin-dashboard.ts";
import { isOrderNumber } from "#domain/orders.ts";
import type { Queryable } from "#server/db/client.ts";
import { orderItems, orders, users } from "#server/db/schema.ts";
import { normalizeSearchText } from "#server/catalog/search-text.ts";

/** Orders per page of the 'Órdenes' tab. */
export const ADMIN_ORDERS_PAGE_SIZE = 50;

/**
 * Above this many matching orders the list says "más de …" instead of counting them all: counting
 * 100,000 rows on every page costs more than the page itself (docs/requirements.md#admin-area).
 * The pages still go on past it: one more is offered while a page comes back full.
 */
export const ORDERS_COUNT_CAP = 1_000;

export interface AdminOrderRow {
  id: string;
  orderNumber: string;
  /** ISO. */
  createdAt: string;
  /** The account's name, else the name typed at checkout. */
  customerName: string;
  /** The account's e-mail, else the guest's. */
  customerEmail: string | null;
  /** Units ordered, all lines together. */
  itemCount: number;
  finalTotalCents: number;
  orderStatus: string;
  paymentStatus: string;
  trackingNumber: string | null;
  /** The shipping method's id (the carrier). */
  shippingMethod: string;
  /** A payment arrived that must be given back (docs/requirements.md#orders-and-statuses). */
  needsRefund: boolean;
}

export interface AdminOrdersPage {
  rows: AdminOrderRow[];
  /** Matching orders, or ORDERS_COUNT_CAP when there are more (`capped`). */
  total: number;
  capped: boolean;
  pages: number;
  page: number;
}

/**
 * Newest first, exactly as the index `orders_created_idx` is built (`desc nulls last`: a bare
 * `desc` sorts nulls first, which that index cannot answer, and 100,000 orders were then sorted
 * on every page).
 */
export const NEWEST_FIRST = [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`] as const;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The search box's condition: a whole order number of the shop's by equality, else the normalised words inside `orders.search` (an imported number, "ORD-1001", is among them). */
export function orderSearchCondition(q: string): SQL | undefined {
  const number = q.trim().toUpperCase();
  if (isOrderNumber(number)) return eq(orders.orderNumber, number);
  const words = normalizeSearchText(q);
  return words ? sql`${orders.search} ilike ${`%${likeLiteral(words)}%`}` : undefined;
}

/** The filters' condition (undefined: every order). */
export function ordersWhere(filter: Partial<OrdersFilter>): SQL | undefined {
  return and(
    filter.q ? orderSearchCondition(filter.q) : undefined,
    filter.estado ? eq(orders.orderStatus, filter.estado) : undefined,
    filter.pago ? eq(orders.paymentStatus, filter.pago) : undefined,
    filter.reembolso ? eq(orders.needsRefund, true) : undefined,
  );
}

/** The query of a page of orders newest first (NEWEST_FIRST), with the customer and the units ordered. */
export function ordersPageQuery(db: Queryable, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      contactName: orders.contactName,
      guestEmail: orders.guestEmail,
      userName: users.name,
      userEmail: users.email,
      // Per row through order_items_order_idx: never an aggregate over every order's lines.
      itemCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      finalTotalCents: orders.finalTotalCents,
      orderStatus: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
      trackingNumber: orders.trackingNumber,
      shippingMethod: orders.shippingMethod,
      needsRefund: orders.needsRefund,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(limit)
    .offset(offset);
}

/** A page of orders newest first, with the customer and the units ordered. */
export async function readOrders(db: Queryable, where: SQL | undefined, limit: number, offset: number): Promise<AdminOrderRow[]> {
  const rows = await ordersPageQuery(db, where, limit, offset);
  return rows.map((r) => ({
    id: r.id,
    orderNumber: r.orderNumber,
    createdAt: r.createdAt.toISOString(),
    customerName: r.userName ?? r.contactName,
    customerEmail: r.userEmail ?? r.guestEmail,
    itemCount: Number(r.itemCount ?? 0),
    finalTotalCents: r.finalTotalCents,
    orderStatus: r.orderStatus,
    paymentStatus: r.paymentStatus,
    trackingNumber: r.trackingNumber,
    shippingMethod: r.shippingMethod,
    needsRefund: r.needsRefund,
  }));
}

/** How many orders match, counting at most ORDERS_COUNT_CAP + 1 of them. */
async function countOrders(db: Queryable, where: SQL | undefined): Promise<{ total: number; capped: boolean }> {
  const matching = db
    .select({ one: sql`1`.as("one") })
    .from(orders)
    .where(where)
    .limit(ORDERS_COUNT_CAP + 1)
    .as("matching");
  const [row] = await db.select({ n: count() }).from(matching);
  const n = Number(row?.n ?? 0);
  return n > ORDERS_COUNT_CAP ? { total: ORDERS_COUNT_CAP, capped: true } : { total: n, capped: false };
}

/** 'Órdenes': the orders the filter selects, newest first, ADMIN_ORDERS_PAGE_SIZE a page. */
export async function listAdminOrders(db: Queryable, query: Partial<OrdersFilter> & { page?: number }): Promise<AdminOrdersPage> {
  const where = ordersWhere(query);
  const page = query.page ?? 1;
  const offset = (page - 1) * ADMIN_ORDERS_PAGE_SIZE;
  const rows = await readOrders(db, where, ADMIN_ORDERS_PAGE_SIZE, offset);
  // A page that is not full and not empty ends the list: its orders are the count (a search by a
  // name usually fits one page, and its trigram search is then not run twice).
  const { total, capped } =
    rows.length > 0 && rows.length < ADMIN_ORDERS_PAGE_SIZE && offset + rows.length <= ORDERS_COUNT_CAP
      ? { total: offset + rows.length, capped: false }
      : await countOrders(db, where);
  const counted = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE));
  // Past the cap the pages are not counted: one more is offered while this one is full.
  const pages = capped ? Math.max(counted, rows.length === ADMIN_ORDERS_PAGE_SIZE ? page + 1 : page) : counted;
  return { rows, total, capped, pages, page };
}
