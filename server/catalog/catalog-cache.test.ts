import { describe, expect, it } from "vitest";
import { CatalogCache, TTL_MS } from "./catalog-cache";

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("catalogue list cache", () => {
  it("loads once per key within the TTL and again after it", async () => {
    const time = clock();
    const cache = new CatalogCache(time.now);
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get("a", load)).toBe(1);
    time.advance(TTL_MS - 1);
    expect(await cache.get("a", load)).toBe(1);
    expect(await cache.get("b", load)).toBe(2);
    time.advance(2);
    expect(await cache.get("a", load)).toBe(3);
  });

  it("a product write clears every entry", async () => {
    const cache = new CatalogCache(clock().now);
    let value = 10;
    expect(await cache.get("k", async () => value)).toBe(10);
    value = 11;
    cache.clear();
    expect(await cache.get("k", async () => value)).toBe(11);
  });

  it("does not keep a value that a write overtook, nor hand it to later requests", async () => {
    const cache = new CatalogCache(clock().now);
    let release!: () => void;
    const slow = cache.get("k", () => new Promise<number>((resolve) => (release = () => resolve(1))));
    cache.clear(); // a write lands while the list is being read
    const fresh = cache.get("k", async () => 2);
    release();
    expect(await slow).toBe(1);
    expect(await fresh).toBe(2);
    expect(await cache.get("k", async () => 3)).toBe(2);
  });

  it("concurrent requests for one key share one load", async () => {
    const cache = new CatalogCache(clock().now);
    let calls = 0;
    const load = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      return calls;
    };
    expect(await Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)])).toEqual([1, 1, 1]);
    expect(calls).toBe(1);
  });

  it("a failed load is not kept", async () => {
    const cache = new CatalogCache(clock().now);
    await expect(cache.get("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => 4)).toBe(4);
  });
});
