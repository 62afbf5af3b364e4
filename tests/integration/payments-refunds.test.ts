/**
 * The sandbox provider's refunds (docs/architecture.md#payments), on PGlite and PostgreSQL: one
 * full refund per payment kept in `sandbox_refunds`, the same idempotency key answering the same
 * refund (also when two calls race), refusals as RefundRefusedError, the payment then reported
 * 'refunded', and the provider's signed payment.updated notification to the shop's webhook.
 */
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { orders, payments, sandboxPayments, sandboxRefunds } from "#server/db/schema.ts";
import { RefundRefusedError, applyPayment, type PaymentProvider } from "#server/payments/index.ts";
import { announceSandboxRefund, sandboxRefundNoticesIdle } from "#server/payments/sandbox-refund.server.ts";
import { recordSandboxPayment, sandboxProvider } from "#server/payments/sandbox.server.ts";
import { insertOrder } from "#tests/fixtures/orders.ts";
import { describeEachDatabase, lockWaiters } from "#tests/fixtures/test-db.ts";

const config = parseConfig({ NODE_ENV: "test", PUBLIC_URL: "http://tienda.test" });

describeEachDatabase("sandbox refunds", (t) => {
  /** The provider as the shop uses it, its notification sent at once (the tests await it). */
  const provider = (): PaymentProvider => sandboxProvider(config, t.db, { refundNoticeDelayMs: 0 });

  /** An order of $1,150.00 and a sandbox payment of it in `status`. */
  async function sandboxPayment(status = "approved") {
    const order = await insertOrder(t.db);
    const payment = await recordSandboxPayment(t.db, { orderId: order.id, orderNumber: order.orderNumber, amountCents: 115_000, status });
    return { order, paymentId: payment.id };
  }

  function refundRows(paymentId: string) {
    return t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
  }

  async function sandboxStatus(paymentId: string) {
    const [row] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
    return row?.status;
  }

  it("refunds an approved payment in full: the refund answered, kept, and the payment then reads refunded", async () => {
    const { paymentId } = await sandboxPayment();

    const refund = await provider().refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: `k-${paymentId}-1` });
    await sandboxRefundNoticesIdle();

    expect(refund).toEqual({ id: expect.stringMatching(/^\d+$/), paymentId, amountCents: 115_000, status: "approved" });
    expect(await refundRows(paymentId)).toEqual([
      expect.objectContaining({ id: refund.id, idempotencyKey: `k-${paymentId}-1`, amountCents: 115_000, status: "approved" }),
    ]);
    expect(await provider().fetchPayment(paymentId)).toMatchObject({ id: paymentId, status: "refunded", amountCents: 115_000 });
  });

  it("the same idempotency key twice answers the same refund, and refunds once", async () => {
    const { paymentId } = await sandboxPayment();
    const request = { paymentId, amountCents: 115_000, idempotencyKey: `k-${paymentId}-1` };

    const first = await provider().refundPayment(request);
    const again = await provider().refundPayment(request);
    await sandboxRefundNoticesIdle();

    expect(again).toEqual(first);
    expect(await refundRows(paymentId)).toHaveLength(1);
  });

  it("two calls with the same key at once make one refund, both answered with it", async () => {
    const { paymentId } = await sandboxPayment();
    const request = { paymentId, amountCents: 115_000, idempotencyKey: `k-${paymentId}-1` };

    let both: Promise<unknown>;
    if (t.kind === "postgres") {
      // Both calls wait on a lock this test holds on the payment, then go at once.
      let release!: () => void;
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const held = t.db.transaction(async (tx) => {
        await tx.execute(sql`select id from sandbox_payments where id = ${paymentId} for update`);
        await new Promise<void>((resolve) => {
          release = resolve;
          locked();
        });
      });
      // The test holds the lock before the racers start, so both of them wait on it.
      await lockTaken;
      both = Promise.all([provider().refundPayment(request), provider().refundPayment(request)]);
      await lockWaiters(t.db, 2);
      release();
      await held;
    } else {
      both = Promise.all([provider().refundPayment(request), provider().refundPayment(request)]);
    }
    const [a, b] = (await both) as [unknown, unknown];
    await sandboxRefundNoticesIdle();

    expect(a).toEqual(b);
    expect(await refundRows(paymentId)).toHaveLength(1);
  });

  it("a payment refunded under another key is refused, and nothing more is refunded", async () => {
    const { paymentId } = await sandboxPayment();
    await provider().refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: `k-${paymentId}-1` });

    const second = provider().refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: `k-${paymentId}-2` });
    await expect(second).rejects.toBeInstanceOf(RefundRefusedError);
    await expect(second).rejects.toMatchObject({ message: "El sandbox rechazó el reembolso: el pago ya fue reembolsado." });
    await sandboxRefundNoticesIdle();

    expect(await refundRows(paymentId)).toEqual([expect.objectContaining({ idempotencyKey: `k-${paymentId}-1` })]);
  });

  it("a payment not approved, or unknown, is refused and stays as it was", async () => {
    for (const status of ["pending", "rejected"]) {
      const { paymentId } = await sandboxPayment(status);
      const refused = provider().refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: `k-${paymentId}-1` });
      await expect(refused).rejects.toBeInstanceOf(RefundRefusedError);
      await expect(refused).rejects.toMatchObject({ message: "El sandbox rechazó el reembolso: el pago no está aprobado." });
      expect(await sandboxStatus(paymentId)).toBe(status);
      expect(await refundRows(paymentId)).toEqual([]);
    }
    for (const paymentId of ["99999999999", "no-es-un-id", ""]) {
      await expect(
        provider().refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: `k-unknown-${paymentId}` }),
      ).rejects.toMatchObject({ name: "RefundRefusedError", message: "El sandbox rechazó el reembolso: el pago no existe." });
    }
  });

  it("a key already used for another payment is refused, and that payment is left as it was", async () => {
    const { paymentId: refunded } = await sandboxPayment();
    const { paymentId: other } = await sandboxPayment();
    await provider().refundPayment({ paymentId: refunded, amountCents: 115_000, idempotencyKey: `k-${refunded}-1` });

    await expect(
      provider().refundPayment({ paymentId: other, amountCents: 115_000, idempotencyKey: `k-${refunded}-1` }),
    ).rejects.toBeInstanceOf(RefundRefusedError);
    await sandboxRefundNoticesIdle();
    expect(await sandboxStatus(other)).toBe("approved");
    expect(await refundRows(other)).toEqual([]);
  });

  it("a refund of another amount than the payment's is an error, and nothing is refunded", async () => {
    const { paymentId } = await sandboxPayment();
    const wrong = provider().refundPayment({ paymentId, amountCents: 100_000, idempotencyKey: `k-${paymentId}-1` });
    await expect(wrong).rejects.toThrow(/100000.*115000/);
    await expect(wrong).rejects.not.toBeInstanceOf(RefundRefusedError);
    expect(await sandboxStatus(paymentId)).toBe("approved");
    expect(await refundRows(paymentId)).toEqual([]);
  });

  it("announces the refund to the shop's webhook (signed, payment.updated): the refunded payment is applied", async () => {
    const { order, paymentId } = await sandboxPayment();
    await applyPayment(t.db, (await provider().fetchPayment(paymentId))!, "sandbox");

    await provider().refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: `k-${paymentId}-1` });
    await sandboxRefundNoticesIdle();

    const recorded = await t.db.select({ status: payments.status }).from(payments).where(eq(payments.providerPaymentId, paymentId));
    expect(recorded.map((r) => r.status).sort()).toEqual(["approved", "refunded"]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.paymentStatus).toBe("refunded");
  });

  it("after the shop applied the refunded payment itself, the notification is a harmless replay", async () => {
    const { paymentId } = await sandboxPayment();
    const quiet = sandboxProvider(config, t.db, { refundNoticeDelayMs: null });
    await applyPayment(t.db, (await quiet.fetchPayment(paymentId))!, "sandbox");
    await quiet.refundPayment({ paymentId, amountCents: 115_000, idempotencyKey: `k-${paymentId}-1` });
    const applied = await applyPayment(t.db, (await quiet.fetchPayment(paymentId))!, "sandbox");
    expect(applied).toMatchObject({ outcome: "applied", decision: { kind: "refund" } });

    const notice = await announceSandboxRefund({ db: t.db, config, provider: quiet }, paymentId);

    expect(notice).toMatchObject({ kind: "applied", paymentId, result: { outcome: "replay" } });
    const recorded = await t.db.select({ status: payments.status }).from(payments).where(eq(payments.providerPaymentId, paymentId));
    expect(recorded.map((r) => r.status).sort()).toEqual(["approved", "refunded"]);
  });
});
