/**
 * The one shape a pure parser or checker answers with (docs/architecture.md#forms): the parsed
 * `value`, or the `failure` that says why not. Branch on `ok`; the failure's own type (a Spanish
 * message, a reason code, every field's messages…) is the parser's to choose. A service that
 * refuses throws a `ShopError` instead; this is for functions that read input and write nothing.
 * Browser-safe.
 */

export type Ok<T> = { ok: true; value: T };
export type Fail<F> = { ok: false; failure: F };
export type Result<T, F> = Ok<T> | Fail<F>;

/** The parsed value (no argument: a check that passed and has nothing to give back). */
export function ok(): Ok<undefined>;
export function ok<T>(value: T): Ok<T>;
export function ok<T>(value?: T): Ok<T | undefined> {
  return { ok: true, value };
}

/** Why the input was refused. */
export function fail<F>(failure: F): Fail<F> {
  return { ok: false, failure };
}
