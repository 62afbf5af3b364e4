/**
 * The HTTP guards in front of every route (docs/architecture.md#security): cross-site non-GET
 * requests are refused, oversized bodies get 413 (declared or chunked, with
 * React Router's own request handler reading the body), methods a Fetch request
 * cannot carry get 405, React Router's own refusals are not logged as errors,
 * responses carry the security headers with a fresh script nonce each time, and /metrics is not
 * served on the public port to a plain TCP forwarder.
 */
import http, { type Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handleError } from "#app/entry.server.tsx";
import { reactRouterHandler } from "#server/http/react-router.ts";
import { bodySizeLimit, cspNonce, sameOriginOnly, securityHeaders, supportedMethodsOnly } from "#server/http/security.ts";
import { resourceBuild } from "#tests/fixtures/server-build.ts";
import { startStack } from "#tests/fixtures/http-stack.ts";

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(cspNonce);
  app.use(securityHeaders({ https: false, dev: false }));
  app.use(sameOriginOnly({ publicUrl: "https://tienda.example", exempt: (p) => p.startsWith("/webhooks/") }));
  app.use(bodySizeLimit(() => 1024));
  app.all("/{*path}", (_req, res) => res.send("ok"));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, headers: Record<string, string> = {}, body = "a=1") =>
  fetch(base + path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body });

describe("CSRF origin check", () => {
  it("refuses a POST from another site, by Origin or by Referer", async () => {
    const byOrigin = await post("/carrito", { origin: "https://evil.example" });
    expect(byOrigin.status).toBe(403);
    expect(await byOrigin.text()).toBe("Solicitud rechazada: origen no permitido.");
    expect((await post("/carrito", { referer: "https://evil.example/page" })).status).toBe(403);
    expect((await post("/carrito", { origin: "null" })).status).toBe(403);
    expect((await post("/carrito", { referer: "not a url" })).status).toBe(403);
  });

  it("accepts the shop's own origin, its public URL, and clients that send neither header", async () => {
    expect((await post("/carrito", { origin: base })).status).toBe(200);
    expect((await post("/carrito", { origin: "https://tienda.example" })).status).toBe(200);
    expect((await post("/carrito", { referer: `${base}/productos` })).status).toBe(200);
    expect((await post("/carrito")).status).toBe(200);
  });

  it("lets safe methods and the exempt webhook through", async () => {
    expect((await fetch(`${base}/productos`, { headers: { origin: "https://evil.example" } })).status).toBe(200);
    expect((await post("/webhooks/mercadopago", { origin: "https://evil.example" })).status).toBe(200);
  });
});

describe("body size limit", () => {
  it("answers 413 to an oversized body and lets a small one through", async () => {
    const big = await post("/carrito", { origin: base }, "x".repeat(2048));
    expect(big.status).toBe(413);
    expect(await big.text()).toBe("La solicitud es demasiado grande.");
    expect((await post("/carrito", { origin: base }, "x".repeat(512))).status).toBe(200);
  });
});

describe("security headers", () => {
  it("sends a CSP with a per-response script nonce, no framing, nosniff and a strict referrer policy", async () => {
    const a = await fetch(`${base}/`);
    const b = await fetch(`${base}/`);
    const csp = a.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(b.headers.get("content-security-policy")).not.toContain(nonce!);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("x-frame-options")).toBe("DENY");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends HSTS when the shop is served over HTTPS", async () => {
    const app = express();
    app.use(cspNonce);
    app.use(securityHeaders({ https: true, dev: false }));
    app.get("/", (_req, res) => res.send("ok"));
    const s = await new Promise<Server>((resolve) => {
      const srv = app.listen(0, "127.0.0.1", () => resolve(srv));
    });
    const res = await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/`);
    expect(res.headers.get("strict-transport-security")).toContain("max-age=31536000");
    await new Promise<void>((resolve) => s.close(() => resolve()));
  });
});

// ---- React Router behind the body limit: a real request handler on a two-route build ----

/** A build of resource routes only (no documents to render), enough for React Router's request handler. */
async function listen(app: express.Express): Promise<{ url: string; close: () => Promise<void> }> {
  const s = await new Promise<Server>((resolve) => {
    const srv = app.listen(0, "127.0.0.1", () => resolve(srv));
  });
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, close: () => new Promise((resolve) => s.close(() => resolve())) };
}

/** A POST with Transfer-Encoding: chunked (no Content-Length), in 64 KB chunks; resolves with the status and text. */
function chunkedPost(url: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    const bytes = Buffer.from(body);
    let offset = 0;
    const writeMore = () => {
      while (offset < bytes.length) {
        const chunk = bytes.subarray(offset, offset + 64 * 1024);
        offset += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", writeMore);
      }
      req.end();
    };
    // The server may answer (and close) before the whole body is sent; that answer is what counts.
    req.on("response", () => (offset = bytes.length));
    writeMore();
  });
}

describe("body size limit with React Router reading the body", () => {
  const read: Array<number> = [];
  let stack: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    const app = express();
    app.use(bodySizeLimit(() => 512 * 1024));
    app.use(
      reactRouterHandler({
        build: resourceBuild({
          form: {
            action: async ({ request }: { request: Request }) => {
              const form = await request.formData();
              read.push(String(form.get("a") ?? "").length);
              return Response.json({ a: form.get("a"), b: form.get("b") });
            },
          },
        }),
        mode: "test",
        maxBodyBytes: () => 512 * 1024,
        getLoadContext: () => ({}) as never,
      }),
    );
    stack = await listen(app);
  });
  afterAll(() => stack.close());

  it("answers 413 to a 2 MB chunked body as it streams, and the action never gets it", async () => {
    read.length = 0;
    const reply = await chunkedPost(`${stack.url}/form`, `a=${"x".repeat(2 * 1024 * 1024)}`);
    expect(reply).toEqual({ status: 413, text: "La solicitud es demasiado grande." });
    expect(read).toEqual([]);
  });

  it("a small chunked form is read as usual, and the server keeps serving", async () => {
    read.length = 0;
    const reply = await chunkedPost(`${stack.url}/form`, "a=hola&b=%C3%B1");
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toEqual({ a: "hola", b: "ñ" });
    expect((await fetch(`${stack.url}/form`, { method: "POST", body: new URLSearchParams({ a: "x".repeat(1000) }) })).status).toBe(200);
    expect(read).toEqual([4, 1000]);
  });

  it("a client that keeps streaming after the 413 gets the 413, then is cut off; the action never reads it", async () => {
    read.length = 0;
    const { port } = new URL(stack.url);
    const outcome = await new Promise<{ answer: string; sent: number }>((resolve) => {
      const socket = net.connect(Number(port), "127.0.0.1");
      let answer = "";
      let sent = 0;
      const frame = Buffer.concat([Buffer.from("10000\r\n"), Buffer.alloc(0x10000, "a"), Buffer.from("\r\n")]);
      const pump = () => {
        while (!socket.destroyed && sent < 64 * 1024 * 1024) {
          sent += frame.length;
          if (!socket.write(frame)) return void socket.once("drain", pump);
        }
      };
      socket.on("data", (d) => (answer += d.toString("latin1")));
      socket.on("error", () => {});
      socket.on("close", () => resolve({ answer, sent }));
      socket.write(
        "POST /form HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n",
      );
      pump();
    });
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.sent).toBeLessThan(32 * 1024 * 1024);
    expect(read).toEqual([]);
  });

  it("a request whose Host names no URL gets 400, not 500", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      http.get(`${stack.url}/form`, { headers: { host: "a b" } }, (res) => resolve(res.statusCode ?? 0)).on("error", reject);
    });
    expect(status).toBe(400);
  });
});

describe("request methods", () => {
  it("TRACE, which a Fetch request cannot carry, gets 405 before React Router", async () => {
    const app = express();
    app.use(supportedMethodsOnly);
    app.use(
      reactRouterHandler({
        build: resourceBuild({ form: { loader: () => "ok" } }),
        mode: "test",
        maxBodyBytes: () => 1024,
        getLoadContext: () => ({}) as never,
      }),
    );
    const s = await listen(app);
    const reply = await new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
      http
        .request(`${s.url}/form`, { method: "TRACE" }, (res) => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow }))
        .on("error", reject)
        .end();
    });
    await s.close();
    expect(reply).toEqual({ status: 405, allow: "GET, HEAD, POST" });
  });

  it("a 405 React Router answers itself is logged as information with its status, not as an error", async () => {
    const app = express();
    app.use(
      reactRouterHandler({
        build: resourceBuild({ form: { loader: () => "ok" } }, handleError),
        mode: "production",
        maxBodyBytes: () => 1024,
        getLoadContext: () => ({ requestId: "r405" }) as never,
      }),
    );
    const s = await listen(app);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const infos = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect((await fetch(`${s.url}/form`, { method: "POST", body: "a=1" })).status).toBe(405);
      expect(errors).not.toHaveBeenCalled();
      const line = JSON.parse(String(infos.mock.calls.find((c) => String(c[0]).includes("r405"))?.[0]));
      expect(line).toMatchObject({ level: "info", msg: "request refused", status: 405, method: "POST", path: "/form", requestId: "r405" });
      expect(line.reason).toContain("did not provide an `action`");
    } finally {
      errors.mockRestore();
      infos.mockRestore();
      await s.close();
    }
  });
});

describe("/metrics behind a plain TCP forwarder", () => {
  /** One raw HTTP/1.1 request, as a stream proxy or an SSH tunnel passes it on: from 127.0.0.1, no proxy header. */
  const raw = (base: string, head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
      let answer = "";
      socket.on("data", (d) => (answer += d.toString("latin1")));
      socket.on("error", reject);
      socket.on("close", () => resolve(answer));
      socket.end(`${head}\r\nHost: tienda.example\r\nConnection: close\r\n\r\n`);
    });

  it("is a 404 on the public port without the token, and the counts only with it", async () => {
    const token = "metrics-token-forwarder-0123";
    const build = resourceBuild({ "*": { loader: () => new Response("no existe", { status: 404 }) } });
    const stack = await startStack({ build }, { METRICS_TOKEN: token });
    try {
      const refused = await raw(stack.base, "GET /metrics HTTP/1.1");
      expect(refused).toMatch(/^HTTP\/1\.1 404 /);
      expect(refused).not.toMatch(/process_|shop_/);
      expect(await raw(stack.base, "GET /metrics HTTP/1.1\r\nAuthorization: Bearer wrong-token-0123456789")).toMatch(/^HTTP\/1\.1 404 /);
      const allowed = await raw(stack.base, `GET /metrics HTTP/1.1\r\nAuthorization: Bearer ${token}`);
      expect(allowed).toMatch(/^HTTP\/1\.1 200 /);
      expect(allowed).toMatch(/^shop_database_info\{kind="pglite"\} 1$/m);
    } finally {
      await stack.close();
    }
  });
});
