import { isRouteErrorResponse } from "react-router";

/**
 * How unexpected errors are written to the log: one JSON line, never the
 * values a failed query carried. Drizzle wraps a database error in one whose
 * message and stack hold the query's parameters (password hashes, e-mails,
 * token hashes, mail bodies), so the wrapper's SQL text is kept and its
 * parameters dropped; the database's own error (pg's or PGlite's) gives the
 * message, code and detail (a key's value in the detail is left out).
 */
export interface LoggedError {
  name: string;
  message: string;
  code?: string;
  /** The database's detail (why a value was refused), without the values a key held. */
  detail?: string;
  /** The SQL of a failed query, without its parameters. */
  query?: string;
  stack?: string;
}

/**
 * The database's own error (pg's DatabaseError, PGlite's): a SQLSTATE code and a
 * severity. PGlite's also carries the query's parameters, which are never logged.
 */
const isDatabaseError = (e: Error): e is Error & { code: string; detail?: unknown } =>
  typeof (e as { code?: unknown }).code === "string" && typeof (e as { severity?: unknown }).severity === "string";

/** An error that carries a query's parameters (Drizzle's DrizzleQueryError, or alike), and is not the database's own. */
const isQueryWrapper = (e: unknown): e is Error & { query?: unknown; params: unknown } =>
  e instanceof Error && "params" in e && !isDatabaseError(e);

/** A detail without the values it quotes: "Key (email)=(ana@…) already exists." → "Key (email)=(…) already exists." */
const withoutValues = (detail: string) =>
  detail
    .replace(/\)=\(.*\)( already exists| is not present| conflicts)/s, ")=(…)$1")
    .replace(/^Failing row contains .*/s, "Failing row contains (…).")
    .slice(0, 500);

export function describeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { name: "NonError", message: String(error).slice(0, 500) };
  let query: string | undefined;
  let root: Error = error;
  for (let depth = 0; depth < 5; depth++) {
    if (isQueryWrapper(root) && typeof root.query === "string") query = root.query.slice(0, 1000);
    if (!(root.cause instanceof Error)) break;
    root = root.cause;
  }
  if (isQueryWrapper(root)) {
    // A wrapper with no underlying error: its message is the query and its parameters.
    return { name: root.name, message: "query failed", query };
  }
  const code = (root as { code?: unknown }).code;
  const detail = isDatabaseError(root) && typeof root.detail === "string" && root.detail ? withoutValues(root.detail) : undefined;
  return {
    name: root.name,
    message: root.message.slice(0, 1000),
    ...(typeof code === "string" ? { code } : {}),
    ...(detail ? { detail } : {}),
    ...(query ? { query } : {}),
    ...(root.stack ? { stack: root.stack } : {}),
  };
}

/** Writes one JSON line: information to stdout, a warning or an error to stderr, with the fields that help find its cause. */
export function logEvent(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, t: new Date().toISOString(), msg, ...fields });
  if (level === "info") console.log(line);
  else console.error(line);
}

/** An unexpected error, described without a failed query's parameters. */
export function logError(msg: string, error: unknown, fields: Record<string, unknown> = {}): void {
  logEvent("error", msg, { ...fields, error: describeError(error) });
}

/**
 * What React Router reports about a request. A refusal it answers itself with a
 * 4xx (405 for a method a route does not take, 404 for a path no route has) is
 * the client's doing: logged as information with its status and reason. Anything
 * else is an error of the shop.
 */
export function logRequestFailure(error: unknown, fields: Record<string, unknown> = {}): void {
  if (isRouteErrorResponse(error) && error.status < 500) {
    const reason = (error as { error?: unknown }).error;
    logEvent("info", "request refused", {
      ...fields,
      status: error.status,
      statusText: error.statusText,
      ...(reason instanceof Error ? { reason: reason.message.slice(0, 300) } : {}),
    });
    return;
  }
  // A 5xx error response carries the error that caused it.
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  logError("request failed", cause, fields);
}
