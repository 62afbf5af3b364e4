/**
 * Account data that has served its purpose is deleted, so the tables stay
 * small: expired sessions, reset links a day past their expiry, and rate-limit
 * counters whose window ended a day ago. Run hourly by the job runner.
 */
import { lt } from "drizzle-orm";
import type { Queryable } from "#server/db/client.ts";
import { passwordResetTokens, rateLimits, sessions } from "#server/db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function purgeExpiredAccountData(db: Queryable, now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [expiredSessions, oldResetTokens, oldRateLimits] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.idHash }),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, dayAgo)).returning({ id: passwordResetTokens.id }),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo)).returning({ key: rateLimits.key }),
  ]);
  return { sessions: expiredSessions.length, resetTokens: oldResetTokens.length, rateLimits: oldRateLimits.length };
}
