/**
 * The `mercadopago` provider with the real SDK (mercadopago 3.6.1) against the
 * local stub of the provider's API (no internet): the preference the stub
 * receives (docs/architecture.md#payments), payments fetched and searched, a signed
 * notification applied end to end, and full refunds (the idempotency key, refusals, timeouts).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { orderEvents, orders } from "#server/db/schema.ts";
import { cancelOrderAsAdmin } from "#server/fulfilment/index.ts";
import {
  applyPayment,
  createPaymentLinkForOrder,
  handleWebhook,
  paymentProvider,
  reconcilePendingPayments,
  PaymentLinkError,
  RefundRefusedError,
  type PaymentProvider,
} from "#server/payments/index.ts";
import { signNotification } from "#server/payments/signature.ts";
import { mercadoPagoDate, mercadoPagoProvider } from "#server/payments/mercadopago.server.ts";
import { insertCustomer, insertOrder } from "#tests/fixtures/orders.ts";
import { startMercadoPagoStub, type MercadoPagoStub, type StubPayment } from "#tests/fixtures/mercadopago-stub.ts";
import { openTestDatabase, type TestDatabase } from "#tests/fixtures/test-db.ts";

const ACCESS_TOKEN = "TEST-0000000000000000-000000-00000000000000000000000000000000-000000000";
const WEBHOOK_SECRET = "mp-webhook-secret-for-tests";
// A port of the range this suite's servers use (127.0.0.1 only).
const STUB_PORT = Number(process.env.MERCADOPAGO_STUB_PORT ?? 4150);

let stub: MercadoPagoStub;
let handle: TestDatabase;
let provider: PaymentProvider;
let config: ReturnType<typeof parseConfig>;

beforeAll(async () => {
  stub = await startMercadoPagoStub({ port: STUB_PORT, accessToken: ACCESS_TOKEN });
  handle = await openTestDatabase("pglite");
  config = parseConfig({
    NODE_ENV: "test",
    PAYMENT_PROVIDER: "mercadopago",
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
    MERCADOPAGO_API_BASE_URL: stub.url,
    PUBLIC_URL: "https://tienda.example",
  });
  provider = paymentProvider(config, handle.db);
});

afterAll(async () => {
  await stub?.close();
  await handle?.destroy();
});

/** The notification Mercado Pago sends the webhook about a payment (payment.updated), signed as it signs. */
function signedPaymentNotice(paymentId: string, requestId: string): Request {
  const ts = String(Date.now());
  return new Request(`https://tienda.example/api/webhooks/mercadopago?data.id=${paymentId}&type=payment`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-request-id": requestId,
      "x-signature": signNotification(WEBHOOK_SECRET, { dataId: paymentId, requestId, ts }),
    },
    body: JSON.stringify({ type: "payment", action: "payment.updated", data: { id: paymentId } }),
  });
}

function lastRequest() {
  return stub.requests[stub.requests.length - 1]!;
}

describe("Mercado Pago provider (real SDK, stub API)", () => {
  it("refuses to start without its settings", () => {
    expect(() => paymentProvider(parseConfig({ NODE_ENV: "test", PAYMENT_PROVIDER: "mercadopago" }), handle.db)).toThrow(
      /MERCADOPAGO_ACCESS_TOKEN/,
    );
  });

  it("creates the Checkout Pro preference and returns its init_point", async () => {
    const userId = await insertCustomer(handle.db, { email: "ana@example.com" });
    const holdUntil = new Date("2036-05-01T18:30:00.000Z");
    const order = await insertOrder(handle.db, { userId, holdUntil, finalTotalCents: 123_456 });

    const before = Date.now();
    const link = await createPaymentLinkForOrder(handle.db, order.id, { config, provider });
    const after = Date.now();

    const request = lastRequest();
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/checkout/preferences/");
    expect(request.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(request.headers["x-idempotency-key"]).toBe(`order-${order.id}-attempt-1`);
    expect(request.body).toEqual({
      items: [{ id: order.orderNumber, title: `Pedido ${order.orderNumber}`, quantity: 1, unit_price: 1234.56, currency_id: "MXN" }],
      payer: { email: "ana@example.com" },
      external_reference: order.orderNumber,
      back_urls: {
        success: "https://tienda.example/payment/success",
        failure: "https://tienda.example/payment/failure",
        pending: "https://tienda.example/payment/pending",
      },
      auto_return: "approved",
      notification_url: "https://tienda.example/api/webhooks/mercadopago?source_news=webhooks",
      // Decision record 015: the link can be used while the order's stock is held (Mexico City time)…
      expires: true,
      expiration_date_to: "2036-05-01T12:30:00.000-06:00",
      // …and a cash ticket made from it expires 72 hours after the link.
      date_of_expiration: expect.stringMatching(/-06:00$/),
    });
    const cashExpires = new Date((request.body as { date_of_expiration: string }).date_of_expiration).getTime();
    expect(cashExpires).toBeGreaterThanOrEqual(before + 72 * 60 * 60 * 1000);
    expect(cashExpires).toBeLessThanOrEqual(after + 72 * 60 * 60 * 1000);
    expect(link.url).toMatch(new RegExp(`^${stub.url}/checkout/v1/redirect\\?pref_id=1234567890-`));
    expect(link.preferenceId).toMatch(/^1234567890-/);

    // 'Pagar Ahora' later: a new attempt, a new idempotency key.
    await createPaymentLinkForOrder(handle.db, order.id, { config, provider });
    expect(lastRequest().headers["x-idempotency-key"]).toBe(`order-${order.id}-attempt-2`);
  });

  it("makes no link for an order whose stock hold lapsed (the buyer is told it can no longer be paid)", async () => {
    const order = await insertOrder(handle.db, { holdUntil: new Date(Date.now() - 60_000) });
    const before = stub.requests.length;
    await expect(createPaymentLinkForOrder(handle.db, order.id, { config, provider })).rejects.toBeInstanceOf(PaymentLinkError);
    expect(stub.requests.length).toBe(before);
  });

  it("reads a pending cash payment's expiry (date_of_expiration)", async () => {
    stub.addPayment({
      id: 91_000_000_002,
      status: "pending",
      external_reference: "CV-ABC124",
      transaction_amount: 1150,
      currency_id: "MXN",
      payment_type_id: "ticket",
      date_of_expiration: "2036-05-04T23:59:59.000-04:00",
    });
    expect(await provider.fetchPayment("91000000002")).toMatchObject({
      status: "pending",
      paymentTypeId: "ticket",
      expiresAt: new Date("2036-05-05T03:59:59.000Z"),
    });
  });

  it("excludes cash (ticket) above $10,000.00, and only above", async () => {
    const above = await insertOrder(handle.db, { finalTotalCents: 1_000_001 });
    await createPaymentLinkForOrder(handle.db, above.id, { config, provider });
    expect(lastRequest().body).toMatchObject({ payment_methods: { excluded_payment_types: [{ id: "ticket" }] } });

    const at = await insertOrder(handle.db, { finalTotalCents: 1_000_000 });
    await createPaymentLinkForOrder(handle.db, at.id, { config, provider });
    expect(lastRequest().body).not.toHaveProperty("payment_methods");
  });

  it("a provider error becomes the Spanish message, after one retry at most", async () => {
    const order = await insertOrder(handle.db);
    const before = stub.requests.length;
    stub.failNext(500, 5);
    await expect(createPaymentLinkForOrder(handle.db, order.id, { config, provider })).rejects.toEqual(new PaymentLinkError("failed"));
    expect(stub.requests.length - before).toBe(2);
    stub.failNext(500, 0);
  });

  it("fetches a payment (numeric id and amount as the API sends them), and null for an unknown one", async () => {
    stub.addPayment({
      id: 91_000_000_001,
      status: "approved",
      external_reference: "CV-ABC123",
      transaction_amount: 1150,
      currency_id: "MXN",
      payment_type_id: "credit_card",
    });
    expect(await provider.fetchPayment("91000000001")).toMatchObject({
      id: "91000000001",
      status: "approved",
      externalReference: "CV-ABC123",
      amountCents: 115_000,
      currency: "MXN",
      paymentTypeId: "credit_card",
    });
    expect(lastRequest()).toMatchObject({ method: "GET", path: "/v1/payments/91000000001" });
    expect(await provider.fetchPayment("91000000999")).toBeNull();
  });

  it("a signed notification is fetched from the API and applied: the order is paid", async () => {
    const order = await insertOrder(handle.db);
    stub.addPayment({
      id: 92_000_000_001,
      status: "approved",
      external_reference: order.orderNumber,
      transaction_amount: 1150,
      currency_id: "MXN",
      payment_type_id: "credit_card",
    });
    const request = signedPaymentNotice("92000000001", "req-1");

    const answer = await handleWebhook(request, { db: handle.db, provider });
    expect(answer.response.status).toBe(200);
    expect(await answer.processing).toMatchObject({ kind: "applied", result: { outcome: "applied", decision: { kind: "approve" } } });
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ paymentStatus: "approved", orderStatus: "processing", paymentId: "92000000001" });
  });

  it("a payment whose amount is not the order's is not applied", async () => {
    const order = await insertOrder(handle.db);
    stub.addPayment({
      id: 93_000_000_001,
      status: "approved",
      external_reference: order.orderNumber,
      transaction_amount: 1.5,
      currency_id: "MXN",
      payment_type_id: "credit_card",
    });
    const payment = await provider.fetchPayment("93000000001");
    expect(await applyPayment(handle.db, payment!, provider.name)).toMatchObject({ outcome: "mismatch" });
  });

  it("reconciliation searches by external_reference and applies what it finds", async () => {
    const order = await insertOrder(handle.db, { paymentAttempts: 1, createdAt: new Date(Date.now() - 60 * 60 * 1000) });
    stub.addPayment({
      id: 94_000_000_001,
      status: "pending",
      external_reference: order.orderNumber,
      transaction_amount: 1150,
      currency_id: "MXN",
      payment_type_id: "ticket",
    });
    stub.addPayment({
      id: 94_000_000_002,
      status: "approved",
      external_reference: order.orderNumber,
      transaction_amount: 1150,
      currency_id: "MXN",
      payment_type_id: "credit_card",
    });

    const summary = await reconcilePendingPayments(handle.db, provider);

    expect(summary.failures).toBe(0);
    const search = stub.requests.find((r) => r.path === "/v1/payments/search" && r.query.get("external_reference") === order.orderNumber);
    expect(search?.query.get("sort")).toBe("date_created");
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ paymentStatus: "approved", paymentId: "94000000002" });
  });

  it("formats dates as the provider's examples do, in Mexico City time", () => {
    expect(mercadoPagoDate(new Date("2026-01-15T06:30:00.000Z"))).toBe("2026-01-15T00:30:00.000-06:00");
  });
});

describe("Mercado Pago refunds (real SDK, stub API)", () => {
  let nextId = 95_000_000_000;
  /** An approved payment of $1,150.00 at the stub; returns its id as the shop holds it. */
  function approvedPayment(fields: Partial<StubPayment> = {}): string {
    const id = ++nextId;
    stub.addPayment({
      id,
      status: "approved",
      external_reference: `CV-R${id}`,
      transaction_amount: 1150,
      currency_id: "MXN",
      payment_type_id: "credit_card",
      ...fields,
    });
    return String(id);
  }

  function refundsOf(paymentId: string) {
    return stub.refunds.filter((r) => String(r.payment_id) === paymentId);
  }

  function refundRequestsOf(paymentId: string) {
    return stub.refundRequests().filter((r) => r.path.startsWith(`/v1/payments/${paymentId}/refunds`));
  }

  it("refunds a payment in full: POST /v1/payments/{id}/refunds with {} and the key, the refund mapped, the payment then reads refunded", async () => {
    const paymentId = approvedPayment();

    const refund = await provider.refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: "order-a-refund-1" });

    const [request, ...more] = refundRequestsOf(paymentId);
    expect(more).toEqual([]);
    expect(request).toMatchObject({ method: "POST", body: {} });
    expect(request!.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(request!.headers["x-idempotency-key"]).toBe("order-a-refund-1");
    expect(refund).toEqual({ id: String(refundsOf(paymentId)[0]!.id), paymentId, amountCents: 115_000, status: "approved" });
    expect(await provider.fetchPayment(paymentId)).toMatchObject({ id: paymentId, status: "refunded", amountCents: 115_000 });
  });

  it("the same idempotency key twice is one refund at the provider, answered the same", async () => {
    const paymentId = approvedPayment();
    const request = { paymentId, amountCents: 115_000, idempotencyKey: "order-b-refund-1" };

    const first = await provider.refundPayment(request);
    const again = await provider.refundPayment(request);

    expect(again).toEqual(first);
    expect(refundRequestsOf(paymentId).map((r) => r.headers["x-idempotency-key"])).toEqual(["order-b-refund-1", "order-b-refund-1"]);
    expect(refundsOf(paymentId)).toHaveLength(1);
  });

  it("a refund the provider refuses is a RefundRefusedError with the Spanish message (already refunded, not approved, unknown)", async () => {
    const refunded = approvedPayment();
    await provider.refundPayment({ paymentId: refunded, amountCents: 115_000, idempotencyKey: "order-c-refund-1" });
    const secondKey = provider.refundPayment({ paymentId: refunded, amountCents: 115_000, idempotencyKey: "order-c-refund-2" });
    await expect(secondKey).rejects.toBeInstanceOf(RefundRefusedError);
    await expect(secondKey).rejects.toMatchObject({
      message: "Mercado Pago rechazó el reembolso: Payment already refunded",
      providerMessage: expect.stringContaining("Payment already refunded"),
    });
    expect(refundsOf(refunded)).toHaveLength(1);

    const pending = approvedPayment({ status: "pending", payment_type_id: "ticket" });
    await expect(
      provider.refundPayment({ paymentId: pending, amountCents: 115_000, idempotencyKey: "order-d-refund-1" }),
    ).rejects.toMatchObject({
      name: "RefundRefusedError",
      message: "Mercado Pago rechazó el reembolso: Invalid payment status",
    });
    expect((await provider.fetchPayment(pending))?.status).toBe("pending");

    await expect(
      provider.refundPayment({ paymentId: "95999999999", amountCents: 115_000, idempotencyKey: "order-e-refund-1" }),
    ).rejects.toMatchObject({
      name: "RefundRefusedError",
      message: "Mercado Pago rechazó el reembolso: Payment not found",
    });
  });

  it("a 500 once is retried with the same key (one refund); 500s throughout leave the outcome unknown, not refused", async () => {
    const paymentId = approvedPayment();
    stub.failNext(500, 1);
    const refund = await provider.refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: "order-f-refund-1" });
    expect(refund.status).toBe("approved");
    expect(refundRequestsOf(paymentId).map((r) => r.headers["x-idempotency-key"])).toEqual(["order-f-refund-1", "order-f-refund-1"]);
    expect(refundsOf(paymentId)).toHaveLength(1);

    const other = approvedPayment();
    stub.failNext(500, 2);
    const failed = provider.refundPayment({ paymentId: other, amountCents: 115_000, idempotencyKey: "order-g-refund-1" });
    await expect(failed).rejects.toThrow();
    await expect(failed).rejects.not.toBeInstanceOf(RefundRefusedError);
    await expect(failed).rejects.toMatchObject({ name: "MPServerError", status: 500 });
    expect(refundRequestsOf(other)).toHaveLength(2);
    expect(refundsOf(other)).toEqual([]);
    stub.failNext(500, 0);
  });

  it("a 409 (the same key's refund still in progress) or a 429 is no refusal: the outcome is unknown", async () => {
    for (const status of [409, 429]) {
      const paymentId = approvedPayment();
      stub.failNext(status, status === 429 ? 2 : 1);
      const unsettled = provider.refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: `order-k${status}-refund-1` });
      await expect(unsettled).rejects.toMatchObject({ status });
      await expect(unsettled).rejects.not.toBeInstanceOf(RefundRefusedError);
      stub.failNext(500, 0);
    }
  });

  it("a provider that never answers ends in an error after the timeout (not a refusal); the retry with the same key then refunds once", async () => {
    const quick = mercadoPagoProvider(config, { refundTimeoutMs: 200 });
    const paymentId = approvedPayment();
    stub.hangNext(2);
    const started = Date.now();
    const hung = quick.refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: "order-h-refund-1" });
    await expect(hung).rejects.toThrow();
    await expect(hung).rejects.not.toBeInstanceOf(RefundRefusedError);
    await expect(hung).rejects.toMatchObject({ name: "MPConnectionError" });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(refundRequestsOf(paymentId)).toHaveLength(2);
    expect((await quick.fetchPayment(paymentId))?.status).toBe("approved");

    const refund = await quick.refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: "order-h-refund-1" });
    expect(refund).toMatchObject({ paymentId, amountCents: 115_000, status: "approved" });
    expect(refundsOf(paymentId)).toHaveLength(1);
  });

  it("a refund still in process is reported as such", async () => {
    const paymentId = approvedPayment();
    stub.refundNextWith({ status: "in_process" });
    expect(await provider.refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: "order-i-refund-1" })).toMatchObject({
      status: "in_process",
      amountCents: 115_000,
    });
  });

  it("a refund of another amount than the shop expects is an error, never accepted", async () => {
    const paymentId = approvedPayment();
    stub.refundNextWith({ amount: 150 });
    const partial = provider.refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: "order-j-refund-1" });
    await expect(partial).rejects.toThrow(/15000.*115000|amount/);
    await expect(partial).rejects.not.toBeInstanceOf(RefundRefusedError);
  });
});

describe("cancelling a paid Mercado Pago order (real SDK, stub API)", () => {
  it("two admins at once: one refund at the provider with the order's key, the order refunded and cancelled once; the provider's notice changes nothing", async () => {
    const order = await insertOrder(handle.db);
    const id = 96_000_000_001;
    stub.addPayment({
      id,
      status: "approved",
      external_reference: order.orderNumber,
      transaction_amount: 1150,
      currency_id: "MXN",
      payment_type_id: "credit_card",
    });
    await applyPayment(handle.db, (await provider.fetchPayment(String(id)))!, provider.name);
    const admin = { kind: "admin" as const, userId: await insertCustomer(handle.db), name: "Laura Admin" };

    const outcomes = await Promise.allSettled([
      cancelOrderAsAdmin(handle.db, provider, { orderNumber: order.orderNumber, reason: "Sin existencia", actor: admin }),
      cancelOrderAsAdmin(handle.db, provider, { orderNumber: order.orderNumber, reason: "Sin existencia", actor: admin }),
    ]);

    expect(outcomes.some((o) => o.status === "fulfilled" && o.value.kind === "refunded")).toBe(true);
    const requests = stub.refundRequests().filter((r) => r.path === `/v1/payments/${id}/refunds`);
    expect(new Set(requests.map((r) => r.headers["x-idempotency-key"]))).toEqual(new Set([`order-${order.id}-payment-${id}-refund-1`]));
    expect(stub.refunds.filter((r) => r.payment_id === id)).toHaveLength(1);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      orderStatus: "cancelled",
      paymentStatus: "refunded",
      cancelReason: "Sin existencia",
      cancelledBy: "admin",
    });

    // Mercado Pago then notifies payment.updated: fetched, found refunded, already applied.
    const notice = signedPaymentNotice(String(id), "req-refund");
    const answer = await handleWebhook(notice, { db: handle.db, provider });
    expect(await answer.processing).toMatchObject({ kind: "applied", result: { outcome: "replay" } });
    const cancellations = await handle.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "cancelled")));
    expect(cancellations).toHaveLength(1);
  });

  it("an order paid twice (two approved payments on one external reference): the cancel refunds both, each with its own key; nothing stays approved", async () => {
    const order = await insertOrder(handle.db);
    const [card, cash] = [96_000_000_101, 96_000_000_102];
    stub.addPayment({
      id: card,
      status: "approved",
      external_reference: order.orderNumber,
      transaction_amount: 1150,
      currency_id: "MXN",
      payment_type_id: "credit_card",
    });
    stub.addPayment({
      id: cash,
      status: "approved",
      external_reference: order.orderNumber,
      transaction_amount: 1150,
      currency_id: "MXN",
      payment_type_id: "ticket",
    });
    // The shop hears of both (a second tab, a cash ticket paid after the card).
    for (const id of [card, cash]) await applyPayment(handle.db, (await provider.fetchPayment(String(id)))!, provider.name);
    expect((await handle.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      paymentStatus: "approved",
      paymentId: String(card),
      needsRefund: true,
    });
    const admin = { kind: "admin" as const, userId: await insertCustomer(handle.db), name: "Laura Admin" };

    const outcome = await cancelOrderAsAdmin(handle.db, provider, {
      orderNumber: order.orderNumber,
      reason: "Pagó dos veces",
      actor: admin,
    });

    expect(outcome).toEqual({ kind: "refunded", amountCents: 115_000 });
    const keys = (id: number) =>
      stub
        .refundRequests()
        .filter((r) => r.path === `/v1/payments/${id}/refunds`)
        .map((r) => r.headers["x-idempotency-key"]);
    expect(keys(card)).toEqual([`order-${order.id}-payment-${card}-refund-1`]);
    expect(keys(cash)).toEqual([`order-${order.id}-payment-${cash}-refund-1`]);
    // What the provider holds: both payments given back in full, once each.
    expect((await provider.fetchPayment(String(card)))?.status).toBe("refunded");
    expect((await provider.fetchPayment(String(cash)))?.status).toBe("refunded");
    expect(stub.refunds.filter((r) => r.payment_id === card || r.payment_id === cash).map((r) => r.amount)).toEqual([1150, 1150]);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded", needsRefund: false });
    const refunds = await handle.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "refund")));
    expect(refunds.map((e) => (e.data as { paymentId: string }).paymentId).sort()).toEqual([String(card), String(cash)].sort());
  });

  it("a refund left in process changes nothing yet; when Mercado Pago reports it refunded, the order is cancelled with the admin's reason", async () => {
    const order = await insertOrder(handle.db);
    const id = 96_000_000_002;
    stub.addPayment({
      id,
      status: "approved",
      external_reference: order.orderNumber,
      transaction_amount: 1150,
      currency_id: "MXN",
      payment_type_id: "credit_card",
    });
    await applyPayment(handle.db, (await provider.fetchPayment(String(id)))!, provider.name);
    const admin = { kind: "admin" as const, userId: await insertCustomer(handle.db), name: "Laura Admin" };
    stub.refundNextWith({ status: "in_process" });

    const outcome = await cancelOrderAsAdmin(handle.db, provider, {
      orderNumber: order.orderNumber,
      reason: "Cliente arrepentido",
      actor: admin,
    });

    expect(outcome).toEqual({ kind: "refund-in-process", amountCents: 115_000 });
    const [waiting] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(waiting).toMatchObject({ orderStatus: "processing", paymentStatus: "approved" });

    stub.completeRefund(id);
    const notice = signedPaymentNotice(String(id), "req-refund-2");
    await (
      await handleWebhook(notice, { db: handle.db, provider })
    ).processing;

    const [done] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(done).toMatchObject({
      orderStatus: "cancelled",
      paymentStatus: "refunded",
      cancelReason: "Cliente arrepentido",
      cancelledBy: "admin",
    });
  });
});
