import { beforeEach, describe, expect, it } from "vitest";
import { cachedCount, invalidateCatalogCounts } from "./count-cache";

describe("catalogue count cache", () => {
  beforeEach(() => invalidateCatalogCounts());

  it("counts once per key within the TTL and again after it", async () => {
    let calls = 0;
    const count = async () => ++calls;
    expect(await cachedCount("a", count, 0)).toBe(1);
    expect(await cachedCount("a", count, 9_000)).toBe(1);
    expect(await cachedCount("b", count, 9_000)).toBe(2);
    expect(await cachedCount("a", count, 10_001)).toBe(3);
  });

  it("a product write clears every cached count", async () => {
    let value = 10;
    expect(await cachedCount("k", async () => value, 0)).toBe(10);
    value = 11;
    invalidateCatalogCounts();
    expect(await cachedCount("k", async () => value, 1)).toBe(11);
  });

  it("does not keep a count that a write overtook", async () => {
    let value = 1;
    await cachedCount("k", async () => {
      invalidateCatalogCounts(); // a write lands while counting
      return value;
    }, 0);
    value = 2;
    expect(await cachedCount("k", async () => value, 1)).toBe(2);
  });
});
