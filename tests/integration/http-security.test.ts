/**
 * The HTTP guards in front of every route (DESIGN §5): cross-site non-GET
 * requests are refused, oversized bodies get 413, and responses carry the
 * security headers with a fresh script nonce each time.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodySizeLimit, cspNonce, sameOriginOnly, securityHeaders } from "#server/http/security.ts";

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(cspNonce);
  app.use(securityHeaders({ https: false, dev: false }));
  app.use(sameOriginOnly({ publicUrl: "https://tienda.example", exempt: (p) => p.startsWith("/webhooks/") }));
  app.use(bodySizeLimit(1024));
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
