/**
 * The loyalty admin's data (docs/requirements.md#admin-area): the customers with their points (search by
 * name or e-mail, LOYALTY_ADMIN_PAGE_SIZE a page), one customer's history, and the admin's
 * adjustment. The list holds every customer account (role 'customer'), with 0 points for those
 * who have no loyalty account yet, so the admin can also give points to someone who never bought;
 * admin accounts are left out (an admin does not grant points to themselves here).
 */
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { LOYALTY_ADMIN_HISTORY_LIMIT, LOYALTY_ADMIN_MESSAGES, LOYALTY_ADMIN_PAGE_SIZE } from "#domain/loyalty.ts";
import { isId } from "#domain/ids.ts";
import type { Database, Queryable } from "#server/db/client.ts";
import { loyaltyAccounts, loyaltyTransactions, users } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";
import { adjustPoints } from "./ledger.server";
import { recentMovements, type PointTransaction } from "./points.server";

export interface LoyaltyCustomerRow {
  user: { _id: string; name: string; email: string };
  /** Rounded down (docs/requirements.md#loyalty-points). */
  balance: number;
  /** Points a refund could not take back (docs/requirements.md#loyalty-points). */
  owed: number;
  totalEarned: number;
  totalSpent: number;
}

export interface LoyaltyCustomerPage {
  rows: LoyaltyCustomerRow[];
  total: number;
  pages: number;
  /** The page shown: the one asked for, clamped to 1…pages. */
  page: number;
}

const MAX_SEARCH_TOKENS = 6;

/** Lower case, accents dropped: what a search is compared with (the same steps as the catalogue's). */
function foldText(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The same folding in SQL (migration 0002 folds product names with these steps). */
const folded = (column: SQL | typeof users.name) => sql`lower(regexp_replace(normalize(${column}, NFD), ${"[\\u0300-\\u036f]"}, '', 'g'))`;

/** Every word typed must appear in the customer's name or e-mail, case and accents ignored. */
function searchCondition(q: string): SQL | undefined {
  const tokens = foldText(q).split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_TOKENS);
  if (tokens.length === 0) return undefined;
  const haystack = folded(sql`${users.name} || ' ' || ${users.email}`);
  return and(...tokens.map((token) => sql`strpos(${haystack}, ${token}) > 0`));
}

const isCustomer = eq(users.role, "customer");

/** The list: customers, most points first, then by name; the page clamped to the pages there are. */
export async function listLoyaltyCustomers(db: Queryable, query: { q?: string; page?: number }): Promise<LoyaltyCustomerPage> {
  const where = and(isCustomer, query.q ? searchCondition(query.q) : undefined);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  const total = Number(counted?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / LOYALTY_ADMIN_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(query.page ?? 1)), pages);
  if (total === 0) return { rows: [], total, pages, page };
  const balance = sql<number>`coalesce(${loyaltyAccounts.balance}, 0)`;
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      balance,
      owed: sql<number>`coalesce(${loyaltyAccounts.pointsOwed}, 0)`,
      totalEarned: sql<number>`coalesce(${loyaltyAccounts.totalEarned}, 0)`,
      totalSpent: sql<number>`coalesce(${loyaltyAccounts.totalSpent}, 0)`,
    })
    .from(users)
    .leftJoin(loyaltyAccounts, eq(loyaltyAccounts.userId, users.id))
    .where(where)
    .orderBy(desc(balance), asc(sql`lower(${users.name})`), asc(users.id))
    .limit(LOYALTY_ADMIN_PAGE_SIZE)
    .offset((page - 1) * LOYALTY_ADMIN_PAGE_SIZE);
  return {
    rows: rows.map((r) => ({
      user: { _id: r.id, name: r.name, email: r.email },
      balance: Math.floor(Number(r.balance)),
      owed: Number(r.owed),
      totalEarned: Number(r.totalEarned),
      totalSpent: Number(r.totalSpent),
    })),
    total,
    pages,
    page,
  };
}

/** A movement as the history shows it (the profile's points tab shows the same). */
export type LoyaltyHistoryEntry = PointTransaction;

export interface LoyaltyHistory extends LoyaltyCustomerRow {
  /** The latest LOYALTY_ADMIN_HISTORY_LIMIT movements, newest first. */
  transactions: LoyaltyHistoryEntry[];
  /** How many movements the customer has in all. */
  transactionCount: number;
}

/** One customer's name, e-mail and points; null for an id that names no customer. */
export async function loyaltyCustomer(db: Queryable, userId: string): Promise<LoyaltyCustomerRow | null> {
  if (!isId(userId)) return null;
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      balance: loyaltyAccounts.balance,
      owed: loyaltyAccounts.pointsOwed,
      totalEarned: loyaltyAccounts.totalEarned,
      totalSpent: loyaltyAccounts.totalSpent,
    })
    .from(users)
    .leftJoin(loyaltyAccounts, eq(loyaltyAccounts.userId, users.id))
    .where(and(eq(users.id, userId), isCustomer))
    .limit(1);
  if (!row) return null;
  return {
    user: { _id: row.id, name: row.name, email: row.email },
    balance: Math.floor(row.balance ?? 0),
    owed: row.owed ?? 0,
    totalEarned: row.totalEarned ?? 0,
    totalSpent: row.totalSpent ?? 0,
  };
}

/** One customer's points and latest movements; null for an id that names no customer. */
export async function loyaltyHistory(db: Queryable, userId: string): Promise<LoyaltyHistory | null> {
  const customer = await loyaltyCustomer(db, userId);
  if (!customer) return null;
  const [transactions, [counted]] = await Promise.all([
    recentMovements(db, userId, LOYALTY_ADMIN_HISTORY_LIMIT),
    db.select({ n: count() }).from(loyaltyTransactions).where(eq(loyaltyTransactions.userId, userId)),
  ]);
  return {
    ...customer,
    transactions,
    transactionCount: Number(counted?.n ?? 0),
  };
}

/**
 * The admin's adjustment of a customer's points, in one transaction: the new balance. An unknown
 * customer is refused (404), and a deduction larger than the balance (409, PointsError); nothing
 * is written then.
 */
export async function adjustCustomerPoints(
  db: Database,
  input: { userId: string; amount: number; description: string; adminId: string },
): Promise<number> {
  if (!isId(input.userId)) throw new ShopError(LOYALTY_ADMIN_MESSAGES.customerNotFound, "not_found");
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.userId), isCustomer))
      .limit(1)
      // Held until commit, so the account can't be deleted between this check and the writes.
      .for("key share");
    if (!customer) throw new ShopError(LOYALTY_ADMIN_MESSAGES.customerNotFound, "not_found");
    return adjustPoints(tx, input);
  });
}
