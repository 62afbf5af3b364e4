/**
 * Stock holds of unpaid orders (decision record 015), on PGlite and PostgreSQL:
 * an unpaid order holds its stock, coupon use and points only
 * UNPAID_ORDER_HOLD_MINUTES (then the expiry job gives them back as cancelOrder
 * does, once, even when two runs race); a pending cash or transfer payment
 * reported by the provider holds the order until that payment's own expiry; the
 * checkout refuses a 4th unpaid order per e-mail and a 6th per IP with a 429,
 * writing nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as checkoutRoute from "#app/routes/checkout.tsx";
import {
  CHECKOUT_MESSAGES,
  PENDING_PAYMENT_GRACE_MINUTES,
  PENDING_PAYMENT_HOLD_HOURS,
  UNPAID_ORDER_CANCEL_REASON,
} from "#domain/orders.ts";
import { formatDateTime } from "#domain/dates.ts";
import { cartCookie } from "#server/cart/cart-cookie.server.ts";
import { parseConfig } from "#server/config.ts";
import { newId } from "#server/db/ids.ts";
import { orders, outbox } from "#server/db/schema.ts";
import { expireUnpaidOrders, placeOrder } from "#server/orders/index.ts";
import { releaseLapsedHolds } from "#server/jobs/unpaid-orders.server.ts";
import { applyPayment, createPaymentLinkForOrder, type ProviderPayment } from "#server/payments/index.ts";
import { recordSandboxPayment, sandboxProvider } from "#server/payments/sandbox.server.ts";
import {
  balanceOf,
  cartWith,
  checkoutFormFields,
  checkoutInput,
  insertCoupon,
  orderWrites,
  stockOf,
  usesOf,
} from "#tests/fixtures/checkout.ts";
import { insertCustomer, orderRow } from "#tests/fixtures/orders.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { callAction, callLoader, formPost, get, signIn, type LoaderModule } from "#tests/fixtures/route-context.ts";
import * as successRoute from "#app/routes/payment.success.tsx";
import * as pendingRoute from "#app/routes/payment.pending.tsx";
import * as failureRoute from "#app/routes/payment.failure.tsx";
import { storePendingOrder } from "#server/orders/index.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

let nextPaymentId = 80_000_000_000;

function pendingPayment(
  order: { orderNumber: string; finalTotalCents: number },
  overrides: Partial<ProviderPayment> = {},
): ProviderPayment {
  const id = String(nextPaymentId++);
  return {
    id,
    status: "pending",
    externalReference: order.orderNumber,
    amountCents: order.finalTotalCents,
    currency: "MXN",
    paymentTypeId: "ticket",
    raw: { id: Number(id) },
    ...overrides,
  };
}

describeEachDatabase("stock holds of unpaid orders", (t) => {
  /** A customer's order of all 3 copies of a card, with a single-use coupon and 30 points. */
  async function placeEverything(options: { holdMinutes?: number } = {}) {
    const userId = await insertCustomer(t.db, { points: 30 });
    const card = await insertProduct(t.db, { priceCents: 50_000, stock: 3 });
    const code = await insertCoupon(t.db, { type: "single-use" });
    const placed = await placeOrder(
      t.db,
      checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 3 }], userId), { userId, couponCode: code, usePoints: true }),
      options,
    );
    return { userId, card, code, placed };
  }

  it("an unpaid order holds stock, coupon use and points for the hold (30 minutes by default), then gets them back once", async () => {
    const before = Date.now();
    const { userId, card, code, placed } = await placeEverything();
    expect([await stockOf(t.db, card), await usesOf(t.db, code), await balanceOf(t.db, userId)]).toEqual([0, 1, 0]);
    const row = await orderRow(t.db, placed.id);
    expect(row.holdUntil.getTime()).toBeGreaterThanOrEqual(before + 30 * MINUTE_MS - 5000);
    expect(row.holdUntil.getTime()).toBeLessThanOrEqual(Date.now() + 30 * MINUTE_MS + 5000);
    // 'Recibimos tu pedido' tells the buyer until when.
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Recibimos tu pedido ${placed.orderNumber} - Cartas del Valle`));
    expect((mail!.payload as { text: string }).text).toContain(`Apartamos tus productos hasta el ${formatDateTime(row.holdUntil)}`);

    await expireUnpaidOrders(t.db, { now: new Date(row.holdUntil.getTime() - MINUTE_MS) });
    expect((await orderRow(t.db, placed.id)).orderStatus).toBe("pending");
    expect(await stockOf(t.db, card)).toBe(0);

    const now = new Date(row.holdUntil.getTime() + MINUTE_MS);
    await expireUnpaidOrders(t.db, { now });
    expect(await orderRow(t.db, placed.id)).toMatchObject({
      orderStatus: "cancelled",
      cancelledBy: "sistema",
      cancelReason: UNPAID_ORDER_CANCEL_REASON,
      cancelledAt: now,
    });
    expect([await stockOf(t.db, card), await usesOf(t.db, code), await balanceOf(t.db, userId)]).toEqual([3, 0, 30]);
    await expireUnpaidOrders(t.db, { now: new Date(now.getTime() + HOUR_MS) });
    expect([await stockOf(t.db, card), await usesOf(t.db, code), await balanceOf(t.db, userId)]).toEqual([3, 0, 30]);
  });

  it("the hold is the setting's length", async () => {
    const before = Date.now();
    const { placed } = await placeEverything({ holdMinutes: 5 });
    const { holdUntil } = await orderRow(t.db, placed.id);
    expect(holdUntil.getTime()).toBeGreaterThanOrEqual(before + 5 * MINUTE_MS - 5000);
    expect(holdUntil.getTime()).toBeLessThanOrEqual(Date.now() + 5 * MINUTE_MS + 5000);
  });

  it("a pending cash payment (OXXO) holds the order until the payment's own expiry, and a late one never shortens a hold", async () => {
    const { card, placed } = await placeEverything();
    const ticketExpires = new Date(Date.now() + 3 * 24 * HOUR_MS);

    const applied = await applyPayment(t.db, pendingPayment(placed, { expiresAt: ticketExpires }), "mercadopago");
    expect(applied).toMatchObject({ outcome: "applied", decision: { kind: "set", paymentStatus: "pending" } });
    const heldUntil = ticketExpires.getTime() + PENDING_PAYMENT_GRACE_MINUTES * MINUTE_MS;
    expect((await orderRow(t.db, placed.id)).holdUntil.getTime()).toBe(heldUntil);

    // A second pending payment (SPEI) that expires sooner does not shorten the hold.
    await applyPayment(
      t.db,
      pendingPayment(placed, { paymentTypeId: "bank_transfer", expiresAt: new Date(Date.now() + HOUR_MS) }),
      "mercadopago",
    );
    expect((await orderRow(t.db, placed.id)).holdUntil.getTime()).toBe(heldUntil);

    await expireUnpaidOrders(t.db, { now: new Date(Date.now() + 2 * 24 * HOUR_MS) });
    expect((await orderRow(t.db, placed.id)).orderStatus).toBe("pending");
    expect(await stockOf(t.db, card)).toBe(0);
    await expireUnpaidOrders(t.db, { now: new Date(heldUntil + MINUTE_MS) });
    expect((await orderRow(t.db, placed.id)).orderStatus).toBe("cancelled");
    expect(await stockOf(t.db, card)).toBe(3);
  });

  it("a pending payment without an expiry holds the order PENDING_PAYMENT_HOLD_HOURS from when it was reported", async () => {
    const { placed } = await placeEverything();
    const before = Date.now();
    await applyPayment(t.db, pendingPayment(placed, { status: "in_process", paymentTypeId: "bank_transfer" }), "mercadopago");
    const { holdUntil } = await orderRow(t.db, placed.id);
    expect(holdUntil.getTime()).toBeGreaterThanOrEqual(before + PENDING_PAYMENT_HOLD_HOURS * HOUR_MS - 5000);
    expect(holdUntil.getTime()).toBeLessThanOrEqual(Date.now() + PENDING_PAYMENT_HOLD_HOURS * HOUR_MS + 5000);
  });

  it("a payment approved after the hold lapsed is recorded and flagged for a refund; the stock is not sold twice", async () => {
    const { card, placed } = await placeEverything();
    const { holdUntil } = await orderRow(t.db, placed.id);
    await expireUnpaidOrders(t.db, { now: new Date(holdUntil.getTime() + MINUTE_MS) });
    const late = await applyPayment(t.db, pendingPayment(placed, { status: "approved", paymentTypeId: "credit_card" }), "mercadopago");
    expect(late).toMatchObject({ outcome: "applied", decision: { kind: "flag-refund" } });
    expect(await orderRow(t.db, placed.id)).toMatchObject({ orderStatus: "cancelled", paymentStatus: "pending", needsRefund: true });
    expect(await stockOf(t.db, card)).toBe(3);
  });

  it("the server's job asks the provider before releasing an order that had a payment link: a lost notification of a pending cash payment keeps the order", async () => {
    const config = parseConfig({ NODE_ENV: "test" });
    const provider = sandboxProvider(config, t.db);
    const { card, placed } = await placeEverything();
    const forgotten = await placeEverything();
    await createPaymentLinkForOrder(t.db, placed.id, { config, provider });
    // The buyer got an OXXO ticket; its notification never arrived.
    const ticket = await recordSandboxPayment(t.db, {
      orderId: placed.id,
      orderNumber: placed.orderNumber,
      amountCents: placed.finalTotalCents,
      status: "pending",
    });
    const now = new Date((await orderRow(t.db, placed.id)).holdUntil.getTime() + MINUTE_MS);

    await releaseLapsedHolds(t.db, provider, { now });

    expect(await orderRow(t.db, placed.id)).toMatchObject({ orderStatus: "pending", paymentStatus: "pending", paymentId: ticket.id });
    expect((await orderRow(t.db, placed.id)).holdUntil.getTime()).toBe(
      ticket.expiresAt!.getTime() + PENDING_PAYMENT_GRACE_MINUTES * MINUTE_MS,
    );
    expect(await stockOf(t.db, card)).toBe(0);
    // The order nobody made a payment link for is released without asking.
    expect((await orderRow(t.db, forgotten.placed.id)).orderStatus).toBe("cancelled");
    expect(await stockOf(t.db, forgotten.card)).toBe(3);
  });

  it("a buyer whose hold lapsed is told on the return pages: cancelled, products back on sale, and whether a payment will be refunded", async () => {
    const config = parseConfig({ NODE_ENV: "test" });
    const { placed, userId } = await placeEverything();
    // The customer's own browser: the pending-order cookie and their session (a customer's order is shown to them alone).
    const cookie = [
      (await storePendingOrder(config, { orderNumber: placed.orderNumber, id: placed.id, total: placed.finalTotalCents / 100 })).split(
        ";",
      )[0]!,
      (await signIn(t.db, userId)).cookie,
    ].join("; ");
    const { holdUntil } = await orderRow(t.db, placed.id);
    await expireUnpaidOrders(t.db, { now: new Date(holdUntil.getTime() + MINUTE_MS) });
    const page = async (route: LoaderModule) => {
      const request = get(`/payment/x?external_reference=${placed.orderNumber}`, { cookie });
      return (
        await callLoader<{ order: { state?: string | null; refundDue?: boolean } | null }>(route, request, {
          db: t.db,
          context: { config },
        })
      ).data?.order;
    };
    for (const route of [successRoute, pendingRoute, failureRoute]) {
      expect(await page(route)).toMatchObject({ state: "cancelled", refundDue: false });
    }
    // A payment that still arrives (approved at the last second) is to be refunded, and the page says so.
    await applyPayment(t.db, pendingPayment(placed, { status: "approved", paymentTypeId: "credit_card" }), "mercadopago");
    expect(await page(successRoute)).toMatchObject({ state: "cancelled", refundDue: true });
  });

  it("two expiry runs at once give stock, the coupon use and the points back once", async () => {
    const { userId, card, code, placed } = await placeEverything();
    const { holdUntil } = await orderRow(t.db, placed.id);
    const now = new Date(holdUntil.getTime() + MINUTE_MS);

    await Promise.all([expireUnpaidOrders(t.db, { now }), expireUnpaidOrders(t.db, { now }), expireUnpaidOrders(t.db, { now })]);

    expect((await orderRow(t.db, placed.id)).orderStatus).toBe("cancelled");
    expect([await stockOf(t.db, card), await usesOf(t.db, code), await balanceOf(t.db, userId)]).toEqual([3, 0, 30]);
  });

  describe("caps on unpaid orders at the checkout (RATE_LIMIT_FACTOR 1)", () => {
    const config = parseConfig({ NODE_ENV: "test", RATE_LIMIT_FACTOR: "1" });

    async function checkout(input: { email: string; ip: string; userId?: string }) {
      const card = await insertProduct(t.db, { stock: 5 });
      const cartId = await cartWith(t.db, [{ productId: card, quantity: 1 }], input.userId ?? null);
      const cookie = input.userId ? (await signIn(t.db, input.userId)).cookie : (await cartCookie(config).serialize(cartId)).split(";")[0]!;
      const fields = checkoutFormFields({ email: input.email });
      return callAction<{ formError: string | null }>(checkoutRoute, formPost("/checkout", fields, { cookie }), {
        db: t.db,
        context: { config, clientIp: input.ip },
      });
    }

    it("a 4th unpaid order of one e-mail (from any IP) is refused with 429, nothing written; a lapsed hold frees its place", async () => {
      const email = `tope-${newId()}@example.com`;
      for (let i = 0; i < 3; i++) expect((await checkout({ email, ip: `192.0.2.${i + 1}` })).status).toBe(303);
      const before = await orderWrites(t.db);

      const refused = await checkout({ email: email.toUpperCase(), ip: "192.0.2.50" });

      expect(refused.status).toBe(429);
      expect(refused.data?.formError).toBe(CHECKOUT_MESSAGES.tooManyUnpaidOrders);
      const after = await orderWrites(t.db);
      expect({ ...after, stock: 0, cartItems: 0 }).toEqual({ ...before, stock: 0, cartItems: 0 });
      expect(after.orders).toBe(before.orders);

      // Once one of the three lapses (released by the job), the e-mail may order again.
      const [oldest] = await t.db.select().from(orders).where(eq(orders.guestEmail, email)).orderBy(orders.createdAt).limit(1);
      await t.db
        .update(orders)
        .set({ holdUntil: new Date(Date.now() - MINUTE_MS) })
        .where(eq(orders.id, oldest!.id));
      await expireUnpaidOrders(t.db, {});
      expect((await checkout({ email, ip: "192.0.2.51" })).status).toBe(303);
    });

    it("a stranger's guest orders typed with a customer's e-mail never block that customer signed in (they count against their own IPs)", async () => {
      const email = `victima-${newId()}@example.com`;
      const userId = await insertCustomer(t.db, { email });
      for (let i = 0; i < 3; i++) expect((await checkout({ email, ip: `203.0.113.${i + 1}` })).status).toBe(303);
      expect((await checkout({ email, ip: "203.0.113.60", userId })).status).toBe(303);
      // The customer's own unpaid orders still count: three of them, and a 4th is refused.
      for (let i = 0; i < 2; i++) expect((await checkout({ email, ip: `203.0.113.${70 + i}`, userId })).status).toBe(303);
      expect((await checkout({ email, ip: "203.0.113.80", userId })).status).toBe(429);
    });

    it("a 6th unpaid order from one IP (any e-mails) is refused with 429, nothing written; paid orders do not count", async () => {
      const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
      for (let i = 0; i < 5; i++) expect((await checkout({ email: `ip-${i}-${newId()}@example.com`, ip })).status).toBe(303);
      const before = await orderWrites(t.db);

      const refused = await checkout({ email: `otra-${newId()}@example.com`, ip });

      expect(refused.status).toBe(429);
      expect(refused.data?.formError).toBe(CHECKOUT_MESSAGES.tooManyUnpaidOrders);
      expect((await orderWrites(t.db)).orders).toBe(before.orders);

      // One of them paid: a place frees.
      const [one] = await t.db.select().from(orders).where(eq(orders.clientIp, ip)).limit(1);
      await t.db.update(orders).set({ paymentStatus: "approved", orderStatus: "processing" }).where(eq(orders.id, one!.id));
      expect((await checkout({ email: `otra-${newId()}@example.com`, ip })).status).toBe(303);
    });
  });
});
