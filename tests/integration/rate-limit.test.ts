/**
 * Rate limits (docs/architecture.md#security) on a real database: a window per key opened by its
 * first attempt, shared through the database, exact under concurrent requests, scaled by
 * RATE_LIMIT_FACTOR.
 */
import { expect, it } from "vitest";
import { takeRateLimit } from "#server/accounts/rate-limit.server.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const rule = { name: "test", limit: 3, windowSeconds: 60 };

describeEachDatabase("rate limits", (t) => {
  it("allows the limit within a window, refuses the next, and starts again once the window has passed", async () => {
    const now = new Date("2026-11-22T12:00:10Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await takeRateLimit(t.db, rule, "1.2.3.4", 1, now));
    expect(results).toEqual([true, true, true, false]);
    expect(await takeRateLimit(t.db, rule, "5.6.7.8", 1, now)).toBe(true); // other subjects are not affected
    expect(await takeRateLimit(t.db, rule, "1.2.3.4", 1, new Date("2026-11-22T12:01:05Z"))).toBe(false);
    expect(await takeRateLimit(t.db, rule, "1.2.3.4", 1, new Date("2026-11-22T12:01:11Z"))).toBe(true);
  });

  it("counts attempts on either side of a clock boundary together: the window opens at the first attempt", async () => {
    const results = [];
    for (const at of ["12:00:58", "12:00:59", "12:01:00", "12:01:01"]) {
      results.push(await takeRateLimit(t.db, rule, "straddle", 1, new Date(`2026-11-22T${at}Z`)));
    }
    expect(results).toEqual([true, true, true, false]);
  });

  it("keys e-mails case-insensitively", async () => {
    const now = new Date("2026-11-22T13:00:00Z");
    for (let i = 0; i < 3; i++) await takeRateLimit(t.db, rule, "Ana@Example.com", 1, now);
    expect(await takeRateLimit(t.db, rule, "ana@example.com", 1, now)).toBe(false);
  });

  it("RATE_LIMIT_FACTOR multiplies the allowance", async () => {
    const now = new Date("2026-11-22T14:00:00Z");
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await takeRateLimit(t.db, rule, "factor", 2, now));
    expect(results.filter(Boolean)).toHaveLength(6);
  });

  it("concurrent attempts never get more than the limit", async () => {
    const now = new Date("2026-11-22T15:00:00Z");
    const results = await Promise.all(Array.from({ length: 12 }, () => takeRateLimit(t.db, rule, "burst", 1, now)));
    expect(results.filter(Boolean)).toHaveLength(3);
  });
});
