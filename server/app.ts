/**
 * The shop as an Express router: health checks, request log, security headers,
 * CSRF origin check, body limits, then React Router. `createShop` opens the
 * database, applies migrations, seeds the demo catalogue on first start and
 * starts the in-process jobs (e-mail worker, hourly housekeeping).
 */
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";
import { getConfig, type AppConfig } from "./config";
import { openConfiguredDatabase, type Database, type DatabaseHandle } from "./db/client";
import { ensureAdmin } from "./accounts/admin.server";
import { seedDemoCatalog } from "./catalog/seed";
import { bodySizeLimit, cspNonce, sameOriginOnly, securityHeaders } from "./http/security";
import { requestLog } from "./http/request-log";
import { startMailWorker } from "./mail/worker.server";
import { runHousekeeping } from "./jobs/housekeeping.server";
import { startPeriodicJob } from "./jobs/periodic.server";

const HOUR_MS = 60 * 60 * 1000;

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
  close(): Promise<void>;
}

export async function createShop(): Promise<Shop> {
  const config = getConfig();
  const handle = await openConfiguredDatabase(config);
  await handle.migrate();
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
  const mailWorker = startMailWorker(handle.db, config);
  const housekeeping = startPeriodicJob("housekeeping", HOUR_MS, () => runHousekeeping(handle.db), { runAtStart: true });
  return {
    db: handle.db,
    config,
    databaseKind: handle.kind,
    ready: () => handle.ping(),
    close: async () => {
      await Promise.all([mailWorker.stop(), housekeeping.stop()]);
      await handle.close();
    },
  };
}

const FORM_BODY_LIMIT = 512 * 1024;

export function handler(shop: Shop): express.Router {
  const router = express.Router();
  const production = shop.config.NODE_ENV === "production";
  const https = shop.config.secureCookies;

  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    try {
      await shop.ready();
      res.set("Cache-Control", "no-store").json({ status: "ok", database: shop.databaseKind });
    } catch {
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  router.use(requestLog(shop.config.LOG_REQUESTS === "true"));
  router.use(cspNonce);
  router.use(securityHeaders({ https, dev: !isBuilt() }));
  router.use(sameOriginOnly({ publicUrl: shop.config.PUBLIC_URL, exempt: (p) => p.startsWith("/webhooks/") }));
  router.use(bodySizeLimit(FORM_BODY_LIMIT));

  router.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
      mode: production ? "production" : process.env.NODE_ENV,
      getLoadContext: (req, res) => ({
        db: shop.db,
        config: shop.config,
        cspNonce: res.locals.cspNonce as string,
        requestId: res.locals.requestId as string,
        clientIp: req.ip ?? "unknown",
      }),
    }),
  );
  return router;
}

function isBuilt() {
  return import.meta.env?.PROD === true;
}
