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
// Built assets are served precompressed at maximum quality, so this concerns dynamic answers only.
// A page reaches the compressor as one piece (app/entry.server.tsx). With the stream's default
// 16 KB write buffer, a page over 16 KB (the product list, a signed-in shopper's page) made
// `write` report backpressure, so React Router's adapter waited for 'drain' and ended the answer
// in a later turn, compressed as a second part; 1 MB lets a whole page in at once. Nothing more is
// held in memory for it: the page is already one buffer. Two interleaved A/Bs of CPU per page (8
// rounds each, decision record 007): 5.5 -> 4.7 ms and 5.4 -> 5.6 ms for list page 1 rendered, so
// within this machine's noise; 8.9 -> 7.0 and 9.7 -> 9.1 ms for a signed-in shopper's page.
const WRITE_BUFFER = { writableHighWaterMark: 1024 * 1024 };
app.use(
  compression({ threshold: 1024, ...WRITE_BUFFER, brotli: { ...WRITE_BUFFER, params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } } }),
);

let shop;
if (DEV) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  const load = () => viteServer.ssrLoadModule("./server/app.ts");
  shop = await (await load()).createShop();
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
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const server = app.listen(port, host, () => {
  console.log(`Tienda lista en http://localhost:${port} (${shop.databaseKind})`);
});
server.keepAliveTimeout = 65_000;

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing connections and the database...`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await shop.close();
    process.exit(0);
  });
  server.closeIdleConnections?.();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
