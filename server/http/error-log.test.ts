import { DrizzleQueryError } from "drizzle-orm/errors";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, expect, it, vi } from "vitest";
import { describeError, logError, logRequestFailure } from "./error-log";

describe("error log", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps a failed query's SQL and the database's message, never its parameters", () => {
    const dbError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_lower_key"'), { code: "23505" });
    const wrapped = new DrizzleQueryError('update "users" set "password_hash" = $1 where "id" = $2', ["$2a$10$secrethash", "u1"], dbError);
    const logged = describeError(wrapped);
    expect(logged).toMatchObject({ code: "23505", query: 'update "users" set "password_hash" = $1 where "id" = $2' });
    expect(logged.message).toContain("duplicate key");
    expect(JSON.stringify(logged)).not.toContain("secrethash");
  });

  it("a PGlite error (which carries the query's parameters itself) is logged with its code, detail and message, never the values", async () => {
    const db = new PGlite();
    const failure = async (text: string, params: unknown[]) => {
      const error = await db.query(text, params).then(
        () => null,
        (e: unknown) => e as Error,
      );
      if (!error) throw new Error("the query should have failed");
      return describeError(new DrizzleQueryError(text, params, error));
    };
    // A half emoji: the reason a checkout's order insert failed, which the log used to say nothing of.
    const json = await failure("select $1::jsonb as address", [JSON.stringify({ references: "Portón azul \ud83d" })]);
    expect(json).toMatchObject({
      code: "22P02",
      message: "invalid input syntax for type json",
      detail: "Unicode low surrogate must follow a high surrogate.",
      query: "select $1::jsonb as address",
    });
    expect(JSON.stringify(json)).not.toContain("Portón");
    // A unique violation's detail names the key; its value (an e-mail here) stays out.
    await db.exec("create table people (email text unique); insert into people values ('ana@example.com')");
    const duplicate = await failure("insert into people (email) values ($1)", ["ana@example.com"]);
    expect(duplicate).toMatchObject({ code: "23505", detail: "Key (email)=(…) already exists." });
    expect(JSON.stringify(duplicate)).not.toContain("ana@example.com");
    await db.close();
  });

  it("a query wrapper without a cause logs no parameters either", () => {
    const logged = describeError(new DrizzleQueryError("select $1", ["ana@example.com"], undefined as unknown as Error));
    expect(JSON.stringify(logged)).not.toContain("ana@example.com");
  });

  it("any error carrying params is treated the same: its message stays out", () => {
    const cause = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    const wrapped = Object.assign(new Error("Failed query: update users set password_hash = $1\nparams: $2b$10$secrethash"), {
      params: ["$2b$10$secrethash"],
      cause,
    });
    expect(describeError(wrapped)).toMatchObject({ code: "57P01", message: "terminating connection due to administrator command" });
    expect(JSON.stringify(describeError(wrapped))).not.toContain("secrethash");
    const bare = Object.assign(new Error("Failed query: … params: ana@example.com"), { params: ["ana@example.com"] });
    expect(describeError(bare)).toEqual({ name: "Error", message: "query failed" });
  });

  it("plain errors and thrown values are logged as one JSON line", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    logError("boom", new TypeError("x is undefined"), { requestId: "r1" });
    logError("odd", "a string");
    const first = JSON.parse(spy.mock.calls[0]![0] as string);
    expect(first).toMatchObject({ level: "error", msg: "boom", requestId: "r1", error: { name: "TypeError", message: "x is undefined" } });
    expect(JSON.parse(spy.mock.calls[1]![0] as string).error).toEqual({ name: "NonError", message: "a string" });
  });

  it("React Router's own 4xx refusals are information with their status; anything else is an error", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const infos = vi.spyOn(console, "log").mockImplementation(() => {});
    const refusal = {
      status: 405,
      statusText: "Method Not Allowed",
      internal: true,
      data: "x",
      error: new Error('no `action` for route "terminos"'),
    };
    logRequestFailure(refusal, { requestId: "r1", method: "POST", path: "/terminos" });
    expect(errors).not.toHaveBeenCalled();
    expect(JSON.parse(infos.mock.calls[0]![0] as string)).toMatchObject({
      level: "info",
      msg: "request refused",
      status: 405,
      statusText: "Method Not Allowed",
      reason: 'no `action` for route "terminos"',
      requestId: "r1",
    });
    logRequestFailure({ status: 500, statusText: "Internal Server Error", internal: true, data: "", error: new TypeError("boom") });
    logRequestFailure(new RangeError("bad"));
    logRequestFailure("a thrown string");
    const logged = errors.mock.calls.map((c) => JSON.parse(c[0] as string));
    expect(logged.map((l) => [l.level, l.error.name])).toEqual([
      ["error", "TypeError"],
      ["error", "RangeError"],
      ["error", "NonError"],
    ]);
  });
});
