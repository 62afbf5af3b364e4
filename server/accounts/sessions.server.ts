/**
 * Sessions live in the database (docs/requirements.md#accounts-and-sessions): the cookie holds only a random
 * session id, signed; the table holds only its SHA-256 hash, so a copy of the database signs no one in.
 * Logging out deletes the row; a session whose row or user is gone reads as logged out.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { AppConfig } from "#server/config.ts";
import { readSignedCookie, signedCookie } from "#server/http/cookies.ts";
import type { Queryable } from "#server/db/client.ts";
import { sessions, users } from "#server/db/schema.ts";
import { hashSecret } from "./secret-hash";
import type { SessionUser } from "./users.server";

export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export function sessionCookie(config: AppConfig) {
  return signedCookie("sesion", SESSION_MS / 1000, config);
}

export async function createSession(db: Queryable, userId: string, userAgent: string | null = null): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db
    .insert(sessions)
    .values({ idHash: hashSecret(id), userId, expiresAt: new Date(Date.now() + SESSION_MS), userAgent: userAgent?.slice(0, 300) ?? null });
  return id;
}

export async function sessionUser(db: Queryable, sessionId: string | null, now = new Date()): Promise<SessionUser | null> {
  if (!sessionId || sessionId.length > 100) return null;
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, hashSecret(sessionId)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashSecret(sessionId)));
}

export function readSessionId(request: Request, config: AppConfig): Promise<string | null> {
  return readSignedCookie(sessionCookie(config), request);
}
