/**
 * Password recovery (docs/requirements.md#accounts-and-sessions, docs/architecture.md#security): a
 * random token, sent by e-mail, stored only as its SHA-256 hash, single use, valid one hour.
 * Resetting revokes every session of the user; the caller then signs them in with a fresh one.
 * Asking for a link answers the same whether or not the e-mail has an account.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database, Queryable } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { passwordResetTokens, users } from "#server/db/schema.ts";
import { enqueueMail, notifyMailQueued } from "#server/mail/outbox.server.ts";
import { passwordResetMail } from "#server/mail/templates.ts";
import { RESET_MESSAGES } from "#domain/messages.ts";
import { hashPassword } from "./password";
import { hashSecret } from "./secret-hash";
import { findUserByEmail, replacePassword, spendUnusedResetLinks, type SessionUser } from "./users.server";
import { ShopError } from "#server/errors.ts";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** The link is unknown, expired or already used: the page offers to ask for a new one (at its `token` field). */
const invalidToken = () => new ShopError(RESET_MESSAGES.tokenInvalid, "invalid", "token");

/** Tokens are 32 random bytes in base64url: 43 characters. Anything else is not one of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The row of this token while it is unused and unexpired. */
function liveToken(token: string, now: Date) {
  return and(
    eq(passwordResetTokens.tokenHash, hashSecret(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
}

/**
 * Sends a reset link when the e-mail has an account; does nothing otherwise.
 * The token row and the e-mail are written in one transaction; earlier unused
 * links of the user stop working.
 */
export async function requestPasswordReset(db: Database, email: string, origin: string, now = new Date()): Promise<void> {
  const queued = await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return false;
    await spendUnusedResetLinks(tx, user.id, now);
    const token = randomBytes(32).toString("base64url");
    await tx.insert(passwordResetTokens).values({
      id: newId(),
      userId: user.id,
      tokenHash: hashSecret(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    const resetUrl = `${origin}/reset-password/${token}`;
    await enqueueMail(tx, { kind: "password-reset", to: user.email, ...passwordResetMail({ name: user.name, resetUrl }) });
    return true;
  });
  if (queued) notifyMailQueued();
}

/** The user a token belongs to while it is unused and unexpired; null otherwise (never says which). */
export async function findResetTokenUser(db: Queryable, token: string, now = new Date()): Promise<{ id: string; name: string } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(liveToken(token, now))
    .limit(1);
  return row ?? null;
}

/**
 * Sets the new password and spends the token, in one transaction: the token is
 * claimed with a conditional update, so two submissions of one link succeed
 * once. Every session of the user is deleted (replacePassword). Returns the
 * user to sign in.
 */
export async function resetPassword(db: Database, token: string, newPassword: string, now = new Date()): Promise<SessionUser> {
  if (!token) throw new ShopError(RESET_MESSAGES.tokenMissing);
  if (!TOKEN_SHAPE.test(token)) throw invalidToken();
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(liveToken(token, now))
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw invalidToken();
    const user = await replacePassword(tx, claimed.userId, passwordHash, null);
    if (!user) throw invalidToken();
    return user;
  });
}
