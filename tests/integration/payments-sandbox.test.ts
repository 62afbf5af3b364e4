/**
 * The sandbox provider end to end through the routes (route-context): the
 * webhook route (401 unsigned, 200 signed, no origin check), the sandbox page's
 * loader and its js-free form, the payment link, and reconciliation of a
 * payment whose notification never came.
 */
import { SANDBOX_OPENED_PAYABLE_FIELD } from "#domain/payments.ts";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "#domain/payments.ts";
import * as webhook from "#app/routes/api.webhooks.mercadopago.ts";
import * as sandbox from "#app/routes/sandbox.pago.$id.tsx";
import { parseConfig } from "#server/config.ts";
import { orders, payments, sandboxPayments } from "#server/db/schema.ts";
import {
  PaymentLinkError,
  createPaymentLinkForOrder,
  handleWebhook,
  paymentProvider,
  reconcilePendingPayments,
  webhooksIdle,
  type PaymentProvider,
} from "#server/payments/index.ts";
import { signedNotification } from "#server/payments/index.ts";
import { recordSandboxPayment } from "#server/payments/sandbox.server.ts";
import { signNotification } from "#server/payments/signature.ts";
import { storePendingOrder } from "#server/orders/index.ts";
import { insertCustomer, insertOrder, orderRow } from "#tests/fixtures/orders.ts";
import { TEST_ORIGIN, callAction, callLoader, formPost, get, routeContext, settle, signIn } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

describeEachDatabase("sandbox payments through the routes", (t) => {
  const context = () => routeContext(t.db);
  const config = () => context().config;

  it("webhook: an unsigned or badly signed notification gets 401 and writes nothing", async () => {
    const order = await insertOrder(t.db);
    const payment = await recordSandboxPayment(t.db, {
      orderId: order.id,
      orderNumber: order.orderNumber,
      amountCents: 115_000,
      status: "approved",
    });
    const url = `${TEST_ORIGIN}/api/webhooks/mercadopago?data.id=${payment.id}&type=payment`;
    const body = JSON.stringify({ type: "payment", action: "payment.created", data: { id: payment.id } });

    const unsigned = await callAction(
      webhook,
      new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body }),
      { db: t.db },
    );
    const forged = await callAction(
      webhook,
      new Request(url, {
        method: "POST",
        headers: {
          "x-request-id": "r-1",
          "x-signature": signNotification("not-the-secret", { dataId: payment.id, requestId: "r-1", ts: String(Date.now()) }),
        },
        body,
      }),
      { db: t.db },
    );
    await webhooksIdle();

    expect(unsigned.status).toBe(401);
    expect(forged.status).toBe(401);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "pending", orderStatus: "pending" });
  });

  it("webhook: a signed notification from any origin gets 200, and the payment is applied after the answer", async () => {
    const order = await insertOrder(t.db);
    const payment = await recordSandboxPayment(t.db, {
      orderId: order.id,
      orderNumber: order.orderNumber,
      amountCents: 115_000,
      status: "approved",
    });
    const request = signedNotification(config(), TEST_ORIGIN, payment.id);
    request.headers.set("origin", "https://api.mercadopago.com");

    const answer = await callAction(webhook, request, { db: t.db });
    expect(answer.status).toBe(200);
    await webhooksIdle();

    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "approved", orderStatus: "processing", paymentId: payment.id });
  });

  it("webhook: a notification about another topic is acknowledged and ignored; a signature is bound to its request id; GET is 405", async () => {
    const good = signedNotification(config(), TEST_ORIGIN, "999");
    const provider = paymentProvider(config(), t.db);

    const other = new Request(good.url.replace("type=payment", "type=merchant_order"), {
      method: "POST",
      headers: good.headers,
      body: "{}",
    });
    const ignored = await handleWebhook(other, { db: t.db, provider });
    expect(ignored.response.status).toBe(200);
    expect(await ignored.processing).toEqual({ kind: "ignored", topic: "merchant_order" });

    const headers = new Headers(good.headers);
    headers.set("x-request-id", "another-request");
    const moved = await handleWebhook(new Request(good.url, { method: "POST", headers, body: "{}" }), { db: t.db, provider });
    expect(moved.response.status).toBe(401);

    expect((await settle(async () => webhook.loader())).status).toBe(405);
  });

  it("webhook: a signed notification for a payment the provider does not know changes nothing", async () => {
    const answer = await handleWebhook(signedNotification(config(), TEST_ORIGIN, "55555555555"), {
      db: t.db,
      provider: paymentProvider(config(), t.db),
    });
    expect(answer.response.status).toBe(200);
    expect(await answer.processing).toEqual({ kind: "payment-not-found", paymentId: "55555555555" });
  });

  /** The Cookie header of the browser that placed the order (its pending-order cookie). */
  async function buyerOf(order: { id: string; orderNumber: string }): Promise<string> {
    return (await storePendingOrder(config(), { orderNumber: order.orderNumber, id: order.id, total: 1150 })).split(";")[0]!;
  }

  const load = async (id: string, cookie?: string) => {
    const sent = cookie ?? (/^[0-9a-f]{24}$/.test(id) ? await buyerOfId(id) : "");
    const headers: Record<string, string> = sent ? { cookie: sent } : {};
    return callLoader<{ order: unknown }>(sandbox, get(`/sandbox/pago/${id}`, headers), { db: t.db, params: { id } });
  };

  /** The browser that placed the order: its pending-order cookie, and for a customer's order that customer's session. */
  async function buyerOfId(id: string): Promise<string> {
    const [row] = await t.db.select({ orderNumber: orders.orderNumber, userId: orders.userId }).from(orders).where(eq(orders.id, id));
    if (!row) return "";
    const pending = await buyerOf({ id, orderNumber: row.orderNumber });
    return row.userId ? `${pending}; ${(await signIn(t.db, row.userId)).cookie}` : pending;
  }

  it("sandbox page: only the browser that placed the order or its signed-in owner may pay it; never cached", async () => {
    const order = await insertOrder(t.db);
    const other = await insertOrder(t.db);
    expect((await load(order.id, "")).status).toBe(404);
    expect((await load(order.id, await buyerOf(other))).status).toBe(404);
    expect((await load(order.id, await buyerOf(order))).status).toBe(200);
    const otherCookie = await buyerOf(other);
    const stranger = await callAction(sandbox, formPost(`/sandbox/pago/${order.id}`, { decision: "approve" }, { cookie: otherCookie }), {
      db: t.db,
      params: { id: order.id },
    });
    expect(stranger.status).toBe(404);
    expect(await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, order.id))).toEqual([]);
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "pending" });

    const userId = await insertCustomer(t.db);
    const owned = await insertOrder(t.db, { userId });
    expect((await load(owned.id, (await signIn(t.db, userId)).cookie)).status).toBe(200);
    expect((await load(owned.id, (await signIn(t.db, await insertCustomer(t.db))).cookie)).status).toBe(404);
    // A customer's order is theirs alone: a browser that still holds its pending-order cookie (a shared
    // computer after sign-out) may not pay it, signed out or signed in as someone else.
    const ownedCookie = await buyerOf(owned);
    expect((await load(owned.id, ownedCookie)).status).toBe(404);
    expect((await load(owned.id, `${ownedCookie}; ${(await signIn(t.db, await insertCustomer(t.db))).cookie}`)).status).toBe(404);
    expect(new Headers(sandbox.headers({} as never) as HeadersInit).get("Cache-Control")).toContain("no-store");
  });

  it("sandbox page: 404 for a malformed or unknown id; the order's number, amount and buttons when payable", async () => {
    expect((await load("not-an-id")).status).toBe(404);
    expect((await load("0123456789abcdef01234567")).status).toBe(404);
    expect((await load("../../etc")).status).toBe(404);

    const order = await insertOrder(t.db);
    const page = await load(order.id);
    expect(page.status).toBe(200);
    expect(page.data?.order).toEqual({
      orderNumber: order.orderNumber,
      finalTotalCents: 115_000,
      orderStatus: "pending",
      paymentStatus: "pending",
      payable: true,
    });

    const paid = await insertOrder(t.db, { paymentStatus: "approved", orderStatus: "processing" });
    expect((await load(paid.id)).data?.order).toMatchObject({ payable: false });
    const cancelled = await insertOrder(t.db, { orderStatus: "cancelled" });
    expect((await load(cancelled.id)).data?.order).toMatchObject({ payable: false });
  });

  it("sandbox page: the page is not there when the shop uses Mercado Pago", async () => {
    const order = await insertOrder(t.db);
    const mpConfig = parseConfig({ NODE_ENV: "test", PAYMENT_PROVIDER: "mercadopago" });
    const page = await callLoader(sandbox, get(`/sandbox/pago/${order.id}`), {
      db: t.db,
      context: { config: mpConfig },
      params: { id: order.id },
    });
    expect(page.status).toBe(404);
  });

  /** A button of the page; `openedPayable`: posted from a page shown while the order was payable (its hidden field). */
  async function decide(orderId: string, decision: string, openedPayable = false) {
    const cookie = await buyerOfId(orderId);
    const fields: Record<string, string> = openedPayable ? { decision, [SANDBOX_OPENED_PAYABLE_FIELD]: "1" } : { decision };
    return callAction<{ formError?: string }>(sandbox, formPost(`/sandbox/pago/${orderId}`, fields, cookie ? { cookie } : {}), {
      db: t.db,
      params: { id: orderId },
    });
  }

  it("sandbox 'Aprobar': the payment is recorded, notified, applied, and the buyer returns to /payment/success with Mercado Pago's parameters", async () => {
    const userId = await insertCustomer(t.db);
    const order = await insertOrder(t.db, { userId, pointsEarned: 10 });

    const result = await decide(order.id, "approve");

    expect(result.status).toBe(303);
    const location = new URL(result.headers.get("location")!, TEST_ORIGIN);
    expect(location.pathname).toBe("/payment/success");
    const [recorded] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, order.id));
    expect(recorded).toMatchObject({ status: "approved", amountCents: 115_000, currency: "MXN", externalReference: order.orderNumber });
    expect(recorded!.id).toMatch(/^\d{11}$/);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      collection_id: recorded!.id,
      collection_status: "approved",
      payment_id: recorded!.id,
      status: "approved",
      external_reference: order.orderNumber,
      payment_type: "credit_card",
      merchant_order_id: "null",
      preference_id: `sandbox-${order.id}`,
      site_id: "MLM",
      processing_mode: "aggregator",
      merchant_account_id: "null",
    });
    // Applied before the redirect: the return page finds the order paid.
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "approved", orderStatus: "processing", paymentId: recorded!.id });
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toMatchObject([
      { provider: "sandbox", status: "approved" },
    ]);

    // The page now shows the order paid, without buttons; a post that did not come from a page shown payable pays nothing twice.
    const again = await decide(order.id, "approve");
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/sandbox/pago/${order.id}`);
    expect(await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, order.id))).toHaveLength(1);

    // A second tab opened before the first paid still pays, as Mercado Pago's checkout does: the shop
    // records the second payment and flags the order for its refund; the first payment stands.
    const secondTab = await decide(order.id, "approve", true);
    expect(new URL(secondTab.headers.get("location")!, TEST_ORIGIN).pathname).toBe("/payment/success");
    expect(await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, order.id))).toHaveLength(2);
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "approved", paymentId: recorded!.id, needsRefund: true });
  });

  it("sandbox 'Rechazar' → /payment/failure, the order stays payable; 'Dejar pendiente' → /payment/pending as cash", async () => {
    const order = await insertOrder(t.db);
    const rejected = await decide(order.id, "reject");
    expect(rejected.headers.get("location")).toMatch(/^\/payment\/failure\?collection_id=\d{11}&collection_status=rejected&/);
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "rejected", orderStatus: "pending" });

    const pending = await decide(order.id, "pending");
    const location = new URL(pending.headers.get("location")!, TEST_ORIGIN);
    expect(location.pathname).toBe("/payment/pending");
    expect(location.searchParams.get("status")).toBe("pending");
    expect(location.searchParams.get("payment_type")).toBe("ticket");
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "pending", orderStatus: "pending" });
  });

  it("sandbox form: a missing or unknown decision is a 400, an unknown order a 404", async () => {
    const order = await insertOrder(t.db);
    expect(await decide(order.id, "steal")).toMatchObject({
      status: 400,
      data: { formError: "Elige cómo termina el pago.", fieldErrors: {} },
    });
    expect((await decide("0123456789abcdef01234567", "approve")).status).toBe(404);
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "pending" });
  });

  it("payment link: counts the attempt and points at the sandbox page; refuses an order that is not payable", async () => {
    const order = await insertOrder(t.db);
    const deps = { config: config(), provider: paymentProvider(config(), t.db) };
    expect(await createPaymentLinkForOrder(t.db, order.id, deps)).toEqual({
      url: `/sandbox/pago/${order.id}`,
      preferenceId: `sandbox-${order.id}`,
    });
    await createPaymentLinkForOrder(t.db, order.id, deps);
    expect((await orderRow(t.db, order.id)).paymentAttempts).toBe(2);

    const cancelled = await insertOrder(t.db, { orderStatus: "cancelled" });
    await expect(createPaymentLinkForOrder(t.db, cancelled.id, deps)).rejects.toMatchObject({
      message: PAYMENT_MESSAGES.notPayable,
      status: 409,
    });
    expect((await orderRow(t.db, cancelled.id)).paymentAttempts).toBe(0);
  });

  it("payment link: the Spanish messages when the provider fails or gives no link", async () => {
    const order = await insertOrder(t.db);
    const base = paymentProvider(config(), t.db);
    const failing: PaymentProvider = { ...base, createPaymentLink: () => Promise.reject(new Error("timeout")) };
    const empty: PaymentProvider = { ...base, createPaymentLink: () => Promise.resolve({ url: "", preferenceId: "" }) };
    await expect(createPaymentLinkForOrder(t.db, order.id, { config: config(), provider: failing })).rejects.toEqual(
      new PaymentLinkError("failed"),
    );
    await expect(createPaymentLinkForOrder(t.db, order.id, { config: config(), provider: empty })).rejects.toMatchObject({
      message: "Error: No se pudo obtener el link de pago",
    });
  });

  it("reconciliation applies a payment whose notification never came, for orders old enough; a second run changes nothing", async () => {
    const old = await insertOrder(t.db, { paymentAttempts: 1, createdAt: new Date(Date.now() - 60 * 60 * 1000) });
    const young = await insertOrder(t.db, { paymentAttempts: 1 });
    const unlinked = await insertOrder(t.db, { createdAt: new Date(Date.now() - 60 * 60 * 1000) });
    for (const o of [old, young]) {
      await recordSandboxPayment(t.db, { orderId: o.id, orderNumber: o.orderNumber, amountCents: 115_000, status: "approved" });
    }
    const provider = paymentProvider(config(), t.db);

    const first = await reconcilePendingPayments(t.db, provider);
    expect(first.paymentsApplied).toBe(1);
    expect(await orderRow(t.db, old.id)).toMatchObject({ paymentStatus: "approved", orderStatus: "processing" });
    expect(await orderRow(t.db, young.id)).toMatchObject({ paymentStatus: "pending" });
    expect(await orderRow(t.db, unlinked.id)).toMatchObject({ paymentStatus: "pending" });

    const second = await reconcilePendingPayments(t.db, provider);
    expect(second.paymentsApplied).toBe(0);
  });
});
