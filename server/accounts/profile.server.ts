/**
 * The customer's own profile (SPEC §2 "Profile", §8): personal information and
 * password change. Every query is filtered by the signed-in user's id; nothing
 * here logs a password.
 */
import { eq } from "drizzle-orm";
import type { Database, Queryable } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { RATE_LIMITS, takeRateLimit } from "./rate-limit.server";
import { RATE_LIMIT_MESSAGE } from "#domain/messages.ts";
import { AUTH_MESSAGES } from "#domain/messages.ts";
import { hashPassword, verifyPassword } from "./password";
import { type PasswordChangeInput, type ProfileInput } from "./profile-forms";
import { PROFILE_MESSAGES } from "#domain/messages.ts";
import { AccountError, replacePassword } from "./users.server";

/** A refused profile change: the Spanish message, the HTTP status and, when known, the field at fault. */
export class ProfileError extends AccountError {
  constructor(
    message: string,
    status = 400,
    readonly field: string | null = null,
  ) {
    super(message, status);
  }
}

export interface Profile {
  name: string;
  email: string;
  phone: string | null;
}

export async function getProfile(db: Queryable, userId: string): Promise<Profile | null> {
  const [row] = await db.select({ name: users.name, email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** True when a database error (or one it wraps) is a unique-constraint violation. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Saves name, e-mail and phone. The e-mail is unique case-insensitively across
 * users (the `users_email_lower_key` index decides, also under concurrent
 * requests): taken by someone else → 409 and nothing changes.
 */
export async function updateProfile(db: Queryable, userId: string, input: ProfileInput): Promise<Profile> {
  try {
    const [row] = await db
      .update(users)
      .set({ name: input.name, email: input.email.toLowerCase(), phone: input.phone || null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ name: users.name, email: users.email, phone: users.phone });
    if (!row) throw new ProfileError(PROFILE_MESSAGES.updateFailed, 404);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ProfileError(AUTH_MESSAGES.emailTaken, 409, "email");
    throw error;
  }
}

/**
 * Changes the password after checking the current one (bcrypt). On success the
 * user's other sessions are revoked (the one named `currentSessionId` stays)
 * and any pending password-reset link stops working (replacePassword).
 * Attempts are rate-limited per user (`rateLimitFactor` as in RATE_LIMIT_FACTOR).
 */
export async function changePassword(
  db: Database,
  userId: string,
  input: PasswordChangeInput,
  currentSessionId: string | null,
  options: { rateLimitFactor?: number } = {},
): Promise<void> {
  if (!(await takeRateLimit(db, RATE_LIMITS.passwordChangePerUser, userId, options.rateLimitFactor ?? 1))) {
    throw new ProfileError(RATE_LIMIT_MESSAGE, 429);
  }
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new ProfileError(PROFILE_MESSAGES.passwordFailed, 404);
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw new ProfileError(PROFILE_MESSAGES.currentPasswordWrong, 400, "currentPassword");
  }
  // Hashing is slow: done before the transaction, which then only writes.
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction((tx) => replacePassword(tx, userId, passwordHash, currentSessionId));
}
