/** Recognising database errors by their SQLSTATE code (PGlite and `pg` alike, wrapped by Drizzle or not). */

/** True when a database error (or one it wraps) is a unique-constraint violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
