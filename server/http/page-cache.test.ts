/**
 * The cookieless page cache in front of a stand-in renderer on a real Express app (with the
 * shop's compression middleware in front, as in server.js): what is kept, what is never kept,
 * who gets a kept page, and that every answer carries its own CSP nonce.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import compression from "compression";
import express from "express";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CatalogCache } from "#server/catalog/catalog-cache.ts";
import { pageCache } from "./page-cache";

interface Stand {
  base: string;
  store: CatalogCache;
  /** Renders so far, by path. */
  renders: Map<string, number>;
  /** Requests that reached the app (before the page cache), by path. */
  arrived: Map<string, number>;
  /** What the stand-in renderer does next for a path (default: a 200 page). */
  behave: Map<string, (res: express.Response, n: number) => void | Promise<void>>;
  close(): Promise<void>;
}

/** A page like React's: the nonce in several script tags, written in pieces. */
function writePage(res: express.Response, n: number, body = `Mostrando 24 de ${1000 + n}`) {
  const nonce = res.locals.cspNonce as string;
  res.status(200).setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "private, no-cache");
  res.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">a()</script></head>`);
  res.write(`<body><p>${body}</p>`);
  res.end(`<script nonce="${nonce}" type="module">b()</script></body></html>`);
}

async function startStand(): Promise<Stand> {
  const store = new CatalogCache();
  const renders = new Map<string, number>();
  const arrived = new Map<string, number>();
  const behave: Stand["behave"] = new Map();
  const app = express();
  app.use(compression({ threshold: 0 }));
  app.use((req, res, next) => {
    arrived.set(req.path, (arrived.get(req.path) ?? 0) + 1);
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("X-Nonce", res.locals.cspNonce as string);
    next();
  });
  app.use(pageCache({ store: () => store, isCatalogPage: (p) => p === "/productos" || p.startsWith("/producto/") }));
  app.use(async (req, res) => {
    const n = (renders.get(req.path) ?? 0) + 1;
    renders.set(req.path, n);
    const act = behave.get(req.path);
    if (act) await act(res, n);
    else
      writePage(
        res,
        n,
        req.headers.cookie ? `Carrito: ${req.headers.cookie}` : `<link rel="canonical" href="http://${req.get("host")}${req.originalUrl}">`,
      );
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    store,
    renders,
    arrived,
    behave,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Waits until `count` requests for `path` have reached the stand, and the page cache has seen them. */
async function arrivals(stand: Stand, path: string, count: number) {
  await vi.waitFor(() => expect(stand.arrived.get(path)).toBe(count), { timeout: 30_000, interval: 10 });
  await new Promise((resolve) => setImmediate(resolve));
}

const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

describe("cookieless page cache", () => {
  let stand: Stand;
  beforeEach(async () => (stand = await startStand()));
  afterEach(() => stand.close());

  it("renders a catalogue page once and serves it to the next cookieless visitors, each with its own nonce", async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const reply = await fetch(`${stand.base}/productos?page=2`, { headers: { "accept-encoding": i === 1 ? "br" : "gzip" } });
      answers.push({ status: reply.status, html: await reply.text(), nonce: reply.headers.get("x-nonce"), headers: reply.headers });
    }
    expect(stand.renders.get("/productos")).toBe(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.html).toContain(`href="${stand.base}/productos?page=2"`);
      expect(noncesIn(answer.html)).toEqual([answer.nonce, answer.nonce]);
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(answer.headers.get("cache-control")).toBe("private, no-cache");
    }
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(3);
  });

  it("a visitor with any cookie gets a page rendered for them, and never the kept one", async () => {
    await fetch(`${stand.base}/productos`).then((r) => r.text());
    const carted = await (await fetch(`${stand.base}/productos`, { headers: { cookie: "cart=abc" } })).text();
    expect(carted).toContain("Carrito: cart=abc");
    expect(stand.renders.get("/productos")).toBe(2);
    // ...and what was rendered for them is not kept for others.
    const next = await (await fetch(`${stand.base}/productos`)).text();
    expect(next).toContain(`href="${stand.base}/productos"`);
    expect(next).not.toContain("cart=abc");
  });

  it("each URL is its own page; other paths, HEAD and posts are never cached", async () => {
    await fetch(`${stand.base}/productos?page=2`).then((r) => r.text());
    await fetch(`${stand.base}/productos?page=3`).then((r) => r.text());
    expect(stand.renders.get("/productos")).toBe(2);
    for (let i = 0; i < 2; i++) await fetch(`${stand.base}/terminos`).then((r) => r.text());
    expect(stand.renders.get("/terminos")).toBe(2);
    for (let i = 0; i < 2; i++) await fetch(`${stand.base}/producto/x`, { method: "HEAD" });
    for (let i = 0; i < 2; i++) await fetch(`${stand.base}/producto/x`, { method: "POST" }).then((r) => r.text());
    expect(stand.renders.get("/producto/x")).toBe(4);
  });

  it("a request naming another host (a forged Host header) is kept apart: other visitors never get its links", async () => {
    const forged = await new Promise<string>((resolve, reject) => {
      http
        .get(`${stand.base}/productos`, { headers: { host: "evil.example" } }, (reply) => {
          let body = "";
          reply
            .setEncoding("utf8")
            .on("data", (chunk: string) => (body += chunk))
            .on("end", () => resolve(body));
        })
        .on("error", reject);
    });
    expect(forged).toContain('href="http://evil.example/productos"');
    const honest = await (await fetch(`${stand.base}/productos`)).text();
    expect(honest).toContain(`href="${stand.base}/productos"`);
    expect(honest).not.toContain("evil.example");
  });

  it("keeps no error page, redirect, answer with Set-Cookie or non-HTML answer", async () => {
    stand.behave.set("/producto/missing", (res) => void res.status(404).type("html").send("<p>Producto no encontrado</p>"));
    stand.behave.set("/producto/moved", (res) => res.redirect(301, "/productos"));
    stand.behave.set("/producto/cookie", (res, n) => {
      res.setHeader("Set-Cookie", "session=s; HttpOnly");
      writePage(res, n);
    });
    stand.behave.set("/producto/json", (res) => void res.json({ ok: true }));
    for (const path of ["/producto/missing", "/producto/moved", "/producto/cookie", "/producto/json"]) {
      for (let i = 0; i < 2; i++) await fetch(`${stand.base}${path}`, { redirect: "manual" }).then((r) => r.text());
      expect(stand.renders.get(path), path).toBe(2);
    }
  });

  it("concurrent first visits share one render", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    stand.behave.set("/producto/slow", async (res, n) => {
      await gate;
      writePage(res, n);
    });
    const visits = Array.from({ length: 8 }, () =>
      fetch(`${stand.base}/producto/slow`).then(async (r) => ({ status: r.status, html: await r.text(), nonce: r.headers.get("x-nonce") })),
    );
    await arrivals(stand, "/producto/slow", 8);
    release();
    const answers = await Promise.all(visits);
    expect(stand.renders.get("/producto/slow")).toBe(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(noncesIn(answer.html)).toEqual([answer.nonce, answer.nonce]);
    }
  });

  it("visitors who waited for a render that is not kept render their own", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    stand.behave.set("/producto/flaky", async (res, n) => {
      if (n === 1) {
        await gate;
        res.status(503).type("html").send("<p>Intenta de nuevo</p>");
      } else writePage(res, n);
    });
    const visits = Array.from({ length: 3 }, () => fetch(`${stand.base}/producto/flaky`).then((r) => r.status));
    await arrivals(stand, "/producto/flaky", 3);
    release();
    expect((await Promise.all(visits)).sort()).toEqual([200, 200, 503]);
    expect(stand.renders.get("/producto/flaky")).toBe(3);
  });

  it("a product write during a render: that render is not kept, the next visit shows the change", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let rendering!: () => void;
    const started = new Promise<void>((resolve) => (rendering = resolve));
    let price = "$100.00 MXN";
    stand.behave.set("/producto/p1", async (res, n) => {
      const seen = price;
      if (n === 1) {
        rendering();
        await gate;
      }
      writePage(res, n, seen);
    });
    const during = fetch(`${stand.base}/producto/p1`).then((r) => r.text());
    await started;
    price = "$80.00 MXN";
    stand.store.clear(); // catalogChanged(db) after the write commits
    release();
    expect(await during).toContain("$100.00 MXN");
    expect(await (await fetch(`${stand.base}/producto/p1`)).text()).toContain("$80.00 MXN");
    expect(await (await fetch(`${stand.base}/producto/p1`)).text()).toContain("$80.00 MXN");
    expect(stand.renders.get("/producto/p1")).toBe(2);
  });

  it("an answer the visitor dropped half-way is not kept", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let dropped!: () => void;
    const closed = new Promise<void>((resolve) => (dropped = resolve));
    stand.behave.set("/producto/dropped", async (res, n) => {
      if (n === 1) {
        res.on("close", () => dropped());
        res.status(200).type("html");
        res.write("<!DOCTYPE html><p>part");
        res.flush();
        await gate;
        res.end("</p>");
      } else writePage(res, n);
    });
    const controller = new AbortController();
    const reply = await fetch(`${stand.base}/producto/dropped`, { signal: controller.signal });
    expect(reply.status).toBe(200);
    controller.abort();
    await closed;
    release();
    const next = await (await fetch(`${stand.base}/producto/dropped`)).text();
    expect(next).toContain("Mostrando 24 de");
    expect(stand.renders.get("/producto/dropped")).toBe(2);
  });
});
