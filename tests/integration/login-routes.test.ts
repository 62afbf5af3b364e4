/**
 * The login and registration screen's action (docs/requirements.md#accounts-and-sessions,
 * docs/architecture.md#security): success signs in and goes to a same-site redirectTo; missing,
 * malformed, oversized and hostile input gets a Spanish message and a 4xx with nothing written; a
 * filled honeypot is refused; attempts are rate-limited per IP and per e-mail (429).
 */
import { expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { registerUser } from "#server/accounts/users.server.ts";
import { sessions, users } from "#server/db/schema.ts";
import * as loginRoute from "#app/routes/login.tsx";
import * as rootRoute from "#app/root.tsx";
import type { RootData } from "#app/root.tsx";
import { CookieJar, TEST_ORIGIN, callAction, callLoader, formPost, get, routeContext, signIn } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import type { FormFailure } from "#domain/form-failure.ts";

let n = 0;
const email = () => `acceso${++n}-${Date.now()}@example.com`;
type Reply = FormFailure;

describeEachDatabase("login and registration routes", (t) => {
  const post = (path: string, fields: Record<string, string> | string, ip?: string, factor = 1000) => {
    const base = routeContext(t.db);
    const context = { ...base, clientIp: ip ?? base.clientIp, config: { ...base.config, RATE_LIMIT_FACTOR: factor } };
    return callAction<Reply>(loginRoute, formPost(path, fields), { context });
  };
  const userCount = async () => (await t.db.select({ c: sql<number>`count(*)::int` }).from(users))[0]!.c;

  it("registering signs the new customer in and goes to a same-site redirectTo, never another site", async () => {
    const mail = email();
    const ok = await post("/registro?redirectTo=%2Fperfil%3Ftab%3Dpuntos", {
      name: "Nadia",
      email: mail,
      phone: "55 1234 5678",
      password: "secreto1",
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/perfil?tab=puntos");
    expect(ok.headers.getSetCookie().some((c) => /^sesion=.+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/.test(c))).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.email, mail));
    expect(row).toMatchObject({ name: "Nadia", phone: "5512345678", role: "customer" });
    for (const target of ["//evil.example/x", "https://evil.example", "/\\evil.example"]) {
      const login = await post(`/login?redirectTo=${encodeURIComponent(target)}`, { email: mail, password: "secreto1" });
      expect(login.headers.get("location")).toBe("/");
    }
  });

  it("a new account is welcomed on the next page, once and only for that account; signing in is no welcome", async () => {
    const root = (jar: CookieJar) => callLoader<RootData>(rootRoute, get("/", { cookie: jar.header }), { context: routeContext(t.db) });
    const jar = new CookieJar();
    const registered = await post("/registro", { name: "Berta Bienvenida", email: email(), password: "secreto1" });
    expect(registered.status).toBe(303);
    expect(registered.headers.get("location")).toBe("/");
    jar.store(registered.headers);
    expect(jar.has("bienvenida")).toBe(true);
    const first = await root(jar);
    expect(first.data).toMatchObject({ welcome: true, user: { name: "Berta Bienvenida" } });
    jar.store(first.headers);
    expect(jar.has("bienvenida")).toBe(false);
    expect((await root(jar)).data?.welcome).toBe(false);

    // Signing in to an existing account sets no welcome.
    const mail = email();
    await registerUser(t.db, { name: "Leo", email: mail, phone: "", password: "secreto1" });
    const login = await post("/login", { email: mail, password: "secreto1" });
    expect(login.headers.getSetCookie().some((c) => c.startsWith("bienvenida="))).toBe(false);

    // A note for another account (a shared browser) or a forged one greets nobody, and is cleared.
    const other = await registerUser(t.db, { name: "Otra", email: email(), phone: "", password: "secreto1" });
    const note = registered.headers
      .getSetCookie()
      .find((c) => c.startsWith("bienvenida="))!
      .split(";")[0]!;
    for (const forged of [note, "bienvenida=cualquiera", `bienvenida=${other.id}`]) {
      const browser = new CookieJar();
      browser.set((await signIn(t.db, other.id)).cookie);
      browser.set(forged);
      const page = await root(browser);
      expect(page.data?.welcome, forged).toBe(false);
      expect(page.headers.getSetCookie().some((c) => c.startsWith("bienvenida=;"))).toBe(true);
    }
    // A guest never sees one.
    const guest = new CookieJar();
    guest.set(note);
    expect((await root(guest)).data).toMatchObject({ welcome: false, user: null });
  });

  it("logging in again from the same browser replaces its session", async () => {
    const mail = email();
    const user = await registerUser(t.db, { name: "Quim", email: mail, phone: "", password: "secreto1" });
    const first = await post("/login", { email: mail, password: "secreto1" });
    const cookie = first.headers
      .getSetCookie()
      .find((c) => c.startsWith("sesion="))!
      .split(";")[0]!;
    const base = routeContext(t.db);
    const second = await callAction(loginRoute, formPost("/login", { email: mail, password: "secreto1" }, { cookie }), { context: base });
    expect(second.status).toBe(303);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(
      second.headers
        .getSetCookie()
        .find((c) => c.startsWith("sesion="))!
        .split(";")[0],
    ).not.toBe(cookie);
  });

  it("bad registration input: each field's Spanish message, a 4xx, no account, the e-mail kept", async () => {
    const before = await userCount();
    const cases: Array<[Record<string, string> | string, Record<string, string[]>]> = [
      [{}, { name: ["El nombre es requerido"], email: ["El correo electrónico es requerido"], password: ["La contraseña es requerida"] }],
      [{ name: "Ana", email: "", password: "secreto1" }, { email: ["El correo electrónico es requerido"] }],
      [{ name: "Ana", email: "ana@", password: "secreto1" }, { email: ["Ingresa un correo electrónico válido"] }],
      [{ name: "Ana", email: email(), phone: "123", password: "secreto1" }, { phone: ["El teléfono debe tener 10 dígitos"] }],
      [{ name: "Ana", email: email(), password: "12345" }, { password: ["La contraseña debe tener al menos 6 caracteres"] }],
      [{ name: "x".repeat(10_000), email: email(), password: "secreto1" }, { name: ["El nombre es demasiado largo"] }],
      [{ name: "Ana\u0000", email: email(), password: "secreto1" }, { name: ["El nombre contiene caracteres no válidos"] }],
      [{ name: "Ana\nRuiz", email: email(), password: "secreto1" }, { name: ["El nombre contiene caracteres no válidos"] }],
      [{ name: "Ana", email: "ana\u0000@example.com", password: "secreto1" }, { email: ["Ingresa un correo electrónico válido"] }],
      [
        { name: "<img src=x onerror=alert(1)>", email: "<script>@x", password: "secreto1" },
        { email: ["Ingresa un correo electrónico válido"] },
      ],
      [
        "name=Ana&name[$ne]=&email[$gt]=&password",
        { email: ["El correo electrónico es requerido"], password: ["La contraseña es requerida"] },
      ],
    ];
    for (const [fields, fieldErrors] of cases) {
      const reply = await post("/registro", fields);
      expect(reply.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(reply.data?.fieldErrors, JSON.stringify(fields).slice(0, 60)).toEqual(fieldErrors);
    }
    // An invalid e-mail AND a short password: both messages, each on its field, in one answer.
    const both = await post("/registro", { name: "Ana", email: "ana@", phone: "", password: "123" });
    expect(both).toMatchObject({
      status: 400,
      data: {
        fieldErrors: { email: ["Ingresa un correo electrónico válido"], password: ["La contraseña debe tener al menos 6 caracteres"] },
        values: { name: "Ana", email: "ana@", phone: "" },
      },
    });
    expect(JSON.stringify(both.data)).not.toContain('"123"');
    const kept = await post("/registro", { name: "Ana", email: "ana@", password: "secreto1" });
    expect(kept.data?.values.email).toBe("ana@");
    const notAForm = await callAction<Reply>(
      loginRoute,
      new Request(`${TEST_ORIGIN}/registro`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"email":"a@b.c"}',
      }),
      { db: t.db },
    );
    expect(notAForm.status).toBe(400);
    expect(notAForm.data).toMatchObject({ formError: "Error al procesar la solicitud. Verifica tus datos.", fieldErrors: {} });
    expect(await userCount()).toBe(before);
  });

  it("a duplicate e-mail is told; wrong password and unknown e-mail get one message; a filled honeypot is refused", async () => {
    const mail = email();
    await registerUser(t.db, { name: "Olga", email: mail, phone: "", password: "secreto1" });
    const dup = await post("/registro", { name: "Otra", email: mail.toUpperCase(), password: "secreto1" });
    expect(dup).toMatchObject({ status: 409, data: { formError: "Ya existe una cuenta con este correo electrónico" } });
    const wrong = await post("/login", { email: mail, password: "incorrecta" });
    const unknown = await post("/login", { email: email(), password: "incorrecta" });
    expect(wrong).toMatchObject({ status: 401, data: { formError: "Correo electrónico o contraseña incorrectos", fieldErrors: {} } });
    expect(unknown.data?.formError).toBe(wrong.data?.formError);
    const bot = await post("/login", { email: mail, password: "secreto1", sitio_web: "http://spam.example" });
    expect(bot).toMatchObject({ status: 400, data: { formError: "Error al procesar la solicitud. Verifica tus datos." } });
    const [user] = await t.db.select().from(users).where(eq(users.email, mail));
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toEqual([]);
  });

  it("an account whose stored hash bcrypt cannot take in time (cost 31, 99, malformed) gets the usual refusal at once, never a 500", async () => {
    const mail = email();
    const user = await registerUser(t.db, { name: "Vieja", email: mail, phone: "", password: "secreto1" });
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    // As an older import could have written them: a real hash with its cost changed, and one cut short.
    for (const stored of [
      row!.hash.replace(/^\$2b\$\d\d\$/, "$2b$31$"),
      row!.hash.replace(/^\$2b\$\d\d\$/, "$2b$99$"),
      row!.hash.slice(0, 40),
    ]) {
      await t.db.update(users).set({ passwordHash: stored }).where(eq(users.id, user.id));
      for (const password of ["secreto1", "incorrecta"]) {
        const started = performance.now();
        const answer = await post("/login", { email: mail, password });
        // The refusal costs one comparison with the shop's own dummy hash (cost 10 in a shop, about 0.1 s);
        // cost 31 would take hours. The bound leaves room for a loaded test machine.
        expect(performance.now() - started, stored).toBeLessThan(5000);
        expect(answer, stored).toMatchObject({
          status: 401,
          data: { formError: "Correo electrónico o contraseña incorrectos", fieldErrors: {} },
        });
      }
    }
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("login is limited per IP (20) and per e-mail (8) in 15 minutes, with HTTP 429 in Spanish", async () => {
    const ip = `198.51.100.${n % 250}`;
    const perIp = [];
    for (let i = 0; i < 21; i++) perIp.push((await post("/login", { email: email(), password: "incorrecta" }, ip, 1)).status);
    expect(perIp.filter((s) => s === 401)).toHaveLength(20);
    expect(perIp[20]).toBe(429);

    const mail = email();
    const perEmail = [];
    for (let i = 0; i < 9; i++) perEmail.push(await post("/login", { email: mail, password: "incorrecta" }, `203.0.113.${i + 1}`, 1));
    expect(perEmail.slice(0, 8).every((r) => r.status === 401)).toBe(true);
    expect(perEmail[8]).toMatchObject({
      status: 429,
      data: { formError: "Demasiados intentos. Espera unos minutos e inténtalo de nuevo." },
    });
  });

  it("registration is limited per IP (10) and per e-mail (5) in an hour", async () => {
    const ip = `192.0.2.${200 + (n % 50)}`;
    const perIp = [];
    for (let i = 0; i < 11; i++) perIp.push((await post("/registro", { name: "R", email: email(), password: "secreto1" }, ip, 1)).status);
    expect(perIp.filter((s) => s === 303)).toHaveLength(10);
    expect(perIp[10]).toBe(429);

    const mail = email();
    const perEmail = [];
    for (let i = 0; i < 6; i++)
      perEmail.push((await post("/registro", { name: "R", email: mail, password: "secreto1" }, `100.64.0.${i + 1}`, 1)).status);
    expect(perEmail).toEqual([303, 409, 409, 409, 409, 429]);
  });

  it("refused input is not counted: it is checked before any rate-limit counter is written", async () => {
    const ip = `192.0.2.${100 + (n % 50)}`;
    const mail = email();
    for (let i = 0; i < 12; i++) expect((await post("/registro", { name: "R", email: mail, password: "12345" }, ip, 1)).status).toBe(400);
    expect((await post("/registro", { name: "R", email: mail, password: "secreto1" }, ip, 1)).status).toBe(303);
  });
});
