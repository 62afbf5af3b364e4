import bcrypt from "bcryptjs";

const COST = 10;

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, COST);
}

export function verifyPassword(plain: string, hash: string): Promise<boolean> {
  return bcrypt.compare(plain, hash);
}

/** A hash to compare against when the e-mail is unknown, so both cases take the same time. */
export const DUMMY_HASH = bcrypt.hashSync("no-account-has-this-password", COST);
