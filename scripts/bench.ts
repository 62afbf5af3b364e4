/**
 * npm run bench — seeds 10,000 products into a fresh embedded database, starts
 * the production build and measures GET /productos (page 1, page 300, a
 * filtered page, a search) and a baseline route (24 product cards from
 * constants, no database) with autocannon at 10 connections, compression on.
 * Then prints the gzipped bytes of the HTML and of the JavaScript the browser
 * loads for /productos, split into framework and the shop's own code.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { DEFAULT_QUERY, serializeProductQuery, type ProductQuery } from "#domain/product-query.ts";

const TOTAL_PRODUCTS = 10_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
/** Routes are measured in interleaved rounds and the medians reported, so drift in the machine's speed hits all alike. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("server exited early");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not become ready");
}

const listPath = (change: Partial<ProductQuery>) => {
  const qs = serializeProductQuery({ ...DEFAULT_QUERY, ...change });
  return qs ? `/productos?${qs}` : "/productos";
};

const TARGETS = [
  { name: "baseline (24 cards, no database)", path: "/__bench/tarjetas" },
  { name: "/productos page 1", path: listPath({}) },
  { name: "/productos page 300", path: listPath({ page: 300 }) },
  { name: "/productos filtered", path: listPath({ rarity: "Ultra Rare", type: "Pokémon", onSale: true }) },
  { name: "/productos search", path: listPath({ search: "charizard" }) },
];

interface Result {
  name: string;
  path: string;
  medianMs: number;
  p99Ms: number;
  rps: number;
  non2xx: number;
}

async function measure(base: string, target: { name: string; path: string }, warmUp: boolean): Promise<Result> {
  const opts = {
    url: base + target.path,
    connections: CONNECTIONS,
    headers: { "accept-encoding": "br, gzip", accept: "text/html" },
  };
  if (warmUp) await autocannon({ ...opts, duration: 2 });
  const r = await autocannon({ ...opts, duration: DURATION_S });
  return {
    name: target.name,
    path: target.path,
    medianMs: r.latency.p50,
    p99Ms: r.latency.p99,
    rps: r.requests.average,
    non2xx: r.non2xx,
  };
}

async function sizes(base: string) {
  const res = await fetch(base + "/productos", { headers: { "accept-encoding": "identity" } });
  const html = await res.text();
  const scripts = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"|<script[^>]+src="([^"]+)"/g)) {
    const src = m[1] ?? m[2] ?? m[3];
    if (src) scripts.add(src);
  }
  let framework = 0;
  let own = 0;
  const files: Array<{ src: string; gz: number; kind: string }> = [];
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    const gz = zlib.gzipSync(body, { level: 9 }).length;
    const kind = /\/(entry\.client|manifest)-/.test(src) ? "framework" : "shop";
    if (kind === "framework") framework += gz;
    else own += gz;
    files.push({ src, gz, kind });
  }
  return { htmlGz: zlib.gzipSync(html, { level: 6 }).length, htmlRaw: Buffer.byteLength(html), framework, own, files };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  if (!fs.existsSync("build/server/index.js")) run("npm", ["run", "build"]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  console.log(`Seeding ${TOTAL_PRODUCTS} products into ${dataDir} ...`);
  const { buildDemoCatalog } = await import("#server/catalog/demo-catalog.ts");
  const extra = TOTAL_PRODUCTS - buildDemoCatalog().length;
  run("npx", ["tsx", "scripts/seed.ts", "--extra", String(extra)], { DATA_DIR: dataDir });

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn("node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "benchmark-only-secret-0123456789abcdef",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BENCH_BASELINE: "true",
      LOG_REQUESTS: "false",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitReady(`${base}/readyz`, server);
    for (const t of TARGETS) {
      const res = await fetch(base + t.path, { redirect: "manual" });
      if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}`);
    }
    const rounds: Result[][] = TARGETS.map(() => []);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, t] of TARGETS.entries()) {
        const r = await measure(base, t, round === 1);
        rounds[i]!.push(r);
        console.log(`round ${round}  ${r.name.padEnd(36)} median ${r.medianMs} ms  p99 ${r.p99Ms} ms  ${r.rps.toFixed(0)} req/s${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ""}`);
      }
    }
    const results: Result[] = rounds.map((rs) => ({
      ...rs[0]!,
      medianMs: median(rs.map((r) => r.medianMs)),
      p99Ms: median(rs.map((r) => r.p99Ms)),
      rps: median(rs.map((r) => r.rps)),
      non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
    }));
    const s = await sizes(base);
    const baseline = results[0]!;
    const page1 = results[1]!;
    const queries = results.slice(1);
    console.log("\n== Summary: medians of %d interleaved rounds (10 connections, %d s per route per round, compression on) ==", ROUNDS, DURATION_S);
    console.log("route | median ms | p99 ms | req/s");
    for (const r of results) console.log(`${r.name} | ${r.medianMs} | ${r.p99Ms} | ${r.rps.toFixed(0)}`);
    console.log(`page 1 / baseline throughput: ${((page1.rps / baseline.rps) * 100).toFixed(0)}% (target ≥ 60%)`);
    const slowest = Math.max(...queries.map((r) => r.medianMs));
    console.log(`slowest query page median / page 1 median: ${(slowest / Math.max(page1.medianMs, 0.001)).toFixed(2)}× (target ≤ 3×; median of all query pages ${median(queries.map((r) => r.medianMs))} ms)`);
    console.log(`HTML of /productos: ${kb(s.htmlRaw)} raw, ${kb(s.htmlGz)} gzipped`);
    console.log(`JavaScript for /productos (gzip -9): framework ${kb(s.framework)}, shop's own ${kb(s.own)} (target < 25 KB)`);
    for (const f of s.files) console.log(`  ${f.kind.padEnd(9)} ${kb(f.gz).padStart(9)}  ${f.src}`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
