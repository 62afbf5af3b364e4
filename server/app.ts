/**
 * The shop as an Express router: security headers first (every answer carries
 * them, static files included), then the built static files, health checks,
 * request log, CSRF origin check, body limits, React Router, and a last resort
 * for anything thrown past it. `createShop` opens the database, applies
 * migrations, seeds the demo catalogue on first start and starts the in-process
 * jobs (e-mail worker, CSV import worker, hourly housekeeping, the release of unpaid orders' lapsed stock holds,
 * the nightly backup, the embedded database's daily VACUUM).
 */
import path from "node:path";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import type { ServerBuild } from "react-router";
import { getConfig, sandboxInProduction, type AppConfig } from "./config";
import { openConfiguredDatabase, type Database, type DatabaseHandle } from "./db/client";
import { ensureAdmin } from "./accounts/admin.server";
import { seedDemoCatalog } from "./catalog/seed";
import { bodySizeLimit, cspNonce, formActionSources, sameOriginOnly, securityHeaders, supportedMethodsOnly } from "./http/security";
import { logError } from "./http/error-log";
import { pageCache } from "./http/page-cache";
import { speculativeDataRequests } from "./http/speculative-data";
import { catalogPageCache, disableCatalogCaches, listenForCatalogChanges } from "./catalog/catalog-cache";
import { isId } from "#domain/ids.ts";
import { DEFAULT_BCRYPT_COST } from "#domain/password-hash.ts";
import { reactRouterHandler } from "./http/react-router";
import { requestCost } from "./http/request-cost";
import { requestLog } from "./http/request-log";
import { METRICS_PATH, shopMetrics, type ShopMetrics } from "./http/metrics";
import { startMailWorker } from "./mail/worker.server";
import { startImportWorker } from "./importer/import-worker.server";
import { runHousekeeping } from "./jobs/housekeeping.server";
import { vacuumEmbeddedDatabase } from "./jobs/vacuum.server";
import { startPeriodicJob } from "./jobs/periodic.server";
import { paymentProvider, startPaymentReconciliation, webhooksIdle } from "./payments/index";
import { startOrderExpiry } from "./jobs/unpaid-orders.server";
import { backupsDir, removeLeftoverDumpCopies, startNightlyBackups } from "./backups/index";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    config: AppConfig;
    cspNonce: string;
    requestId: string;
    /** The client's IP (X-Forwarded-For honoured per `trust proxy`), for rate limits. */
    clientIp: string;
  }
}

export interface Shop {
  db: Database;
  config: AppConfig;
  databaseKind: DatabaseHandle["kind"];
  ready(): Promise<void>;
  /** The process is shutting down: /readyz answers 503 from now on, so a load balancer sends nothing new. */
  draining(): void;
  close(): Promise<void>;
}

export async function createShop(): Promise<Shop> {
  const config = getConfig();
  if (sandboxInProduction(config)) {
    console.warn(
      "ADVERTENCIA: la tienda corre en producción con PAYMENT_PROVIDER=sandbox: ningún pago es real y cualquiera puede aprobarlo. Configura Mercado Pago (PAYMENT_PROVIDER=mercadopago) antes de vender.",
    );
  }
  if (config.PASSWORD_HASH_COST < DEFAULT_BCRYPT_COST) {
    console.warn(
      `ADVERTENCIA: PASSWORD_HASH_COST=${config.PASSWORD_HASH_COST} hace las contraseñas más fáciles de adivinar si alguien obtiene la base de datos; es para pruebas. Quítalo (el valor normal es ${DEFAULT_BCRYPT_COST}).`,
    );
  }
  const handle = await openConfiguredDatabase(config);
  if (handle.kind === "pglite") {
    const removed = await removeLeftoverDumpCopies(config.dataDir);
    if (removed.length > 0) console.warn(`Se borró lo que dejó un respaldo interrumpido: ${removed.join(", ")}`);
  }
  await handle.migrate();
  if (config.CATALOG_CACHE === "off") disableCatalogCaches(handle.db);
  if (config.SEED_DEMO === "true") {
    const inserted = await seedDemoCatalog(handle.db);
    if (inserted > 0) console.log(`Catálogo de demostración cargado: ${inserted} productos.`);
  }
  const admin = await ensureAdmin(handle.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  if (admin.created) {
    console.log(
      admin.generatedPassword
        ? `Cuenta de administrador creada: ${admin.email} / contraseña: ${admin.generatedPassword} (se muestra una sola vez; cámbiala al entrar).`
        : `Cuenta de administrador creada: ${admin.email} (contraseña de ADMIN_PASSWORD).`,
    );
  }
  // Several processes on one PostgreSQL server: another's catalogue write clears this one's caches.
  const catalogListener = listenForCatalogChanges(handle.db);
  const mailWorker = startMailWorker(handle.db, config);
  const importWorker = startImportWorker(handle.db);
  const housekeeping = startPeriodicJob("housekeeping", HOUR_MS, () => runHousekeeping(handle.db), {
    runAtStart: true,
    shared: handle.db,
  });
  // PGlite has no autovacuum (server/jobs/vacuum.server.ts); a PostgreSQL server vacuums itself.
  const vacuum =
    handle.kind === "pglite"
      ? startPeriodicJob("vacuum", DAY_MS, () => vacuumEmbeddedDatabase(handle.db), { runAtStart: true, shared: handle.db })
      : null;
  const paymentReconciliation = startPaymentReconciliation(handle.db, paymentProvider(config, handle.db), {
    publicUrl: config.PUBLIC_URL,
  });
  const orderExpiry = startOrderExpiry(handle.db, paymentProvider(config, handle.db), { publicUrl: config.PUBLIC_URL });
  const nightlyBackups = startNightlyBackups(handle.db, backupsDir(config.dataDir));
  let shuttingDown = false;
  return {
    db: handle.db,
    config,
    databaseKind: handle.kind,
    ready: async () => {
      if (shuttingDown) throw new Error("shutting down");
      await handle.ping();
    },
    draining: () => {
      shuttingDown = true;
    },
    close: async () => {
      shuttingDown = true;
      await Promise.all([
        mailWorker.stop(),
        importWorker.stop(),
        housekeeping.stop(),
        vacuum?.stop(),
        orderExpiry.stop(),
        paymentReconciliation.stop(),
        nightlyBackups.stop(),
        webhooksIdle(),
        catalogListener?.stop(),
      ]);
      await handle.close();
    },
  };
}

const FORM_BODY_LIMIT = 512 * 1024;
/**
 * The admin's file uploads (an image of up to 5 MB, a CSV of up to 5 MB) get room for the file and
 * the multipart envelope, so a file just over its own limit reaches the screen and gets its Spanish
 * message; anything larger is refused 413 before it is read.
 */
const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;
const UPLOAD_PATHS = new Set(["/admin/galeria", "/admin/importar-productos"]);

/** With JavaScript, React Router posts a form to its path plus ".data" (single fetch): the same allowance. */
const DATA_REQUEST_SUFFIX = ".data";

export function bodyLimitFor(req: { path: string }): number {
  const path = req.path.endsWith(DATA_REQUEST_SUFFIX) ? req.path.slice(0, -DATA_REQUEST_SUFFIX.length) : req.path;
  return UPLOAD_PATHS.has(path) ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
}

/** The list (home and /productos) and the product pages: what a cookieless visit shows there changes only with the catalogue. */
export function isCatalogPage(path: string): boolean {
  if (path === "/" || path === "/productos") return true;
  return path.startsWith("/producto/") && isId(path.slice("/producto/".length));
}

export interface HandlerOptions {
  /** The built browser files (`build/client`), served with long-lived caching; unset in development, where Vite serves them. */
  clientDir?: string;
  /** Another React Router build than the shop's own (tests of the HTTP stack). */
  build?: ServerBuild;
}

export function handler(shop: Shop, options: HandlerOptions = {}): express.Router {
  const router = express.Router();
  const production = shop.config.NODE_ENV === "production";
  const https = shop.config.secureCookies;
  const build = options.build ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>);
  const metrics = metricsOf(shop, build);

  router.use(metrics.timing);
  router.use(cspNonce);
  router.use(securityHeaders({ https, dev: !isBuilt(), formAction: formActionSources(shop.config.MERCADOPAGO_API_BASE_URL) }));
  router.use(supportedMethodsOnly);
  if (options.clientDir) {
    // Hashed build assets: cached for a year; the .br/.gz files made at build time are served as they are.
    router.use(
      "/assets",
      expressStaticGzip(path.join(options.clientDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        serveStatic: { immutable: true, maxAge: "1y", index: false },
      }),
    );
    // Other built files (favicon, fonts) all have an extension: a page path goes straight on
    // to React Router instead of costing a file-system lookup on every page request.
    const publicFiles = expressStaticGzip(options.clientDir, {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      serveStatic: { maxAge: "1h", index: false },
    });
    router.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get(METRICS_PATH, metrics.endpoint);
  router.get("/readyz", async (_req, res) => {
    try {
      await shop.ready();
      res.set("Cache-Control", "no-store").json({ status: "ok", database: shop.databaseKind });
    } catch {
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  router.use(requestLog(shop.config.LOG_REQUESTS === "true"));
  router.use(sameOriginOnly({ publicUrl: shop.config.PUBLIC_URL, exempt: (p) => p.startsWith("/api/webhooks/") }));
  router.use(bodySizeLimit(bodyLimitFor));
  router.use(speculativeDataRequests);
  // In development every request renders the freshly edited modules.
  if (isBuilt() && shop.db) router.use(pageCache({ store: () => catalogPageCache(shop.db), isCatalogPage }));

  router.use(requestCost(shop.config.SERVER_TIMING === "true"));
  router.use(
    reactRouterHandler({
      build,
      reuseBuild: isBuilt(),
      mode: production ? "production" : process.env.NODE_ENV,
      maxBodyBytes: bodyLimitFor,
      getLoadContext: (req, res) => ({
        db: shop.db,
        config: shop.config,
        cspNonce: res.locals.cspNonce as string,
        requestId: res.locals.requestId as string,
        clientIp: req.ip ?? "unknown",
      }),
    }),
  );
  router.use(lastResort);
  return router;
}

/** One set of metrics per shop, shared by its public port and its metrics listener (and, in development, by every request's handler). */
const shopMetricsByShop = new WeakMap<Shop, ShopMetrics>();
function metricsOf(shop: Shop, build: ServerBuild | (() => Promise<ServerBuild>)): ShopMetrics {
  let metrics = shopMetricsByShop.get(shop);
  if (!metrics) {
    metrics = shopMetrics({
      db: shop.db,
      databaseKind: shop.databaseKind,
      token: shop.config.METRICS_TOKEN,
      build: typeof build === "function" ? build : () => build,
    });
    shopMetricsByShop.set(shop, metrics);
  }
  return metrics;
}

/**
 * The metrics listener's app (server.js listens with it on METRICS_HOST:METRICS_PORT, decision
 * 021): GET /metrics, to whoever reaches it, and a plain 404 for anything else.
 */
export function metricsApp(shop: Shop, options: Pick<HandlerOptions, "build"> = {}): express.Express {
  const app = express();
  app.disable("x-powered-by");
  const metrics = metricsOf(shop, options.build ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>));
  app.get(METRICS_PATH, metrics.serve);
  app.use((_req: express.Request, res: express.Response) => {
    res.status(404).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send("No encontrado.");
  });
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    logError("metrics scrape failed", error);
    if (!res.headersSent) res.status(500).type("text/plain; charset=utf-8").send("Error al leer las métricas.");
  });
  return app;
}

/**
 * Whatever is thrown past React Router (a static file that can't be read, a bug
 * in a middleware): a 4xx the error names (a malformed path is 400), else 500;
 * one JSON log line with the request id for a 500; never a stack in the answer.
 */
function lastResort(error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) {
  if (res.headersSent) return next(error);
  const named =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  const status = typeof named === "number" && named >= 400 && named < 500 ? named : 500;
  if (status === 500) logError("request failed", error, { requestId: res.locals.requestId, method: req.method, path: req.path });
  res
    .status(status)
    .type("text/plain; charset=utf-8")
    .send(status === 500 ? "Ocurrió un error. Intenta de nuevo en unos momentos." : "La solicitud no es válida.");
}

function isBuilt() {
  return import.meta.env?.PROD === true;
}
