/**
 * A data request the browser makes ahead of time (`<link rel="prefetch">` from `<Link prefetch>`)
 * is answered empty before any loader runs; every other request goes on. Through a real Express app.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSpeculativeDataRequest, speculativeDataRequests } from "./speculative-data";

let base = "";
let loaderRuns = 0;
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use(speculativeDataRequests);
  app.use((_req, res) => {
    loaderRuns++;
    res.set("Cache-Control", "private, no-store").type("text/x-script").send("[data]");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

describe("speculative data requests", () => {
  it("a prefetch of a page's data is a 204 with no-store, and no loader runs", async () => {
    const asked: Array<Record<string, string>> = [
      { "Sec-Purpose": "prefetch" },
      { Purpose: "prefetch" },
      { "Sec-Purpose": "prefetch;anonymous-client-ip" },
    ];
    for (const headers of asked) {
      const before = loaderRuns;
      const res = await fetch(`${base}/checkout.data`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(204);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toBe("");
      expect(loaderRuns).toBe(before);
    }
  });

  it("the same data asked for by a navigation, a page prefetched, or a post go on to the loaders", async () => {
    const before = loaderRuns;
    expect((await fetch(`${base}/checkout.data`)).status).toBe(200);
    expect((await fetch(`${base}/checkout`, { headers: { "Sec-Purpose": "prefetch" } })).status).toBe(200);
    expect((await fetch(`${base}/checkout.data`, { method: "POST", headers: { "Sec-Purpose": "prefetch" }, body: "x=1" })).status).toBe(
      200,
    );
    expect(loaderRuns).toBe(before + 3);
  });

  it("only the word 'prefetch' counts, in either header", () => {
    const req = (headers: Record<string, string>) => ({ method: "GET", path: "/checkout.data", headers });
    expect(isSpeculativeDataRequest(req({ "sec-purpose": "prerender" }))).toBe(false);
    expect(isSpeculativeDataRequest(req({ "sec-purpose": "noprefetching" }))).toBe(false);
    expect(isSpeculativeDataRequest(req({}))).toBe(false);
    expect(isSpeculativeDataRequest(req({ purpose: "Prefetch" }))).toBe(true);
  });
});
