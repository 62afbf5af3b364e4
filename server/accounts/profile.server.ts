/**
 * The customer's own profile (docs/requirements.md#accounts-and-sessions): personal information and
 * password change. Every query is filtered by the signed-in user's id; nothing
 * here logs a password.
 */
import { and, eq } from "drizzle-orm";
import type { Database, Queryable } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { enqueueMail, notifyMailQueued } from "#server/mail/outbox.server.ts";
import { emailChangedMail } from "#server/mail/templates.ts";
import { RATE_LIMITS, takeRateLimit } from "./rate-limit.server";
import { RATE_LIMIT_MESSAGE } from "#domain/messages.ts";
import { AUTH_MESSAGES } from "#domain/messages.ts";
import { hashPassword, verifyPassword } from "./password";
import { type PasswordChangeInput, type ProfileInput } from "./profile-forms";
import { PROFILE_MESSAGES } from "#domain/messages.ts";
import { replacePassword } from "./users.server";
import { ShopError } from "#server/errors.ts";

export interface Profile {
  name: string;
  email: string;
  phone: string | null;
}

export async function getProfile(db: Queryable, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({ name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Checks the current password before a change that needs it (password, e-mail).
 * Every check counts against one per-user allowance, whichever form it comes
 * from, so a stolen session gets the same few guesses. A missing password is
 * refused before counting: it guesses nothing.
 */
async function checkCurrentPassword(
  db: Queryable,
  userId: string,
  passwordHash: string,
  password: string,
  rateLimitFactor: number,
): Promise<void> {
  if (!password) throw new ShopError(PROFILE_MESSAGES.currentPasswordRequired, "invalid", "currentPassword");
  if (!(await takeRateLimit(db, RATE_LIMITS.currentPasswordPerUser, userId, rateLimitFactor))) {
    throw new ShopError(RATE_LIMIT_MESSAGE, "rate_limited");
  }
  if (!(await verifyPassword(password, passwordHash))) {
    throw new ShopError(PROFILE_MESSAGES.currentPasswordWrong, "invalid", "currentPassword");
  }
}

/**
 * Saves name, e-mail and phone. A new e-mail needs the current password
 * (`currentPassword`; a name or phone change needs none): whoever holds the
 * account's e-mail can reset its password, so a session alone must not move it.
 * The old address is then told, by a notice written to the outbox in the same
 * transaction as the change. The e-mail is unique case-insensitively across
 * users (the `users_email_lower_key` index decides, also under concurrent
 * requests): taken by someone else → 409 and nothing changes.
 */
export async function updateProfile(
  db: Database,
  userId: string,
  input: ProfileInput & { currentPassword?: string },
  options: { rateLimitFactor?: number; now?: Date } = {},
): Promise<Profile> {
  const [current] = await db
    .select({ name: users.name, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!current) throw new ShopError(PROFILE_MESSAGES.updateFailed, "not_found");
  const email = input.email.toLowerCase();
  const emailChanges = email !== current.email.toLowerCase();
  // Bcrypt is slow: checked before the transaction, which then only writes.
  if (emailChanges) await checkCurrentPassword(db, userId, current.passwordHash, input.currentPassword ?? "", options.rateLimitFactor ?? 1);
  const now = options.now ?? new Date();
  try {
    const saved = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ name: input.name, email, phone: input.phone || null, updatedAt: now })
        // Only over the address the password was checked for, which the notice goes to.
        .where(and(eq(users.id, userId), eq(users.email, current.email)))
        .returning({ name: users.name, email: users.email, phone: users.phone });
      if (!row) throw new ShopError(PROFILE_MESSAGES.updateFailed, "conflict");
      if (emailChanges) {
        await enqueueMail(tx, {
          kind: "email-changed",
          to: current.email,
          ...emailChangedMail({ name: current.name, newEmail: row.email, changedAt: now }),
        });
      }
      return row;
    });
    if (emailChanges) notifyMailQueued();
    return saved;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ShopError(AUTH_MESSAGES.emailTaken, "conflict", "email");
    throw error;
  }
}

/**
 * Changes the password after checking the current one (bcrypt). On success the
 * user's other sessions are revoked (the one named `currentSessionId` stays)
 * and any pending password-reset link stops working (replacePassword).
 * Attempts are rate-limited per user, with the e-mail change (`rateLimitFactor`
 * as in RATE_LIMIT_FACTOR).
 */
export async function changePassword(
  db: Database,
  userId: string,
  input: PasswordChangeInput,
  currentSessionId: string | null,
  options: { rateLimitFactor?: number } = {},
): Promise<void> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new ShopError(PROFILE_MESSAGES.passwordFailed, "not_found");
  await checkCurrentPassword(db, userId, row.passwordHash, input.currentPassword, options.rateLimitFactor ?? 1);
  // Hashing is slow: done before the transaction, which then only writes.
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction((tx) => replacePassword(tx, userId, passwordHash, currentSessionId));
}
