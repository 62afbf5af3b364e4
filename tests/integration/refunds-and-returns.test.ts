/**
 * Money and stock on the paths a real shop walks every week (docs/requirements.md#order-fulfilment),
 * on PGlite and PostgreSQL through the sandbox provider: an order paid twice has every approved
 * payment refunded or flagged when cancelled, each with its own idempotency key and history entry;
 * an order already shipped or delivered gives its stock back only when the admin says its cards
 * came back. Each test ends with the payments and stock as each party really holds them.
 */
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { loyaltyAccounts, loyaltyTransactions, orderEvents, outbox, payments, sandboxRefunds } from "#server/db/schema.ts";
import { loyaltyCustomer } from "#server/loyalty/admin.server.ts";
import { loyaltySummary } from "#server/loyalty/points.server.ts";
import { ShopError } from "#server/errors.ts";
import { adminOrderDetail, cancelOrderAsAdmin, changeOrderStatus, refundFlaggedPayment } from "#server/fulfilment/index.ts";
import { cancelOrder, placeOrder } from "#server/orders/index.ts";
import { RefundRefusedError, applyPayment, type PaymentProvider, type RefundRequest } from "#server/payments/index.ts";
import { announceSandboxRefund, sandboxRefundNoticesIdle } from "#server/payments/sandbox-refund.server.ts";
import { recordSandboxPayment, sandboxProvider } from "#server/payments/sandbox.server.ts";
import { FULFILMENT_MESSAGES } from "#domain/fulfilment.ts";
import type { OrderActor } from "#domain/order-events.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { insertCustomer, orderRow } from "#tests/fixtures/orders.ts";
import { cartWith, checkoutInput, stockOf } from "#tests/fixtures/checkout.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const config = parseConfig({ NODE_ENV: "test", PUBLIC_URL: "http://tienda.test" });

describeEachDatabase("refunds of orders paid twice, and cancels of orders that left the shop", (t) => {
  const sandbox = (): PaymentProvider => sandboxProvider(config, t.db, { refundNoticeDelayMs: 0 });

  async function admin(): Promise<Extract<OrderActor, { kind: "admin" }>> {
    const userId = await insertCustomer(t.db, { name: "Laura Admin" });
    return { kind: "admin", userId, name: "Laura Admin" };
  }

  /** A customer's order of 2 cards of $400.00 (stock 8 → 6). */
  async function order() {
    const userId = await insertCustomer(t.db);
    const card = await insertProduct(t.db, { priceCents: 40_000, stock: 8 });
    const placed = await placeOrder(t.db, checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 2 }], userId), { userId }));
    return { userId, card, placed };
  }

  async function pay(placed: { id: string; orderNumber: string; finalTotalCents: number }): Promise<string> {
    const payment = await recordSandboxPayment(t.db, {
      orderId: placed.id,
      orderNumber: placed.orderNumber,
      amountCents: placed.finalTotalCents,
      status: "approved",
    });
    await applyPayment(t.db, payment, "sandbox", { publicUrl: "http://tienda.test" });
    return payment.id;
  }

  /** What the provider says each payment is now: the money the buyer really has out. */
  async function providerStatuses(ids: string[]) {
    const provider = sandbox();
    return Promise.all(ids.map(async (id) => (await provider.fetchPayment(id))?.status));
  }

  async function refundsAt(paymentId: string) {
    return t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
  }

  async function history(orderId: string) {
    return t.db
      .select({ kind: orderEvents.kind, message: orderEvents.message, data: orderEvents.data })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.createdAt));
  }

  async function mails(orderId: string, kind: string): Promise<string[]> {
    const ids = (await history(orderId))
      .filter((e) => e.kind === "mail")
      .map((e) => e.data as { outboxId: string; mailKind: string })
      .filter((d) => d.mailKind === kind)
      .map((d) => d.outboxId);
    const rows = await t.db.select().from(outbox);
    return rows.filter((r) => ids.includes(r.id)).map((r) => (r.payload as { text: string }).text);
  }

  /** The approved payments of the order not given back, as the shop's records say. */
  async function standingPayments(orderId: string) {
    const rows = await t.db
      .select({ id: payments.providerPaymentId, status: payments.status })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    return rows.filter((r) => r.status === "approved" && !rows.some((o) => o.id === r.id && o.status === "refunded")).map((r) => r.id);
  }

  it("cancelling an order paid twice refunds both payments, each with its own key and history entry; the flag clears", async () => {
    const { card, placed } = await order();
    const first = await pay(placed);
    const second = await pay(placed);
    expect(await orderRow(t.db, placed.id)).toMatchObject({ paymentStatus: "approved", paymentId: first, needsRefund: true });
    expect((await adminOrderDetail(t.db, placed.orderNumber))!.paymentsToRefund.map((p) => p.paymentId)).toEqual([second]);

    const outcome = await cancelOrderAsAdmin(t.db, sandbox(), {
      orderNumber: placed.orderNumber,
      reason: "Pagó dos veces",
      actor: await admin(),
    });
    await sandboxRefundNoticesIdle();

    expect(outcome).toEqual({ kind: "refunded", amountCents: placed.finalTotalCents });
    expect(await providerStatuses([first, second])).toEqual(["refunded", "refunded"]);
    const [a, b] = [await refundsAt(first), await refundsAt(second)];
    expect([a.length, b.length]).toEqual([1, 1]);
    expect(a[0]!.idempotencyKey).not.toBe(b[0]!.idempotencyKey);
    expect(await orderRow(t.db, placed.id)).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded", needsRefund: false });
    const events = await history(placed.id);
    const refunds = events.filter((e) => e.kind === "refund");
    expect(refunds.map((e) => (e.data as { paymentId: string }).paymentId).sort()).toEqual([first, second].sort());
    expect(events.filter((e) => e.kind === "refund-requested")).toHaveLength(2);
    // The buyer is told which payment went back, once each.
    const [cancelled] = await mails(placed.id, "order-cancelled");
    expect(cancelled).toContain(`Número de pago reembolsado: ${first} (`);
    const [refundedMail, ...more] = await mails(placed.id, "order-refunded");
    expect(more).toEqual([]);
    expect(refundedMail).toContain(`Número de pago reembolsado: ${second} (`);
    // The 'pago confirmado' e-mail named the payment that paid.
    expect((await mails(placed.id, "payment-approved"))[0]).toContain(`Número de pago: ${first} (`);
    expect(await standingPayments(placed.id)).toEqual([]);
    expect(await stockOf(t.db, card)).toBe(8);
    expect((await adminOrderDetail(t.db, placed.orderNumber))!.paymentsToRefund).toEqual([]);
  });

  it("a second payment the provider will not refund leaves the order flagged after the cancel; 'Reembolsar' gives it back, then the flag clears", async () => {
    const { placed } = await order();
    const first = await pay(placed);
    const second = await pay(placed);
    const real = sandbox();
    let refuseSecond = true;
    const picky: PaymentProvider = {
      ...real,
      async refundPayment(request: RefundRequest) {
        if (refuseSecond && request.paymentId === second) throw new RefundRefusedError("El sandbox rechazó el reembolso.", "rejected");
        return real.refundPayment(request);
      },
    };
    const actor = await admin();

    const outcome = await cancelOrderAsAdmin(t.db, picky, { orderNumber: placed.orderNumber, reason: "Pagó dos veces", actor });
    await sandboxRefundNoticesIdle();

    expect(outcome).toEqual({ kind: "refunded", amountCents: placed.finalTotalCents, paymentsLeft: 1 });
    expect(await orderRow(t.db, placed.id)).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded", needsRefund: true });
    expect(await providerStatuses([first, second])).toEqual(["refunded", "approved"]);
    expect((await adminOrderDetail(t.db, placed.orderNumber))!.paymentsToRefund.map((p) => p.paymentId)).toEqual([second]);
    // 'Reembolsar' names a payment: another order's or an unknown one is refused, nothing written.
    const wrong = await refundFlaggedPayment(t.db, picky, { orderNumber: placed.orderNumber, actor, paymentId: first }).catch(
      (e: unknown) => e,
    );
    expect(wrong).toBeInstanceOf(ShopError);
    expect((wrong as ShopError).status).toBe(409);

    refuseSecond = false;
    expect(await refundFlaggedPayment(t.db, picky, { orderNumber: placed.orderNumber, actor, paymentId: second })).toEqual({
      kind: "refunded",
      amountCents: placed.finalTotalCents,
    });
    await sandboxRefundNoticesIdle();
    expect(await orderRow(t.db, placed.id)).toMatchObject({ needsRefund: false });
    expect(await providerStatuses([first, second])).toEqual(["refunded", "refunded"]);
    expect(await standingPayments(placed.id)).toEqual([]);
  });

  it("a refund of the paying payment made in the provider's panel cancels the order but keeps it flagged while the second payment stands", async () => {
    const { placed } = await order();
    const first = await pay(placed);
    const second = await pay(placed);
    const provider = sandboxProvider(config, t.db, { refundNoticeDelayMs: null });
    await provider.refundPayment({ paymentId: first, amountCents: placed.finalTotalCents, idempotencyKey: "panel-1" });
    await announceSandboxRefund({ db: t.db, config, provider }, first);

    expect(await orderRow(t.db, placed.id)).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded", needsRefund: true });
    await refundFlaggedPayment(t.db, sandbox(), { orderNumber: placed.orderNumber, actor: await admin() });
    await sandboxRefundNoticesIdle();
    expect(await orderRow(t.db, placed.id)).toMatchObject({ needsRefund: false });
    expect(await providerStatuses([first, second])).toEqual(["refunded", "refunded"]);
  });

  it("cancelling a delivered order asks whether the cards came back: no keeps the stock, the refund happens either way", async () => {
    const { card, placed } = await order();
    const paymentId = await pay(placed);
    const actor = await admin();
    await changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "shipped", trackingNumber: "1234567890", actor });
    await changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "delivered", trackingNumber: null, actor });
    expect(await stockOf(t.db, card)).toBe(6);

    const unanswered = await cancelOrderAsAdmin(t.db, sandbox(), { orderNumber: placed.orderNumber, reason: "Devolución", actor }).catch(
      (e: unknown) => e,
    );
    expect(unanswered).toBeInstanceOf(ShopError);
    expect([(unanswered as ShopError).message, (unanswered as ShopError).status, (unanswered as ShopError).field]).toEqual([
      FULFILMENT_MESSAGES.goodsReturnedRequired,
      400,
      "mercancia",
    ]);
    expect(await refundsAt(paymentId)).toHaveLength(0);

    await cancelOrderAsAdmin(t.db, sandbox(), { orderNumber: placed.orderNumber, reason: "Devolución", actor, goodsReturned: false });
    await sandboxRefundNoticesIdle();

    expect(await orderRow(t.db, placed.id)).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded" });
    expect(await providerStatuses([paymentId])).toEqual(["refunded"]);
    expect(await stockOf(t.db, card)).toBe(6);
    const events = await history(placed.id);
    expect(events.find((e) => e.kind === "refund-requested")!.message).toContain("la mercancía no volvió a la tienda");
    expect(events.find((e) => e.kind === "cancelled")!.message).toContain("La mercancía no volvió a la tienda: el stock no cambió.");
  });

  it("cancelling a shipped order whose cards came back gives the stock back", async () => {
    const { card, placed } = await order();
    await pay(placed);
    const actor = await admin();
    await changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "shipped", trackingNumber: "1234567890", actor });

    await cancelOrderAsAdmin(t.db, sandbox(), {
      orderNumber: placed.orderNumber,
      reason: "Devuelto por paquetería",
      actor,
      goodsReturned: true,
    });
    await sandboxRefundNoticesIdle();

    expect(await stockOf(t.db, card)).toBe(8);
    const cancelled = (await history(placed.id)).find((e) => e.kind === "cancelled")!;
    expect(cancelled.message).toContain("La mercancía volvió a la tienda: su stock se repuso.");
  });

  it("a refund of a delivered order made in the provider's panel does not put its cards back on sale", async () => {
    const { card, placed } = await order();
    const paymentId = await pay(placed);
    const actor = await admin();
    await changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "shipped", trackingNumber: "1234567890", actor });
    const provider = sandboxProvider(config, t.db, { refundNoticeDelayMs: null });
    await provider.refundPayment({ paymentId, amountCents: placed.finalTotalCents, idempotencyKey: "panel-2" });
    await announceSandboxRefund({ db: t.db, config, provider }, paymentId);

    expect(await orderRow(t.db, placed.id)).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded" });
    expect(await stockOf(t.db, card)).toBe(6);
  });

  it("an order paid but not shipped still gives its stock back without the question", async () => {
    const { card, placed } = await order();
    await pay(placed);
    await cancelOrderAsAdmin(t.db, sandbox(), { orderNumber: placed.orderNumber, reason: "Sin existencia", actor: await admin() });
    await sandboxRefundNoticesIdle();
    expect(await stockOf(t.db, card)).toBe(8);
    expect(
      await t.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, placed.id), eq(orderEvents.kind, "cancelled"))),
    ).toEqual([expect.objectContaining({ message: expect.not.stringContaining("mercancía") })]);
  });

  describe("points of a refunded order that were already spent", () => {
    /** An order of one $2,900.00 card for the customer (29 points earned when paid), optionally using their points. */
    async function orderOf(userId: string, usePoints = false, priceCents = 290_000) {
      const card = await insertProduct(t.db, { priceCents, stock: 5 });
      return placeOrder(t.db, checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }], userId), { userId, usePoints }));
    }

    /** The ledger's sums and the account, which must always agree. */
    async function points(userId: string) {
      const ledger = await t.db.select().from(loyaltyTransactions).where(eq(loyaltyTransactions.userId, userId));
      const [account] = await t.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId));
      return {
        balance: account?.balance ?? 0,
        owed: account?.pointsOwed ?? 0,
        ledgerSum: ledger.reduce((sum, row) => sum + row.amount, 0),
        owedSum: ledger.reduce((sum, row) => sum + row.owed, 0),
      };
    }

    it("refund then cancel: the 29 points come back once and pay what the refund could not take; nothing is kept", async () => {
      const userId = await insertCustomer(t.db);
      const first = await orderOf(userId);
      await pay(first);
      expect(await points(userId)).toEqual({ balance: 29, owed: 0, ledgerSum: 29, owedSum: 0 });
      // The 29 points are spent on a second order, not paid yet.
      const second = await orderOf(userId, true);
      expect(await points(userId)).toEqual({ balance: 0, owed: 0, ledgerSum: 0, owedSum: 0 });

      await cancelOrderAsAdmin(t.db, sandbox(), { orderNumber: first.orderNumber, reason: "Reembolso pedido", actor: await admin() });
      await sandboxRefundNoticesIdle();
      // The refund could take nothing (balance 0): the 29 are owed, a movement the customer sees.
      expect(await points(userId)).toEqual({ balance: 0, owed: 29, ledgerSum: 0, owedSum: 29 });
      const summary = await loyaltySummary(t.db, userId);
      expect(summary.owed).toBe(29);
      expect(summary.transactions.find((m) => m.type === "owed")).toMatchObject({ amount: 0, owed: 29 });
      expect((await loyaltyCustomer(t.db, userId))?.owed).toBe(29);

      // The second order is cancelled: its 29 points come back and pay the debt at once.
      await cancelOrder(t.db, second.id, { reason: "Pago no recibido a tiempo", by: "sistema" });
      expect(await points(userId)).toEqual({ balance: 0, owed: 0, ledgerSum: 0, owedSum: 0 });
      const types = (await loyaltySummary(t.db, userId)).transactions.map((m) => m.type);
      expect(types).toEqual(expect.arrayContaining(["earned", "spent", "reversed", "owed", "refunded", "settled"]));
    });

    it("points owed are netted against the next points earned; the balance never goes below 0", async () => {
      const userId = await insertCustomer(t.db);
      const first = await orderOf(userId);
      await pay(first);
      await orderOf(userId, true); // spends the 29, left unpaid
      await cancelOrderAsAdmin(t.db, sandbox(), { orderNumber: first.orderNumber, reason: "Reembolso pedido", actor: await admin() });
      await sandboxRefundNoticesIdle();
      expect(await points(userId)).toMatchObject({ balance: 0, owed: 29 });

      // A new paid order of $1,000.00 earns 10: all of it pays the debt.
      await pay(await orderOf(userId, false, 100_000));
      expect(await points(userId)).toEqual({ balance: 0, owed: 19, ledgerSum: 0, owedSum: 19 });
      // Another of $3,000.00 earns 30: 19 pay the rest, 11 are the customer's.
      await pay(await orderOf(userId, false, 300_000));
      expect(await points(userId)).toEqual({ balance: 11, owed: 0, ledgerSum: 11, owedSum: 0 });
    });
  });
});
