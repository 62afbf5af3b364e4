/**
 * The admin dashboard's data (docs/requirements.md#admin-area): the 'Resumen' figures, the
 * 'Productos' list (the catalogue's search, 100 a page, archived products left out) and the
 * 'Órdenes' list (orders-list.server.ts). Read-only: nothing here writes.
 */
import { and, between, count, desc, eq, inArray, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, LOW_STOCK_THRESHOLD } from "#domain/catalog.ts";
import { STOCK_FILTERS, type DashboardQuery, type StockFilter } from "#domain/admin-dashboard.ts";
import { ORDER_STATUSES, type OrderStatus } from "#domain/statuses.ts";
import type { Queryable } from "#server/db/client.ts";
import { orders, payments, products, productVariants } from "#server/db/schema.ts";
import { variantRank } from "#domain/variant-names.ts";
import { countAndPageIds, searchCondition } from "#server/catalog/products.server.ts";
import { listAdminOrders, readOrders, type AdminOrderRow, type AdminOrdersPage } from "./orders-list.server";

export { ADMIN_ORDERS_PAGE_SIZE, listAdminOrders, type AdminOrderRow, type AdminOrdersPage } from "./orders-list.server";

/** How many orders 'Resumen' lists. */
export const LATEST_ORDERS = 10;

import { SHOP_TIME_ZONE } from "#domain/format.ts";

export interface SalesFigures {
  /** Centavos of approved payments made today (Mexico City's calendar day). */
  todayCents: number;
  /** …the last 7 days, today included. */
  last7DaysCents: number;
  /** …the last 30 days, today included. */
  last30DaysCents: number;
}

export interface DashboardSummary {
  sales: SalesFigures;
  /** Every order status, with 0 for those without orders. */
  ordersByStatus: { status: OrderStatus; count: number }[];
  /** Orders still waiting for their payment (not cancelled). */
  pendingPayments: number;
  /** Products in the shop (not archived) whose lowest variant has 0 units, and 1 to LOW_STOCK_THRESHOLD. */
  outOfStock: number;
  lowStock: number;
  latestOrders: AdminOrderRow[];
}

export interface AdminProductRow {
  id: string;
  name: string;
  expansion: string;
  cardNumber: string | null;
  priceCents: number;
  salePriceCents: number | null;
  /** Units of all its variants. */
  stock: number;
  /** Its variants in the shop, best first, each with its units (the stock colours are the lowest one's). */
  variants: Array<{ condition: string; language: string; stock: number }>;
  /** The first image, or null. */
  image: string | null;
}

export interface AdminPage<T> {
  rows: T[];
  total: number;
  pages: number;
  page: number;
}

/** The query of salesFigures (in a list, so a test can EXPLAIN it without awaiting it). */
export function salesQuery(db: Queryable, now: Date) {
  const day = shopDay(sql`${payments.createdAt}`);
  const today = shopDay(sql`${now.toISOString()}::timestamptz`);
  const since = (days: number) =>
    sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${day} between ${today} - ${days - 1}::int and ${today}), 0)::bigint`;
  return [
    db
      .select({ today: since(1), last7: since(7), last30: since(30) })
      .from(payments)
      .innerJoin(orders, and(eq(orders.id, payments.orderId), eq(orders.paymentId, payments.providerPaymentId)))
      .where(
        and(
          eq(payments.status, "approved"),
          eq(orders.paymentStatus, "approved"),
          // Only the last month's payments reach the join (a wide margin around the 30 Mexico City
          // days the FILTERs count exactly): a year of sales is not joined to sum 30 days of it.
          sql`${payments.createdAt} >= ${now.toISOString()}::timestamptz - interval '32 days'`,
        ),
      ),
  ] as const;
}

/** A day in Mexico City's calendar. */
const shopDay = (instant: SQL) => sql`(${instant} at time zone ${SHOP_TIME_ZONE})::date`;

/**
 * Sales: the approved payments that stand (the order is still paid, by that payment: a refunded
 * order, a rejected or pending payment and a second charge flagged for refund are not sales),
 * summed by the Mexico City day the payment was recorded. `now` fixes "today" (tests).
 */
export async function salesFigures(db: Queryable, now: Date = new Date()): Promise<SalesFigures> {
  const [query] = salesQuery(db, now);
  const [row] = await query;
  return {
    todayCents: Number(row?.today ?? 0),
    last7DaysCents: Number(row?.last7 ?? 0),
    last30DaysCents: Number(row?.last30 ?? 0),
  };
}

async function ordersByStatus(db: Queryable): Promise<DashboardSummary["ordersByStatus"]> {
  const rows = await db.select({ status: orders.orderStatus, count: count() }).from(orders).groupBy(orders.orderStatus);
  return ORDER_STATUSES.map((status) => ({ status, count: Number(rows.find((r) => r.status === status)?.count ?? 0) }));
}

async function pendingPayments(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(orders)
    .where(and(eq(orders.paymentStatus, "pending"), ne(orders.orderStatus, "cancelled")));
  return Number(row?.count ?? 0);
}

const inShop = isNull(products.archivedAt);

/**
 * The stock filters work per variant (docs/requirements.md#admin-area): a product is out of stock
 * or low by its lowest live variant, as its colour on the list says. The database keeps that
 * variant's stock on the product (lowest_stock, migration 0018), on an index of the products in the shop.
 */
function stockCondition(filter: StockFilter): SQL {
  const { min, max } = STOCK_FILTERS[filter];
  return between(products.lowestStock, min, max);
}

/** Two ranges of products_lowest_stock_idx, counted off the index. */
async function stockCounts(db: Queryable): Promise<{ outOfStock: number; lowStock: number }> {
  const [row] = await db
    .select({
      outOfStock: sql<number>`count(*) filter (where ${products.lowestStock} = 0)::int`,
      lowStock: sql<number>`count(*) filter (where ${products.lowestStock} between 1 and ${LOW_STOCK_THRESHOLD})::int`,
    })
    .from(products)
    .where(and(inShop, lte(products.lowestStock, LOW_STOCK_THRESHOLD)));
  return { outOfStock: Number(row?.outOfStock ?? 0), lowStock: Number(row?.lowStock ?? 0) };
}

/** 'Resumen'. */
export async function dashboardSummary(db: Queryable, now: Date = new Date()): Promise<DashboardSummary> {
  const [sales, byStatus, pending, stock, latestOrders] = await Promise.all([
    salesFigures(db, now),
    ordersByStatus(db),
    pendingPayments(db),
    stockCounts(db),
    readOrders(db, undefined, LATEST_ORDERS, 0),
  ]);
  return { sales, ordersByStatus: byStatus, pendingPayments: pending, ...stock, latestOrders };
}

function pageOf(total: number, page: number, size: number) {
  return { total, pages: Math.max(1, Math.ceil(total / size)), page, offset: (page - 1) * size };
}

/** 'Productos': the shop's products (archived ones left out), newest first, ADMIN_PAGE_SIZE a page. */
export async function listAdminProducts(
  db: Queryable,
  query: { q?: string; stock?: StockFilter | null; page?: number },
): Promise<AdminPage<AdminProductRow>> {
  const where = and(inShop, query.q ? searchCondition(query.q) : undefined, query.stock ? stockCondition(query.stock) : undefined);
  const { page, offset } = pageOf(0, query.page ?? 1, ADMIN_PAGE_SIZE);
  let counted: number;
  let pageIds: string[] | null = null;
  if (query.q) {
    // A search: its matches counted and its page taken from them in one statement (decision 003).
    const found = await countAndPageIds(db, {
      where,
      columns: sql`${products.dateAdded} as date_added`,
      orderBy: [sql`date_added desc`, sql`id desc`],
      limit: ADMIN_PAGE_SIZE,
      offset,
    });
    counted = found.total;
    pageIds = found.ids;
  } else {
    const [row] = await db.select({ total: count() }).from(products).where(where);
    counted = Number(row?.total ?? 0);
  }
  const { total, pages } = pageOf(counted, page, ADMIN_PAGE_SIZE);
  if (offset >= total || pageIds?.length === 0) return { rows: [], total, pages, page };
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      expansion: products.expansion,
      cardNumber: products.cardNumber,
      priceCents: products.priceCents,
      salePriceCents: products.salePriceCents,
      stock: products.stock,
      image: sql<string | null>`${products.images}[1]`,
    })
    .from(products)
    .where(pageIds ? inArray(products.id, pageIds) : where)
    .orderBy(desc(products.dateAdded), desc(products.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(pageIds ? 0 : offset);
  const variants = rows.length
    ? await db
        .select({
          productId: productVariants.productId,
          condition: productVariants.condition,
          language: productVariants.language,
          stock: productVariants.stock,
        })
        .from(productVariants)
        .where(
          and(
            inArray(
              productVariants.productId,
              rows.map((r) => r.id),
            ),
            isNull(productVariants.archivedAt),
          ),
        )
    : [];
  variants.sort((a, b) => variantRank(a) - variantRank(b));
  const byProduct = new Map<string, typeof variants>();
  for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  return {
    rows: rows.map((r) => ({
      ...r,
      variants: (byProduct.get(r.id) ?? []).map(({ condition, language, stock }) => ({ condition, language, stock })),
    })),
    total,
    pages,
    page,
  };
}

export type DashboardData =
  | { tab: "resumen"; summary: DashboardSummary }
  | { tab: "productos"; products: AdminPage<AdminProductRow> }
  | { tab: "ordenes"; orders: AdminOrdersPage };

/** What the dashboard shows for its query: one tab's data. */
export async function loadDashboard(db: Queryable, query: DashboardQuery, now: Date = new Date()): Promise<DashboardData> {
  switch (query.tab) {
    case "productos":
      return { tab: "productos", products: await listAdminProducts(db, query) };
    case "ordenes":
      return { tab: "ordenes", orders: await listAdminOrders(db, query) };
    default:
      return { tab: "resumen", summary: await dashboardSummary(db, now) };
  }
}
