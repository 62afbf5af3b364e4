// The shop's HTTP entry point: compression, then the app (server/app.ts: security
// headers, the built static files with long-lived caching, health checks, React Router).
// `node server.js` serves the production build (building it first if missing);
// `node server.js --dev` runs Vite in middleware mode with hot reload.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";

const DEV = process.argv.includes("--dev");
// The built shop runs React and Express in production mode unless told otherwise.
if (!DEV) process.env.NODE_ENV ??= "production";
const BUILD_ENTRY = "./build/server/index.js";

if (!DEV && !fs.existsSync(BUILD_ENTRY)) {
  console.log("No production build found: building the shop first (npm run build)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const app = express();
app.disable("x-powered-by");
// Behind a proxy (Docker, a load balancer) the client's IP and protocol come from X-Forwarded-*.
app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback, linklocal, uniquelocal");
// Pages are compressed as they are made: Brotli at quality 2 (the package's default is 4) and gzip
// level 6. On the product list (54 KB of HTML) quality 2 costs half the CPU time of quality 4 for
// 5% more bytes (8.7 KB instead of 8.3): about 5% more pages per second (decision record 007).
// Brotli's window is 256 KB (BROTLI_PARAM_LGWIN 18) instead of its default 4 MB: pages stay far below
// 256 KB (the product list, a shopper's largest page, is 52 KB), so nothing is lost, and with the
// default every page over 16 KB cost the server 2-5 ms more CPU (a signed-in shopper's page:
// 10.3 -> 5.7 ms; list page 1 rendered: 6.4 -> 4.2 ms, in an interleaved A/B; the same page sent
// uncompressed showed no such step).
// Built assets are served precompressed at maximum quality, so this concerns dynamic answers only.
const BROTLI_PARAMS = { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 };
app.use(compression({ threshold: 1024, brotli: { params: BROTLI_PARAMS } }));
// Set on SIGTERM (shutdown, below): from then on every answer closes its connection, and a
// connection whose request was in flight is closed once its answer is sent (a kept-alive idle
// connection would hold the server open until the deadline).
let stopping = false;
app.use((_req, res, next) => {
  if (stopping) res.setHeader("Connection", "close");
  res.once("finish", () => {
    if (stopping) setImmediate(() => server.closeIdleConnections?.());
  });
  next();
});

let shop;
let metricsApp;
if (DEV) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  const load = () => viteServer.ssrLoadModule("./server/app.ts");
  const mod = await load();
  shop = await mod.createShop();
  metricsApp = mod.metricsApp(shop);
  app.use(async (req, res, next) => {
    try {
      const mod = await load();
      return mod.handler(shop)(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const mod = await import(BUILD_ENTRY);
  shop = await mod.createShop();
  app.use(mod.handler(shop, { clientDir: "build/client" }));
  metricsApp = mod.metricsApp(shop);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const server = app.listen(port, host, () => {
  console.log(`Tienda lista en http://localhost:${port} (${shop.databaseKind})`);
});
server.keepAliveTimeout = 65_000;

// /metrics on its own listener (decision 023), this machine only unless METRICS_HOST says otherwise:
// the public port answers it only with METRICS_TOKEN, so no proxy or TCP forwarder in front of the
// shop can show its counts. A port already taken stops the start, as the shop's own port does.
const { METRICS_PORT: metricsPort, METRICS_HOST: metricsHost } = shop.config;
const metricsServer =
  metricsPort === "off"
    ? null
    : metricsApp.listen(metricsPort, metricsHost, () => {
        console.log(`Métricas en http://${metricsHost}:${metricsPort}/metrics`);
      });
metricsServer?.on("error", (error) => {
  console.error(`No se pudo abrir el puerto de métricas ${metricsHost}:${metricsPort} (METRICS_PORT, METRICS_HOST):`, error.message);
  process.exit(1);
});

// Graceful shutdown (docs/architecture.md#operations): on SIGTERM or SIGINT the shop stops taking
// connections (/readyz answers 503 to a load balancer still asking on an open one, and every
// answer closes its connection), lets the requests in flight finish, then stops its jobs (the
// mail worker's message and the CSV import's batch under way end; an import goes back to the
// queue and the next start goes on with it) and closes the database. Past the deadline it exits
// with 1, whatever is still running (SHUTDOWN_DEADLINE_MS, parsed with the other settings in
// server/config.ts).
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  shop.draining();
  // The metrics listener stops at once (a scrape cut short is retried at the next interval), so
  // nothing reads the database while it closes.
  const metricsClosed = new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve()));
  metricsServer?.closeAllConnections();
  console.log(`${signal}: cerrando la tienda (se terminan las solicitudes en curso)...`);
  const deadline = shop.config.SHUTDOWN_DEADLINE_MS;
  const force = setTimeout(() => {
    console.error(`La tienda no terminó en ${deadline / 1000} s: se detiene de todos modos.`);
    process.exit(1);
  }, deadline);
  force.unref();
  server.close(async () => {
    try {
      await metricsClosed;
      await shop.close();
      console.log("Tienda detenida.");
      process.exit(0);
    } catch (error) {
      console.error("Error al cerrar la tienda:", error);
      process.exit(1);
    }
  });
  server.closeIdleConnections?.();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
