/**
 * applyPayment, the only writer of payment state (docs/architecture.md#transactions-and-invariants,
 * docs/architecture.md#payments): amount and currency checked against the order, each provider
 * payment id and status applied once, forward only; approved credits points once and queues 'pago
 * confirmado'; refunded reverses them once; approved after a cancel is flagged.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { canRetryPayment } from "#domain/statuses.ts";
import { loyaltyAccounts, loyaltyTransactions, outbox, payments } from "#server/db/schema.ts";
import { applyPayment, type ProviderPayment } from "#server/payments/index.ts";
import { insertCustomer, insertOrder, orderRow } from "#tests/fixtures/orders.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

let nextPaymentId = 70_000_000_000;

/** A payment as the provider reports it, for the order, at its total in MXN unless told. */
function providerPayment(order: { orderNumber: string }, overrides: Partial<ProviderPayment> = {}): ProviderPayment {
  const id = overrides.id ?? String(nextPaymentId++);
  return {
    id,
    status: "approved",
    externalReference: order.orderNumber,
    amountCents: 115_000,
    currency: "MXN",
    paymentTypeId: "credit_card",
    raw: { id: Number(id) },
    ...overrides,
  };
}

describeEachDatabase("applyPayment", (t) => {
  async function paymentRows(orderId: string) {
    return t.db.select().from(payments).where(eq(payments.orderId, orderId));
  }
  async function balance(userId: string) {
    const [row] = await t.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId));
    return row?.balance ?? 0;
  }
  async function ledger(userId: string) {
    const rows = await t.db.select().from(loyaltyTransactions).where(eq(loyaltyTransactions.userId, userId));
    return rows.map((r) => [r.type, r.amount]).sort();
  }
  async function mailsAbout(orderNumber: string) {
    const rows = await t.db.select().from(outbox).where(eq(outbox.kind, "payment-approved"));
    return rows.filter((r) => r.subject?.includes(orderNumber));
  }

  it("approved: the order is paid and processing, points credited once, 'pago confirmado' queued", async () => {
    const userId = await insertCustomer(t.db, { email: "ana@example.com" });
    const order = await insertOrder(t.db, { userId, pointsEarned: 10 });
    const payment = providerPayment(order);

    const result = await applyPayment(t.db, payment, "sandbox");

    expect(result).toMatchObject({ outcome: "applied", decision: { kind: "approve" }, pointsCredited: 10 });
    expect(await orderRow(t.db, order.id)).toMatchObject({
      paymentStatus: "approved",
      orderStatus: "processing",
      paymentId: payment.id,
      needsRefund: false,
    });
    expect(await paymentRows(order.id)).toMatchObject([
      { provider: "sandbox", providerPaymentId: payment.id, status: "approved", amountCents: 115_000, currency: "MXN" },
    ]);
    expect(await balance(userId)).toBe(10);
    const mails = await mailsAbout(order.orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipient: "ana@example.com",
      subject: expect.stringContaining(`Pago confirmado de tu pedido ${order.orderNumber}`),
    });
    const text = (mails[0]!.payload as { text: string }).text;
    // The order's lines and total, its payment id and the points it earned.
    expect(text).toContain("Carta de prueba");
    expect(text).toContain("$1,150.00 MXN");
    expect(text).toContain(`Número de pago: ${payment.id}`);
    expect(text).toContain("Ganaste 10 puntos");
  });

  it("a replay (the same payment id and status again) inserts nothing and changes nothing", async () => {
    const userId = await insertCustomer(t.db);
    const order = await insertOrder(t.db, { userId, pointsEarned: 10 });
    const payment = providerPayment(order);
    await applyPayment(t.db, payment, "sandbox");
    const before = await orderRow(t.db, order.id);

    expect(await applyPayment(t.db, payment, "sandbox")).toEqual({ outcome: "replay", orderId: order.id });

    expect(await orderRow(t.db, order.id)).toEqual(before);
    expect(await paymentRows(order.id)).toHaveLength(1);
    expect(await balance(userId)).toBe(10);
    expect(await ledger(userId)).toEqual([["earned", 10]]);
    expect(await mailsAbout(order.orderNumber)).toHaveLength(1);
  });

  it("out of order: a late 'pending' after 'approved' is recorded and changes nothing", async () => {
    const order = await insertOrder(t.db);
    const id = String(nextPaymentId++);
    await applyPayment(t.db, providerPayment(order, { id, status: "approved" }), "sandbox");
    const before = await orderRow(t.db, order.id);

    const late = await applyPayment(t.db, providerPayment(order, { id, status: "pending" }), "sandbox");

    expect(late).toMatchObject({ outcome: "applied", decision: { kind: "none", reason: "stale" } });
    expect(await orderRow(t.db, order.id)).toEqual(before);
    expect((await paymentRows(order.id)).map((p) => p.status).sort()).toEqual(["approved", "pending"]);
  });

  it("a pending payment keeps the order pending; in_process and authorized count as pending", async () => {
    const order = await insertOrder(t.db);
    const id = String(nextPaymentId++);
    await applyPayment(t.db, providerPayment(order, { id, status: "pending", paymentTypeId: "ticket" }), "sandbox");
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "pending", orderStatus: "pending", paymentId: id });
    const processing = await applyPayment(t.db, providerPayment(order, { id, status: "in_process" }), "sandbox");
    expect(processing).toMatchObject({ decision: { kind: "none", reason: "stale" } });
    await applyPayment(t.db, providerPayment(order, { id, status: "approved" }), "sandbox");
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "approved", orderStatus: "processing" });
  });

  it("rejected: the order stays payable, and a later approved payment pays it", async () => {
    const order = await insertOrder(t.db);
    await applyPayment(t.db, providerPayment(order, { status: "rejected" }), "sandbox");
    const rejected = await orderRow(t.db, order.id);
    expect(rejected).toMatchObject({ paymentStatus: "rejected", orderStatus: "pending" });
    expect(canRetryPayment(rejected)).toBe(true);

    await applyPayment(t.db, providerPayment(order, { status: "cancelled" }), "sandbox");
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "rejected" });

    const second = providerPayment(order);
    await applyPayment(t.db, second, "sandbox");
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "approved", orderStatus: "processing", paymentId: second.id });
  });

  it("an amount or a currency that is not the order's: nothing recorded, the order unchanged", async () => {
    const order = await insertOrder(t.db);
    const before = await orderRow(t.db, order.id);

    expect(await applyPayment(t.db, providerPayment(order, { amountCents: 100 }), "sandbox")).toEqual({
      outcome: "mismatch",
      orderId: order.id,
    });
    expect(await applyPayment(t.db, providerPayment(order, { amountCents: 115_001 }), "sandbox")).toMatchObject({ outcome: "mismatch" });
    expect(await applyPayment(t.db, providerPayment(order, { currency: "USD" }), "sandbox")).toMatchObject({ outcome: "mismatch" });
    expect(await applyPayment(t.db, providerPayment(order, { amountCents: Number.NaN }), "sandbox")).toMatchObject({ outcome: "mismatch" });

    expect(await orderRow(t.db, order.id)).toEqual(before);
    expect(await paymentRows(order.id)).toEqual([]);
    expect(await mailsAbout(order.orderNumber)).toEqual([]);
  });

  it("a payment for an unknown order, or with no reference, is ignored", async () => {
    expect(await applyPayment(t.db, providerPayment({ orderNumber: "CV-NOPE00" }), "sandbox")).toEqual({ outcome: "unknown-order" });
    expect(await applyPayment(t.db, providerPayment({ orderNumber: "" }, { externalReference: null }), "sandbox")).toEqual({
      outcome: "unknown-order",
    });
  });

  it("refunded after approved: payment 'refunded', earned points reversed once", async () => {
    const userId = await insertCustomer(t.db);
    const order = await insertOrder(t.db, { userId, pointsEarned: 10 });
    const id = String(nextPaymentId++);
    await applyPayment(t.db, providerPayment(order, { id, status: "approved" }), "sandbox");
    expect(await balance(userId)).toBe(10);

    const refund = await applyPayment(t.db, providerPayment(order, { id, status: "refunded" }), "sandbox");
    expect(refund).toMatchObject({ outcome: "applied", decision: { kind: "refund" }, pointsReversed: 10 });
    expect(await applyPayment(t.db, providerPayment(order, { id, status: "refunded" }), "sandbox")).toMatchObject({ outcome: "replay" });
    // A charge-back of the same payment after the refund moves nothing either.
    expect(await applyPayment(t.db, providerPayment(order, { id, status: "charged_back" }), "sandbox")).toMatchObject({
      decision: { kind: "none" },
      pointsReversed: 0,
    });
    // Nor does a late approved.
    expect(await applyPayment(t.db, providerPayment(order, { id, status: "approved" }), "sandbox")).toMatchObject({ outcome: "replay" });

    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "refunded", paymentId: id });
    expect(await balance(userId)).toBe(0);
    expect(await ledger(userId)).toEqual([
      ["earned", 10],
      ["reversed", -10],
    ]);
  });

  it("approved after the order was cancelled: recorded and flagged for a refund, never re-sold", async () => {
    const userId = await insertCustomer(t.db);
    const order = await insertOrder(t.db, {
      userId,
      pointsEarned: 10,
      orderStatus: "cancelled",
      cancelledBy: "sistema",
      cancelReason: "Pago no recibido a tiempo",
      cancelledAt: new Date(),
    });
    const payment = providerPayment(order);

    expect(await applyPayment(t.db, payment, "sandbox")).toMatchObject({
      outcome: "applied",
      decision: { kind: "flag-refund" },
      pointsCredited: 0,
    });

    expect(await orderRow(t.db, order.id)).toMatchObject({
      orderStatus: "cancelled",
      paymentStatus: "pending",
      needsRefund: true,
      paymentId: payment.id,
    });
    expect(await paymentRows(order.id)).toHaveLength(1);
    expect(await balance(userId)).toBe(0);
    expect(await mailsAbout(order.orderNumber)).toEqual([]);

    // The shop refunds it: the flag clears.
    await applyPayment(t.db, { ...payment, status: "refunded" }, "sandbox");
    expect(await orderRow(t.db, order.id)).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded", needsRefund: false });
  });

  it("a second approved payment for a paid order is a double charge: flagged, the first payment stands", async () => {
    const order = await insertOrder(t.db);
    const first = providerPayment(order);
    const second = providerPayment(order);
    await applyPayment(t.db, first, "sandbox");
    expect(await applyPayment(t.db, second, "sandbox")).toMatchObject({ decision: { kind: "flag-refund" } });
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "approved", paymentId: first.id, needsRefund: true });
    // Refunding the duplicate clears the flag and leaves the order paid.
    expect(await applyPayment(t.db, { ...second, status: "refunded" }, "sandbox")).toMatchObject({ decision: { kind: "refund-extra" } });
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "approved", paymentId: first.id, needsRefund: false });
  });

  it.skipIf(t.kind !== "postgres")("10 identical approved notifications in parallel: one state change, points credited once", async () => {
    const userId = await insertCustomer(t.db);
    const order = await insertOrder(t.db, { userId, pointsEarned: 10 });
    const payment = providerPayment(order);

    const results = await Promise.all(Array.from({ length: 10 }, () => applyPayment(t.db, { ...payment }, "mercadopago")));

    expect(results.filter((r) => r.outcome === "applied")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "replay")).toHaveLength(9);
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: "approved", orderStatus: "processing", paymentId: payment.id });
    expect(await paymentRows(order.id)).toHaveLength(1);
    expect(await balance(userId)).toBe(10);
    expect(await ledger(userId)).toEqual([["earned", 10]]);
    expect(await mailsAbout(order.orderNumber)).toHaveLength(1);
  });
});
