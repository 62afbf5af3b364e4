import bcrypt from "bcryptjs";
import { isUsableBcryptHash, passwordHashCost } from "#domain/password-hash.ts";

/** The cost of new hashes: PASSWORD_HASH_COST (also checked with the configuration at start), else 10. */
const COST = passwordHashCost(process.env.PASSWORD_HASH_COST);

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, COST);
}

/**
 * Whether `plain` is the password of `hash`. A stored hash the shop does not verify (malformed, or
 * a cost outside 4 to 15, e.g. from an old import: `domain/password-hash.ts`) is never handed to
 * bcrypt, which would throw or spend hours on it: the answer is no, after the same comparison an
 * unknown e-mail costs, so the time taken tells nothing.
 */
export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  if (!isUsableBcryptHash(hash)) {
    await bcrypt.compare(plain, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(plain, hash);
}

/** A hash to compare against when the e-mail is unknown, so both cases take the same time. */
export const DUMMY_HASH = bcrypt.hashSync("no-account-has-this-password", COST);
