/**
 * The loyalty admin on a real database (docs/requirements.md#admin-area,
 * docs/requirements.md#loyalty-points): the adjustment in the ledger (balance and total earned move
 * together, a deduction beyond the balance is refused with nothing written, concurrent deductions
 * never take the balance below 0), the list (customers only, search by name or e-mail ignoring case
 * and accents, 20 a page, the page clamped), one customer's history, and the /admin/loyalty loader
 * and action with missing, malformed, oversized and hostile input.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as loyaltyRoute from "#app/routes/admin/loyalty.tsx";
import { LOYALTY_ADMIN_HISTORY_LIMIT, LOYALTY_ADMIN_MESSAGES, LOYALTY_ADMIN_PAGE_SIZE } from "#domain/loyalty.ts";
import { newId } from "#server/db/ids.ts";
import { loyaltyAccounts, loyaltyTransactions } from "#server/db/schema.ts";
import { adjustPoints } from "#server/loyalty/ledger.server.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import { adjustCustomerPoints, listLoyaltyCustomers, loyaltyHistory } from "#server/loyalty/admin.server.ts";
import { insertCustomer } from "#tests/fixtures/orders.ts";
import { adminSession, insertAdmin } from "#tests/fixtures/admin.ts";
import { callAction, callLoader, formPost, get } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import { ShopError } from "#server/errors.ts";

describeEachDatabase("loyalty admin", (t) => {
  /** An admin, named so that the customer search can be shown to leave admins out. */
  const newAdmin = () => insertAdmin(t.db, { name: "Admin de lealtad" });
  async function account(userId: string) {
    const [row] = await t.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId));
    return row ?? null;
  }
  async function movements(userId: string) {
    return t.db.select().from(loyaltyTransactions).where(eq(loyaltyTransactions.userId, userId));
  }
  /** A unique word, so each test's customers can be searched apart from the others'. */
  const tag = () => `t${newId().slice(-10)}`;

  // ── The ledger's adjustPoints ──────────────────────────────────────────────

  it("a positive adjustment opens the account if needed and raises balance and total earned, by the admin", async () => {
    const adminId = await newAdmin();
    const userId = await insertCustomer(t.db);
    const balance = await t.db.transaction((tx) => adjustPoints(tx, { userId, amount: 25, description: "Bienvenida", adminId }));
    expect(balance).toBe(25);
    expect(await account(userId)).toMatchObject({ balance: 25, totalEarned: 25, totalSpent: 0 });
    expect(await movements(userId)).toEqual([
      expect.objectContaining({ type: "adjustment", amount: 25, description: "Bienvenida", createdBy: adminId, orderId: null }),
    ]);
  });

  it("a negative adjustment takes points off balance and total earned, so balance = earned − spent still holds", async () => {
    const adminId = await newAdmin();
    const userId = await insertCustomer(t.db, { points: 80 });
    await t.db.update(loyaltyAccounts).set({ totalEarned: 100, totalSpent: 20 }).where(eq(loyaltyAccounts.userId, userId));
    await t.db.transaction((tx) => adjustPoints(tx, { userId, amount: -30, description: "Corrección", adminId }));
    const after = await account(userId);
    expect(after).toMatchObject({ balance: 50, totalEarned: 70, totalSpent: 20 });
    expect(after!.balance).toBe(after!.totalEarned - after!.totalSpent);
  });

  it("a deduction larger than the balance is refused with the balance in Spanish, and nothing is written", async () => {
    const adminId = await newAdmin();
    const withPoints = await insertCustomer(t.db, { points: 40 });
    const without = await insertCustomer(t.db);
    await expect(
      t.db.transaction((tx) => adjustPoints(tx, { userId: withPoints, amount: -41, description: "Demasiado", adminId })),
    ).rejects.toMatchObject({
      code: "conflict",
      status: 409,
      message: LOYALTY_ADMIN_MESSAGES.insufficient(40),
    });
    await expect(
      t.db.transaction((tx) => adjustPoints(tx, { userId: without, amount: -1, description: "Sin cuenta", adminId })),
    ).rejects.toBeInstanceOf(ShopError);
    expect(await account(withPoints)).toMatchObject({ balance: 40, totalEarned: 40 });
    expect(await account(without)).toBeNull();
    expect(await movements(withPoints)).toEqual([]);
    expect(await movements(without)).toEqual([]);
  });

  it("taking the exact balance leaves 0", async () => {
    const adminId = await newAdmin();
    const userId = await insertCustomer(t.db, { points: 15 });
    expect(await t.db.transaction((tx) => adjustPoints(tx, { userId, amount: -15, description: "Todo", adminId }))).toBe(0);
  });

  it("10 deductions of 10 at once on a balance of 50: exactly 5 succeed, balance 0, 5 movements", async () => {
    const adminId = await newAdmin();
    const userId = await insertCustomer(t.db, { points: 50 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => adjustCustomerPoints(t.db, { userId, amount: -10, description: `Resta ${i}`, adminId })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 409, message: LOYALTY_ADMIN_MESSAGES.insufficient(0) });
    expect(await account(userId)).toMatchObject({ balance: 0, totalEarned: 0 });
    expect(await movements(userId)).toHaveLength(5);
  });

  it("adjusting an unknown, malformed or admin id answers 404 and writes nothing", async () => {
    const adminId = await newAdmin();
    for (const userId of [newId(), "no-es-un-id", adminId]) {
      await expect(adjustCustomerPoints(t.db, { userId, amount: 5, description: "x", adminId })).rejects.toMatchObject({
        status: 404,
        message: LOYALTY_ADMIN_MESSAGES.customerNotFound,
      });
    }
    expect(await account(adminId)).toBeNull();
  });

  // ── The list and the history ───────────────────────────────────────────────

  it("searches customers by name or e-mail, case and accents ignored; admins are not listed; no account shows 0", async () => {
    const word = tag();
    const maria = await insertCustomer(t.db, { name: `María José Núñez ${word}`, points: 30 });
    const pablo = await insertCustomer(t.db, { name: `Pablo ${word}`, email: `PABLO.${word}@Correo.mx` });
    await newAdmin();

    const byName = await listLoyaltyCustomers(t.db, { q: `maria NUNEZ ${word}` });
    expect(byName.rows.map((r) => r.user._id)).toEqual([maria]);
    expect(byName.rows[0]).toMatchObject({ balance: 30, totalEarned: 30, totalSpent: 0 });

    const byEmail = await listLoyaltyCustomers(t.db, { q: `pablo.${word}@correo` });
    expect(byEmail.rows).toEqual([
      { user: { _id: pablo, name: `Pablo ${word}`, email: `PABLO.${word}@Correo.mx` }, balance: 0, owed: 0, totalEarned: 0, totalSpent: 0 },
    ]);

    const both = await listLoyaltyCustomers(t.db, { q: word });
    expect(both.rows.map((r) => r.user._id)).toEqual([maria, pablo]); // most points first
    expect((await listLoyaltyCustomers(t.db, { q: "Admin de lealtad" })).total).toBe(0);
    // Characters that mean something to LIKE or a regex are plain text here.
    expect((await listLoyaltyCustomers(t.db, { q: "%_\\.*" })).total).toBe(0);
  });

  it("pages by 20 and clamps an out-of-range page to the last one", async () => {
    const word = tag();
    for (let i = 0; i < LOYALTY_ADMIN_PAGE_SIZE + 3; i++)
      await insertCustomer(t.db, { name: `Paginado ${word} ${String(i).padStart(2, "0")}` });
    const first = await listLoyaltyCustomers(t.db, { q: word, page: 1 });
    expect(first).toMatchObject({ total: 23, pages: 2, page: 1 });
    expect(first.rows).toHaveLength(LOYALTY_ADMIN_PAGE_SIZE);
    const beyond = await listLoyaltyCustomers(t.db, { q: word, page: 99 });
    expect(beyond).toMatchObject({ page: 2, pages: 2 });
    expect(beyond.rows.map((r) => r.user.name)).toEqual([`Paginado ${word} 20`, `Paginado ${word} 21`, `Paginado ${word} 22`]);
  });

  it("the history: the customer, the tiles and the latest movements newest first, capped", async () => {
    const adminId = await newAdmin();
    const userId = await insertCustomer(t.db, { name: "Cliente con historial", points: 10 });
    const base = Date.parse("2026-01-01T12:00:00Z");
    await t.db.insert(loyaltyTransactions).values(
      Array.from({ length: LOYALTY_ADMIN_HISTORY_LIMIT + 5 }, (_, i) => ({
        id: newId(),
        userId,
        type: "earned",
        amount: 1,
        description: `Movimiento ${i}`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    await t.db.transaction((tx) => adjustPoints(tx, { userId, amount: 5, description: "Último", adminId }));
    const history = await loyaltyHistory(t.db, userId);
    expect(history).toMatchObject({ user: { _id: userId, name: "Cliente con historial" }, balance: 15, totalEarned: 15, totalSpent: 0 });
    expect(history!.transactionCount).toBe(LOYALTY_ADMIN_HISTORY_LIMIT + 6);
    expect(history!.transactions).toHaveLength(LOYALTY_ADMIN_HISTORY_LIMIT);
    expect(history!.transactions[0]).toMatchObject({ type: "adjustment", amount: 5, description: "Último" });
    expect(history!.transactions[1]).toMatchObject({ description: `Movimiento ${LOYALTY_ADMIN_HISTORY_LIMIT + 4}` });

    expect(await loyaltyHistory(t.db, newId())).toBeNull();
    expect(await loyaltyHistory(t.db, "x'; drop table users; --")).toBeNull();
    expect(await loyaltyHistory(t.db, adminId)).toBeNull();
  });

  // ── The route: /admin/loyalty ──────────────────────────────────────────────

  type LoaderData = Awaited<ReturnType<typeof loyaltyRoute.loader>>;

  async function load(url: string, cookie: string) {
    return callLoader<LoaderData>(loyaltyRoute, get(url, { cookie }), { db: t.db });
  }

  it("the loader answers any query string without a 500: malformed pages clamp, a bad id shows the history error and the list", async () => {
    const { cookie } = await adminSession(t.db);
    const word = tag();
    const userId = await insertCustomer(t.db, { name: `Consulta ${word}`, points: 7 });
    for (const query of [
      "pagina=abc",
      "pagina=-3",
      "pagina=1e9",
      "pagina=999999999999",
      "pagina=2.5",
      "q=%00%27%22<script>",
      `q=${"x".repeat(5000)}`,
    ]) {
      const result = await load(`/admin/loyalty?${query}`, cookie);
      expect({ query, status: result.status }).toEqual({ query, status: 200 });
      expect(result.data!.view).toBe("list");
      // A search is never a database error (a NUL byte is refused by PostgreSQL's text).
      expect({ query, loadError: result.data!.loadError }).toEqual({ query, loadError: null });
    }
    for (const query of ["usuario=nope", `usuario=${newId()}`, "ajustar=%27%20or%201=1", `ajustar=${newId()}`]) {
      const result = await load(`/admin/loyalty?${query}&q=${word}`, cookie);
      expect({ query, status: result.status, view: result.data!.view }).toEqual({ query, status: 200, view: "list" });
      expect(result.data!.loadError).toBe(LOYALTY_ADMIN_MESSAGES.historyFailed);
      expect(result.data!.list!.rows.map((r) => r.user._id)).toEqual([userId]);
    }
    const history = await load(`/admin/loyalty?usuario=${userId}`, cookie);
    expect(history.data).toMatchObject({ view: "history", history: { balance: 7 }, loadError: null });
    const adjust = await load(`/admin/loyalty?ajustar=${userId}`, cookie);
    expect(adjust.data).toMatchObject({ view: "adjust", customer: { user: { _id: userId }, balance: 7 } });
  });

  async function post(fields: Record<string, string> | string, cookie: string, url = "/admin/loyalty") {
    return callAction<FormFailure>(loyaltyRoute, formPost(url, fields, { cookie }), { db: t.db });
  }

  it("a valid adjustment redirects (303) to the customer's history with the success notice", async () => {
    const { userId: adminId, cookie } = await adminSession(t.db);
    const userId = await insertCustomer(t.db, { points: 10 });
    const result = await post({ intent: "adjust", userId, amount: "+25", description: "  Regalo de cumpleaños  " }, cookie);
    expect(result.status).toBe(303);
    expect(result.headers.get("location")).toBe(`/admin/loyalty?usuario=${userId}&aviso=ajustado`);
    expect(await account(userId)).toMatchObject({ balance: 35 });
    expect(await movements(userId)).toEqual([
      expect.objectContaining({ amount: 25, description: "Regalo de cumpleaños", createdBy: adminId }),
    ]);
  });

  it("missing, malformed, oversized and hostile input: a Spanish message, 4xx, the values kept, nothing written", async () => {
    const { cookie } = await adminSession(t.db);
    const userId = await insertCustomer(t.db, { points: 10 });
    const cases: { fields: Record<string, string>; status: number; error: string; field?: string }[] = [
      {
        fields: { intent: "adjust", userId, amount: "", description: "Algo" },
        status: 400,
        error: LOYALTY_ADMIN_MESSAGES.required,
        field: "amount",
      },
      {
        fields: { intent: "adjust", userId, amount: "5", description: "   \n " },
        status: 400,
        error: LOYALTY_ADMIN_MESSAGES.required,
        field: "description",
      },
      { fields: { intent: "adjust", userId, amount: "5" }, status: 400, error: LOYALTY_ADMIN_MESSAGES.required, field: "description" },
      {
        fields: { intent: "adjust", userId, amount: "2.5", description: "Algo" },
        status: 400,
        error: LOYALTY_ADMIN_MESSAGES.amountNotWhole,
        field: "amount",
      },
      {
        fields: { intent: "adjust", userId, amount: "1e3", description: "Algo" },
        status: 400,
        error: LOYALTY_ADMIN_MESSAGES.amountNotWhole,
        field: "amount",
      },
      {
        fields: { intent: "adjust", userId, amount: "0", description: "Algo" },
        status: 400,
        error: LOYALTY_ADMIN_MESSAGES.amountZero,
        field: "amount",
      },
      {
        fields: { intent: "adjust", userId, amount: "100001", description: "Algo" },
        status: 400,
        error: LOYALTY_ADMIN_MESSAGES.amountTooLarge,
        field: "amount",
      },
      {
        fields: { intent: "adjust", userId, amount: "9".repeat(400), description: "Algo" },
        status: 400,
        error: LOYALTY_ADMIN_MESSAGES.amountTooLarge,
        field: "amount",
      },
      {
        fields: { intent: "adjust", userId, amount: "5", description: "x".repeat(201) },
        status: 400,
        error: LOYALTY_ADMIN_MESSAGES.descriptionTooLong,
        field: "description",
      },
      {
        fields: { intent: "adjust", userId, amount: "5", description: "nul\u0000byte" },
        status: 400,
        error: LOYALTY_ADMIN_MESSAGES.descriptionInvalid,
        field: "description",
      },
      {
        fields: { intent: "adjust", userId, amount: "-11", description: "Demasiado" },
        status: 409,
        error: LOYALTY_ADMIN_MESSAGES.insufficient(10),
      },
      {
        fields: { intent: "adjust", userId: newId(), amount: "5", description: "Nadie" },
        status: 404,
        error: LOYALTY_ADMIN_MESSAGES.customerNotFound,
      },
      {
        fields: { intent: "adjust", userId: "../../etc", amount: "5", description: "Nadie" },
        status: 404,
        error: LOYALTY_ADMIN_MESSAGES.customerNotFound,
      },
      {
        fields: { intent: "borrar", userId, amount: "5", description: "Otra cosa" },
        status: 400,
        error: LOYALTY_ADMIN_MESSAGES.adjustFailed,
      },
      { fields: {}, status: 400, error: LOYALTY_ADMIN_MESSAGES.adjustFailed },
    ];
    for (const c of cases) {
      const result = await post(c.fields, cookie);
      // A field's message is on that field; the service's (no customer, not enough points) the form's.
      const expected = c.field ? { fieldErrors: { [c.field]: [c.error] } } : { formError: c.error, fieldErrors: {} };
      expect({ fields: c.fields, status: result.status, ...result.data, values: undefined, intent: undefined }).toEqual({
        fields: c.fields,
        status: c.status,
        ...expected,
        values: undefined,
        intent: undefined,
      });
      if (c.fields.intent === "adjust") expect(result.data?.intent).toBe("adjust");
      if (c.fields.amount !== undefined && c.fields.intent === "adjust")
        expect(result.data?.values?.amount).toBe(c.fields.amount.slice(0, 300));
    }
    // A body that is not a form at all.
    const notAForm = await callAction(
      loyaltyRoute,
      new Request("http://tienda.test/admin/loyalty", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x", origin: "http://tienda.test", cookie },
        body: "garbage",
      }),
      { db: t.db },
    );
    expect(notAForm.status).toBe(400);
    expect(await account(userId)).toMatchObject({ balance: 10, totalEarned: 10 });
    expect(await movements(userId)).toEqual([]);
  });
});
