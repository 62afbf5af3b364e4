/**
 * The first start's admin (docs/requirements.md#accounts-and-sessions): an admin's sign-in lands
 * on /admin unless it was asked with a safe page of its own; an admin made with a generated
 * password (printed once) is asked on every admin page to change it until they do, through
 * 'Cambiar contraseña' or a reset link; one made with ADMIN_PASSWORD, or promoted, is not.
 */
import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ensureAdmin, makeAdmin, passwordChangeDue } from "#server/accounts/admin.server.ts";
import { registerUser } from "#server/accounts/users.server.ts";
import { requestPasswordReset, resetPassword } from "#server/accounts/password-reset.server.ts";
import { outbox, users } from "#server/db/schema.ts";
import * as loginRoute from "#app/routes/login.tsx";
import * as adminLayout from "#app/routes/admin/layout.tsx";
import * as profileRoute from "#app/routes/perfil.tsx";
import { CookieJar, TEST_ORIGIN, callAction, callLoader, formPost, get, routeContext } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import { signInDestination } from "#domain/safe-redirect.ts";

const flag = async (db: Parameters<typeof passwordChangeDue>[0], email: string) =>
  (await db.select({ due: users.mustChangePassword }).from(users).where(eq(users.email, email)))[0]?.due;

const flagUser = async (db: Parameters<typeof passwordChangeDue>[0], email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describeEachDatabase("the first start's admin", (t) => {
  const context = () => routeContext(t.db);
  const signIn = async (email: string, password: string, query = "") => {
    const answer = await callAction(loginRoute, formPost(`/login${query}`, { email, password }), { context: context() });
    const jar = new CookieJar();
    jar.store(answer.headers);
    return { answer, jar };
  };
  const banner = async (jar: CookieJar) => {
    const answer = await callLoader<{ changePassword: boolean }>(adminLayout, get("/admin", { cookie: jar.header }), {
      context: context(),
    });
    expect(answer.status).toBe(200);
    return answer.data!.changePassword;
  };

  it("a generated password is flagged, the admin lands on /admin with the banner until they change it", async () => {
    const made = await ensureAdmin(t.db, { email: "dueno-generado@tienda.mx" });
    expect(made.generatedPassword).toBeDefined();
    expect(await flag(t.db, "dueno-generado@tienda.mx")).toBe(true);

    const { answer, jar } = await signIn("dueno-generado@tienda.mx", made.generatedPassword!);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/admin");
    expect(await banner(jar)).toBe(true);
    // Still there on the next page: nothing but a new password clears it.
    expect(await banner(jar)).toBe(true);

    const changed = await callAction(
      profileRoute,
      formPost(
        "/perfil?tab=contrasena",
        {
          intent: "change-password",
          currentPassword: made.generatedPassword!,
          newPassword: "mi-clave-nueva",
          confirmPassword: "mi-clave-nueva",
        },
        { cookie: jar.header },
      ),
      { context: context() },
    );
    expect(changed.status).toBe(303);
    expect(await flag(t.db, "dueno-generado@tienda.mx")).toBe(false);
    expect(await banner(jar)).toBe(false);
  });
});

describeEachDatabase("the first start's admin, refused a change", (t) => {
  const context = () => routeContext(t.db);
  it("a refused change (wrong current password) keeps the banner", async () => {
    const made = await ensureAdmin(t.db, { email: "dueno-terco@tienda.mx" });
    const signedIn = await callAction(
      loginRoute,
      formPost("/login", { email: "dueno-terco@tienda.mx", password: made.generatedPassword! }),
      {
        context: context(),
      },
    );
    const jar = new CookieJar();
    jar.store(signedIn.headers);
    const refused = await callAction(
      profileRoute,
      formPost(
        "/perfil?tab=contrasena",
        { intent: "change-password", currentPassword: "otra-clave", newPassword: "mi-clave-nueva", confirmPassword: "mi-clave-nueva" },
        { cookie: jar.header },
      ),
      { context: context() },
    );
    expect(refused.status).toBe(400);
    expect(await passwordChangeDue(t.db, made.email ? await flagUser(t.db, made.email) : "")).toBe(true);
  });
});

describeEachDatabase("the first start's admin, reset by e-mail", (t) => {
  it("a password reset clears the flag too", async () => {
    await ensureAdmin(t.db, { email: "dueno-olvido@tienda.mx" });
    await requestPasswordReset(t.db, "dueno-olvido@tienda.mx", TEST_ORIGIN);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, "dueno-olvido@tienda.mx"));
    const token = /reset-password\/([A-Za-z0-9_-]{43})/.exec(JSON.stringify(mail))?.[1];
    expect(token).toBeTruthy();
    await resetPassword(t.db, token!, "otra-clave-1");
    expect(await flag(t.db, "dueno-olvido@tienda.mx")).toBe(false);
  });
});

describeEachDatabase("an admin whose password the operator chose", (t) => {
  it("ADMIN_PASSWORD, and a promoted customer, are never flagged; the sign-in's own page still wins", async () => {
    await ensureAdmin(t.db, { email: "dueno@tienda.mx", password: "clave-del-operador" });
    expect(await flag(t.db, "dueno@tienda.mx")).toBe(false);
    await registerUser(t.db, { name: "Staff", email: "staff@tienda.mx", phone: "", password: "secreto1" });
    await makeAdmin(t.db, "staff@tienda.mx");
    expect(await flag(t.db, "staff@tienda.mx")).toBe(false);

    const post = (query: string) =>
      callAction(loginRoute, formPost(`/login${query}`, { email: "dueno@tienda.mx", password: "clave-del-operador" }), {
        context: routeContext(t.db),
      });
    expect((await post("")).headers.get("location")).toBe("/admin");
    expect((await post("?redirectTo=%2Fadmin%2Fcupones")).headers.get("location")).toBe("/admin/cupones");
    expect((await post("?redirectTo=%2Fmis-pedidos")).headers.get("location")).toBe("/mis-pedidos");
    // An unsafe page of its own is no page: the admin area.
    expect((await post(`?redirectTo=${encodeURIComponent("//evil.example/x")}`)).headers.get("location")).toBe("/admin");
  });
});

it("signInDestination: the asked page when safe, else /admin for an admin and / for a customer", () => {
  expect(signInDestination(null, "admin")).toBe("/admin");
  expect(signInDestination(null, "customer")).toBe("/");
  expect(signInDestination("/carrito", "admin")).toBe("/carrito");
  expect(signInDestination("https://evil.example", "admin")).toBe("/admin");
  expect(signInDestination("https://evil.example", "customer")).toBe("/");
});
