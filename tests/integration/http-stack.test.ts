/**
 * The shop's Express stack as server.js mounts it (server/app.ts `handler`):
 * every answer carries the security headers, the built static files included;
 * methods a Fetch request cannot carry get 405; what is thrown past React Router
 * gets a plain Spanish answer, never a stack.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startStack, type RunningStack } from "#tests/fixtures/http-stack.ts";

let stack: RunningStack;
let base: string;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-client-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(path.join(clientDir, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(clientDir, "assets", "entry-abc123.js"), "console.log(1);");
  stack = await startStack({ clientDir });
  base = stack.base;
});

afterAll(async () => {
  await stack.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
}

describe("the shop's HTTP stack", () => {
  it("static files carry the security headers, with their caching", async () => {
    const icon = await fetch(`${base}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toContain("image/svg+xml");
    expectSecurityHeaders(icon.headers);
    const script = await fetch(`${base}/assets/entry-abc123.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expectSecurityHeaders(script.headers);
    expectSecurityHeaders((await fetch(`${base}/healthz`)).headers);
  });

  it("TRACE gets 405 with the security headers, not a 500", async () => {
    const reply = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.request(`${base}/`, { method: "TRACE" }, resolve).on("error", reject).end();
    });
    reply.resume();
    expect(reply.statusCode).toBe(405);
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("a malformed path under the static files is a 400, with no stack", async () => {
    const reply = await fetch(`${base}/assets/%E0%A4%A`);
    expect(reply.status).toBe(400);
    expect(await reply.text()).not.toMatch(/\bat /);
    expectSecurityHeaders(reply.headers);
  });

  it("what is thrown past React Router (here: no server build to load) is a plain 500 in Spanish, logged as one JSON line", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const reply = await fetch(`${base}/productos`, { headers: { "x-request-id": "stack-500" } });
      expect(reply.status).toBe(500);
      expect(await reply.text()).toBe("Ocurrió un error. Intenta de nuevo en unos momentos.");
      expectSecurityHeaders(reply.headers);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(JSON.parse(String(errors.mock.calls[0]![0]))).toMatchObject({
        level: "error",
        msg: "request failed",
        requestId: "stack-500",
        method: "GET",
        path: "/productos",
      });
    } finally {
      errors.mockRestore();
    }
  });
});
