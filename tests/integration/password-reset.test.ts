/**
 * Password recovery on a real database (docs/requirements.md#accounts-and-sessions,
 * docs/architecture.md#security): the same reply for unknown e-mails, a hashed single-use token
 * valid one hour sent through the outbox, resets that revoke every session, and the routes' answers
 * to missing, malformed, oversized and hostile input.
 */
import { expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createSession, sessionUser } from "#server/accounts/sessions.server.ts";
import { findResetTokenUser, requestPasswordReset, resetPassword } from "#server/accounts/password-reset.server.ts";
import { hashSecret } from "#server/accounts/secret-hash.ts";
import { authenticateUser, registerUser } from "#server/accounts/users.server.ts";
import type { Database, Queryable } from "#server/db/client.ts";
import { outbox, passwordResetTokens, sessions, users } from "#server/db/schema.ts";
import * as forgotRoute from "#app/routes/forgot-password.tsx";
import * as resetRoute from "#app/routes/reset-password.tsx";
import { TEST_ORIGIN, callAction, callLoader, cookiesFrom, formPost, get, routeContext } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import type { FormFailure } from "#domain/form-failure.ts";

let n = 0;
const email = () => `recupera${++n}-${Date.now()}@example.com`;
const HOUR = 60 * 60 * 1000;

/** The reset links mailed to an address, oldest first (read from the outbox, as the worker would send them). */
async function mailedTokens(db: Queryable, to: string): Promise<string[]> {
  const rows = await db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(outbox.createdAt);
  return rows.map((row) => {
    const match = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(JSON.stringify(row.payload));
    if (!match?.[1]) throw new Error("no reset link in the mail");
    return match[1];
  });
}

/** The reset form of the token's link, posted with these fields. */
const reset = <T>(db: Database, token: string, fields: Record<string, string> | string) =>
  callAction<T>(resetRoute, formPost(`/reset-password/${token}`, fields), { db, params: { token } });

describeEachDatabase("password reset", (t) => {
  it("an unknown e-mail gets the same reply and nothing is written or sent", async () => {
    const to = email();
    const before = await t.db.select({ c: sql<number>`count(*)::int` }).from(passwordResetTokens);
    const reply = await callAction<{ sent: boolean; email: string }>(forgotRoute, formPost("/forgot-password", { email: to }), {
      db: t.db,
    });
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({ sent: true, email: to });
    expect(await t.db.select({ c: sql<number>`count(*)::int` }).from(passwordResetTokens)).toEqual(before);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, to))).toEqual([]);
  });

  it("a known e-mail gets a link by e-mail; only the token's hash is stored, valid one hour", async () => {
    const to = email();
    const user = await registerUser(t.db, { name: "Carla Pérez", email: to, phone: "", password: "secreto1" });
    const reply = await callAction<{ sent: boolean }>(forgotRoute, formPost("/forgot-password", { email: to.toUpperCase() }), { db: t.db });
    expect(reply.data).toMatchObject({ sent: true });
    const [token] = await mailedTokens(t.db, to);
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row?.tokenHash).toBe(hashSecret(token!));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(HOUR - 60_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(HOUR + 60_000);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, to));
    expect(JSON.stringify(mail?.payload)).toContain(`${TEST_ORIGIN}/reset-password/${token}`);
    expect(await findResetTokenUser(t.db, token!)).toEqual({ id: user.id, name: "Carla Pérez" });
    expect(await findResetTokenUser(t.db, token!, new Date(Date.now() + HOUR + 1000))).toBeNull();
  });

  it("the reset page greets by name for a valid token and says 'Token inválido o expirado' otherwise", async () => {
    const to = email();
    await registerUser(t.db, { name: "Diego", email: to, phone: "", password: "secreto1" });
    await requestPasswordReset(t.db, to, TEST_ORIGIN);
    const [token] = await mailedTokens(t.db, to);
    const ok = await callLoader<{ valid: boolean; name: string }>(resetRoute, get(`/reset-password/${token}`), {
      db: t.db,
      params: { token: token! },
    });
    expect(ok).toMatchObject({ status: 200, data: { valid: true, name: "Diego" } });
    for (const bad of ["x", "a".repeat(43), "<script>alert(1)</script>", "%00", "z".repeat(5000)]) {
      const reply = await callLoader<{ valid: boolean }>(resetRoute, get("/reset-password/x"), { db: t.db, params: { token: bad } });
      expect(reply).toMatchObject({ status: 400, data: { valid: false } });
    }
  });

  it("resetting sets the password, signs the user in, revokes every other session, and the link works once", async () => {
    const to = email();
    const user = await registerUser(t.db, { name: "Elena", email: to, phone: "", password: "vieja123" });
    const phone = await createSession(t.db, user.id);
    const laptop = await createSession(t.db, user.id);
    await requestPasswordReset(t.db, to, TEST_ORIGIN);
    const [token] = await mailedTokens(t.db, to);

    const done = await reset<{ done: boolean }>(t.db, token!, { newPassword: "nueva456", confirmPassword: "nueva456" });
    expect(done).toMatchObject({ status: 200, data: { done: true } });
    expect(cookiesFrom(done.headers)).toMatch(/sesion=/);
    expect(await sessionUser(t.db, phone)).toBeNull();
    expect(await sessionUser(t.db, laptop)).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await authenticateUser(t.db, { email: to, password: "nueva456" })).id).toBe(user.id);
    await expect(authenticateUser(t.db, { email: to, password: "vieja123" })).rejects.toThrow();

    const again = await reset<FormFailure>(t.db, token!, { newPassword: "otra7890", confirmPassword: "otra7890" });
    expect(again).toMatchObject({ status: 400, data: { fieldErrors: { token: ["Token inválido o expirado"] } } });
    expect((await authenticateUser(t.db, { email: to, password: "nueva456" })).id).toBe(user.id);
  });

  it("an expired token, a wrong token and an earlier link replaced by a newer one are refused", async () => {
    const to = email();
    const user = await registerUser(t.db, { name: "Fer", email: to, phone: "", password: "secreto1" });
    await requestPasswordReset(t.db, to, TEST_ORIGIN, new Date(Date.now() - 2 * HOUR));
    const [expired] = await mailedTokens(t.db, to);
    await expect(resetPassword(t.db, expired!, "nueva456")).rejects.toMatchObject({ message: "Token inválido o expirado" });

    await requestPasswordReset(t.db, to, TEST_ORIGIN);
    await requestPasswordReset(t.db, to, TEST_ORIGIN);
    const [, first, second] = await mailedTokens(t.db, to);
    await expect(resetPassword(t.db, first!, "nueva456")).rejects.toMatchObject({ message: "Token inválido o expirado" });
    await expect(resetPassword(t.db, "A".repeat(43), "nueva456")).rejects.toMatchObject({ message: "Token inválido o expirado" });
    await expect(resetPassword(t.db, "", "nueva456")).rejects.toMatchObject({ message: "Token no proporcionado" });
    expect((await authenticateUser(t.db, { email: to, password: "secreto1" })).id).toBe(user.id);
    expect((await resetPassword(t.db, second!, "nueva456")).id).toBe(user.id);
  });

  it("two submissions of one link at the same time: exactly one succeeds", async () => {
    const to = email();
    await registerUser(t.db, { name: "Gil", email: to, phone: "", password: "secreto1" });
    await requestPasswordReset(t.db, to, TEST_ORIGIN);
    const [token] = await mailedTokens(t.db, to);
    const results = await Promise.allSettled([resetPassword(t.db, token!, "primera1"), resetPassword(t.db, token!, "segunda2")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("bad input to the reset form: the Spanish message, HTTP 400, nothing changed", async () => {
    const to = email();
    const user = await registerUser(t.db, { name: "Hugo", email: to, phone: "", password: "secreto1" });
    await requestPasswordReset(t.db, to, TEST_ORIGIN);
    const [token] = await mailedTokens(t.db, to);
    const [{ passwordHash: before } = { passwordHash: "" }] = await t.db.select().from(users).where(eq(users.id, user.id));
    const cases: Array<[Record<string, string> | string, Record<string, string[]>]> = [
      [{}, { newPassword: ["La nueva contraseña es requerida"] }],
      [{ newPassword: "", confirmPassword: "" }, { newPassword: ["La nueva contraseña es requerida"] }],
      [{ newPassword: "12345", confirmPassword: "12345" }, { newPassword: ["La contraseña debe tener al menos 6 caracteres"] }],
      [{ newPassword: "secreto9", confirmPassword: "secreto8" }, { confirmPassword: ["Las contraseñas no coinciden"] }],
      [
        { newPassword: "x".repeat(5000), confirmPassword: "x".repeat(5000) },
        { newPassword: ["La contraseña no puede tener más de 72 caracteres"] },
      ],
      ["newPassword=a&newPassword[$gt]=&confirmPassword", { newPassword: ["La contraseña debe tener al menos 6 caracteres"] }],
    ];
    for (const [fields, fieldErrors] of cases) {
      const reply = await reset<FormFailure>(t.db, token!, fields);
      expect(reply, JSON.stringify(fields).slice(0, 80)).toMatchObject({ status: 400, data: { fieldErrors } });
      expect(reply.data?.values).toEqual({});
    }
    const notAForm = await callAction(
      resetRoute,
      new Request(`${TEST_ORIGIN}/reset-password/${token}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{",
      }),
      { db: t.db, params: { token: token! } },
    );
    expect(notAForm).toMatchObject({ status: 400, data: { formError: "Error al restablecer la contraseña", fieldErrors: {} } });
    const [{ passwordHash: after } = { passwordHash: "" }] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toBe(before);
    expect(await findResetTokenUser(t.db, token!)).not.toBeNull();
  });

  it("bad input to the forgot form: a Spanish message and HTTP 400, nothing sent; a filled honeypot sends nothing", async () => {
    for (const [fields, message] of [
      [{}, "El correo electrónico es requerido"],
      [{ email: "   " }, "El correo electrónico es requerido"],
      [{ email: "no-es-correo" }, "Ingresa un correo electrónico válido"],
      [{ email: `${"a".repeat(5000)}@example.com` }, "Ingresa un correo electrónico válido"],
      [{ email: "<script>@x" }, "Ingresa un correo electrónico válido"],
    ] as const) {
      const reply = await callAction<FormFailure>(forgotRoute, formPost("/forgot-password", fields), { db: t.db });
      expect(reply).toMatchObject({ status: 400, data: { fieldErrors: { email: [message] } } });
    }
    const notAForm = await callAction<FormFailure>(
      forgotRoute,
      new Request(`${TEST_ORIGIN}/forgot-password`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: "garbage",
      }),
      { db: t.db },
    );
    expect(notAForm).toMatchObject({ status: 400, data: { formError: "Error al procesar la solicitud", fieldErrors: {} } });
    const to = email();
    await registerUser(t.db, { name: "Bot", email: to, phone: "", password: "secreto1" });
    const reply = await callAction<{ sent: boolean }>(
      forgotRoute,
      formPost("/forgot-password", { email: to, sitio_web: "http://spam.example" }),
      { db: t.db },
    );
    expect(reply.data).toMatchObject({ sent: true });
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, to))).toEqual([]);
  });

  it("asking too often for one e-mail gets HTTP 429 in Spanish", async () => {
    const to = email();
    const context = routeContext(t.db, { config: { ...routeContext(t.db).config, RATE_LIMIT_FACTOR: 1 } });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const ip = `192.0.2.${i + 1}`; // different IPs: the per-e-mail limit is what stops it
      const reply = await callAction<FormFailure>(forgotRoute, formPost("/forgot-password", { email: to }), {
        context: { ...context, clientIp: ip },
      });
      statuses.push(reply.status);
      if (reply.status === 429) expect(reply.data?.formError).toBe("Demasiados intentos. Espera unos minutos e inténtalo de nuevo.");
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
