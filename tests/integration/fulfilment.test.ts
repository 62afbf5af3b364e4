/**
 * The owner's work on orders (docs/requirements.md#order-fulfilment, decision record 016), on
 * PGlite and PostgreSQL: the status moves and their refusals, the history, the buyer's e-mails
 * (once per change), cancelling an unpaid and a paid order (refund at the sandbox provider first),
 * provider refusals and timeouts changing nothing, two admins at once, manual payments, refunding
 * a flagged payment, and a refund made in the provider's own panel.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { loyaltyTransactions, orderEvents, outbox, payments, sandboxRefunds } from "#server/db/schema.ts";
import { ShopError } from "#server/errors.ts";
import {
  addOrderNote,
  adminOrderDetail,
  cancelOrderAsAdmin,
  changeOrderStatus,
  recordManualPayment,
  refundFlaggedPayment,
} from "#server/fulfilment/index.ts";
import { cancelOrder, placeOrder } from "#server/orders/index.ts";
import { RefundRefusedError, applyPayment, type PaymentProvider, type RefundRequest } from "#server/payments/index.ts";
import { PROVIDER_REFUND_REASON } from "#server/payments/apply-payment.server.ts";
import { announceSandboxRefund, sandboxRefundNoticesIdle } from "#server/payments/sandbox-refund.server.ts";
import { recordSandboxPayment, sandboxProvider } from "#server/payments/sandbox.server.ts";
import { salesFigures } from "#server/admin/dashboard.server.ts";
import { FULFILMENT_MESSAGES } from "#domain/fulfilment.ts";
import type { OrderActor } from "#domain/order-events.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { insertCustomer, orderRow } from "#tests/fixtures/orders.ts";
import { balanceOf, cartWith, checkoutInput, insertCoupon, stockOf, usesOf } from "#tests/fixtures/checkout.ts";
import { describeEachDatabase, lockWaiters } from "#tests/fixtures/test-db.ts";

const config = parseConfig({ NODE_ENV: "test", PUBLIC_URL: "http://tienda.test" });
const admin: Extract<OrderActor, { kind: "admin" }> = { kind: "admin", userId: "000000000000000000000000", name: "Admin de prueba" };

describeEachDatabase("order fulfilment", (t) => {
  /** The sandbox as the shop uses it; its payment.updated notice sent in the background at once. */
  const sandbox = (): PaymentProvider => sandboxProvider(config, t.db, { refundNoticeDelayMs: 0 });

  async function adminId(db: Database): Promise<Extract<OrderActor, { kind: "admin" }>> {
    const id = await insertCustomer(db, { name: "Laura Admin" });
    return { ...admin, userId: id, name: "Laura Admin" };
  }

  /** A customer's order of 3 cards of $500.00 with a coupon and 30 points used; optionally paid in the sandbox. */
  async function customerOrder(options: { paid?: boolean; shipping?: "estafeta" | "dhl" } = {}) {
    const userId = await insertCustomer(t.db, { points: 30 });
    const card = await insertProduct(t.db, { priceCents: 50_000, stock: 5 });
    const code = await insertCoupon(t.db, { maxUses: 1 });
    const placed = await placeOrder(
      t.db,
      checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 3 }], userId), {
        userId,
        couponCode: code,
        usePoints: true,
        shippingMethod: options.shipping ?? "estafeta",
      }),
    );
    let paymentId: string | null = null;
    if (options.paid) paymentId = await payInSandbox(placed, "approved");
    return { userId, card, code, placed, paymentId };
  }

  async function payInSandbox(order: { id: string; orderNumber: string; finalTotalCents: number }, status: string): Promise<string> {
    const payment = await recordSandboxPayment(t.db, {
      orderId: order.id,
      orderNumber: order.orderNumber,
      amountCents: order.finalTotalCents,
      status,
    });
    await applyPayment(t.db, payment, "sandbox", { publicUrl: "http://tienda.test" });
    return payment.id;
  }

  async function events(orderId: string) {
    return t.db
      .select({ kind: orderEvents.kind, actor: orderEvents.actor, actorName: orderEvents.actorName, message: orderEvents.message })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.createdAt));
  }

  async function mailsOf(orderId: string, kind: string) {
    const ids = (
      await t.db
        .select({ data: orderEvents.data })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "mail")))
    )
      .map((e) => e.data as { outboxId: string; mailKind: string })
      .filter((d) => d.mailKind === kind)
      .map((d) => d.outboxId);
    const rows = await t.db.select().from(outbox);
    return rows.filter((r) => ids.includes(r.id)).map((r) => ({ ...r, text: (r.payload as { text: string }).text }));
  }

  async function refused(promise: Promise<unknown>): Promise<ShopError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ShopError);
    return error as ShopError;
  }

  it("ships a paid order with a tracking number: the status, the number, the history and one e-mail with the carrier's link", async () => {
    const { placed } = await customerOrder({ paid: true, shipping: "dhl" });
    const actor = await adminId(t.db);

    const missing = await refused(
      changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "shipped", trackingNumber: " ", actor }),
    );
    expect([missing.message, missing.status, missing.field]).toEqual([FULFILMENT_MESSAGES.trackingRequired, 400, "rastreo"]);
    const bad = await refused(
      changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "shipped", trackingNumber: "12<script>", actor }),
    );
    expect([bad.message, bad.field]).toEqual([FULFILMENT_MESSAGES.trackingInvalid, "rastreo"]);
    expect((await orderRow(t.db, placed.id)).orderStatus).toBe("processing");

    const shipped = await changeOrderStatus(t.db, {
      orderNumber: placed.orderNumber,
      status: "shipped",
      trackingNumber: "12 3456-7890",
      actor,
      publicUrl: "http://tienda.test",
    });
    expect(shipped).toEqual({ changed: true, orderStatus: "shipped", trackingNumber: "1234567890" });
    expect(await orderRow(t.db, placed.id)).toMatchObject({ orderStatus: "shipped", trackingNumber: "1234567890" });
    const history = await events(placed.id);
    expect(history.filter((e) => e.kind === "status")).toEqual([
      expect.objectContaining({ actor: "admin", actorName: "Laura Admin", message: "Estado: Procesando → Enviado" }),
    ]);
    expect(history.filter((e) => e.kind === "tracking")).toHaveLength(1);
    const [mail, ...more] = await mailsOf(placed.id, "order-shipped");
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain("1234567890");
    expect(mail!.text).toContain("DHL Express");
    expect(mail!.text).toContain("https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=1234567890");

    // The same post again (a retry): nothing written, no second e-mail.
    const again = await changeOrderStatus(t.db, {
      orderNumber: placed.orderNumber,
      status: "shipped",
      trackingNumber: "1234567890",
      actor,
    });
    expect(again.changed).toBe(false);
    expect(await mailsOf(placed.id, "order-shipped")).toHaveLength(1);
    expect(await events(placed.id)).toHaveLength(history.length);

    // A corrected number: recorded and e-mailed again, still shipped.
    await changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "shipped", trackingNumber: "9999999999", actor });
    expect(await mailsOf(placed.id, "order-shipped")).toHaveLength(2);
    expect((await events(placed.id)).filter((e) => e.kind === "status")).toHaveLength(1);

    await changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "delivered", actor });
    expect(await mailsOf(placed.id, "order-delivered")).toHaveLength(1);
    await changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "processing", actor });
    expect(await orderRow(t.db, placed.id)).toMatchObject({ orderStatus: "processing", trackingNumber: "9999999999" });
    expect(await mailsOf(placed.id, "order-delivered")).toHaveLength(1);
  });

  it("refuses to prepare or ship an unpaid order, 'cancelled' through the dropdown, unknown statuses and orders", async () => {
    const { placed } = await customerOrder();
    const actor = await adminId(t.db);
    for (const status of ["processing", "shipped", "delivered"]) {
      const error = await refused(changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status, trackingNumber: "ABC123456", actor }));
      expect(error.status).toBe(409);
      expect(error.message).toContain("sin pago aprobado");
    }
    expect((await refused(changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "cancelled", actor }))).message).toBe(
      FULFILMENT_MESSAGES.useCancelAction,
    );
    expect((await refused(changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "lost", actor }))).status).toBe(400);
    expect((await refused(changeOrderStatus(t.db, { orderNumber: "CV-ZZZZZZ", status: "pending", actor }))).status).toBe(404);
    expect((await refused(changeOrderStatus(t.db, { orderNumber: "' or 1=1 --", status: "pending", actor }))).status).toBe(404);
    expect((await orderRow(t.db, placed.id)).orderStatus).toBe("pending");
    expect((await events(placed.id)).map((e) => e.kind)).toEqual(["created", "mail"]);

    await cancelOrder(t.db, placed.id, { reason: "x", by: "admin" });
    const final = await refused(changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "pending", actor }));
    expect([final.message, final.status]).toEqual([FULFILMENT_MESSAGES.cancelledIsFinal, 409]);
  });

  it("two admins changing one order at once: both applied one after the other, each recorded and e-mailed once", async () => {
    const { placed } = await customerOrder({ paid: true });
    const [a, b] = [await adminId(t.db), await adminId(t.db)];
    let both: Promise<unknown[]>;
    if (t.kind === "postgres") {
      let release!: () => void;
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const held = t.db.transaction(async (tx) => {
        await tx.execute(sql`select id from orders where id = ${placed.id} for update`);
        await new Promise<void>((resolve) => {
          release = resolve;
          locked();
        });
      });
      // The test holds the lock before the racers start, so both of them wait on it.
      await lockTaken;
      both = Promise.all([
        changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "shipped", trackingNumber: "EST1234567", actor: a }),
        changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "delivered", actor: b }),
      ]);
      await lockWaiters(t.db, 2);
      release();
      await held;
    } else {
      both = Promise.all([
        changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "shipped", trackingNumber: "EST1234567", actor: a }),
        changeOrderStatus(t.db, { orderNumber: placed.orderNumber, status: "delivered", actor: b }),
      ]);
    }
    await both;
    const statusEvents = (await events(placed.id)).filter((e) => e.kind === "status");
    expect(statusEvents).toHaveLength(2);
    // The second saw the first's result: the history is one chain, ending at the order's status.
    const [first, second] = statusEvents.map((e) => e.message.replace("Estado: ", "").split(" → "));
    expect(second![0]).toBe(first![1]);
    expect(second![1]).toBe({ shipped: "Enviado", delivered: "Entregado" }[(await orderRow(t.db, placed.id)).orderStatus]);
    expect(new Set(statusEvents.map((e) => e.actorName))).toEqual(new Set(["Laura Admin"]));
    expect(await mailsOf(placed.id, "order-shipped")).toHaveLength(1);
    expect(await mailsOf(placed.id, "order-delivered")).toHaveLength(1);
    expect(["shipped", "delivered"]).toContain((await orderRow(t.db, placed.id)).orderStatus);
  });

  it("cancels an unpaid order: stock, coupon use and points back once, the reason and admin in the history, the buyer e-mailed", async () => {
    const { userId, card, code, placed } = await customerOrder();
    const actor = await adminId(t.db);
    expect([await stockOf(t.db, card), await usesOf(t.db, code), await balanceOf(t.db, userId)]).toEqual([2, 1, 0]);

    const outcome = await cancelOrderAsAdmin(t.db, sandbox(), {
      orderNumber: placed.orderNumber,
      reason: "El cliente ya no lo quiere",
      actor,
    });

    expect(outcome).toEqual({ kind: "cancelled" });
    expect([await stockOf(t.db, card), await usesOf(t.db, code), await balanceOf(t.db, userId)]).toEqual([5, 0, 30]);
    expect(await orderRow(t.db, placed.id)).toMatchObject({
      orderStatus: "cancelled",
      cancelledBy: "admin",
      cancelReason: "El cliente ya no lo quiere",
    });
    expect((await events(placed.id)).find((e) => e.kind === "cancelled")).toMatchObject({ actorName: "Laura Admin" });
    const [mail] = await mailsOf(placed.id, "order-cancelled");
    expect(mail!.text).toContain("El cliente ya no lo quiere");
    expect(
      (await refused(cancelOrderAsAdmin(t.db, sandbox(), { orderNumber: placed.orderNumber, reason: "otra vez", actor }))).status,
    ).toBe(409);
    expect(await stockOf(t.db, card)).toBe(5);
    expect(await mailsOf(placed.id, "order-cancelled")).toHaveLength(1);
  });

  it("cancels a paid order by refunding it at the provider first: payment refunded, everything back, earned points taken back", async () => {
    const { userId, card, code, placed, paymentId } = await customerOrder({ paid: true });
    const actor = await adminId(t.db);
    const earned = (await orderRow(t.db, placed.id)).pointsEarned;
    expect(earned).toBeGreaterThan(0);
    expect(await balanceOf(t.db, userId)).toBe(earned);

    const outcome = await cancelOrderAsAdmin(t.db, sandbox(), { orderNumber: placed.orderNumber, reason: "Sin existencia real", actor });
    await sandboxRefundNoticesIdle();

    expect(outcome).toEqual({ kind: "refunded", amountCents: placed.finalTotalCents });
    expect(await orderRow(t.db, placed.id)).toMatchObject({
      orderStatus: "cancelled",
      paymentStatus: "refunded",
      cancelReason: "Sin existencia real",
      cancelledBy: "admin",
      needsRefund: false,
    });
    expect([await stockOf(t.db, card), await usesOf(t.db, code)]).toEqual([5, 0]);
    // 30 points used come back; the points earned are taken back.
    expect(await balanceOf(t.db, userId)).toBe(30);
    const ledger = await t.db.select().from(loyaltyTransactions).where(eq(loyaltyTransactions.orderId, placed.id));
    expect(ledger.map((l) => [l.type, l.amount]).sort()).toEqual(
      [
        ["earned", earned],
        ["refunded", 30],
        ["reversed", -earned],
        ["spent", -30],
      ].sort(),
    );
    expect(await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId!))).toHaveLength(1);
    const [mail, ...more] = await mailsOf(placed.id, "order-cancelled");
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain("Sin existencia real");
    // The provider's own notification of the refund changed nothing more.
    const kinds = (await events(placed.id)).map((e) => e.kind);
    expect(kinds.filter((k) => k === "refund")).toHaveLength(1);
    expect(kinds.filter((k) => k === "cancelled")).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, placed.id), eq(payments.status, "refunded"))),
    ).toHaveLength(1);
  });

  it("a refund the provider refuses or does not answer changes nothing in the shop; a retry after a timeout asks with the same key", async () => {
    const { card, placed } = await customerOrder({ paid: true });
    const actor = await adminId(t.db);
    const keys: string[] = [];
    let answer: "refuse" | "timeout" | "ok" = "refuse";
    const real = sandbox();
    const flaky: PaymentProvider = {
      ...real,
      async refundPayment(request: RefundRequest) {
        keys.push(request.idempotencyKey);
        if (answer === "refuse")
          throw new RefundRefusedError("El sandbox rechazó el reembolso: fondos insuficientes.", "insufficient_funds");
        if (answer === "timeout") throw new Error("timeout");
        return real.refundPayment(request);
      },
    };
    const before = await orderRow(t.db, placed.id);

    const refusal = await refused(cancelOrderAsAdmin(t.db, flaky, { orderNumber: placed.orderNumber, reason: "Prueba", actor }));
    expect(refusal.status).toBe(502);
    expect(refusal.message).toContain("fondos insuficientes");
    answer = "timeout";
    const timeout = await refused(cancelOrderAsAdmin(t.db, flaky, { orderNumber: placed.orderNumber, reason: "Prueba", actor }));
    expect([timeout.message, timeout.status]).toEqual([FULFILMENT_MESSAGES.refundUnknown, 504]);
    const after = await orderRow(t.db, placed.id);
    expect([after.orderStatus, after.paymentStatus, await stockOf(t.db, card)]).toEqual([before.orderStatus, "approved", 2]);
    expect((await events(placed.id)).filter((e) => e.kind === "refund-failed")).toHaveLength(2);

    answer = "ok";
    await cancelOrderAsAdmin(t.db, flaky, { orderNumber: placed.orderNumber, reason: "Prueba", actor });
    await sandboxRefundNoticesIdle();
    // A refusal takes a new key; the retry after the timeout used the timed-out request's key.
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
    expect(await orderRow(t.db, placed.id)).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded" });
    expect(await stockOf(t.db, card)).toBe(5);
  });

  it("two admins cancelling one paid order at once: one refund at the provider, one release, one e-mail", async () => {
    const { card, placed, paymentId } = await customerOrder({ paid: true });
    const [a, b] = [await adminId(t.db), await adminId(t.db)];
    const results = await Promise.allSettled([
      cancelOrderAsAdmin(t.db, sandbox(), { orderNumber: placed.orderNumber, reason: "Duplicado A", actor: a }),
      cancelOrderAsAdmin(t.db, sandbox(), { orderNumber: placed.orderNumber, reason: "Duplicado B", actor: b }),
    ]);
    await sandboxRefundNoticesIdle();
    // Each either made the refund or found the order already cancelled (409), never a 500.
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as ShopError).status).toBe(409);
    }
    expect(await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId!))).toHaveLength(1);
    expect(await stockOf(t.db, card)).toBe(5);
    expect(await mailsOf(placed.id, "order-cancelled")).toHaveLength(1);
    expect((await events(placed.id)).filter((e) => e.kind === "cancelled")).toHaveLength(1);
  });

  it("a manual payment approves an unpaid order as the provider would: points, the e-mail, the sales; refused once paid", async () => {
    const { userId, placed } = await customerOrder();
    const actor = await adminId(t.db);
    const salesBefore = await salesFigures(t.db);

    await recordManualPayment(t.db, { orderNumber: placed.orderNumber, method: "transferencia", reference: "SPEI 123456", actor });

    const order = await orderRow(t.db, placed.id);
    expect(order).toMatchObject({ orderStatus: "processing", paymentStatus: "approved", paymentMethod: "transferencia" });
    expect(order.paymentId).toMatch(/^manual-[0-9a-f]{24}$/);
    expect(await balanceOf(t.db, userId)).toBe(order.pointsEarned);
    expect(await mailsOf(placed.id, "payment-approved")).toHaveLength(1);
    expect((await salesFigures(t.db)).todayCents - salesBefore.todayCents).toBe(placed.finalTotalCents);
    expect((await events(placed.id)).find((e) => e.kind === "manual-payment")).toMatchObject({
      actorName: "Laura Admin",
      message: expect.stringContaining("SPEI 123456"),
    });
    // The same post again (a double click): the payment already recorded, nothing more written.
    const repeated = await recordManualPayment(t.db, {
      orderNumber: placed.orderNumber,
      method: "transferencia",
      reference: "SPEI 123456",
      actor,
    });
    expect(repeated).toEqual({ paymentId: order.paymentId });
    expect(await mailsOf(placed.id, "payment-approved")).toHaveLength(1);
    const again = await refused(
      recordManualPayment(t.db, { orderNumber: placed.orderNumber, method: "efectivo", reference: "Caja 1", actor }),
    );
    expect([again.message, again.status]).toEqual([FULFILMENT_MESSAGES.manualNotPayable, 409]);

    // Cancelling it records the refund as the shop's own (no provider is asked).
    const outcome = await cancelOrderAsAdmin(t.db, sandbox(), { orderNumber: placed.orderNumber, reason: "Devolución en efectivo", actor });
    expect(outcome.kind).toBe("refunded");
    expect(await orderRow(t.db, placed.id)).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded" });
    expect(await balanceOf(t.db, userId)).toBe(30);
  });

  it("'Reembolsar' gives back a payment that arrived after the order was cancelled, once", async () => {
    const { placed } = await customerOrder();
    const actor = await adminId(t.db);
    await cancelOrder(t.db, placed.id, { reason: "Pago no recibido a tiempo", by: "sistema" });
    const late = await payInSandbox(placed, "approved");
    expect(await orderRow(t.db, placed.id)).toMatchObject({ orderStatus: "cancelled", needsRefund: true, paymentId: late });

    const outcome = await refundFlaggedPayment(t.db, sandbox(), { orderNumber: placed.orderNumber, actor });
    await sandboxRefundNoticesIdle();

    expect(outcome).toEqual({ kind: "refunded", amountCents: placed.finalTotalCents });
    expect(await orderRow(t.db, placed.id)).toMatchObject({ orderStatus: "cancelled", needsRefund: false, paymentStatus: "refunded" });
    expect(await mailsOf(placed.id, "order-refunded")).toHaveLength(1);
    expect((await refused(refundFlaggedPayment(t.db, sandbox(), { orderNumber: placed.orderNumber, actor }))).status).toBe(409);
    expect(await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, late))).toHaveLength(1);
  });

  it("two admins refunding one flagged payment at once: one refund at the provider, one e-mail", async () => {
    const { placed } = await customerOrder();
    const [a, b] = [await adminId(t.db), await adminId(t.db)];
    await cancelOrder(t.db, placed.id, { reason: "Pago no recibido a tiempo", by: "sistema" });
    const late = await payInSandbox(placed, "approved");

    const results = await Promise.allSettled([
      refundFlaggedPayment(t.db, sandbox(), { orderNumber: placed.orderNumber, actor: a }),
      refundFlaggedPayment(t.db, sandbox(), { orderNumber: placed.orderNumber, actor: b }),
    ]);
    await sandboxRefundNoticesIdle();

    for (const r of results) if (r.status === "rejected") expect((r.reason as ShopError).status).toBe(409);
    expect(await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, late))).toHaveLength(1);
    expect(await mailsOf(placed.id, "order-refunded")).toHaveLength(1);
    expect(await orderRow(t.db, placed.id)).toMatchObject({ needsRefund: false, paymentStatus: "refunded" });
  });

  it("a refund made in the provider's own panel arrives by webhook and cancels the order the same way", async () => {
    const { card, placed, paymentId } = await customerOrder({ paid: true });
    const provider = sandboxProvider(config, t.db, { refundNoticeDelayMs: null });
    await provider.refundPayment({ paymentId: paymentId!, amountCents: placed.finalTotalCents, idempotencyKey: "panel-1" });

    const processed = await announceSandboxRefund({ db: t.db, config, provider }, paymentId!);

    expect(processed.kind).toBe("applied");
    expect(await orderRow(t.db, placed.id)).toMatchObject({
      orderStatus: "cancelled",
      paymentStatus: "refunded",
      cancelReason: PROVIDER_REFUND_REASON,
    });
    expect(await stockOf(t.db, card)).toBe(5);
    expect(await mailsOf(placed.id, "order-cancelled")).toHaveLength(1);
  });

  it("notes go into the history; the order page reads it all", async () => {
    const { placed } = await customerOrder({ paid: true });
    const actor = await adminId(t.db);
    expect((await refused(addOrderNote(t.db, { orderNumber: placed.orderNumber, note: "   ", actor }))).field).toBe("nota");
    expect((await refused(addOrderNote(t.db, { orderNumber: placed.orderNumber, note: "x".repeat(1001), actor }))).message).toBe(
      "La nota debe tener como máximo 1000 caracteres",
    );
    await addOrderNote(t.db, { orderNumber: placed.orderNumber, note: "Cliente pidió envolver para regalo", actor });
    // The same post again (a double click, a resend): one note. Two posts at once: one note too.
    await Promise.all([
      addOrderNote(t.db, { orderNumber: placed.orderNumber, note: "Cliente pidió envolver para regalo", actor }),
      addOrderNote(t.db, { orderNumber: placed.orderNumber, note: "Cliente pidió envolver para regalo ", actor }),
    ]);

    const detail = await adminOrderDetail(t.db, placed.orderNumber);
    expect(detail?.order.orderNumber).toBe(placed.orderNumber);
    expect(detail?.paymentProvider).toBe("sandbox");
    // The packer sees which card: its expansion (and number) beside the name the order kept.
    expect(detail?.lineProducts).toEqual([{ expansion: expect.any(String), cardNumber: expect.anything() }]);
    expect(detail?.events.map((e) => e.kind)).toEqual(["created", "mail", "payment", "mail", "note"]);
    expect(detail?.events.at(-1)).toMatchObject({
      actor: "admin",
      actorName: "Laura Admin",
      message: "Cliente pidió envolver para regalo",
    });
    expect(await adminOrderDetail(t.db, "CV-ZZZZZZ")).toBeNull();
    expect(await adminOrderDetail(t.db, "<script>")).toBeNull();
  });
});
