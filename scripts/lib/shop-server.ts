/**
 * What the bench (scripts/bench.ts) and the soak (scripts/soak.ts) share: building the shop once,
 * seeding a fresh database (the embedded one in a temporary DATA_DIR, or a fresh database on a
 * PostgreSQL server), starting the production build (`node server.js`) on a free 127.0.0.1 port,
 * and stopping every server this process started when it ends, fails or is interrupted.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "#tests/fixtures/shop-process.ts";
import { createScratchDatabase } from "#tests/fixtures/scratch-database.ts";
import { DEFAULT_QUERY, serializeProductQuery, type ProductQuery } from "#domain/product-query.ts";

export function run(cmd: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", cwd: options.cwd, env: { ...process.env, ...options.env } });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

/** Builds the shop unless `skip` is set and a build is there (BENCH_SKIP_BUILD=1, or the soak's reuse). */
export function ensureShopBuild(skip: boolean) {
  if (!skip || !fs.existsSync("build/server/index.js")) run("npm", ["run", "build"]);
}

/** A free TCP port on 127.0.0.1 (the tests' own helper). */
export { freePort };

export async function waitReady(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server for ${url} exited early`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready`);
}

/** Servers this run started: stopped when the run ends, fails or is interrupted (Ctrl-C, kill). */
const servers = new Set<ChildProcess>();
/** What an interrupted run still removes (a temporary DATA_DIR, a fresh PostgreSQL database). */
const cleanups = new Set<() => unknown>();
let handlersInstalled = false;

function installExitHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.once("exit", () => {
    for (const child of servers) child.kill("SIGTERM");
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      const exits = [...servers].map((child) => stop(child));
      // The servers first (a database is dropped once no one uses it), then the cleanups, 15 s at most.
      const cleaned = Promise.allSettled(exits).then(() => Promise.allSettled([...cleanups].map(async (cleanup) => cleanup())));
      void Promise.race([cleaned, new Promise((r) => setTimeout(r, 15_000))]).finally(() => process.exit(130));
    });
  }
}

/** Runs `cleanup` if the run is interrupted before the returned function is called (when the caller cleans up itself). */
export function onInterrupt(cleanup: () => unknown): () => void {
  installExitHandlers();
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/**
 * `node server.js` in `cwd`; its output goes to this process's unless `onOutput` takes it. Killed
 * with this process (exit, Ctrl-C, SIGTERM).
 */
export function spawnServer(options: { cwd?: string; env: NodeJS.ProcessEnv; onOutput?: (chunk: string) => void }): ChildProcess {
  installExitHandlers();
  const child = spawn("node", ["server.js"], {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", options.onOutput ? "pipe" : "inherit", options.onOutput ? "pipe" : "inherit"],
  });
  if (options.onOutput) {
    child.stdout!.setEncoding("utf8").on("data", options.onOutput);
    child.stderr!.setEncoding("utf8").on("data", options.onOutput);
  }
  servers.add(child);
  child.once("exit", () => servers.delete(child));
  return child;
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

export const DEMO_SESSION_SECRET = "benchmark-only-secret-0123456789abcdef";

export interface SeededShop {
  dataDir: string;
  /** The PostgreSQL database's URL; undefined on the embedded database (in dataDir). */
  databaseUrl?: string;
}

/**
 * A fresh temporary DATA_DIR with the demo catalogue plus `extra` synthetic products and `orders`
 * orders seeded (scripts/seed.ts) into the embedded database there, or into `databaseUrl`.
 */
export function seedShop(options: {
  extra?: number;
  orders?: number;
  databaseUrl?: string;
  /** The temporary DATA_DIR's name prefix. */
  prefix?: string;
  /** The seed's output is kept (and shown only if it fails). */
  quiet?: boolean;
}): SeededShop {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.prefix ?? "shop-bench-"));
  // An empty DATABASE_URL is the embedded database, whatever this process's environment says.
  const database = { DATABASE_URL: options.databaseUrl ?? "" };
  const result = spawnSync(
    "npx",
    ["tsx", "scripts/seed.ts", "--extra", String(options.extra ?? 0), "--orders", String(options.orders ?? 0)],
    {
      stdio: options.quiet ? "pipe" : "inherit",
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dataDir, ...database },
    },
  );
  if (result.status !== 0) throw new Error(`seeding failed:\n${result.stdout ?? ""}${result.stderr ?? ""}`);
  return { dataDir, databaseUrl: options.databaseUrl };
}

export interface StartedShop {
  base: string;
  /** The metrics listener (/metrics), "http://127.0.0.1:METRICS_PORT". */
  metricsBase: string;
  server: ChildProcess;
  dataDir: string;
}

/** The production build on a free port of 127.0.0.1 over a seeded database, ready (/readyz); `env` adds or overrides settings. */
export async function startSeededShop(
  seeded: SeededShop,
  options: { env?: NodeJS.ProcessEnv; onOutput?: (chunk: string) => void } = {},
): Promise<StartedShop> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const metricsPort = await freePort();
  const server = spawnServer({
    onOutput: options.onOutput,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: DEMO_SESSION_SECRET,
      PORT: String(port),
      HOST: "127.0.0.1",
      METRICS_PORT: String(metricsPort),
      DATA_DIR: seeded.dataDir,
      DATABASE_URL: seeded.databaseUrl ?? "",
      LOG_REQUESTS: "false",
      ADMIN_PASSWORD: "benchmark-only",
      RATE_LIMIT_FACTOR: "1000",
      ...options.env,
    },
  });
  await waitReady(`${base}/readyz`, server);
  return { base, metricsBase: `http://127.0.0.1:${metricsPort}`, server, dataDir: seeded.dataDir };
}

/** A fresh database on the PostgreSQL server of `adminUrl` for `use`, dropped afterwards. */
export async function withFreshPostgres<T>(adminUrl: string, prefix: string, use: (url: string) => Promise<T>): Promise<T> {
  const { url, drop } = await createScratchDatabase(adminUrl, prefix);
  const done = onInterrupt(drop);
  try {
    return await use(url);
  } finally {
    done();
    await drop();
  }
}

/** The catalogue list's path for these filters (the shop's own query serializer). */
export const listPath = (change: Partial<ProductQuery>) => {
  const qs = serializeProductQuery({ ...DEFAULT_QUERY, ...change });
  return qs ? `/productos?${qs}` : "/productos";
};

/** The `name=value` pairs a response sets. */
export const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!);

/** The process's resident memory in MB (Linux /proc), or NaN. */
export function rssMbOf(pid: number | undefined): number {
  try {
    const kbLine = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kbLine ? Number(kbLine) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** The p-th percentile of ascending `sorted` (nearest rank), NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** What TCP's first window carries (10 segments): the first round trip's page, compressed (docs/decisions/025-first-round-trip.md). */
export const FIRST_ROUND_TRIP_BYTES = 14 * 1024;

/** The bytes of `url`'s body as the server sends it for this Accept-Encoding (fetch would decode them). */
export function sentBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding, accept: "text/html" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}
