import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "./config";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "shop-config-"));

describe("configuration", () => {
  it("has embedded defaults for a fresh clone", () => {
    const c = parseConfig({});
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c).toMatchObject({
      PORT: 3000,
      PAYMENT_PROVIDER: "sandbox",
      UNPAID_ORDER_HOLD_MINUTES: 30,
      RATE_LIMIT_FACTOR: 1,
      PASSWORD_HASH_COST: 10,
      secureCookies: false,
    });
    expect(c.dataDir).toBe(path.resolve("./data"));
  });

  it("refuses malformed values with a clear message", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ SESSION_SECRET: "short" })).toThrow(/at least 32/);
    expect(() => parseConfig({ UNPAID_ORDER_HOLD_MINUTES: "2" })).toThrow(/UNPAID_ORDER_HOLD_MINUTES/);
    // The 72-hour setting it replaced is refused by name rather than silently ignored.
    expect(() => parseConfig({ UNPAID_ORDER_TTL_HOURS: "72" })).toThrow(/UNPAID_ORDER_HOLD_MINUTES/);
  });

  it("production with a database server requires SESSION_SECRET", () => {
    expect(() => parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://u@127.0.0.1/db" })).toThrow(/SESSION_SECRET is required/);
    expect(() => parseConfig({ NODE_ENV: "production", SESSION_SECRET: "dev-only-session-secret-change-me" })).toThrow(/random/);
  });

  it("production on the embedded database makes a random secret once and keeps it", () => {
    const dir = tmp();
    const first = parseConfig({ NODE_ENV: "production", DATA_DIR: dir }).SESSION_SECRET;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(parseConfig({ NODE_ENV: "production", DATA_DIR: dir }).SESSION_SECRET).toBe(first);
    expect(parseConfig({ NODE_ENV: "production", DATA_DIR: tmp() }).SESSION_SECRET).not.toBe(first);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("cookies are Secure when the public URL is HTTPS", () => {
    expect(parseConfig({ PUBLIC_URL: "https://tienda.example" }).secureCookies).toBe(true);
    expect(parseConfig({ PUBLIC_URL: "http://192.168.1.20:3000" }).secureCookies).toBe(false);
  });

  it("the metrics listener is on 127.0.0.1:9464 unless told otherwise, off with METRICS_PORT=off, and a malformed port is named", () => {
    expect(parseConfig({})).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: "127.0.0.1" });
    expect(parseConfig({ METRICS_PORT: "9100", METRICS_HOST: "0.0.0.0" })).toMatchObject({ METRICS_PORT: 9100, METRICS_HOST: "0.0.0.0" });
    expect(parseConfig({ METRICS_PORT: "off" }).METRICS_PORT).toBe("off");
    for (const port of ["metrics", "0", "70000", "94.64"]) expect(() => parseConfig({ METRICS_PORT: port }), port).toThrow(/METRICS_PORT/);
  });

  it("hashes passwords at bcrypt cost 10 unless PASSWORD_HASH_COST gives another from 4 to 15", () => {
    expect(parseConfig({ PASSWORD_HASH_COST: "" }).PASSWORD_HASH_COST).toBe(10);
    expect(parseConfig({ PASSWORD_HASH_COST: "4" }).PASSWORD_HASH_COST).toBe(4);
    expect(parseConfig({ PASSWORD_HASH_COST: "12" }).PASSWORD_HASH_COST).toBe(12);
    for (const cost of ["3", "16", "31", "ten", "10.5"])
      expect(() => parseConfig({ PASSWORD_HASH_COST: cost }), cost).toThrow(/PASSWORD_HASH_COST.*4 to 15/);
  });
});
