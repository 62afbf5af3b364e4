/**
 * Customer accounts: registration and password login. Passwords are bcrypt
 * hashes; nothing here logs a password.
 */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Queryable, Tx } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { ShopError } from "#server/errors.ts";
import { passwordResetTokens, sessions, users } from "#server/db/schema.ts";
import { type LoginInput, type RegisterInput } from "./forms";
import { AUTH_MESSAGES } from "#domain/messages.ts";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password";
import { hashSecret } from "./secret-hash";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: "customer" | "admin";
}

const publicColumns = { id: users.id, name: users.name, email: users.email, role: users.role };

export async function findUserByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Creates a customer. A taken e-mail is the one thing registration must reveal. */
export async function registerUser(db: Queryable, input: RegisterInput): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({ id: newId(), name: input.name, email: input.email, phone: input.phone || null, passwordHash })
    .onConflictDoNothing()
    .returning(publicColumns);
  if (!row) throw new ShopError(AUTH_MESSAGES.emailTaken, "conflict");
  return row;
}

/** The user for an e-mail and password; one message for a wrong password and an unknown e-mail. */
export async function authenticateUser(db: Queryable, input: LoginInput): Promise<SessionUser> {
  const row = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_HASH);
  if (!row || !ok) throw new ShopError(AUTH_MESSAGES.badCredentials, "unauthorized");
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

/**
 * Gives the user a new password (already hashed), in the caller's transaction:
 * unused reset links stop working and every session but `keepSessionId` ends.
 * Null when the user is gone.
 */
export async function replacePassword(
  tx: Tx,
  userId: string,
  passwordHash: string,
  keepSessionId: string | null,
): Promise<SessionUser | null> {
  const now = new Date();
  // A password the user chose: the first start's generated one is no longer there to change.
  const [user] = await tx
    .update(users)
    .set({ passwordHash, mustChangePassword: false, updatedAt: now })
    .where(eq(users.id, userId))
    .returning(publicColumns);
  if (!user) return null;
  await spendUnusedResetLinks(tx, userId, now);
  await tx
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.idHash, hashSecret(keepSessionId))) : eq(sessions.userId, userId));
  return user;
}

/** The user's password-reset links that were not used stop working. */
export async function spendUnusedResetLinks(tx: Tx, userId: string, now = new Date()): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
