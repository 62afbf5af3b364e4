/**
 * How unexpected errors are written to the log: one JSON line, never the
 * values a failed query carried. Drizzle wraps a database error in one whose
 * message and stack hold the query's parameters (password hashes, e-mails,
 * token hashes, mail bodies), so the wrapper's SQL text is kept and its
 * parameters dropped; the database's own error gives the message and code.
 */
export interface LoggedError {
  name: string;
  message: string;
  code?: string;
  /** The SQL of a failed query, without its parameters. */
  query?: string;
  stack?: string;
}

/** An error that carries a query's parameters (Drizzle's DrizzleQueryError, or alike). */
const isQueryWrapper = (e: unknown): e is Error & { query?: unknown; params: unknown } => e instanceof Error && "params" in e;

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
  return {
    name: root.name,
    message: root.message.slice(0, 1000),
    ...(typeof code === "string" ? { code } : {}),
    ...(query ? { query } : {}),
    ...(root.stack ? { stack: root.stack } : {}),
  };
}

/** Writes one JSON line to stderr: a warning or an error, with the fields that help find its cause. */
export function logEvent(level: "warn" | "error", msg: string, fields: Record<string, unknown> = {}): void {
  console.error(JSON.stringify({ level, t: new Date().toISOString(), msg, ...fields }));
}

/** An unexpected error, described without a failed query's parameters. */
export function logError(msg: string, error: unknown, fields: Record<string, unknown> = {}): void {
  logEvent("error", msg, { ...fields, error: describeError(error) });
}
