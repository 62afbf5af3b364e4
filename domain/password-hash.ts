/**
 * Which stored password hashes the shop will verify (docs/requirements.md#accounts-and-sessions):
 * a bcrypt hash `$2a$`, `$2b$` or `$2y$`, a two-digit cost from 4 to 15, then 53 characters of
 * bcrypt's base64 (22 of salt, 31 of hash). Anything else is an unusable password: sign-in refuses
 * it without handing it to bcrypt (a cost of 31 would burn hours of CPU per attempt, one above 31
 * makes bcrypt throw), and the MongoDB import stores a password nobody knows in its place.
 */

/** The bcrypt costs the shop verifies. */
export const BCRYPT_COSTS = { min: 4, max: 15 } as const;

/**
 * The cost the shop hashes new passwords with: 10 (about 0.1 s of one core per hash), unless
 * `PASSWORD_HASH_COST` says otherwise. The test suites set 4: thousands of sign-ups and sign-ins
 * would otherwise spend minutes of CI in bcrypt; a shop never should (the start warns below 10).
 */
export const DEFAULT_BCRYPT_COST = 10;

/** PASSWORD_HASH_COST read: unset or empty is the default; a whole number in BCRYPT_COSTS, else an error. */
export function passwordHashCost(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_BCRYPT_COST;
  const cost = Number(value);
  if (!Number.isInteger(cost) || cost < BCRYPT_COSTS.min || cost > BCRYPT_COSTS.max) {
    throw new Error(`PASSWORD_HASH_COST must be a whole number from ${BCRYPT_COSTS.min} to ${BCRYPT_COSTS.max}`);
  }
  return cost;
}

const BCRYPT_HASH = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;

/** What makes a stored hash unusable: not a bcrypt hash at all, or a cost outside BCRYPT_COSTS. */
export type BcryptHashProblem = { kind: "malformed" } | { kind: "cost"; cost: number };

/** Null when `hash` is a bcrypt hash the shop verifies; otherwise what is wrong with it. */
export function bcryptHashProblem(hash: unknown): BcryptHashProblem | null {
  const match = typeof hash === "string" ? BCRYPT_HASH.exec(hash) : null;
  if (!match) return { kind: "malformed" };
  const cost = Number(match[1]);
  return cost < BCRYPT_COSTS.min || cost > BCRYPT_COSTS.max ? { kind: "cost", cost } : null;
}

export function isUsableBcryptHash(hash: unknown): hash is string {
  return bcryptHashProblem(hash) === null;
}
