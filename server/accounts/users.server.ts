/**
 * Customer accounts: registration and password login. Passwords are bcrypt
 * hashes; nothing here logs a password.
 */
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { newId } from "../db/ids";
import { ShopError } from "../errors";
import { users } from "../db/schema";
import { AUTH_MESSAGES, type LoginInput, type RegisterInput } from "./forms";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password";

export class AccountError extends ShopError {}

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: "customer" | "admin";
}

const publicColumns = { id: users.id, name: users.name, email: users.email, role: users.role };

export async function findUserByEmail(db: Queryable, email: string) {
  const [row] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
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
  if (!row) throw new AccountError(AUTH_MESSAGES.emailTaken, 409);
  return row;
}

/** The user for an e-mail and password; one message for a wrong password and an unknown e-mail. */
export async function authenticateUser(db: Queryable, input: LoginInput): Promise<SessionUser> {
  const row = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_HASH);
  if (!row || !ok) throw new AccountError(AUTH_MESSAGES.badCredentials, 401);
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}
