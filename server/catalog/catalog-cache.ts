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
 * under way when the write landed is not kept. On a PostgreSQL server it also
 * tells the other app processes (`NOTIFY catalog_changed`; each listens with
 * `listenForCatalogChanges`), which clear theirs as soon as it arrives.
 * Entries also expire after TTL_MS: the bound on how long another process's
 * write can take to show when a notification is lost (a listener reconnecting).
 * Product pages, the cart and checkout never read their data from here. See
 * docs/decisions/007.
 *
 * The same rule governs the second cache here: whole catalogue pages as
 * rendered for visitors with no cookies (server/http/page-cache.ts, decision
 * 014), which a product write clears with the list data.
 */
import crypto from "node:crypto";
import pg from "pg";
import { driverOf, type Database } from "#server/db/client.ts";
import { logError } from "#server/http/error-log.ts";

export const TTL_MS = 10_000;

export class CatalogCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  /** Loads under way, so that concurrent requests for one query share one database read. */
  private readonly loading = new Map<string, Promise<unknown>>();
  private generation = 0;
  /** Every `get` loads afresh and shares nothing (CATALOG_CACHE=off, the bench's uncached rows). */
  disabled = false;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1_000,
  ) {}

  /** The cached value of `key`, or what `load` returns (kept unless a write landed meanwhile). Treat it as read-only. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.disabled) return load();
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

  /** The cached value of `key` if there is one now (never a load under way). */
  peek<T>(key: string): T | undefined {
    if (this.disabled) return undefined;
    const hit = this.entries.get(key);
    return hit && hit.expires > this.now() ? (hit.value as T) : undefined;
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
 * CATALOG_CACHE=off (server/config.ts): neither cache of this database answers, and concurrent
 * requests for one query do not share a read either, so every list page, count and suggestion is
 * queried per request. For the bench's "uncached" rows (scripts/lib/large-catalogue-bench.ts); a
 * shop never runs so.
 */
export function disableCatalogCaches(db: Database): void {
  const entry = cachesOf(db);
  entry.lists.disabled = true;
  entry.pages.disabled = true;
}

/** The PostgreSQL channel on which app processes tell each other of a catalogue write. */
export const CATALOG_CHANNEL = "catalog_changed";
/** Each database handle's (each process's) name on the channel: it does not clear its caches twice for its own writes. */
const tokens = new WeakMap<Database, string>();
function tokenOf(db: Database): string {
  let token = tokens.get(db);
  if (!token) tokens.set(db, (token = crypto.randomUUID()));
  return token;
}

function clearCaches(db: Database): void {
  const entry = caches.get(db);
  entry?.lists.clear();
  entry?.pages.clear();
}

function poolOf(db: Database): pg.Pool | null {
  const driver = driverOf(db);
  return driver?.kind === "postgres" ? driver.pool : null;
}

/**
 * Call after any write to products commits (create, update, delete, import, stock or price
 * change), with the database, not the transaction: the product list and the cached pages show the
 * change at once, in this process and (on a PostgreSQL server) in the others.
 */
export function catalogChanged(db: Database): void {
  clearCaches(db);
  const pool = poolOf(db);
  if (pool) {
    pool
      .query("select pg_notify($1, $2)", [CATALOG_CHANNEL, tokenOf(db)])
      .catch((error) => logError("catalog change notification failed", error));
  }
}

export interface CatalogListener {
  /**
   * Resolves once the first connection listens and has cleared the caches (what was written before
   * it listened); a cache filled after this is cleared only by a later write.
   */
  ready: Promise<void>;
  stop(): Promise<void>;
}

const RECONNECT_MS = 1_000;

/**
 * On a PostgreSQL server: one connection of its own LISTENs on CATALOG_CHANNEL and clears this
 * process's caches when another process writes the catalogue. A lost connection is opened again
 * (after RECONNECT_MS), clearing the caches then, since notifications may have been missed; in
 * between, the caches' TTL bounds how stale a page can be. On the embedded database (one process)
 * there is nothing to hear: `null`.
 */
export function listenForCatalogChanges(db: Database): CatalogListener | null {
  const pool = poolOf(db);
  if (!pool) return null;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client(pool.options);
    client = next;
    const reconnect = (error?: unknown) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners("notification");
      void next.end().catch(() => undefined);
      if (stopped) return;
      if (error) logError("catalog listener lost its connection", error);
      retry = setTimeout(connect, RECONNECT_MS);
      retry.unref();
    };
    next.on("error", reconnect);
    next.on("end", () => reconnect());
    next.on("notification", (message) => {
      if (message.channel === CATALOG_CHANNEL && message.payload !== tokenOf(db)) clearCaches(db);
    });
    try {
      await next.connect();
      await next.query(`listen ${CATALOG_CHANNEL}`);
      clearCaches(db); // what was written while no one listened
      markReady();
    } catch (error) {
      reconnect(error);
    }
  };
  void connect();
  return {
    ready,
    async stop() {
      stopped = true;
      markReady();
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
