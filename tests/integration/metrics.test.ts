/**
 * /metrics (docs/architecture.md#metrics): the Prometheus text format, request durations by route
 * pattern and status, the shop's counts read from the database (on PGlite and PostgreSQL), and who
 * may read it: whoever reaches the metrics listener (this machine by default), which answers
 * nothing else; on the shop's public port only the holder of METRICS_TOKEN, from wherever.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { patternByMatchRoutes, routeNamer } from "#server/http/metrics.ts";
import shopRoutes from "#app/routes.ts";
import { importRuns, outbox, payments } from "#server/db/schema.ts";
import { newId } from "#server/db/ids.ts";
import { MAX_ATTEMPTS } from "#server/mail/worker.server.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import { startStack, type RunningStack } from "#tests/fixtures/http-stack.ts";
import { resourceBuild } from "#tests/fixtures/server-build.ts";
import { insertOrder } from "#tests/fixtures/orders.ts";

const TOKEN = "metrics-token-0123456789";
const build = resourceBuild({
  "producto/:id": { loader: () => new Response("producto") },
  "admin/pedidos/:number": { loader: () => new Response("pedido") },
  // The shop's not-found page is such a catch-all route.
  "*": { loader: () => new Response("no existe", { status: 404 }) },
});

/** The value of one series in a Prometheus text answer (undefined when absent). */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v) && Object.keys(found).length === Object.keys(labels).length) {
      return Number(match[3]);
    }
  }
  return undefined;
}

describeEachDatabase("metrics", (t) => {
  let stack: RunningStack;
  let withToken: RunningStack;

  beforeAll(async () => {
    stack = await startStack({ build }, {}, { db: t.db, kind: t.kind });
    withToken = await startStack({ build }, { METRICS_TOKEN: TOKEN }, { db: t.db, kind: t.kind });
    await insertOrder(t.db, { orderStatus: "processing", paymentStatus: "approved" });
    await insertOrder(t.db, { orderStatus: "processing", paymentStatus: "approved" });
    const cancelled = await insertOrder(t.db, { orderStatus: "cancelled", paymentStatus: "rejected" });
    await t.db
      .insert(payments)
      .values({ id: newId(), orderId: cancelled.id, provider: "sandbox", providerPaymentId: "p-1", status: "rejected" });
    const message = { kind: "test", recipient: "a@example.com", payload: {} };
    await t.db.insert(outbox).values([
      { id: newId(), ...message },
      { id: newId(), ...message, attempts: 2, lastError: "smtp down", createdAt: new Date(Date.now() - 120_000) },
      { id: newId(), ...message, attempts: MAX_ATTEMPTS, lastError: "smtp down" },
      { id: newId(), ...message, sentAt: new Date() },
    ]);
    await t.db.insert(importRuns).values({ id: newId(), kind: "products", status: "done" });
  });

  afterAll(async () => {
    await Promise.all([stack?.close(), withToken?.close()]);
  });

  const scrape = async (base: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/metrics`, { headers });
    return { res, text: await res.text() };
  };

  it("the metrics listener answers the Prometheus text format, with the shop's counts from the database", async () => {
    const { res, text } = await scrape(stack.metricsBase);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(series(text, "shop_orders", { order_status: "processing", payment_status: "approved" })).toBe(2);
    expect(series(text, "shop_orders", { order_status: "cancelled", payment_status: "rejected" })).toBe(1);
    expect(series(text, "shop_payments", { status: "rejected" })).toBe(1);
    expect(series(text, "shop_outbox_messages", { state: "pending" })).toBe(1);
    expect(series(text, "shop_outbox_messages", { state: "retrying" })).toBe(1);
    expect(series(text, "shop_outbox_messages", { state: "given_up" })).toBe(1);
    expect(series(text, "shop_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(119);
    expect(series(text, "shop_import_runs", { status: "done" })).toBe(1);
    // Known statuses with nothing in them are there, at 0.
    expect(series(text, "shop_orders", { order_status: "shipped", payment_status: "approved" })).toBe(0);
    expect(series(text, "shop_import_runs", { status: "failed" })).toBe(0);
    expect(series(text, "shop_database_info", { kind: t.kind })).toBe(1);
    if (t.kind === "postgres") expect(series(text, "shop_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
    expect(series(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("times requests by route pattern and status; random paths share one series", async () => {
    await fetch(`${stack.base}/producto/6a4d4275332ec7893e78e936`);
    await fetch(`${stack.base}/producto/0123456789abcdef01234567`);
    await fetch(`${stack.base}/admin/pedidos/CV-1001.data`);
    await fetch(`${stack.base}/readyz`);
    for (let i = 0; i < 20; i++) await fetch(`${stack.base}/no-existe-${i}/${"x".repeat(i)}`);
    const { text } = await scrape(stack.metricsBase);
    const count = (route: string, status: string) => series(text, "http_request_duration_seconds_count", { method: "GET", route, status });
    expect(count("/producto/:id", "200")).toBe(2);
    expect(count("/admin/pedidos/:number", "200")).toBe(1);
    expect(count("/*", "404")).toBe(20);
    expect(count("/readyz", "200")).toBe(1);
    expect(text).not.toMatch(/no-existe/);
    // The public port's requests are counted on the listener of the same shop.
    expect(count("/producto/:id", "200")).toBeGreaterThan(0);
  });

  it("the public port answers /metrics only to the token; without it, even from this machine with no proxy header (a TCP forwarder), it is an unknown path", async () => {
    const unknown = await fetch(`${stack.base}/no-existe-metricas`);
    const unknownText = await unknown.text();
    expect(unknown.status).toBe(404);
    for (const target of [stack, withToken]) {
      const tries: Array<Record<string, string>> = [
        {},
        { "x-forwarded-for": "203.0.113.9" },
        { authorization: "Bearer not-the-token-at-all" },
      ];
      for (const headers of tries) {
        const { res, text } = await scrape(target.base, headers);
        expect(res.status, JSON.stringify(headers)).toBe(404);
        expect(text).toBe(unknownText);
        expect(text).not.toMatch(/shop_orders|process_/);
      }
    }
    // No token configured: no bearer opens it.
    expect((await scrape(stack.base, { authorization: `Bearer ${TOKEN}` })).res.status).toBe(404);
    expect((await scrape(withToken.base, { authorization: `Bearer ${TOKEN}x` })).res.status).toBe(404);
    expect((await scrape(withToken.base, { authorization: `Basic ${TOKEN}` })).res.status).toBe(404);
    const holders: Array<Record<string, string>> = [
      { authorization: `Bearer ${TOKEN}` },
      { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.9" },
    ];
    for (const headers of holders) {
      const allowed = await scrape(withToken.base, headers);
      expect(allowed.res.status).toBe(200);
      expect(allowed.res.headers.get("cache-control")).toBe("no-store");
      expect(series(allowed.text, "shop_database_info", { kind: t.kind })).toBe(1);
    }
  });

  it("the metrics listener answers /metrics and nothing else", async () => {
    for (const target of ["/", "/healthz", "/readyz", "/producto/6a4d4275332ec7893e78e936", "/metrics/x", "/metrics.data", "/admin"]) {
      const res = await fetch(`${stack.metricsBase}${target}`);
      expect(res.status, target).toBe(404);
      expect(await res.text()).toBe("No encontrado.");
    }
    const posted = await fetch(`${stack.metricsBase}/metrics`, { method: "POST", body: "a=1" });
    expect(posted.status).toBe(404);
    expect((await scrape(stack.metricsBase)).res.status).toBe(200);
  });
});

describe("route names", () => {
  it("name a request by the pattern of the shop's route, data requests (the home page's `/_root.data`) included", async () => {
    const routes = {
      root: { id: "root", path: "" },
      home: { id: "home", parentId: "root", index: true },
      product: { id: "product", parentId: "root", path: "producto/:id" },
      notFound: { id: "notFound", parentId: "root", path: "*" },
    };
    const nameOf = routeNamer(() => ({ routes }) as unknown as ServerBuild);
    await new Promise((resolve) => setImmediate(resolve)); // the build is read once, then kept
    expect(nameOf("/")).toBe("/");
    expect(nameOf("/_root.data")).toBe("/");
    expect(nameOf("/producto/6a4d4275332ec7893e78e936")).toBe("/producto/:id");
    expect(nameOf("/producto/6a4d4275332ec7893e78e936.data")).toBe("/producto/:id");
    expect(nameOf("/wp-login.php")).toBe("/*");
    expect(nameOf("/assets/shop-abc.js")).toBe("/assets/*");
    expect(nameOf("/readyz")).toBe("/readyz");
  });

  it("name every path as React Router's own matching would, on the shop's route config (its patterns are compiled once, not per request)", async () => {
    // The build's route table, as React Router makes it from app/routes.ts: the root around every
    // entry, ids where the config gives none, a pathless layout's children below it.
    type Entry = { id?: string; path?: string; index?: boolean; file: string; children?: Entry[] };
    const routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = {
      root: { id: "root", path: "" },
    };
    const add = (entries: Entry[], parentId: string) =>
      entries.forEach((entry, i) => {
        const id = entry.id ?? `${parentId}/${i}:${entry.file}`;
        routes[id] = { id, parentId, path: entry.path, index: entry.index };
        add(entry.children ?? [], id);
      });
    add((await shopRoutes) as Entry[], "root");
    const nameOf = routeNamer(() => ({ routes }) as unknown as ServerBuild);
    await new Promise((resolve) => setImmediate(resolve));

    const patterns = Object.values(routes).flatMap((r) => (r.path ? [r.path] : []));
    expect(patterns).toContain("producto/:id");
    expect(patterns.some((p) => p.startsWith("admin"))).toBe(true);
    // Each pattern's own path, with its ids filled in, then paths around it: a trailing slash, a
    // segment more, upper case, a data request, and strangers' paths.
    const samples = new Set<string>(["/", "/_root.data", "//", "/x", "/PRODUCTOS", "/producto", "/producto/", "/admin", "/admin/"]);
    for (const pattern of patterns) {
      const filled = `/${pattern}`.replace(/:[\w-]+/g, "6a4d4275332ec7893e78e936").replace(/\*$/, "a/b");
      for (const p of [filled, `${filled}/`, `${filled}/extra`, filled.toUpperCase(), `${filled}.data`, `${filled}/x/y.php`])
        samples.add(p);
    }
    const byMatchRoutes = (p: string) => {
      const page = p.endsWith(".data") ? (p === "/_root.data" ? "/" : p.slice(0, -".data".length)) : p;
      return patternByMatchRoutes(routes as unknown as ServerBuild["routes"], page) ?? "unmatched";
    };
    expect(samples.size).toBeGreaterThan(200);
    for (const p of samples) expect([p, nameOf(p)]).toEqual([p, byMatchRoutes(p)]);
    expect(nameOf("/producto/6a4d4275332ec7893e78e936")).toBe("/producto/:id");
    expect(nameOf("/no-existe")).toBe("/*");
  });
});
