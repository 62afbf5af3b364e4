/**
 * Every byte a scanner can send (no query string, path or form value produces a
 * 500: docs/architecture.md#security). Each value 0x00–0xFF, percent-encoded, goes through
 * `redirectTo` (login and registration, GET and POST; the cart and the loyalty
 * banner, POST) and through the login and registration fields; hostile values
 * go through the other pages' paths, queries and cookies and the profile's
 * fields. No answer is a 5xx; every Location stays on the shop's origin with no
 * control character; a refused form (400) writes nothing, not even a rate-limit
 * counter.
 *
 * Passwords are hashed with real bcrypt at cost 4 here (the shop uses 10), so the
 * sweep's hundreds of sign-ins take seconds.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "#server/accounts/users.server.ts";
import { addresses, rateLimits, sessions, users } from "#server/db/schema.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import * as bannerRoute from "#app/routes/preferencias.aviso-puntos.ts";
import * as cartRoute from "#app/routes/carrito.tsx";
import * as loginRoute from "#app/routes/login.tsx";
import * as mediaRoute from "#app/routes/media.demo.$file.ts";
import * as profileRoute from "#app/routes/perfil.tsx";
import * as productRoute from "#app/routes/producto.tsx";
import * as listRoute from "#app/routes/productos.tsx";
import * as resetRoute from "#app/routes/reset-password.tsx";
import * as rootRoute from "#app/root.tsx";
import {
  TEST_ORIGIN,
  callAction,
  formPost,
  get,
  routeContext,
  runAction,
  runLoader,
  settle,
  signIn,
  type RouteResult,
} from "#tests/fixtures/route-context.ts";
import {
  describeEachDatabase,
  openTestDatabase,
  testDatabaseKinds,
  type SuiteDatabase,
  type TestDatabase,
} from "#tests/fixtures/test-db.ts";

/** Every byte, percent-encoded, and the multi-byte sequences scanners like. */
const ENCODED = [
  ...Array.from({ length: 256 }, (_, b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`),
  "%E2%80%A8",
  "%0D%0A",
  "%C2%85",
  "%EF%BF%BD",
];
/** Each byte in a path that would name another host if a browser dropped it, and inside a query. */
const REDIRECTS = ENCODED.flatMap((e) => [`/${e}/evil.example`, `/productos?q=a${e}b`]);
/** The sign-ins (a password hash and a session each) take the first form only. */
const SIGN_IN_REDIRECTS = ENCODED.map((e) => `/${e}/evil.example`);

/** A Location a browser follows to the shop itself: a path, printable ASCII, no backslash. */
function unsafeLocation(location: string | null | undefined): string | null {
  if (location == null) return "no Location";
  if (!/^\/(?!\/)[\x21-\x5b\x5d-\x7e]*$/.test(location)) return `not a plain path: ${JSON.stringify(location)}`;
  if (new URL(location, TEST_ORIGIN).origin !== TEST_ORIGIN) return `another origin: ${location}`;
  return null;
}

/** Runs `run` for every item, `width` at a time (the sweeps are thousands of independent requests). */
async function sweep<T>(items: readonly T[], run: (item: T) => Promise<void>, width = 16) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(run));
}

let n = 0;
const uniqueIp = () => `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const password = "secreto1";

/** A urlencoded body whose values are already percent-encoded. */
const encodedBody = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k}=${v}`)
    .join("&");

/** Values scanners try in ids, query strings and form fields (decoded; URLSearchParams encodes them). */
const HOSTILE = [
  "\u0000",
  "a\u0000b",
  "\r\nSet-Cookie: x=1",
  "\t",
  "\u007f",
  "\u0085",
  "\ufffd",
  "\u2028",
  "\ud800",
  "%",
  "%zz",
  "../../etc/passwd",
  "..\\..\\windows",
  "__proto__",
  "constructor",
  "-1",
  "1e309",
  "NaN",
  "99999999999999999999",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "x".repeat(3000),
];
const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Calls routes on `t`'s database and collects every problem instead of stopping at the first. */
function probe(t: SuiteDatabase) {
  const problems: string[] = [];
  return {
    problems,
    context: (clientIp = uniqueIp()) => routeContext(t.db, { clientIp }),
    /** A 5xx is a problem, and so is (when the answer redirects) a Location that could leave the shop. */
    check(what: string, reply: RouteResult<unknown>, redirected = true) {
      if (reply.status >= 500) problems.push(`${what}: ${reply.status}`);
      if (!redirected) return;
      const problem = unsafeLocation(reply.headers.get("location"));
      if (problem) problems.push(`${what}: ${reply.status} ${problem}`);
    },
    /** The route's answer; a throw (a 500 over HTTP) is a problem. */
    async call<T>(what: string, run: () => Promise<unknown>): Promise<RouteResult<T> | null> {
      try {
        return await settle<T>(run);
      } catch (error) {
        problems.push(`${what}: threw ${String(error).slice(0, 120)}`);
        return null;
      }
    },
  };
}

describeEachDatabase("hostile bytes", (t) => {
  it("redirectTo on GET /login, signed out (the form's target) and signed in (the redirect): always a same-origin path", async () => {
    const { problems, context, check, call } = probe(t);
    const user = await registerUser(t.db, { name: "Rita", email: `redir-get-${Date.now()}@example.com`, phone: "", password });
    const { cookie } = await signIn(t.db, user.id);
    await sweep(REDIRECTS, async (target) => {
      const q = `redirectTo=${target}`;
      const anonymous = await call<{ redirectTo: string }>(`GET /login?${q}`, () =>
        runLoader(loginRoute, get(`/login?${q}`), { context: context() }),
      );
      const problem = anonymous && unsafeLocation(anonymous.data?.redirectTo);
      if (problem) problems.push(`GET /login?${q} (form target): ${problem}`);
      const signedIn = await call(`GET /login?${q} signed in`, () =>
        runLoader(loginRoute, get(`/login?${q}`, { cookie }), { context: context() }),
      );
      if (signedIn) check(`GET /login?${q} signed in`, signedIn);
    });
    expect(problems).toEqual([]);
  });

  it("redirectTo posted to /carrito and /preferencias/aviso-puntos: never a 5xx, always a same-origin path", async () => {
    const { problems, context, check, call } = probe(t);
    await sweep(REDIRECTS, async (target) => {
      const cart = await call(`POST /carrito redirectTo=${target}`, () =>
        runAction(cartRoute, formPost("/carrito", encodedBody({ intent: "clear", redirectTo: target })), { context: context() }),
      );
      if (cart) check(`POST /carrito redirectTo=${target}`, cart);
      const banner = await call(`POST /preferencias/aviso-puntos redirectTo=${target}`, () =>
        runAction(bannerRoute, formPost("/preferencias/aviso-puntos", encodedBody({ redirectTo: target })), { context: context() }),
      );
      if (banner) check(`POST /preferencias/aviso-puntos redirectTo=${target}`, banner);
    });
    expect(problems).toEqual([]);
  });

  it("a NUL byte in the e-mail or the name is refused with the Spanish message, before anything is written", async () => {
    const { context } = probe(t);
    const cases: Array<[string, string, Record<string, string[]>]> = [
      ["/login", "email=ana%00@example.com&password=secreto1", { email: ["Ingresa un correo electrónico válido"] }],
      ["/registro", "name=Ana&email=ana%00@example.com&password=secreto1", { email: ["Ingresa un correo electrónico válido"] }],
      ["/registro", "name=Ana%00&email=ana.nul@example.com&password=secreto1", { name: ["El nombre contiene caracteres no válidos"] }],
    ];
    for (const [path, formBody, fieldErrors] of cases) {
      const ip = uniqueIp();
      const reply = await callAction<{ fieldErrors: Record<string, string[]> }>(loginRoute, formPost(path, formBody), {
        context: context(ip),
      });
      expect(reply).toMatchObject({ status: 400, data: { fieldErrors } });
      const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
      expect(keys.filter((k) => k.endsWith(`:${ip}`) || k.includes("ana"))).toEqual([]);
    }
    expect(await t.db.select().from(users).where(eq(users.email, "ana.nul@example.com"))).toEqual([]);
  });

  it("paths and query strings of the other pages: a 4xx or the page's empty state, never a 5xx", async () => {
    const { problems, context, check, call } = probe(t);
    const user = await registerUser(t.db, { name: "Olga", email: `otras-${Date.now()}@example.com`, phone: "", password });
    const { cookie } = await signIn(t.db, user.id);
    const productId = await insertProduct(t.db);
    const listParams = ["search", "page", "sort", "sortBy", "order", "category", "rarity", "type", "expansion", "onSale"];
    await sweep(HOSTILE, async (v) => {
      const label = JSON.stringify(v.slice(0, 20));
      const run = async (what: string, route: () => Promise<unknown>) => {
        const reply = await call(what, route);
        if (reply) check(what, reply, reply.headers.has("location"));
      };
      await run(`/producto/${label}`, () =>
        runLoader(productRoute, get(`/producto/x?${query({ img: v })}`), { context: context(), params: { id: v } }),
      );
      await run(`/producto/{id}?img=${label}`, () =>
        runLoader(productRoute, get(`/producto/${productId}?${query({ img: v })}`), { context: context(), params: { id: productId } }),
      );
      for (const name of listParams) {
        await run(`/productos?${name}=${label}`, () =>
          runLoader(listRoute, get(`/productos?${query({ [name]: v })}`), { context: context() }),
        );
      }
      await run(`/reset-password/${label}`, () =>
        runLoader(resetRoute, get("/reset-password/x"), { context: context(), params: { token: v } }),
      );
      await run(`POST /reset-password/${label}`, () =>
        runAction(resetRoute, formPost("/reset-password/x", { newPassword: "nueva123", confirmPassword: "nueva123" }), {
          context: context(),
          params: { token: v },
        }),
      );
      await run(`/perfil?tab=${label}`, () =>
        runLoader(profileRoute, get(`/perfil?${query({ tab: v, editar: v, eliminar: v, aviso: v })}`, { cookie }), { context: context() }),
      );
      await run(`/media/demo/${label}`, () =>
        runLoader(mediaRoute, get(`/media/demo/x?${query({ w: v })}`), { context: context(), params: { file: v } }),
      );
      await run(`/media/demo/{id}-front.webp?w=${label}`, () =>
        runLoader(mediaRoute, get(`/media/demo/x?${query({ w: v })}`), {
          context: context(),
          params: { file: `${"0".repeat(23)}1-front.webp` },
        }),
      );
      // Cookies are signed: anything else reads as no cookie.
      const cookieValue = query({ v }).slice(2);
      await run(`cookies ${label}`, () =>
        runLoader(rootRoute, get("/", { cookie: `sesion=${cookieValue}; carrito=${cookieValue}; aviso_puntos=${cookieValue}` }), {
          context: context(),
        }),
      );
    });
    expect(problems).toEqual([]);
  });

  it("hostile values in the profile's fields: never a 5xx, and a refused form changes nothing", async () => {
    const { problems, context, check, call } = probe(t);
    const email = `perfil-hostil-${Date.now()}@example.com`;
    const user = await registerUser(t.db, { name: "Pía", email, phone: "", password });
    const { cookie } = await signIn(t.db, user.id);
    const snapshot = async () =>
      JSON.stringify({
        user: await t.db.select({ name: users.name, email: users.email, phone: users.phone }).from(users).where(eq(users.id, user.id)),
        addresses: await t.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, user.id)),
      });
    const profile = { intent: "update-profile", name: "Pía", email, phone: "" };
    const address = {
      intent: "add-address",
      street: "Calle 5",
      colonia: "Centro",
      city: "Puebla",
      state: "Puebla",
      zipCode: "72000",
      references: "Portón verde",
    };
    for (const v of HOSTILE) {
      const posts = [
        ...["name", "phone", "email"].map((field) => ({ field, fields: { ...profile, [field]: `a${v}` } })),
        ...["street", "colonia", "city", "state", "zipCode", "references"].map((field) => ({
          field,
          fields: { ...address, [field]: `a${v}` },
        })),
      ];
      for (const { field, fields } of posts) {
        const what = `/perfil ${fields.intent} ${field}=${JSON.stringify(v.slice(0, 20))}`;
        const before = await snapshot();
        const reply = await call(what, () => runAction(profileRoute, formPost("/perfil", fields, { cookie }), { context: context() }));
        if (!reply) continue;
        check(what, reply, reply.status === 303);
        if (reply.status >= 400 && (await snapshot()) !== before) problems.push(`${what}: ${reply.status}, yet something changed`);
      }
      await t.db.delete(addresses).where(eq(addresses.userId, user.id));
    }
    expect(problems).toEqual([]);
  });
});

/**
 * The byte sweeps that sign in (a password hash, a user and a session per
 * request) run on one database: PostgreSQL when TEST_DATABASE_URL is set, else
 * PGlite. They test how the routes treat each byte; the bytes that would reach
 * the database (NUL) are also tested above, on every database.
 */
const signInKind = testDatabaseKinds().at(-1)!;

describe(`hostile bytes through sign-in and registration [${signInKind}]`, () => {
  let handle: TestDatabase | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase(signInKind);
  });
  afterAll(async () => handle?.destroy());
  const t: SuiteDatabase = {
    kind: signInKind,
    get db() {
      if (!handle) throw new Error("the test database is not open yet");
      return handle.db;
    },
  };

  it("redirectTo on POST /login and /registro: never a 5xx, always a same-origin path, and the session cookie is sent", async () => {
    const { problems, context, check, call } = probe(t);
    const email = `redir-${Date.now()}@example.com`;
    const user = await registerUser(t.db, { name: "Rita", email, phone: "", password });
    await sweep(SIGN_IN_REDIRECTS, async (target) => {
      const q = `redirectTo=${target}`;
      const login = await call(`POST /login?${q}`, () =>
        runAction(loginRoute, formPost(`/login?${q}`, { email, password }), { context: context() }),
      );
      if (login) {
        check(`POST /login?${q}`, login);
        if (!login.headers.getSetCookie().some((c) => c.startsWith("sesion=") && !c.startsWith("sesion=;")))
          problems.push(`POST /login?${q}: no session cookie`);
      }
      const fields = { name: "Reg", email: `reg${++n}-${Date.now()}@example.com`, password };
      const register = await call(`POST /registro?${q}`, () =>
        runAction(loginRoute, formPost(`/registro?${q}`, fields), { context: context() }),
      );
      if (register) check(`POST /registro?${q}`, register);
    });
    expect(problems).toEqual([]);
    // Every sign-in's session was handed to the browser: one row per cookie sent, none orphaned.
    const [row] = await t.db
      .select({ c: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(row!.c).toBe(SIGN_IN_REDIRECTS.length);
  });

  it("every byte in each login and registration field: never a 5xx, and a refused form writes nothing", async () => {
    const { problems, context, check, call } = probe(t);
    const known = `campos-${Date.now()}@example.com`;
    await registerUser(t.db, { name: "Cata", email: known, phone: "", password });
    /** Each refused attempt's e-mail (as the server decodes it) and IP: none may appear in any table afterwards. */
    const refused: Array<{ what: string; email: string; ip: string }> = [];
    const attempt = async (what: string, path: string, fields: Record<string, string>) => {
      const ip = uniqueIp();
      const reply = await call(what, () => runAction(loginRoute, formPost(path, encodedBody(fields)), { context: context(ip) }));
      if (!reply) return;
      check(what, reply, reply.status === 303);
      const email = (new URLSearchParams(encodedBody(fields)).get("email") ?? "").trim().toLowerCase();
      if (reply.status === 400) refused.push({ what, email, ip });
    };
    await sweep(ENCODED, async (e) => {
      const badEmail = `s${++n}-${Date.now()}a${e}b%40example.com`;
      const fresh = () => encodeURIComponent(`f${++n}-${Date.now()}@example.com`);
      await attempt(`login email ${e}`, "/login", { email: badEmail, password });
      await attempt(`login password ${e}`, "/login", { email: encodeURIComponent(known), password: `secreto${e}` });
      await attempt(`registro email ${e}`, "/registro", { name: "Reg", email: badEmail, password });
      await attempt(`registro name ${e}`, "/registro", { name: `Ana${e}Ruiz`, email: fresh(), password });
      await attempt(`registro phone ${e}`, "/registro", { name: "Reg", email: fresh(), phone: `55${e}12345678`, password });
      await attempt(`registro password ${e}`, "/registro", { name: "Reg", email: fresh(), password: `secreto${e}` });
    });
    expect(problems).toEqual([]);
    expect(refused.length).toBeGreaterThan(200);
    const emails = new Set((await t.db.select({ email: users.email }).from(users)).map((r) => r.email));
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    const written = refused.filter(
      (r) => emails.has(r.email) || keys.some((k) => k.endsWith(`:${r.ip}`) || (r.email !== known && k.endsWith(`:${r.email}`))),
    );
    expect(written.map((r) => r.what)).toEqual([]);
  });
});
