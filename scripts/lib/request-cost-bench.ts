/**
 * Where one rendered request's time goes (issue 30's "say what each part costs"): each page is asked
 * one request at a time (no queueing, so a part's wall time is its CPU time: the embedded database
 * runs in the server's own thread), uncompressed, and the shop's `Server-Timing` header
 * (SERVER_TIMING=true, server/http/request-cost.ts) gives the database round trips and the parts'
 * milliseconds; the server's CPU per request comes from /proc. Compression is measured apart: the
 * same page compressed here with the server's own settings (server.js: Brotli quality 2, window
 * 2^18), which is what the compression middleware does with it.
 */
import zlib from "node:zlib";
import type { ChildProcess } from "node:child_process";

export interface CostTarget {
  name: string;
  path: string;
  cookie?: string;
}

export interface RequestCostRow {
  name: string;
  roundTrips: number;
  /** Medians, milliseconds. */
  cpuMs: number;
  shopperMs: number;
  loadersMs: number;
  renderMs: number;
  compressMs: number;
  htmlBytes: number;
  brBytes: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function timingOf(header: string | null): Map<string, { dur?: number; desc?: string }> {
  const parts = new Map<string, { dur?: number; desc?: string }>();
  for (const entry of (header ?? "").split(",")) {
    const [name, ...params] = entry.trim().split(";");
    if (!name) continue;
    const part: { dur?: number; desc?: string } = {};
    for (const p of params) {
      const [k, v] = p.trim().split("=");
      if (k === "dur") part.dur = Number(v);
      if (k === "desc") part.desc = v?.replace(/^"|"$/g, "");
    }
    parts.set(name, part);
  }
  return parts;
}

/** `requests` sequential requests to each target: medians of the parts; throws when the shop sends no Server-Timing. */
export async function measureRequestCosts(
  base: string,
  targets: CostTarget[],
  cpuMsOf: (pid: number | undefined) => number,
  server: ChildProcess,
  requests = 60,
): Promise<RequestCostRow[]> {
  const rows: RequestCostRow[] = [];
  for (const t of targets) {
    const headers = { "accept-encoding": "identity", accept: "text/html", ...(t.cookie ? { cookie: t.cookie } : {}) };
    for (let i = 0; i < 10; i++) await (await fetch(base + t.path, { headers })).arrayBuffer(); // warm-up
    const trips: number[] = [];
    const shopper: number[] = [];
    const loaders: number[] = [];
    const render: number[] = [];
    let html = Buffer.alloc(0);
    const cpuBefore = cpuMsOf(server.pid);
    for (let i = 0; i < requests; i++) {
      const res = await fetch(base + t.path, { headers, redirect: "manual" });
      html = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}`);
      const timing = timingOf(res.headers.get("server-timing"));
      if (!timing.has("render")) throw new Error(`${t.path}: no Server-Timing header (is SERVER_TIMING=true set?)`);
      trips.push(Number(timing.get("db")?.desc));
      shopper.push(timing.get("shopper")?.dur ?? 0);
      loaders.push(timing.get("loaders")?.dur ?? 0);
      render.push(timing.get("render")?.dur ?? 0);
    }
    const cpuMs = (cpuMsOf(server.pid) - cpuBefore) / requests;
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 };
    const compress: number[] = [];
    let brBytes = 0;
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      brBytes = zlib.brotliCompressSync(html, { params }).length;
      compress.push(performance.now() - started);
    }
    rows.push({
      name: t.name,
      roundTrips: median(trips),
      cpuMs,
      shopperMs: median(shopper),
      loadersMs: median(loaders),
      renderMs: median(render),
      compressMs: median(compress),
      htmlBytes: html.length,
      brBytes,
    });
  }
  return rows;
}

export function printRequestCosts(rows: RequestCostRow[]) {
  console.log(
    "\n== What one request costs (one request at a time, uncompressed; Server-Timing medians; compression measured apart with the server's settings) ==",
  );
  console.log(
    "page | db round trips | server CPU ms/req | shopper (session, cart, points, wishlist) ms | loaders ms (incl. shopper) | render ms | rest (routing, headers, writing, GC) ms | + compression ms | HTML KB (br KB)",
  );
  for (const r of rows) {
    const rest = r.cpuMs - r.loadersMs - r.renderMs;
    console.log(
      `${r.name} | ${r.roundTrips} | ${r.cpuMs.toFixed(2)} | ${r.shopperMs.toFixed(2)} | ${r.loadersMs.toFixed(2)} | ${r.renderMs.toFixed(2)} | ${rest.toFixed(2)} | ${r.compressMs.toFixed(2)} | ${(r.htmlBytes / 1024).toFixed(1)} (${(r.brBytes / 1024).toFixed(1)})`,
    );
  }
}
