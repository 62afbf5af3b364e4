/**
 * Admin accounts (docs/requirements.md#accounts-and-sessions): the first start makes one, from
 * ADMIN_EMAIL and ADMIN_PASSWORD when given, else with a random password printed once, which every
 * admin page then asks to change until it is (`mustChangePassword`, cleared by `replacePassword`).
 * A user is promoted with `npm run user:make-admin -- EMAIL`; a role change revokes the user's
 * sessions, so the new role applies at the next login.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { sessions, users } from "#server/db/schema.ts";
import { hashPassword } from "./password";
import { findUserByEmail } from "./users.server";

export const DEFAULT_ADMIN_EMAIL = "admin@cartasdelvalle.mx";

export interface EnsureAdminResult {
  created: boolean;
  email?: string;
  /** Only when the password was generated here: shown once, never stored in clear. */
  generatedPassword?: string;
}

export async function ensureAdmin(db: Database, options: { email?: string; password?: string }): Promise<EnsureAdminResult> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
    if (existing) return { created: false };
    const email = (options.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
    const generatedPassword = options.password ? undefined : randomBytes(12).toString("base64url");
    const passwordHash = await hashPassword(options.password ?? (generatedPassword as string));
    const user = await findUserByEmail(tx, email);
    // A generated password was printed in the log: the admin is asked to change it until they do.
    const mustChangePassword = generatedPassword !== undefined;
    if (user) {
      await tx.update(users).set({ role: "admin", passwordHash, mustChangePassword, updatedAt: new Date() }).where(eq(users.id, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
    } else {
      await tx.insert(users).values({ id: newId(), name: "Administrador", email, role: "admin", passwordHash, mustChangePassword });
    }
    return { created: true, email, generatedPassword };
  });
}

/** Promotes a user to admin and revokes their sessions. False when no user has that e-mail. */
export async function makeAdmin(db: Queryable, email: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ role: "admin", updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id });
  const user = updated[0];
  if (!user) return false;
  await db.delete(sessions).where(eq(sessions.userId, user.id));
  return true;
}

/** Whether the user still has the first start's generated password (the admin pages' banner). */
export async function passwordChangeDue(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ due: users.mustChangePassword }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.due ?? false;
}
