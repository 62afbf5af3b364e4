/**
 * Every byte a scanner can send (DESIGN §5: no query string, path or form value
 * produces a 500). Each value 0x00–0xFF, percent-encoded, goes through
 * `redirectTo` (login and registration, GET and POST; the cart and the loyalty
 * banner, POST) and through the login and registration fields. No answer is a
 * 5xx; every Location stays on the shop's origin with no control character; a
 * refused form (400) writes nothing, not even a rate-limit counter.
 *
 * Passwords are hashed with real bcrypt at cost 4 here (the shop uses 10), so the
 * few thousand sign-ins of the sweep take seconds.
 */
import { eq, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { registerUser } from "#server/accounts/users.server.ts";
import { addresses, rateLimits, sessions, users } from "#server/db/schema.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { action as bannerAction } from "#app/routes/preferencias.aviso-puntos.ts";
import { action as cartAction } from "#app/routes/carrito.tsx";
import { action as loginAction, loader as loginLoader } from "#app/routes/login.tsx";
import { loader as mediaLoader } from "#app/routes/media.demo.$file.ts";
import { action as profileAction, loader as profileLoader } from "#app/routes/perfil.tsx";
import { loader as productLoader } from "#app/routes/producto.tsx";
import { loader as listLoader } from "#app/routes/productos.tsx";
import { action as resetAction, loader as resetLoader } from "#app/routes/reset-password.tsx";
import { loader as rootLoader } from "#app/root.tsx";
import { TEST_ORIGIN, formPost, get, routeContext, settle, signIn, type RouteResult } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

vi.mock(import("#server/accounts/password.ts"), async () => {
  const bcrypt = (await import("bcryptjs")).default;
  return {
    hashPassword: (plain: string) => bcrypt.hash(plain, 4),
    verifyPassword: (plain: string, hash: string) => bcrypt.compare(plain, hash),
    DUMMY_HASH: bcrypt.hashSync("no-account-has-this-password", 4),
  };
});

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

describeEachDatabase("hostile bytes", (t) => {
  /** A urlencoded body whose values are already percent-encoded. */
  const body = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
  const context = (clientIp = uniqueIp()) => routeContext(t.db, { clientIp });
  const problems: string[] = [];
  const check = (what: string, reply: RouteResult<unknown>, redirected = true) => {
    if (reply.status >= 500) problems.push(`${what}: ${reply.status}`);
    if (redirected) {
      const problem = unsafeLocation(reply.headers.get("location"));
      if (problem) problems.push(`${what}: ${reply.status} ${problem}`);
    }
  };
  const settleSafely = async <T>(what: string, run: () => Promise<unknown>): Promise<RouteResult<T> | null> => {
    try {
      return await settle<T>(run);
    } catch (error) {
      problems.push(`${what}: threw ${String(error).slice(0, 120)}`);
      return null;
    }
  };

  it("redirectTo on /login and /registro, GET and POST: never a 5xx, always a same-origin path, and the session cookie is sent", async () => {
    problems.length = 0;
    const password = "secreto1";
    const email = `redir-${Date.now()}@example.com`;
    const user = await registerUser(t.db, { name: "Rita", email, phone: "", password });
    const { cookie } = await signIn(t.db, user.id);
    await sweep(REDIRECTS, async (target) => {
      const q = `redirectTo=${target}`;
      const anonymous = await settleSafely<{ redirectTo: string }>(`GET /login?${q}`, () => loginLoader({ request: get(`/login?${q}`), params: {}, context: context() } as never));
      if (anonymous) {
        const problem = unsafeLocation(anonymous.data?.redirectTo);
        if (problem) problems.push(`GET /login?${q} (form target): ${problem}`);
      }
      const signedIn = await settleSafely(`GET /login?${q} signed in`, () =>
        loginLoader({ request: get(`/login?${q}`, { cookie }), params: {}, context: context() } as never),
      );
      if (signedIn) check(`GET /login?${q} signed in`, signedIn);
    });
    await sweep(SIGN_IN_REDIRECTS, async (target) => {
      const q = `redirectTo=${target}`;
      const login = await settleSafely(`POST /login?${q}`, () =>
        loginAction({ request: formPost(`/login?${q}`, { email, password }), params: {}, context: context() } as never),
      );
      if (login) {
        check(`POST /login?${q}`, login);
        if (!login.headers.getSetCookie().some((c) => c.startsWith("sesion=") && !c.startsWith("sesion=;"))) problems.push(`POST /login?${q}: no session cookie`);
      }
      const register = await settleSafely(`POST /registro?${q}`, () =>
        loginAction({
          request: formPost(`/registro?${q}`, { name: "Reg", email: `reg${++n}-${Date.now()}@example.com`, password }),
          params: {},
          context: context(),
        } as never),
      );
      if (register) check(`POST /registro?${q}`, register);
    });
    expect(problems).toEqual([]);
    // Every successful sign-in's session was handed to the browser: one row per cookie sent, none orphaned.
    const sessionRows = (await t.db.select({ c: sql<number>`count(*)::int` }).from(sessions).where(sql`${sessions.userId} = ${user.id}`))[0]!.c;
    expect(sessionRows).toBe(1 + SIGN_IN_REDIRECTS.length);
  });

  it("redirectTo posted to /carrito and /preferencias/aviso-puntos: never a 5xx, always a same-origin path", async () => {
    problems.length = 0;
    await sweep(REDIRECTS, async (target) => {
      const cart = await settleSafely(`POST /carrito redirectTo=${target}`, () =>
        cartAction({ request: formPost("/carrito", body({ intent: "clear", redirectTo: target })), params: {}, context: context() } as never),
      );
      if (cart) check(`POST /carrito redirectTo=${target}`, cart);
      const banner = await settleSafely(`POST /preferencias/aviso-puntos redirectTo=${target}`, () =>
        bannerAction({ request: formPost("/preferencias/aviso-puntos", body({ redirectTo: target })), params: {}, context: context() } as never),
      );
      if (banner) check(`POST /preferencias/aviso-puntos redirectTo=${target}`, banner);
    });
    expect(problems).toEqual([]);
  });

  it("every byte in each login and registration field: never a 5xx, and a refused form writes nothing", async () => {
    problems.length = 0;
    const password = "secreto1";
    const known = `campos-${Date.now()}@example.com`;
    await registerUser(t.db, { name: "Cata", email: known, phone: "", password });
    /** Each refused attempt's e-mail and IP: none may appear in any table afterwards. */
    const refused: Array<{ what: string; email: string; ip: string }> = [];
    const attempt = async (what: string, path: string, fields: Record<string, string>, email: string) => {
      const ip = uniqueIp();
      const reply = await settleSafely(what, () => loginAction({ request: formPost(path, body(fields)), params: {}, context: context(ip) } as never));
      if (!reply) return;
      check(what, reply, reply.status === 303);
      if (reply.status === 400) refused.push({ what, email: (new URLSearchParams(`e=${email}`).get("e") ?? "").trim().toLowerCase(), ip });
    };
    await sweep(ENCODED, async (e) => {
      const id = `${++n}-${Date.now()}`;
      const badEmail = `s${id}a${e}b%40example.com`;
      await attempt(`login email ${e}`, "/login", { email: badEmail, password }, badEmail);
      await attempt(`login password ${e}`, "/login", { email: encodeURIComponent(known), password: `secreto${e}` }, known);
      await attempt(`registro email ${e}`, "/registro", { name: "Reg", email: badEmail, password }, badEmail);
      const fresh = () => encodeURIComponent(`f${++n}-${Date.now()}@example.com`);
      for (const [field, value] of [
        ["name", `Ana${e}Ruiz`],
        ["phone", `55${e}12345678`],
        ["password", `secreto${e}`],
      ] as const) {
        const email = fresh();
        await attempt(`registro ${field} ${e}`, "/registro", { name: "Reg", email, password, [field]: value }, email);
      }
    });
    expect(problems).toEqual([]);
    expect(refused.length).toBeGreaterThan(200);
    const emails = new Set((await t.db.select({ email: users.email }).from(users)).map((r) => r.email));
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    const written = refused.filter((r) => emails.has(r.email) || keys.some((k) => k.endsWith(`:${r.ip}`) || (r.email !== known && k.endsWith(`:${r.email}`))));
    expect(written.map((r) => r.what)).toEqual([]);
  });

  it("a NUL byte in the e-mail is refused with the Spanish message, before anything is written", async () => {
    for (const path of ["/login", "/registro"]) {
      const ip = uniqueIp();
      const reply = await settle<{ error: string }>(() =>
        loginAction({ request: formPost(path, "name=Ana&email=ana%00@example.com&password=secreto1"), params: {}, context: context(ip) } as never),
      );
      expect(reply).toMatchObject({ status: 400, data: { error: "Ingresa un correo electrónico válido" } });
      const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
      expect(keys.filter((k) => k.endsWith(`:${ip}`) || k.includes("ana"))).toEqual([]);
    }
  });

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

  it("paths and query strings of the other pages: a 4xx or the page's empty state, never a 5xx", async () => {
    problems.length = 0;
    const email = `otras-${Date.now()}@example.com`;
    const user = await registerUser(t.db, { name: "Olga", email, phone: "", password: "secreto1" });
    const { cookie } = await signIn(t.db, user.id);
    const productId = await insertProduct(t.db);
    const listParams = ["search", "page", "sort", "sortBy", "order", "category", "rarity", "type", "expansion", "onSale"];
    await sweep(HOSTILE, async (v) => {
      const label = JSON.stringify(v.slice(0, 20));
      const run = async (what: string, call: () => Promise<unknown>) => {
        const reply = await settleSafely(what, call);
        if (reply) check(what, reply, reply.headers.has("location"));
      };
      await run(`/producto/${label}`, () => productLoader({ request: get(`/producto/x?${query({ img: v })}`), params: { id: v }, context: context() } as never));
      await run(`/producto/{id}?img=${label}`, () => productLoader({ request: get(`/producto/${productId}?${query({ img: v })}`), params: { id: productId }, context: context() } as never));
      for (const name of listParams) {
        await run(`/productos?${name}=${label}`, () => listLoader({ request: get(`/productos?${query({ [name]: v })}`), params: {}, context: context() } as never));
      }
      await run(`/reset-password/${label}`, () => resetLoader({ request: get("/reset-password/x"), params: { token: v }, context: context() } as never));
      await run(`POST /reset-password/${label}`, () =>
        resetAction({ request: formPost("/reset-password/x", { newPassword: "nueva123", confirmPassword: "nueva123" }), params: { token: v }, context: context() } as never),
      );
      await run(`/perfil?tab=${label}`, () =>
        profileLoader({ request: get(`/perfil?${query({ tab: v, editar: v, eliminar: v, ok: v })}`, { cookie }), params: {}, context: context() } as never),
      );
      await run(`/media/demo/${label}`, () => mediaLoader({ request: get(`/media/demo/x?${query({ w: v })}`), params: { file: v }, context: context() } as never));
      await run(`/media/demo/{id}-front.webp?w=${label}`, async () => {
        const reply = await mediaLoader({ request: get(`/media/demo/x?${query({ w: v })}`), params: { file: `${"0".repeat(23)}1-front.webp` }, context: context() } as never);
        return reply;
      });
      // Cookies are signed: anything else reads as no cookie.
      await run(`cookies ${label}`, () =>
        rootLoader({ request: get("/", { cookie: `sesion=${query({ v }).slice(2)}; carrito=${query({ v }).slice(2)}; aviso_puntos=${query({ v }).slice(2)}` }), params: {}, context: context() } as never),
      );
    });
    expect(problems).toEqual([]);
  });

  it("hostile values in the profile's fields: never a 5xx, and a refused form changes nothing", async () => {
    problems.length = 0;
    const email = `perfil-hostil-${Date.now()}@example.com`;
    const user = await registerUser(t.db, { name: "Pía", email, phone: "", password: "secreto1" });
    const { cookie } = await signIn(t.db, user.id);
    const snapshot = async () => ({
      user: (await t.db.select({ name: users.name, email: users.email, phone: users.phone }).from(users).where(eq(users.id, user.id)))[0],
      addresses: (await t.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, user.id))).length,
    });
    const address = { intent: "add-address", street: "Calle 5", colonia: "Centro", city: "Puebla", state: "Puebla", zipCode: "72000", references: "Portón verde" };
    for (const v of HOSTILE) {
      const posts: Array<[string, Record<string, string>]> = [
        ...["name", "phone", "email"].map((field): [string, Record<string, string>] => [field, { intent: "update-profile", name: "Pía", email, phone: "", [field]: `a${v}` }]),
        ...["street", "colonia", "city", "state", "zipCode", "references"].map((field): [string, Record<string, string>] => [field, { ...address, [field]: `a${v}` }]),
      ];
      for (const [field, fields] of posts) {
        const what = `/perfil ${fields.intent} ${field}=${JSON.stringify(v.slice(0, 20))}`;
        const before = await snapshot();
        const reply = await settleSafely(what, () => profileAction({ request: formPost("/perfil", fields, { cookie }), params: {}, context: context() } as never));
        if (!reply) continue;
        check(what, reply, reply.status === 303);
        if (reply.status >= 400) {
          const after = await snapshot();
          if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${what}: ${reply.status} but changed ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
        }
      }
      await t.db.delete(addresses).where(eq(addresses.userId, user.id));
    }
    expect(problems).toEqual([]);
  });
});
