/**
 * `/metrics` in the Prometheus text format (docs/architecture.md#metrics), made with prom-client:
 * - `http_request_duration_seconds{method,route,status}`: every answer, the route named by its
 *   pattern ('/producto/:id'), so random paths cannot grow the series without bound;
 * - read from the database at each scrape, so every process answers the same:
 *   `shop_orders{order_status,payment_status}`, `shop_payments{status}`,
 *   `shop_outbox_messages{state}` (pending, retrying, given_up) and
 *   `shop_outbox_oldest_pending_seconds`, `shop_import_runs{status}`;
 * - the database: `shop_database_info{kind}` and, on a PostgreSQL server, the pool's connections
 *   `shop_db_pool_connections{state}` (total, idle, waiting);
 * - the process (memory, CPU, event loop lag, handles) with prom-client's default metrics.
 * Served by its own listener (`metricsApp` in server/app.ts, on METRICS_HOST:METRICS_PORT, this
 * machine only by default), and on the shop's public port only to `Authorization: Bearer
 * <METRICS_TOKEN>`: without the token there, /metrics is any unknown path (404), so a proxy or a
 * plain TCP forwarder in front of the shop shows no counts (decision 023).
 */
import crypto from "node:crypto";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { and, count, isNull, lt, min, sql } from "drizzle-orm";
import { driverOf, type Database } from "#server/db/client.ts";
import { importRuns, orders, outbox, payments } from "#server/db/schema.ts";
import { MAX_ATTEMPTS } from "#server/mail/worker.server.ts";
import { IMPORT_RUN_STATUSES } from "#server/importer/import-runs.server.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "#domain/statuses.ts";

export const METRICS_PATH = "/metrics";
/** Paths the Express stack answers itself, before React Router. */
const OWN_PATHS = new Set([METRICS_PATH, "/healthz", "/readyz"]);
/** React Router's data requests (`/producto/x.data`, `/_root.data` for `/`) are their page's route. */
const DATA_SUFFIX = ".data";
const ROOT_DATA_PAGE = "/_root";

/** A route pattern of the build, compiled once: the whole path from the root ('/producto/:id'). */
type CompiledPattern = { name: string; regex: RegExp; score: number };

/**
 * React Router's ranking of a branch (its `computeScore`, on the branch's path as React Router
 * joins it: '/producto/:id'): more segments and static ones first, a dynamic segment before a
 * splat, an index route before its parent's own branch.
 */
function patternScore(branchPath: string, index: boolean): number {
  const segments = branchPath.split("/");
  let score = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\.*+?^${}()|[\]]/g, "\\$&");
}

function compilePattern(fullPath: string, caseSensitive: boolean): RegExp {
  const segments = fullPath.split("/").filter(Boolean);
  let source = "^";
  for (const segment of segments) {
    if (segment === "*") source += "(?:/.+|/*)";
    else if (segment.startsWith(":")) source += "/[^/]+";
    else source += `/${escapeRegExp(segment)}`;
  }
  return new RegExp(`${source}/*$`, caseSensitive ? undefined : "i");
}

/**
 * Every branch of a React Router build (a route with a path or an index, below its parents),
 * ranked as React Router ranks them, so the first pattern a path matches is the route React Router
 * answers with. Compiled once: `matchRoutes` flattens, ranks and compiles the whole tree on every
 * call, 1 ms of CPU per request on the shop's 50 routes (7 % of a rendered list's CPU).
 * Null when a path uses what this does not compile (an optional segment, a splat not at the end):
 * the namer then asks `matchRoutes`.
 */
function compileRoutes(routes: ServerBuild["routes"]): CompiledPattern[] | null {
  const children = new Map<string | undefined, NonNullable<ServerBuild["routes"][string]>[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const branches: (CompiledPattern & { order: number })[] = [];
  let supported = true;
  const walk = (parentId: string | undefined, parentPath: string) => {
    for (const route of children.get(parentId) ?? []) {
      const own = route.path ?? "";
      if (own.includes("?") || (own.includes("*") && !/(^|\/)\*$/.test(own))) supported = false;
      // React Router's `joinPaths`: the parent's path and the route's own, slashes collapsed.
      const branchPath = `${parentPath}/${own}`.replace(/\/\/+/g, "/");
      walk(route.id, branchPath);
      if (route.path == null && !route.index) continue;
      branches.push({
        name: branchPath.replace(/\/+$/, "") || "/",
        regex: compilePattern(branchPath, Boolean(route.caseSensitive)),
        score: patternScore(branchPath, Boolean(route.index)),
        order: branches.length,
      });
    }
  };
  walk(undefined, "");
  if (!supported) return null;
  return branches.sort((a, b) => b.score - a.score || a.order - b.order);
}

/** The route tree of a React Router build, for `matchRoutes`. */
function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject);
    byParent.set(route.parentId, siblings);
  }
  const attach = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => (route.index ? route : { ...route, children: attach(route.id) }));
  return attach(undefined);
}

/** The route pattern React Router's own matching names for `pathname`, or null when no route takes it. */
export function patternByMatchRoutes(routes: ServerBuild["routes"], pathname: string): string | null {
  const matches = matchRoutes(routeTree(routes), pathname);
  if (!matches) return null;
  const pattern = matches
    .map((m) => m.route.path)
    .filter((p): p is string => Boolean(p))
    .join("/");
  return `/${pattern}`.replace(/\/+/g, "/");
}

/** Names requests by route pattern once the build is known; "unmatched" before, or for a path no route takes. */
export function routeNamer(build: () => Promise<ServerBuild> | ServerBuild) {
  let nameOf: ((page: string) => string | null) | null = null;
  void Promise.resolve()
    .then(build)
    .then((b) => {
      const compiled = compileRoutes(b.routes);
      nameOf = compiled ? (page) => compiled.find((p) => p.regex.test(page))?.name ?? null : (page) => patternByMatchRoutes(b.routes, page);
    })
    .catch(() => undefined);
  return (pathname: string): string => {
    if (pathname.startsWith("/assets/")) return "/assets/*";
    if (OWN_PATHS.has(pathname)) return pathname;
    const data = pathname.endsWith(DATA_SUFFIX) ? pathname.slice(0, -DATA_SUFFIX.length) : null;
    const page = data === null ? pathname : data === ROOT_DATA_PAGE || data === "" ? "/" : data;
    const name = nameOf ? nameOf(page) : null;
    return name ?? (path.extname(pathname) ? "static" : "unmatched");
  };
}

function tokenMatches(given: string, token: string): boolean {
  const digest = (s: string) => crypto.createHash("sha256").update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(token));
}

/** The request brings the configured token (none configured: nobody does). Where it comes from does not count. */
export function bearerMatches(req: Request, token: string | undefined): boolean {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "")?.[1];
  return Boolean(token && bearer && tokenMatches(bearer, token));
}

export interface MetricsOptions {
  db?: Database;
  databaseKind: "pglite" | "postgres";
  token?: string;
  build: () => Promise<ServerBuild> | ServerBuild;
}

export interface ShopMetrics {
  /** Times every request (put it before the routes it should see). */
  timing: (req: Request, res: Response, next: NextFunction) => void;
  /** GET /metrics on the shop's public port: the token's holder only; anyone else goes on to the not-found page. */
  endpoint: (req: Request, res: Response, next: NextFunction) => void;
  /** GET /metrics on the metrics listener: whoever reaches it. */
  serve: (req: Request, res: Response, next: NextFunction) => void;
  registry: Registry;
}

export function shopMetrics(options: MetricsOptions): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const routeOf = routeNamer(options.build);
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "shop_database_info",
    help: "The database the shop runs on (1 for its kind).",
    labelNames: ["kind"] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.set({ kind: options.databaseKind }, 1);
    },
  });

  const db = options.db;
  if (db) {
    new Gauge({
      name: "shop_orders",
      help: "Orders by order status and payment status.",
      labelNames: ["order_status", "payment_status"] as const,
      registers: [registry],
      async collect() {
        const rows = await db
          .select({ orderStatus: orders.orderStatus, paymentStatus: orders.paymentStatus, n: count() })
          .from(orders)
          .groupBy(orders.orderStatus, orders.paymentStatus);
        this.reset();
        // Every known pair, 0 when none: an alert can compare a series that is always there.
        for (const order_status of ORDER_STATUSES) {
          for (const payment_status of PAYMENT_STATUSES) this.set({ order_status, payment_status }, 0);
        }
        for (const r of rows) this.set({ order_status: r.orderStatus, payment_status: r.paymentStatus }, r.n);
      },
    });
    new Gauge({
      name: "shop_payments",
      help: "Payment notices applied, by the provider's status.",
      labelNames: ["status"] as const,
      registers: [registry],
      async collect() {
        const rows = await db.select({ status: payments.status, n: count() }).from(payments).groupBy(payments.status);
        this.reset();
        for (const status of PAYMENT_STATUSES) this.set({ status }, 0);
        for (const r of rows) this.set({ status: r.status }, r.n);
      },
    });
    new Gauge({
      name: "shop_outbox_messages",
      help: "Unsent e-mails: pending (never failed), retrying (failed, will try again), given_up (failed too often).",
      labelNames: ["state"] as const,
      registers: [registry],
      async collect() {
        const [row] = await db
          .select({
            pending: sql<number>`count(*) filter (where ${outbox.attempts} = 0)`.mapWith(Number),
            retrying: sql<number>`count(*) filter (where ${outbox.attempts} > 0 and ${outbox.attempts} < ${MAX_ATTEMPTS})`.mapWith(Number),
            givenUp: sql<number>`count(*) filter (where ${outbox.attempts} >= ${MAX_ATTEMPTS})`.mapWith(Number),
          })
          .from(outbox)
          .where(isNull(outbox.sentAt));
        this.set({ state: "pending" }, row?.pending ?? 0);
        this.set({ state: "retrying" }, row?.retrying ?? 0);
        this.set({ state: "given_up" }, row?.givenUp ?? 0);
      },
    });
    new Gauge({
      name: "shop_outbox_oldest_pending_seconds",
      help: "Age of the oldest e-mail still to be sent (0 when none waits).",
      registers: [registry],
      async collect() {
        const [row] = await db
          .select({ oldest: min(outbox.createdAt) })
          .from(outbox)
          .where(and(isNull(outbox.sentAt), lt(outbox.attempts, MAX_ATTEMPTS)));
        const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
        this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
      },
    });
    new Gauge({
      name: "shop_import_runs",
      help: "CSV import runs by status.",
      labelNames: ["status"] as const,
      registers: [registry],
      async collect() {
        const rows = await db.select({ status: importRuns.status, n: count() }).from(importRuns).groupBy(importRuns.status);
        this.reset();
        for (const status of IMPORT_RUN_STATUSES) this.set({ status }, 0);
        for (const r of rows) this.set({ status: r.status }, r.n);
      },
    });
    const driver = driverOf(db);
    if (driver?.kind === "postgres") {
      const { pool } = driver;
      new Gauge({
        name: "shop_db_pool_connections",
        help: "The PostgreSQL pool's connections: total, idle, and requests waiting for one.",
        labelNames: ["state"] as const,
        registers: [registry],
        collect() {
          this.set({ state: "total" }, pool.totalCount);
          this.set({ state: "idle" }, pool.idleCount);
          this.set({ state: "waiting" }, pool.waitingCount);
        },
      });
    }
  }

  function serve(_req: Request, res: Response, next: NextFunction) {
    registry
      .metrics()
      .then((text) => res.set("Cache-Control", "no-store").type(registry.contentType).send(text))
      .catch(next);
  }

  return {
    registry,
    timing(req, res, next) {
      const end = durations.startTimer({ method: req.method });
      res.on("finish", () => end({ route: routeOf(req.path), status: String(res.statusCode) }));
      next();
    },
    endpoint(req, res, next) {
      if (!bearerMatches(req, options.token)) return next();
      serve(req, res, next);
    },
    serve,
  };
}
