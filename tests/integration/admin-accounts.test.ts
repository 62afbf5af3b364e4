/**
 * Admin accounts: made once on first start (from ADMIN_EMAIL/ADMIN_PASSWORD or
 * with a generated password), and promotion revokes the user's sessions.
 */
import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ensureAdmin, makeAdmin } from "#server/accounts/admin.server.ts";
import { createSession, sessionUser } from "#server/accounts/sessions.server.ts";
import { authenticateUser, registerUser } from "#server/accounts/users.server.ts";
import { users } from "#server/db/schema.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

describeEachDatabase("admin accounts", (t) => {
  it("the first start creates one admin with the configured credentials, and later starts do nothing", async () => {
    const first = await ensureAdmin(t.db, { email: "Dueno@Tienda.mx", password: "clave-segura" });
    expect(first).toEqual({ created: true, email: "dueno@tienda.mx", generatedPassword: undefined });
    const admin = await authenticateUser(t.db, { email: "dueno@tienda.mx", password: "clave-segura" });
    expect(admin.role).toBe("admin");
    expect(await ensureAdmin(t.db, {})).toEqual({ created: false });
    expect((await t.db.select().from(users).where(eq(users.role, "admin"))).length).toBe(1);
  });

  it("promotes a customer and revokes their sessions; an unknown e-mail changes nothing", async () => {
    const user = await registerUser(t.db, { name: "Staff", email: "staff@example.com", phone: "", password: "secreto1" });
    const session = await createSession(t.db, user.id);
    expect(await makeAdmin(t.db, "STAFF@example.com")).toBe(true);
    expect(await sessionUser(t.db, session)).toBeNull();
    const again = await createSession(t.db, user.id);
    expect((await sessionUser(t.db, again))?.role).toBe("admin");
    expect(await makeAdmin(t.db, "nadie@example.com")).toBe(false);
  });
});

describeEachDatabase("admin account without configuration", (t) => {
  it("gets a generated password that works once printed", async () => {
    const result = await ensureAdmin(t.db, {});
    expect(result.created).toBe(true);
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const admin = await authenticateUser(t.db, { email: result.email!, password: result.generatedPassword! });
    expect(admin.role).toBe("admin");
  });
});
