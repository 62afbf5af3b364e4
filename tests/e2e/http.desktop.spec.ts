/**
 * What scanners check at the HTTP level, against the production server
 * (server.js): static files carry the security headers, TRACE is refused with
 * 405, a chunked body past the form limit gets 413 while a small chunked form
 * works, and a hostile redirectTo never leaves the shop. Runs only in the
 * `desktop` project.
 */
import http from "node:http";
import { expect, test } from "./helpers";

/** A raw request (Playwright's client can send neither TRACE nor a chunked body); resolves with status, headers and text. */
function rawRequest(
  url: string,
  method: string,
  body?: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(url).origin } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    if (!body) return void req.end();
    // Written in 64 KB chunks with no Content-Length: Transfer-Encoding: chunked.
    let offset = 0;
    let answered = false;
    req.on("response", () => (answered = true));
    const writeMore = () => {
      while (offset < body.length && !answered) {
        const chunk = body.subarray(offset, offset + 64 * 1024);
        offset += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", writeMore);
      }
      req.end();
    };
    writeMore();
  });
}

test("static files carry the security headers", async ({ request }) => {
  const html = await (await request.get("/productos")).text();
  // Any module the page names (its loader's list, decision 026).
  const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script, "a built script on /productos").toBeTruthy();
  for (const path of ["/favicon.svg", script!]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["referrer-policy"], path).toBeTruthy();
  }
});

test("TRACE is refused with 405, not a 500", async ({ baseURL }) => {
  const reply = await rawRequest(`${baseURL}/`, "TRACE");
  expect(reply.status).toBe(405);
  expect(reply.headers["x-content-type-options"]).toBe("nosniff");
});

test("a 2 MB chunked form gets 413 as it streams; a small chunked form works", async ({ baseURL }) => {
  const big = await rawRequest(`${baseURL}/carrito`, "POST", Buffer.from(`intent=clear&note=${"x".repeat(2 * 1024 * 1024)}`));
  expect(big.status).toBe(413);
  expect(big.text).toBe("La solicitud es demasiado grande.");
  const small = await rawRequest(`${baseURL}/carrito`, "POST", Buffer.from("intent=clear&redirectTo=%2Fproductos"));
  expect(small.status).toBe(303);
  expect(small.headers.location).toBe("/productos");
});

test("a redirectTo with a tab, a newline or a NUL stays on the shop", async ({ request }) => {
  for (const target of ["/%09/evil.example", "/%0D%0A/evil.example", "/%00", "/\\evil.example"]) {
    const response = await request.post("/preferencias/aviso-puntos", {
      form: { redirectTo: decodeURIComponent(target) },
      maxRedirects: 0,
    });
    expect(response.status(), target).toBe(303);
    expect(response.headers()["location"], target).toBe("/productos");
  }
});
