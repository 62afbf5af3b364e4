/**
 * The product list's data for a query (its 24 cards, the count for
 * 'Mostrando X de Y') is the same for every visitor, so it is kept in memory
 * per database and per query, and shared by all requests: a busy page such as
 * /productos page 1 costs no query at all. What differs per visitor (cart
 * badge, user, cart quantities on the cards) comes from the root loader, never
 * from here.
 *
 * One rule keeps it correct: every product write calls `catalogChanged(db)`
 * after it commits (admin product form, import, stock changes at checkout,
 * seeding). That clears this process's cache at once; a list read that was
 * under way when the write landed is not kept. Entries also expire after
 * TTL_MS, the bound on how long another process's write (several app
 * processes on one PostgreSQL server) can take to show. Product pages, the
 * cart and checkout never read their data from here. See docs/decisions/007.
 *
 * The same rule governs the second cache here: whole catalogue pages as
 * rendered for visitors with no cookies (server/http/page-cache.ts, decision
 * 014), which a product write clears with the list data.
 */
import type { Database } from "#server/db/client.ts";

export const TTL_MS = 10_000;

export class CatalogCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  /** Loads under way, so that concurrent requests for one query share one database read. */
  private readonly loading = new Map<string, Promise<unknown>>();
  private generation = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1_000,
  ) {}

  /** The cached value of `key`, or what `load` returns (kept unless a write landed meanwhile). Treat it as read-only. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return Promise.resolve(hit.value as T);
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const startedAt = this.generation;
    const promise = load()
      .then((value) => {
        if (startedAt === this.generation) {
          this.entries.delete(key);
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
          this.entries.set(key, { value, expires: this.now() + TTL_MS });
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }
}

/**
 * Whole catalogue pages (server/http/page-cache.ts) for visitors with no cookies: about 50 KB
 * each, so fewer of them than of list data.
 */
const MAX_PAGES = 200;

const caches = new WeakMap<Database, { lists: CatalogCache; pages: CatalogCache }>();

function cachesOf(db: Database) {
  let entry = caches.get(db);
  if (!entry) {
    entry = { lists: new CatalogCache(), pages: new CatalogCache(Date.now, MAX_PAGES) };
    caches.set(db, entry);
  }
  return entry;
}

/** The list cache of one database (each test database, each process has its own). */
export function catalogCache(db: Database): CatalogCache {
  return cachesOf(db).lists;
}

/** The rendered catalogue pages of one database, cleared with its list cache. */
export function catalogPageCache(db: Database): CatalogCache {
  return cachesOf(db).pages;
}

/**
 * Call after any write to products commits (create, update, delete, import, stock or price
 * change), with the database, not the transaction: the product list and the cached pages show the
 * change at once.
 */
export function catalogChanged(db: Database): void {
  const entry = caches.get(db);
  entry?.lists.clear();
  entry?.pages.clear();
}
