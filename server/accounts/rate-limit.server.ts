/**
 * Rate limits for login, registration and password recovery (docs/architecture.md#security), per IP
 * and per e-mail. Each key's window opens at its first attempt and lasts the
 * rule's length (so a burst cannot straddle a clock boundary to get twice the
 * allowance), counted in the database with one atomic upsert, so every app
 * process shares the same counters.
 * RATE_LIMIT_FACTOR multiplies every allowance (end-to-end suites set it high).
 */
import { sql } from "drizzle-orm";
import type { Queryable } from "#server/db/client.ts";

export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export const RATE_LIMITS = {
  loginPerIp: { name: "login:ip", limit: 20, windowSeconds: 15 * 60 },
  loginPerEmail: { name: "login:email", limit: 8, windowSeconds: 15 * 60 },
  registerPerIp: { name: "register:ip", limit: 10, windowSeconds: 60 * 60 },
  registerPerEmail: { name: "register:email", limit: 5, windowSeconds: 60 * 60 },
  forgotPerIp: { name: "forgot:ip", limit: 10, windowSeconds: 60 * 60 },
  forgotPerEmail: { name: "forgot:email", limit: 3, windowSeconds: 60 * 60 },
  resetPerIp: { name: "reset:ip", limit: 20, windowSeconds: 60 * 60 },
  /**
   * Guessing the current password with a stolen session is slowed down per user: the password
   * change and the e-mail change both check it, and count on this one counter.
   */
  currentPasswordPerUser: { name: "current-password:user", limit: 10, windowSeconds: 15 * 60 },
  /**
   * 'Consulta tu pedido' (/consulta-pedido) answers who knows an order's number and e-mail, so
   * guessing e-mails for a number (or numbers for an e-mail) is slowed down like a sign-in: per IP
   * (every lookup), and per order number typed (wrong guesses only: the right pair is answered even
   * when that counter is used up, so strangers cannot lock an order's owner out).
   */
  orderLookupPerIp: { name: "order-lookup:ip", limit: 20, windowSeconds: 15 * 60 },
  orderLookupPerOrder: { name: "order-lookup:order", limit: 8, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Counts one attempt for `subject` under `rule`; false when the allowance is used up. */
export async function takeRateLimit(db: Queryable, rule: RateLimitRule, subject: string, factor = 1, now = new Date()): Promise<boolean> {
  const key = `${rule.name}:${subject.toLowerCase().slice(0, 200)}`;
  const openedAfter = new Date(now.getTime() - rule.windowSeconds * 1000);
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now.toISOString()}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start > ${openedAfter.toISOString()} then rate_limits.count + 1 else 1 end,
      window_start = case when rate_limits.window_start > ${openedAfter.toISOString()} then rate_limits.window_start else excluded.window_start end
    returning count
  `);
  const rows = (result as unknown as { rows: Array<{ count: number }> }).rows;
  return Number(rows[0]?.count ?? 0) <= Math.max(1, Math.floor(rule.limit * factor));
}

export type GuardedAction = "login" | "register" | "forgot" | "reset";

/** Which limits an attempt counts against: per IP always, per e-mail where the form names one. */
const RULES_FOR: Record<GuardedAction, { ip: RateLimitRule; email?: RateLimitRule }> = {
  login: { ip: RATE_LIMITS.loginPerIp, email: RATE_LIMITS.loginPerEmail },
  register: { ip: RATE_LIMITS.registerPerIp, email: RATE_LIMITS.registerPerEmail },
  forgot: { ip: RATE_LIMITS.forgotPerIp, email: RATE_LIMITS.forgotPerEmail },
  reset: { ip: RATE_LIMITS.resetPerIp },
};

/**
 * One login, registration or password-recovery attempt. Every applicable
 * counter is taken; false when any is used up.
 */
export async function allowAuthAttempt(
  db: Queryable,
  attempt: { mode: GuardedAction; ip: string; email?: string },
  factor = 1,
): Promise<boolean> {
  const rules = RULES_FOR[attempt.mode];
  const checks = [takeRateLimit(db, rules.ip, attempt.ip, factor)];
  if (rules.email && attempt.email) checks.push(takeRateLimit(db, rules.email, attempt.email, factor));
  return (await Promise.all(checks)).every(Boolean);
}
