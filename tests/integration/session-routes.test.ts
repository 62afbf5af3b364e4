/**
 * Sessions through the routes: a cookie whose session is gone is cleared and
 * reads as logged out; pages that need a user send visitors to /login with a
 * way back; 'Cerrar Sesión' deletes the session; a customer sees only their orders.
 */
import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createSession, deleteSession, readSessionId } from "#server/accounts/sessions.server.ts";
import { registerUser } from "#server/accounts/users.server.ts";
import { newId } from "#server/db/ids.ts";
import { orderItems, orders, sessions } from "#server/db/schema.ts";
import * as rootRoute from "#app/root.tsx";
import * as loginRoute from "#app/routes/login.tsx";
import * as logoutRoute from "#app/routes/logout.ts";
import * as ordersRoute from "#app/routes/mis-pedidos.tsx";
import { callAction, callLoader, formPost, get, routeContext, sessionCookieHeader } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

let n = 0;
const email = () => `sesion${++n}-${Date.now()}@example.com`;

describeEachDatabase("sessions through the routes", (t) => {
  it("a valid session names the user in the header data; a deleted one is cleared and reads as logged out", async () => {
    const user = await registerUser(t.db, { name: "Iris", email: email(), phone: "", password: "secreto1" });
    const sessionId = await createSession(t.db, user.id);
    const cookie = await sessionCookieHeader(sessionId);
    const ok = await callLoader<{ user: { name: string } | null }>(rootRoute, get("/", { cookie }), { db: t.db });
    expect(ok.data?.user?.name).toBe("Iris");
    expect(ok.headers.get("set-cookie")).toBeNull();

    await deleteSession(t.db, sessionId);
    const gone = await callLoader<{ user: unknown }>(rootRoute, get("/", { cookie }), { db: t.db });
    expect(gone.data?.user).toBeNull();
    expect(gone.headers.get("set-cookie")).toMatch(/^sesion=; Max-Age=0;.*HttpOnly; SameSite=Lax/);
  });

  it("the table keeps no usable session id: the cookie signs in, a stored value used as a cookie does not", async () => {
    const mail = email();
    const user = await registerUser(t.db, { name: "Olga", email: mail, phone: "", password: "secreto1" });
    const login = await callAction(loginRoute, formPost("/login", { email: mail, password: "secreto1" }), { db: t.db });
    expect(login.status).toBe(303);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("sesion="))!
      .split(";")[0]!;
    const sessionId = await readSessionId(get("/", { cookie }), routeContext(t.db).config);
    expect(sessionId).toBeTruthy();

    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(Object.values(rows[0]!)).not.toContain(sessionId);
    const signedIn = await callLoader<{ user: { name: string } | null }>(rootRoute, get("/", { cookie }), { db: t.db });
    expect(signedIn.data?.user?.name).toBe("Olga");

    for (const stored of Object.values(rows[0]!).filter((v): v is string => typeof v === "string")) {
      const forged = await sessionCookieHeader(stored);
      const copied = await callLoader<{ user: unknown }>(rootRoute, get("/", { cookie: forged }), { db: t.db });
      expect(copied.data?.user).toBeNull();
    }
  });

  it("a tampered cookie reads as logged out", async () => {
    const user = await registerUser(t.db, { name: "Juan", email: email(), phone: "", password: "secreto1" });
    const sessionId = await createSession(t.db, user.id);
    const forged = `sesion=${encodeURIComponent(Buffer.from(JSON.stringify(sessionId)).toString("base64"))}.firmafalsa`;
    const reply = await callLoader<{ user: unknown }>(rootRoute, get("/", { cookie: forged }), { db: t.db });
    expect(reply.data?.user).toBeNull();
  });

  it("'Mis Pedidos' sends a visitor to /login with the way back, and shows a customer only their own orders", async () => {
    const visitor = await callLoader(ordersRoute, get("/mis-pedidos"), { db: t.db });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/login?redirectTo=%2Fmis-pedidos");

    const mine = await registerUser(t.db, { name: "Kari", email: email(), phone: "", password: "secreto1" });
    const other = await registerUser(t.db, { name: "Leo", email: email(), phone: "", password: "secreto1" });
    for (const [userId, number] of [
      [mine.id, `CV-${Date.now()}-A`],
      [other.id, `CV-${Date.now()}-B`],
    ] as const) {
      const id = newId();
      await t.db.insert(orders).values({
        id,
        orderNumber: number,
        userId,
        contactName: "X",
        contactPhone: "5512345678",
        shippingAddress: {},
        shippingMethod: "estafeta",
        shippingCostCents: 15_000,
        subtotalCents: 100_000,
        totalCents: 115_000,
        finalTotalCents: 115_000,
      });
      await t.db.insert(orderItems).values({ id: newId(), orderId: id, name: "Carta", unitPriceCents: 50_000, quantity: 2 });
    }
    const cookie = await sessionCookieHeader(await createSession(t.db, mine.id));
    const reply = await callLoader<{ orders: Array<{ orderNumber: string; itemCount: number; finalTotal: number }> }>(
      ordersRoute,
      get("/mis-pedidos", { cookie }),
      { db: t.db },
    );
    expect(reply.data?.orders).toEqual([
      expect.objectContaining({ orderNumber: expect.stringMatching(/-A$/), itemCount: 2, finalTotal: 1150 }),
    ]);
  });

  it("'Cerrar Sesión' deletes the session and clears the cookies", async () => {
    const user = await registerUser(t.db, { name: "Mia", email: email(), phone: "", password: "secreto1" });
    const sessionId = await createSession(t.db, user.id);
    const cookie = await sessionCookieHeader(sessionId);
    const reply = await callAction(logoutRoute, formPost("/logout", {}, { cookie }), { db: t.db });
    expect(reply.status).toBe(303);
    expect(reply.headers.get("location")).toBe("/");
    expect(reply.headers.getSetCookie().some((c) => c.startsWith("sesion=; Max-Age=0"))).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });
});
