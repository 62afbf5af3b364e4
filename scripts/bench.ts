/**
 * npm run bench — the shop's speed as a ratio to a bare React Router page.
 *
 * The yardstick is scripts/perf-baseline (see its README): one route rendering
 * 24 product cards from constants, no database, no session, no security
 * headers. The bench installs it (npm ci, once) and builds it, builds the shop,
 * and for each catalogue size (the demo catalogue that `npm start` seeds, then
 * 10,000 products) seeds a fresh embedded database, starts the shop's
 * production build, and measures with autocannon (10 connections,
 * `accept-encoding: br, gzip`) alternating baseline and shop runs: baseline,
 * shop route, baseline, shop route, … A shared machine's speed drifts by 2×
 * from one minute to the next, so each route's req/s is divided by the median
 * of the baseline runs of the same catalogue, each route's p50 is compared
 * with page 1's p50 measured in the same rounds, and the server's CPU time per
 * request (Linux /proc) is shown beside the bare page's, which drifts less.
 * A first visit (no cookie) is answered from the page cache
 * (server/http/page-cache.ts) after the first render; rows named "rendered"
 * send a cookie the shop ignores, so the same page is rendered per request, as
 * for any visitor with a cookie. One route is a signed-in shopper with three
 * products in the cart (made through the shop's own forms): the per-visitor
 * work of the root loader.
 *
 * Then it prints all JavaScript the browser loads for /productos (gzip -9),
 * less what the bare page loads, and the HTML of both.
 *
 * Knobs: BENCH_DURATION (seconds per run, default 6), BENCH_ROUNDS (default 3),
 * BENCH_PRODUCTS (catalogue sizes, default "demo,10000"), BENCH_SKIP_BUILD=1
 * (use the existing build/ of the shop). A quick run:
 * BENCH_DURATION=2 BENCH_ROUNDS=1 BENCH_PRODUCTS=demo npm run bench
 *
 * Orders: 20 guests, each with a different in-stock product in the
 * cart and the checkout form loaded, post 'Continuar al Pago' at once; printed:
 * orders per second, p50/p99 of that POST (the one that ends in the redirect
 * to pay), errors, and products oversold (checked in the database afterwards),
 * on the embedded database and, with BENCH_DATABASE_URL, on a fresh database
 * of that PostgreSQL server. BENCH_ONLY=orders runs only this part.
 *
 * Admin: the dashboard rendered for the signed-in admin, interleaved with the bare page like the
 * catalogue's rows: 'Resumen' on a shop with 100 orders, then on a shop with 100,000 orders
 * (scripts/seed.ts --orders) the 'Órdenes' tab's page 1, a search by a customer's name and a
 * status filter, each held to p50 ≤ 2× that 'Resumen'; then 'Exportar CSV' of all 100,000 orders,
 * read to the end, with the server's resident memory (VmRSS) before and at its peak.
 * BENCH_ONLY=admin runs only this part; BENCH_ORDERS (default 100000) sets the large shop's orders.
 *
 * Search as you type: two rows of the catalogue's table ask /buscar/sugerencias, one the same query
 * ('char', answered from the catalogue cache after the first request), one a new query every
 * request (never cached), each held to p50 ≤ 25 ms; the size of the 'char' answer is held to 2 KB
 * gzip. BENCH_ONLY=catalogue runs the catalogue's tables and the page weight only; BENCH_ONLY=weight
 * the page weight alone (a minute: what a change to the browser's code does to "JavaScript beyond
 * the bare page").
 *
 * The CSV import: 5,000 new products, then the same 5,000 rows as updates, through the import
 * worker on an embedded database on disk, each held to under 30 s (decision 012). BENCH_ONLY=csv runs only
 * this part.
 *
 * A guest's purchase on a slow phone (scripts/lib/phone-bench.ts): BENCH_ONLY=phone only, not in the full run.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { PAGE_SIZE } from "#domain/catalog.ts";
import { buildDemoCatalog } from "#server/catalog/demo-catalog.ts";
import { benchCsvImport, printCsvImport } from "./lib/csv-import-bench.ts";
import { measureRequestCosts, printRequestCosts } from "./lib/request-cost-bench.ts";
import {
  copySeeded,
  LARGE_CATALOGUE,
  largeCatalogueTargets,
  seedCatalogue,
  startUncachedTwin,
  stopTwin,
} from "./lib/large-catalogue-bench.ts";
import { benchPhone, printPhone } from "./lib/phone-bench.ts";
import { openDatabase } from "#server/db/client.ts";
import { sql } from "drizzle-orm";
import {
  cookiesOf,
  FIRST_ROUND_TRIP_BYTES,
  ensureShopBuild,
  freePort,
  listPath,
  percentile,
  rssMbOf,
  run,
  seedShop,
  sentBytes,
  spawnServer,
  startSeededShop,
  stop,
  waitReady,
  withFreshPostgres,
} from "./lib/shop-server.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const BASELINE_DIR = path.resolve("scripts/perf-baseline");
const DEMO_SIZE = buildDemoCatalog().length;
const SIZES = (process.env.BENCH_PRODUCTS ?? "demo,10000")
  .split(",")
  .map((s) => (s.trim() === "demo" ? DEMO_SIZE : Number(s)))
  .filter((n) => Number.isInteger(n) && n >= DEMO_SIZE);

// The targets: the list and the detail page at least this fraction of a bare page's speed (decision 007).
const TARGET_PAGE1_RATIO = 0.6;
const TARGET_DETAIL_RATIO = 0.6;
// Issue 30: a page rendered per request (any cookie) as fast as the bare page; a signed-in shopper
// with a cart of 3 lines, points and a wishlist at 0.8 of it.
const TARGET_RENDERED_RATIO = 1.0;
const TARGET_SIGNED_IN_RATIO = 0.8;
const TARGET_P50_VS_PAGE1 = 2;
const TARGET_EXTRA_JS_KB = 10;
// Search as you type (/buscar/sugerencias): p50 and size of one answer.
const TARGET_SUGGEST_P50_MS = 25;
const TARGET_SUGGEST_GZIP_BYTES = 2048;

/**
 * A cookie the shop ignores: the same page as a first visit's, but rendered for the request, as
 * for every visitor who has any cookie (the page cache keeps pages for cookieless visitors only).
 */
const RENDER_COOKIE = "bench=1";

interface Target {
  name: string;
  path: string;
  /** The Cookie header: a signed-in shopper with a cart, or RENDER_COOKIE; none: a first visit. */
  cookie?: string;
  /** Which row's p50 this one's is compared with (the targets' "p50 ≤ 2× page 1"). */
  page1?: string;
  target?: "page1" | "detail" | "p50" | "suggest" | "yardstick" | "rendered" | "signedIn";
  /** The p50 target as a multiple of `page1`'s (default TARGET_P50_VS_PAGE1). */
  maxVsPage1?: number;
  /** Paths asked in turn, one per request (scripts/lib/large-catalogue-bench.ts's 20 suggestions). */
  paths?: string[];
  /** A new query string per request (autocannon's `[<id>]` replaced by a random id): nothing is answered from a cache. */
  fresh?: boolean;
  /** Another shop's server than the one measured (the admin's rows compare two shops in the same rounds). */
  on?: { server: ChildProcess; base: string };
}

/**
 * The product with the most variants (five or more wanted) among the products of a few list
 * pages that have played and Japanese copies in stock: its id and how many variant radios its page has.
 */
async function productWithManyVariants(base: string): Promise<{ id: string; variants: number }> {
  let best = { id: "", variants: 0 };
  for (const change of [{ condition: "HP" }, { condition: "MP", language: "ja" }, { condition: "MP" }, { language: "ja" }] as const) {
    for (let page = 1; page <= 3; page++) {
      const html = await (await fetch(base + listPath({ ...change, page }))).text();
      for (const id of new Set([...html.matchAll(/\/producto\/([0-9a-f]{24})/g)].map((m) => m[1]!))) {
        const detail = await (await fetch(`${base}/producto/${id}`)).text();
        const variants = detail.match(/name="variante"/g)?.length ?? 0;
        if (variants > best.variants) best = { id, variants };
        if (best.variants >= 5) return best;
      }
    }
  }
  if (!best.id) throw new Error("no product with variants found");
  return best;
}

interface Visitors {
  /** A signed-in customer with 3 cart lines, points and a wishlist (the session's cookie). */
  shopper: string;
  /** A guest with one line in the cart (the cart cookie). */
  guest: string;
}

function shopTargets(total: number, productId: string, visitors: Visitors, many: { id: string; variants: number }): Target[] {
  const rendered = { cookie: RENDER_COOKIE, page1: "page 1, rendered", target: "p50" } as const;
  const signedIn = { cookie: visitors.shopper, target: "signedIn" } as const;
  return [
    { name: "/productos page 1", path: listPath({}), target: "page1" },
    { name: "page 1, rendered", path: listPath({}), cookie: RENDER_COOKIE, target: "rendered" },
    { name: "page 1, signed in with a cart", path: listPath({}), ...signedIn },
    { name: "product detail, signed in with a cart", path: `/producto/${productId}`, ...signedIn },
    { name: "search 'charizard', signed in with a cart", path: listPath({ search: "charizard" }), ...signedIn },
    { name: "/carrito, a guest's cart of 1 line", path: "/carrito", cookie: visitors.guest, target: "rendered" },
    { name: "/checkout, a guest's cart of 1 line", path: "/checkout", cookie: visitors.guest, target: "rendered" },
    { name: `last page (${Math.ceil(total / PAGE_SIZE)}), rendered`, path: listPath({ page: Math.ceil(total / PAGE_SIZE) }), ...rendered },
    {
      name: "filtered (Ultra Rare, Pokémon, sale), rendered",
      path: listPath({ rarity: "Ultra Rare", type: "Pokémon", onSale: true }),
      ...rendered,
    },
    // The variants' filters (a variant in stock matches, products.variant_keys) and the category.
    { name: "condition 'Ligeramente jugada', rendered", path: listPath({ condition: "LP" }), ...rendered },
    { name: "language 'Japonés', rendered", path: listPath({ language: "ja" }), ...rendered },
    { name: "category 'Producto sellado', rendered", path: listPath({ category: "Producto Sellado" }), ...rendered },
    { name: "search 'charizard', rendered", path: listPath({ search: "charizard" }), ...rendered },
    { name: "typo search 'charizrd', rendered", path: listPath({ search: "charizrd" }), ...rendered },
    { name: "suggestions 'char'", path: "/buscar/sugerencias?q=char", target: "suggest" },
    { name: "suggestions, a new query each time", path: "/buscar/sugerencias?q=char%20[<id>]", target: "suggest", fresh: true },
    { name: "product detail", path: `/producto/${productId}`, target: "detail" },
    { name: "product detail, rendered", path: `/producto/${productId}`, cookie: RENDER_COOKIE, target: "rendered" },
    { name: `product detail, ${many.variants} variants, rendered`, path: `/producto/${many.id}`, cookie: RENDER_COOKIE, target: "detail" },
  ];
}

interface Run {
  p50: number;
  p99: number;
  rps: number;
  /** The server's CPU time (user + system, all its threads) per answered request; NaN where /proc is missing. */
  cpuMs: number;
  non2xx: number;
  errors: number;
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

/** CPU milliseconds a process has used so far (Linux /proc), or NaN. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

async function measure(
  server: ChildProcess,
  url: string,
  duration = DURATION_S,
  cookie?: string,
  fresh = false,
  paths?: string[],
): Promise<Run> {
  const cpuBefore = cpuMsOf(server.pid);
  let turn = 0;
  const r = await autocannon({
    url,
    ...(paths ? { requests: [{ setupRequest: (req: object) => ({ ...req, path: paths[turn++ % paths.length] }) }] } : {}),
    connections: CONNECTIONS,
    duration,
    idReplacement: fresh,
    headers: { "accept-encoding": "br, gzip", accept: "text/html", ...(cookie ? { cookie } : {}) },
  });
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    cpuMs: (cpuMsOf(server.pid) - cpuBefore) / Math.max(1, r.requests.total),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pass = (ok: boolean) => (ok ? "ok" : "MISSED");

/** Every JavaScript file the page loads at start: preloads, the route modules' script's imports, and their static imports. */
async function pageWeight(base: string, pagePath: string) {
  const res = await fetch(base + pagePath, { headers: { "accept-encoding": "identity" } });
  const html = await res.text();
  const queue: string[] = [];
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) queue.push(m[1]!);
  // The route modules' script is held back until the first paint (app/lib/scripts-after-paint.server.ts): its
  // `import … from` and `import(…)` name every module, the preload links' among them (found again below).
  for (const m of html.matchAll(/(?:\bimport\s*\(?|\bfrom)\s*"([^"]+\.js)"|<script[^>]+src="([^"]+)"/g)) queue.push((m[1] ?? m[2])!);
  const files = new Map<string, number>();
  while (queue.length > 0) {
    const url = new URL(queue.shift()!, base).href;
    if (files.has(url)) continue;
    const body = await (await fetch(url, { headers: { "accept-encoding": "identity" } })).text();
    files.set(url, zlib.gzipSync(body, { level: 9 }).length);
    // Static imports only: a dynamic import() (the header's suggestions) loads later, on use, not with the page.
    for (const m of body.matchAll(/(?:\bimport|\bfrom)\s*"(\.{1,2}\/[^"]+\.js|\/[^"]+\.js)"/g)) queue.push(new URL(m[1]!, url).href);
  }
  const js = [...files.values()].reduce((a, b) => a + b, 0);
  return {
    htmlRaw: Buffer.byteLength(html),
    htmlGz: zlib.gzipSync(html, { level: 6 }).length,
    // The document as the shop sends it (its own compression), against the first round trip's 14 KB.
    sentBr: await sentBytes(base + pagePath, "br"),
    sentGz: await sentBytes(base + pagePath, "gzip"),
    js,
    files: [...files].map(([url, gz]) => ({ path: new URL(url).pathname, gz })),
  };
}

const formPost = (base: string, fields: Record<string, string>, cookie = "") => ({
  method: "POST",
  redirect: "manual" as const,
  headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie },
  body: new URLSearchParams(fields),
});

/**
 * Registers a shopper, puts three products (of these, not sold out) in their cart, hearts two and has
 * the admin give them 150 points, all through the shop's own forms; returns their Cookie header.
 */
async function signedInShopper(base: string, productIds: string[]): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const registered = await fetch(`${base}/registro`, formPost(base, { name: "Cliente de prueba", email, password: "benchmark-only" }));
  const jar = new Map(cookiesOf(registered).map((c) => [c.split("=")[0]!, c]));
  if (jar.size === 0) throw new Error(`registration answered ${registered.status} without a session cookie`);
  let inCart = 0;
  for (const productId of productIds) {
    if (inCart === 3) break;
    const added = await fetch(`${base}/carrito`, formPost(base, { intent: "add", productId, quantity: "1" }, [...jar.values()].join("; ")));
    if (added.status === 409) continue; // sold out
    if (added.status >= 400) throw new Error(`adding to the cart answered ${added.status}`);
    for (const c of cookiesOf(added)) jar.set(c.split("=")[0]!, c);
    inCart++;
  }
  const cookie = [...jar.values()].join("; ");
  for (const productId of productIds.slice(-2)) {
    const hearted = await fetch(`${base}/lista-de-deseos`, formPost(base, { intent: "add", productId }, cookie));
    if (hearted.status >= 400) throw new Error(`the wishlist answered ${hearted.status}`);
  }
  const admin = await adminCookie(base);
  const found = await (await fetch(`${base}/admin/loyalty?${new URLSearchParams({ q: email })}`, { headers: { cookie: admin } })).text();
  const userId = /usuario=([0-9a-f]{24})/.exec(found)?.[1];
  if (!userId) throw new Error("the admin's points page does not list the bench's shopper");
  const adjusted = await fetch(
    `${base}/admin/loyalty`,
    formPost(base, { intent: "adjust", userId, amount: "150", description: "Puntos del benchmark" }, admin),
  );
  if (adjusted.status !== 303) throw new Error(`the points adjustment answered ${adjusted.status}`);
  const page = await (await fetch(`${base}/productos`, { headers: { cookie } })).text();
  if (inCart !== 3 || !page.includes("Carrito, 3 artículos")) throw new Error("the signed-in shopper's cart badge is missing");
  if (!page.includes("Tus puntos: 150")) throw new Error("the signed-in shopper's points are missing");
  return cookie;
}

/** A guest with one of these products (the first not sold out) in the cart: the cart cookie. */
async function guestWithCart(base: string, productIds: string[]): Promise<string> {
  for (const productId of productIds) {
    const added = await fetch(`${base}/carrito`, formPost(base, { intent: "add", productId, quantity: "1" }));
    if (added.status === 409) continue;
    if (added.status >= 400) throw new Error(`adding to the cart answered ${added.status}`);
    return cookiesOf(added).join("; ");
  }
  throw new Error("no product in stock for the guest's cart");
}

async function startShop(
  total: number,
  databaseUrl?: string,
  orders = 0,
): Promise<{ base: string; server: ChildProcess; dataDir: string }> {
  console.log(
    `\nSeeding ${total} products${orders ? ` and ${orders} orders` : ""} into ${databaseUrl ? "PostgreSQL" : "a fresh DATA_DIR"} ...`,
  );
  return startSeededShop(seedShop({ extra: total - DEMO_SIZE, orders, databaseUrl }));
}

interface RouteSummary extends Target {
  p50: number;
  p99: number;
  rps: number;
  ratio: number;
  cpuMs: number;
  non2xx: number;
}

interface Baseline {
  url: string;
  server: ChildProcess;
}

/**
 * Each target measured ROUNDS times, each run right after a run of the bare page (after a warm-up of
 * every route): the routes' medians and the bare page's.
 */
async function measureInterleaved(server: ChildProcess, base: string, baseline: Baseline, targets: Target[]) {
  // Warm up the JIT and the database's caches on every route before measuring.
  await measure(baseline.server, baseline.url, 2);
  for (const t of targets) await measure(t.on?.server ?? server, (t.on?.base ?? base) + t.path, 2, t.cookie, t.fresh, t.paths);

  const baselineRuns: Run[] = [];
  const shopRuns: Run[][] = targets.map(() => []);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [i, t] of targets.entries()) {
      const b = await measure(baseline.server, baseline.url);
      baselineRuns.push(b);
      const s = await measure(t.on?.server ?? server, (t.on?.base ?? base) + t.path, DURATION_S, t.cookie, t.fresh, t.paths);
      shopRuns[i]!.push(s);
      const flag = s.non2xx || s.errors ? `  (${s.non2xx} non-2xx, ${s.errors} errors!)` : "";
      console.log(
        `round ${round}  bare page ${b.rps.toFixed(0).padStart(4)} req/s ${b.cpuMs.toFixed(1)} CPU ms | ${t.name.padEnd(30)} ${s.rps.toFixed(0).padStart(4)} req/s ${s.cpuMs.toFixed(1)} CPU ms  p50 ${s.p50} ms  p99 ${s.p99} ms${flag}`,
      );
    }
  }
  const baseRps = median(baselineRuns.map((r) => r.rps));
  const routes: RouteSummary[] = targets.map((t, i) => {
    const runs = shopRuns[i]!;
    const rps = median(runs.map((r) => r.rps));
    return {
      ...t,
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      rps,
      ratio: rps / baseRps,
      cpuMs: median(runs.map((r) => r.cpuMs)),
      non2xx: runs.reduce((n, r) => n + r.non2xx + r.errors, 0),
    };
  });
  const baseP50 = median(baselineRuns.map((r) => r.p50));
  const baseP99 = median(baselineRuns.map((r) => r.p99));
  const baseCpuMs = median(baselineRuns.map((r) => r.cpuMs));
  return { baseRps, baseP50, baseP99, baseCpuMs, routes };
}

async function benchCatalogue(total: number, baseline: Baseline) {
  console.log(`\nSeeding ${total} products into a fresh DATA_DIR ...`);
  const seeded = seedCatalogue(total - DEMO_SIZE);
  // At LARGE_CATALOGUE products and more, uncached rows on a twin shop (scripts/lib/large-catalogue-bench.ts).
  const twin = total >= LARGE_CATALOGUE ? await startUncachedTwin(copySeeded(seeded)) : null;
  // SERVER_TIMING: the Server-Timing header the request-cost table reads (server/http/request-cost.ts).
  const { base, server, dataDir } = await startSeededShop(seeded, { env: { SERVER_TIMING: "true" } });
  try {
    const page1 = await (await fetch(`${base}/productos`)).text();
    const productIds = [...new Set([...page1.matchAll(/\/producto\/([0-9a-f]{24})/g)].map((m) => m[1]!))];
    if (productIds.length < 4) throw new Error("too few product links on /productos");
    const visitors = { shopper: await signedInShopper(base, productIds.slice(1)), guest: await guestWithCart(base, productIds.slice(5)) };
    const targets = shopTargets(total, productIds[0]!, visitors, await productWithManyVariants(base));
    if (twin) targets.push(...(await largeCatalogueTargets(twin, total, RENDER_COOKIE, adminCookie)));
    let suggestGzip = 0;
    for (const t of targets) {
      if (t.on) continue; // checked by largeCatalogueTargets
      const res = await fetch(base + t.path, { redirect: "manual", headers: t.cookie ? { cookie: t.cookie } : {} });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}`);
      if (t.path.startsWith("/productos") && !body.includes('href="/producto/')) throw new Error(`${t.path} lists no product`);
      if (t.target === "suggest" && !t.fresh) {
        if (!body.includes('"href":"/producto/')) throw new Error(`${t.path} suggests no product`);
        suggestGzip = zlib.gzipSync(body, { level: 6 }).length; // the compression middleware's gzip level
      }
    }
    const measured = await measureInterleaved(server, base, baseline, targets);
    const costs = await measureRequestCosts(
      base,
      targets.filter((t) => !t.on && (t.target === "rendered" || t.target === "signedIn")),
      cpuMsOf,
      server,
    );
    return { total, suggestGzip, costs, ...measured };
  } finally {
    if (twin) await stopTwin(twin);
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printSummary(r: Awaited<ReturnType<typeof benchCatalogue>>) {
  console.log(`\n== ${r.total} products: medians of ${ROUNDS} rounds, ${DURATION_S} s per run, ${CONNECTIONS} connections, br/gzip ==`);
  console.log(
    `bare page: ${r.baseRps.toFixed(0)} req/s, p50 ${r.baseP50} ms, p99 ${r.baseP99} ms, ${r.baseCpuMs.toFixed(2)} CPU ms per request (median of ${ROUNDS * r.routes.length} runs)`,
  );
  console.log("route | req/s | × bare page | p50 ms | p50 × page 1 | p99 ms | CPU ms/req (× bare) | target");
  for (const route of r.routes) {
    const page1 = r.routes.find((x) => x.name === route.page1) ?? r.routes[0]!;
    const vsPage1 = route.p50 / Math.max(page1.p50, 0.001);
    let target: string;
    // A rendered row is held to its first visit's target too: the render is what a shopper with a cart waits for.
    const rendered = route.cookie === RENDER_COOKIE ? " (rendered per request)" : "";
    if (route.target === "page1") target = `≥ ${TARGET_PAGE1_RATIO}× bare${rendered}: ${pass(route.ratio >= TARGET_PAGE1_RATIO)}`;
    else if (route.target === "detail") target = `≥ ${TARGET_DETAIL_RATIO}× bare${rendered}: ${pass(route.ratio >= TARGET_DETAIL_RATIO)}`;
    else if (route.target === "p50") {
      const max = route.maxVsPage1 ?? TARGET_P50_VS_PAGE1;
      target = `p50 ≤ ${max}× ${page1.name}: ${pass(vsPage1 <= max)}`;
    } else if (route.target === "yardstick") target = "(the yardstick of the rows below it)";
    else if (route.target === "suggest") target = `p50 ≤ ${TARGET_SUGGEST_P50_MS} ms: ${pass(route.p50 <= TARGET_SUGGEST_P50_MS)}`;
    else if (route.target === "rendered")
      target = `≥ ${TARGET_RENDERED_RATIO}× bare (rendered per request): ${pass(route.ratio >= TARGET_RENDERED_RATIO)}`;
    else if (route.target === "signedIn")
      target = `≥ ${TARGET_SIGNED_IN_RATIO}× bare (session, 3 cart lines, points, wishlist): ${pass(route.ratio >= TARGET_SIGNED_IN_RATIO)}`;
    else target = "(no target: the root loader's session, cart and points per visitor)";
    // A run in which no request was answered has no p50 (0): it misses whatever its target.
    if (route.rps === 0 && route.target && route.target !== "yardstick") target = "MISSED (no request answered in the run)";
    const errors = route.non2xx ? ` (${route.non2xx} non-2xx/errors)` : "";
    console.log(
      `${route.name} | ${route.rps.toFixed(0)} | ${route.ratio.toFixed(2)}× | ${route.p50} | ${vsPage1.toFixed(2)}× | ${route.p99} | ${route.cpuMs.toFixed(2)} (${(route.cpuMs / r.baseCpuMs).toFixed(2)}×) | ${target}${errors}`,
    );
  }
  console.log(
    `suggestions 'char': ${r.suggestGzip} bytes gzip (target ≤ ${TARGET_SUGGEST_GZIP_BYTES}: ${pass(r.suggestGzip <= TARGET_SUGGEST_GZIP_BYTES)}); "a new query each time" asks what no one asked before, so the catalogue cache never answers it`,
  );
  console.log(
    'Rows without "rendered", "signed in" or "a guest\'s cart" are first visits (no cookie): the page cache\'s kept page. "rendered": the same page with a cookie the shop ignores, rendered per request as for any visitor with a cookie.',
  );
  printRequestCosts(r.costs);
}

// ---------------------------------------------------------------------------
// Orders: 20 concurrent guest checkouts of different in-stock products.

const ORDER_SHOPPERS = 20;

/** A guest with one product in the cart and the checkout form's token; null when the product is sold out. */
async function guestAtCheckout(base: string, productId: string): Promise<{ cookie: string; token: string } | null> {
  const added = await fetch(`${base}/carrito`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ intent: "add", productId, quantity: "1" }),
  });
  if (added.status === 409) return null;
  if (added.status >= 400) throw new Error(`adding to the cart answered ${added.status}`);
  const cookie = cookiesOf(added).join("; ");
  const page = await (await fetch(`${base}/checkout`, { headers: { cookie }, redirect: "manual" })).text();
  const token = /name="checkoutToken" value="([A-Za-z0-9_-]+)"/.exec(page)?.[1];
  if (!token) throw new Error("no checkout token on /checkout");
  return { cookie, token };
}

async function benchOrders(label: string, databaseUrl?: string) {
  const { base, server, dataDir } = await startShop(DEMO_SIZE, databaseUrl);
  let placed = 0;
  let errors = 0;
  const latencies: number[] = [];
  let wallMs = 0;
  try {
    const ids: string[] = [];
    for (let page = 1; ids.length < ORDER_SHOPPERS * 2 && page <= 5; page++) {
      const html = await (await fetch(`${base}${listPath({ page })}`)).text();
      for (const m of html.matchAll(/\/producto\/([0-9a-f]{24})/g)) if (!ids.includes(m[1]!)) ids.push(m[1]!);
    }
    const shoppers: Array<{ cookie: string; token: string }> = [];
    for (const id of ids) {
      if (shoppers.length === ORDER_SHOPPERS) break;
      const shopper = await guestAtCheckout(base, id);
      if (shopper) shoppers.push(shopper);
    }
    if (shoppers.length < ORDER_SHOPPERS) throw new Error(`only ${shoppers.length} in-stock products found`);
    const started = performance.now();
    await Promise.all(
      shoppers.map(async (shopper, i) => {
        const t0 = performance.now();
        const answer = await fetch(`${base}/checkout`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie: shopper.cookie },
          body: new URLSearchParams({
            intent: "place",
            checkoutToken: shopper.token,
            name: `Comprador ${i}`,
            email: `bench-order-${i}@example.com`,
            phone: "5512345678",
            street: "Av. Reforma 1",
            colonia: "Juárez",
            city: "Ciudad de México",
            state: "Ciudad de México",
            zipCode: "06600",
            shippingMethod: "estafeta",
            couponCode: "",
          }),
        });
        latencies.push(performance.now() - t0);
        if (answer.status === 303 && answer.headers.get("location")?.includes("/sandbox/pago/")) placed++;
        else errors++;
      }),
    );
    wallMs = performance.now() - started;
  } finally {
    await stop(server);
  }
  // The database after the run: every order placed is there, and no product went below 0.
  const handle = databaseUrl ? await openDatabase({ kind: "postgres", url: databaseUrl }) : await openDatabase({ kind: "pglite", dataDir });
  let orderRows = 0;
  let oversold = 0;
  try {
    const rows = await handle.db.execute(
      sql`select (select count(*) from orders)::int as orders, (select count(*) from products where stock < 0)::int as oversold`,
    );
    const row = (rows as unknown as { rows: Array<{ orders: number; oversold: number }> }).rows[0]!;
    orderRows = row.orders;
    oversold = row.oversold;
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  latencies.sort((a, b) => a - b);
  return { label, placed, errors, orderRows, oversold, wallMs, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

function printOrders(r: Awaited<ReturnType<typeof benchOrders>>) {
  console.log(`\n== Orders: ${ORDER_SHOPPERS} concurrent guest checkouts, ${r.label} ==`);
  console.log(
    `${(r.placed / (r.wallMs / 1000)).toFixed(1)} orders/s (${r.placed} placed in ${r.wallMs.toFixed(0)} ms); POST /checkout → 303: p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms`,
  );
  console.log(
    `errors ${r.errors} (${pass(r.errors === 0)}); order rows ${r.orderRows}; oversold products ${r.oversold} (${pass(r.oversold === 0 && r.orderRows === r.placed)})`,
  );
}

async function runOrderBenches() {
  const results = [await benchOrders("embedded database (PGlite)")];
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) results.push(await withFreshPostgres(pgUrl, "shop_bench", (url) => benchOrders("PostgreSQL", url)));
  return results;
}

// ---------------------------------------------------------------------------
// Admin: 'Resumen' at 100 orders; 'Órdenes' and its CSV export at 100,000.

const ADMIN_SMALL_ORDERS = 100;
const ADMIN_LARGE_ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const TARGET_ADMIN_P50_VS_SUMMARY = 2;

/** Signs in as the admin the shop made at its first start (ADMIN_PASSWORD); returns the Cookie header. */
async function adminCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ email: "admin@cartasdelvalle.mx", password: "benchmark-only" }),
  });
  const cookie = cookiesOf(res).join("; ");
  const panel = await fetch(`${base}/admin`, { headers: { cookie }, redirect: "manual" });
  if (panel.status !== 200 || !(await panel.text()).includes("Panel de Administración"))
    throw new Error(`admin sign-in failed (${res.status})`);
  return cookie;
}

/** Downloads the whole CSV export, sampling the server's RSS every 20 ms. */
async function csvExport(server: ChildProcess, base: string, cookie: string) {
  const before = rssMbOf(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMbOf(server.pid));
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let chunks = 0;
  try {
    const res = await fetch(`${base}/admin/pedidos.csv`, { headers: { cookie, "accept-encoding": "identity" } });
    if (res.status !== 200 || !res.body) throw new Error(`/admin/pedidos.csv answered ${res.status}`);
    const reader = res.body.getReader();
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      chunks++;
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssMbOf(server.pid));
  return { ms: performance.now() - started, bytes, rows: lines - 1, chunks, rssBefore: before, rssPeak: peak };
}

async function benchAdmin(baseline: Baseline) {
  // Both shops run at once and their rows are measured in the same rounds, so the machine's drift
  // does not favour either side of the comparison.
  const small = await startShop(DEMO_SIZE, undefined, ADMIN_SMALL_ORDERS);
  let large: Awaited<ReturnType<typeof startShop>> | undefined;
  try {
    const seedStarted = performance.now();
    large = await startShop(DEMO_SIZE, undefined, ADMIN_LARGE_ORDERS);
    const seedS = (performance.now() - seedStarted) / 1000;
    const smallCookie = await adminCookie(small.base);
    const cookie = await adminCookie(large.base);
    // A customer's name from page 1, typed in lower case without its accents.
    const page1 = await (await fetch(`${large.base}/admin?tab=ordenes`, { headers: { cookie } })).text();
    const shown = /class="dashboard-customer">([^<]+)</.exec(page1)?.[1];
    if (!shown) throw new Error("'Órdenes' page 1 lists no order");
    const typed = shown.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    const targets: Target[] = [
      { name: `'Resumen', ${ADMIN_SMALL_ORDERS} orders`, path: "/admin", cookie: smallCookie, on: small },
      { name: `'Órdenes' page 1, ${ADMIN_LARGE_ORDERS} orders`, path: "/admin?tab=ordenes", cookie },
      { name: `search '${typed}'`, path: `/admin?${new URLSearchParams({ tab: "ordenes", q: typed })}`, cookie },
      { name: "status filter 'Enviado'", path: "/admin?tab=ordenes&estado=shipped", cookie },
    ];
    for (const t of targets) {
      const res = await fetch((t.on?.base ?? large.base) + t.path, { headers: { cookie: t.cookie! }, redirect: "manual" });
      const body = await res.text();
      if (res.status !== 200 || !body.includes("Panel de Administración")) throw new Error(`${t.path} answered ${res.status}`);
      if (!t.on && !body.includes("dashboard-orders")) throw new Error(`${t.path} lists no order`);
    }
    const measured = await measureInterleaved(large.server, large.base, baseline, targets);
    const csv = await csvExport(large.server, large.base, cookie);
    if (csv.rows !== ADMIN_LARGE_ORDERS) throw new Error(`the CSV export has ${csv.rows} rows, not ${ADMIN_LARGE_ORDERS}`);
    return { ...measured, csv, seedS };
  } finally {
    await stop(small.server);
    fs.rmSync(small.dataDir, { recursive: true, force: true });
    if (large) {
      await stop(large.server);
      fs.rmSync(large.dataDir, { recursive: true, force: true });
    }
  }
}

function printAdmin(r: Awaited<ReturnType<typeof benchAdmin>>) {
  const [resumen, ...orders] = r.routes as [RouteSummary, ...RouteSummary[]];
  console.log(`\n== Admin dashboard (signed-in admin, rendered): medians of ${ROUNDS} rounds, ${DURATION_S} s per run ==`);
  console.log(
    `bare page: ${r.baseRps.toFixed(0)} req/s, p50 ${r.baseP50} ms, ${r.baseCpuMs.toFixed(2)} CPU ms per request; seeding ${ADMIN_LARGE_ORDERS} orders and starting: ${r.seedS.toFixed(0)} s`,
  );
  console.log("route | req/s | × bare page | p50 ms | p50 × 'Resumen' | p99 ms | CPU ms/req (× 'Resumen') | target");
  const line = (route: RouteSummary, target: string) =>
    console.log(
      `${route.name} | ${route.rps.toFixed(0)} | ${route.ratio.toFixed(2)}× | ${route.p50} | ${(route.p50 / Math.max(resumen.p50, 0.001)).toFixed(2)}× | ${route.p99} | ${route.cpuMs.toFixed(2)} (${(route.cpuMs / resumen.cpuMs).toFixed(2)}×) | ${target}${route.non2xx ? ` (${route.non2xx} non-2xx/errors)` : ""}`,
    );
  line(resumen, "(the yardstick)");
  for (const route of orders)
    line(route, `p50 ≤ ${TARGET_ADMIN_P50_VS_SUMMARY}× 'Resumen': ${pass(route.p50 <= TARGET_ADMIN_P50_VS_SUMMARY * resumen.p50)}`);
  const { csv } = r;
  console.log(
    `CSV export of ${csv.rows} orders: ${(csv.bytes / 1024 / 1024).toFixed(1)} MB in ${(csv.ms / 1000).toFixed(1)} s (${Math.round(csv.rows / (csv.ms / 1000))} orders/s, ${csv.chunks} chunks); server RSS ${csv.rssBefore.toFixed(0)} MB before, ${csv.rssPeak.toFixed(0)} MB at its peak (+${(csv.rssPeak - csv.rssBefore).toFixed(0)} MB)`,
  );
}

/** The bare page's server, built and started (npm ci once), for the duration of `use`. */
async function withBaseline<T>(use: (baseline: Baseline) => Promise<T>): Promise<T> {
  if (!fs.existsSync(path.join(BASELINE_DIR, "node_modules"))) {
    run("npm", ["ci", "--no-audit", "--no-fund"], { cwd: BASELINE_DIR });
  }
  run("npm", ["run", "build"], { cwd: BASELINE_DIR });
  const baselinePort = await freePort();
  const url = `http://127.0.0.1:${baselinePort}/`;
  const server = spawnServer({
    cwd: BASELINE_DIR,
    env: { ...process.env, NODE_ENV: "production", PORT: String(baselinePort), HOST: "127.0.0.1" },
  });
  try {
    await waitReady(url, server);
    return await use({ url, server });
  } finally {
    await stop(server);
  }
}

async function main() {
  if (process.env.BENCH_ONLY === "csv") {
    printCsvImport(await benchCsvImport(), pass);
    return;
  }
  if (process.env.BENCH_ONLY === "orders") {
    ensureShopBuild(process.env.BENCH_SKIP_BUILD === "1");
    for (const r of await runOrderBenches()) printOrders(r);
    return;
  }
  if (process.env.BENCH_ONLY === "admin") {
    ensureShopBuild(process.env.BENCH_SKIP_BUILD === "1");
    printAdmin(await withBaseline(benchAdmin));
    return;
  }
  if (process.env.BENCH_ONLY === "phone") {
    ensureShopBuild(process.env.BENCH_SKIP_BUILD === "1");
    printPhone(await withBaseline(benchPhone), pass);
    return;
  }
  if (SIZES.length === 0) throw new Error(`BENCH_PRODUCTS: sizes must be "demo" or whole numbers ≥ ${DEMO_SIZE}`);
  if (!fs.existsSync(path.join(BASELINE_DIR, "node_modules"))) {
    run("npm", ["ci", "--no-audit", "--no-fund"], { cwd: BASELINE_DIR });
  }
  run("npm", ["run", "build"], { cwd: BASELINE_DIR });
  ensureShopBuild(process.env.BENCH_SKIP_BUILD === "1");

  const baselinePort = await freePort();
  const baselineBase = `http://127.0.0.1:${baselinePort}`;
  const baseline = spawnServer({
    cwd: BASELINE_DIR,
    env: { ...process.env, NODE_ENV: "production", PORT: String(baselinePort), HOST: "127.0.0.1" },
  });
  try {
    await waitReady(`${baselineBase}/`, baseline);
    const weightOnly = process.env.BENCH_ONLY === "weight";
    const catalogueOnly = weightOnly || process.env.BENCH_ONLY === "catalogue";
    const results = [];
    if (!weightOnly) for (const total of SIZES) results.push(await benchCatalogue(total, { url: `${baselineBase}/`, server: baseline }));
    const admin = catalogueOnly ? null : await benchAdmin({ url: `${baselineBase}/`, server: baseline });

    // Page weight: the shop's /productos (demo catalogue) against the bare page.
    const { base, server, dataDir } = await startShop(DEMO_SIZE);
    let shopWeight, productWeight, bareWeight;
    try {
      shopWeight = await pageWeight(base, "/productos");
      productWeight = await pageWeight(base, `/producto/${(await productWithManyVariants(base)).id}`);
      bareWeight = await pageWeight(baselineBase, "/");
    } finally {
      await stop(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }

    console.log(`\n########## Summary (${new Date().toISOString()}, ${os.cpus().length} CPUs, Node ${process.version}) ##########`);
    for (const r of results) printSummary(r);
    if (admin) printAdmin(admin);
    if (!catalogueOnly) for (const r of await runOrderBenches()) printOrders(r);
    if (!catalogueOnly) printCsvImport(await benchCsvImport(), pass);
    const extra = shopWeight.js - bareWeight.js;
    console.log("\n== Page weight ==");
    console.log(
      `HTML: shop /productos ${kb(shopWeight.htmlRaw)} raw, ${kb(shopWeight.htmlGz)} gzip; bare page ${kb(bareWeight.htmlRaw)} raw, ${kb(bareWeight.htmlGz)} gzip`,
    );
    for (const [name, w] of [
      ["/productos", shopWeight],
      ["/producto/{id}", productWeight],
    ] as const) {
      const ok = w.sentBr <= FIRST_ROUND_TRIP_BYTES && w.sentGz <= FIRST_ROUND_TRIP_BYTES;
      console.log(
        `first round trip: shop ${name} HTML with its inlined CSS, as sent: ${kb(w.sentBr)} br, ${kb(w.sentGz)} gzip (target ≤ 14 KB: ${pass(ok)})`,
      );
    }
    console.log(`JavaScript (gzip -9): shop /productos ${kb(shopWeight.js)}, bare page ${kb(bareWeight.js)}`);
    console.log(
      `the shop's own JavaScript beyond the bare page: ${kb(extra)} (target ≤ ${TARGET_EXTRA_JS_KB} KB: ${pass(extra <= TARGET_EXTRA_JS_KB * 1024)})`,
    );
    const productExtra = productWeight.js - bareWeight.js;
    console.log(
      `JavaScript (gzip -9): shop /producto/{id} (several variants) ${kb(productWeight.js)}; beyond the bare page ${kb(productExtra)} (target ≤ ${TARGET_EXTRA_JS_KB} KB: ${pass(productExtra <= TARGET_EXTRA_JS_KB * 1024)})`,
    );
    for (const f of shopWeight.files) console.log(`  shop ${kb(f.gz).padStart(9)}  ${f.path}`);
    for (const f of productWeight.files)
      if (!shopWeight.files.some((g) => g.path === f.path)) console.log(`  product page ${kb(f.gz).padStart(9)}  ${f.path}`);
    for (const f of bareWeight.files) console.log(`  bare ${kb(f.gz).padStart(9)}  ${f.path}`);
  } finally {
    await stop(baseline);
  }
}

await main();
