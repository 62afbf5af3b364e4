/**
 * Request body limits of the shop's Express stack (server/app.ts): forms get 512 KB, the admin's
 * two upload screens 8 MB, so a file just over its own 5 MB limit reaches the screen (which answers
 * with its Spanish message) and anything larger is refused 413 before it is read, declared or chunked.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type RunningStack } from "#tests/fixtures/http-stack.ts";
import { resourceBuild } from "#tests/fixtures/server-build.ts";

/** Each stand-in action reads the whole body and answers how many bytes it got. */
const readAll = async ({ request }: { request: Request }) => new Response(String((await request.arrayBuffer()).byteLength));
const build = resourceBuild({
  carrito: { action: readAll },
  "admin/galeria": { action: readAll },
  "admin/importar-productos": { action: readAll },
  "admin/cupones": { action: readAll },
  "admin/loyalty": { action: readAll },
});

let stack: RunningStack;
let base: string;

beforeAll(async () => {
  stack = await startStack({ build });
  base = stack.base;
});

afterAll(() => stack.close());

const MB = 1024 * 1024;

async function post(path: string, bytes: number, chunked = false): Promise<{ status: number; text: string }> {
  const body = Buffer.alloc(bytes, 0x61);
  if (!chunked) {
    const res = await fetch(base + path, { method: "POST", headers: { origin: base, "content-type": "application/octet-stream" }, body });
    return { status: res.status, text: await res.text() };
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      base + path,
      { method: "POST", headers: { origin: base, "content-type": "application/octet-stream" } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", (error) => (error.message.includes("EPIPE") || error.message.includes("ECONNRESET") ? undefined : reject(error)));
    for (let sent = 0; sent < bytes; sent += 64 * 1024) req.write(body.subarray(sent, sent + 64 * 1024));
    req.end();
  });
}

describe("request body limits", () => {
  it("a form post over 512 KB is refused 413", async () => {
    expect((await post("/carrito", 600 * 1024)).status).toBe(413);
    expect(await post("/carrito", 100 * 1024)).toEqual({ status: 200, text: String(100 * 1024) });
  });

  it("the gallery and the CSV import take a 6 MB body whole, so their own 5 MB check can answer", async () => {
    expect(await post("/admin/galeria", 6 * MB)).toEqual({ status: 200, text: String(6 * MB) });
    expect(await post("/admin/importar-productos", 6 * MB)).toEqual({ status: 200, text: String(6 * MB) });
  });

  it("the allowance holds for the data requests their forms post to with JavaScript on", async () => {
    expect((await post("/admin/galeria.data", 6 * MB)).status).not.toBe(413);
    expect((await post("/admin/importar-productos.data", 6 * MB, true)).status).not.toBe(413);
    expect((await post("/admin/galeria.data", 9 * MB)).status).toBe(413);
    expect((await post("/carrito.data", 600 * 1024)).status).toBe(413);
  });

  it("refuses more than 8 MB on the upload screens, declared or chunked", async () => {
    expect((await post("/admin/galeria", 9 * MB)).status).toBe(413);
    expect((await post("/admin/importar-productos", 9 * MB, true)).status).toBe(413);
  });

  it("the other admin screens' forms get the 512 KB of every form (the coupon and loyalty screens)", async () => {
    for (const screen of ["/admin/cupones", "/admin/loyalty"]) {
      expect((await post(screen, 600 * 1024)).status).toBe(413);
      expect((await post(`${screen}.data`, 600 * 1024, true)).status).toBe(413);
      expect(await post(screen, 100 * 1024)).toEqual({ status: 200, text: String(100 * 1024) });
    }
  });

  it("the allowance is for those paths only, not for a path that merely starts like them", async () => {
    expect((await post("/admin/galeria-x", 600 * 1024)).status).toBe(413);
  });
});
