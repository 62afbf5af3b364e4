/**
 * The buyer's fulfilment e-mails as a real SMTP server on 127.0.0.1 receives them
 * (docs/requirements.md#order-fulfilment): 'order-shipped' with the carrier, the tracking number and
 * the link to the carrier's page with the number filled in; 'order-cancelled' with the reason and the
 * amount refunded; each once, even when the change is posted again.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { cancelOrderAsAdmin, changeOrderStatus } from "#server/fulfilment/index.ts";
import { placeOrder } from "#server/orders/index.ts";
import { applyPayment } from "#server/payments/index.ts";
import { recordSandboxPayment, sandboxProvider } from "#server/payments/sandbox.server.ts";
import { sandboxRefundNoticesIdle } from "#server/payments/sandbox-refund.server.ts";
import { deliverDueMail } from "#server/mail/worker.server.ts";
import { formatMoneyCents } from "#domain/format.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { insertCustomer } from "#tests/fixtures/orders.ts";
import { cartWith, checkoutInput } from "#tests/fixtures/checkout.ts";
import { startTestSmtp, type TestSmtp } from "#tests/fixtures/smtp.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const config = parseConfig({ NODE_ENV: "test", PUBLIC_URL: "http://tienda.test" });
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
});

afterAll(() => smtp.close());

const receivedBy = (to: string, subject: string) => smtp.receivedBy(to).filter((mail) => mail.subject?.includes(subject));

describeEachDatabase("fulfilment e-mails over SMTP", (t) => {
  async function paidOrder(email: string) {
    const userId = await insertCustomer(t.db, { email });
    const card = await insertProduct(t.db, { priceCents: 80_000, stock: 3 });
    const placed = await placeOrder(
      t.db,
      checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }], userId), {
        userId,
        shippingMethod: "dhl",
        contact: { name: "Ana López", email, phone: "5512345678" },
      }),
    );
    const payment = await recordSandboxPayment(t.db, {
      orderId: placed.id,
      orderNumber: placed.orderNumber,
      amountCents: placed.finalTotalCents,
      status: "approved",
    });
    await applyPayment(t.db, payment, "sandbox");
    return placed;
  }
  const admin = async () => ({ kind: "admin" as const, userId: await insertCustomer(t.db), name: "Laura Admin" });

  it("'order-shipped' arrives once, with the carrier, the number and the carrier's page for it", async () => {
    const to = `envio-${t.kind}@example.test`;
    const placed = await paidOrder(to);
    const actor = await admin();
    for (let i = 0; i < 2; i++) {
      await changeOrderStatus(t.db, {
        orderNumber: placed.orderNumber,
        status: "shipped",
        trackingNumber: "JD014600003828",
        actor,
        publicUrl: "http://tienda.test",
      });
    }
    await deliverDueMail(t.db, smtp.transport);

    const shipped = receivedBy(to, "va en camino");
    expect(shipped).toHaveLength(1);
    const mail = shipped[0]!;
    expect(mail.subject).toBe(`Tu pedido ${placed.orderNumber} va en camino - Cartas del Valle`);
    expect(mail.text).toContain("DHL Express");
    expect(mail.text).toContain("JD014600003828");
    expect(mail.html).toContain('href="https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=JD014600003828&amp;submit=1"');
    expect(mail.html).toContain(`http://tienda.test/mis-pedidos?pedido=${placed.orderNumber}`);
  });

  it("'order-cancelled' of a paid order arrives once, with the reason and the amount refunded", async () => {
    const to = `cancelado-${t.kind}@example.test`;
    const placed = await paidOrder(to);
    await cancelOrderAsAdmin(t.db, sandboxProvider(config, t.db, { refundNoticeDelayMs: 0 }), {
      orderNumber: placed.orderNumber,
      reason: "La carta llegó dañada del proveedor <b>",
      actor: await admin(),
    });
    await sandboxRefundNoticesIdle();
    await deliverDueMail(t.db, smtp.transport);

    const cancelled = receivedBy(to, "fue cancelado");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toContain("La carta llegó dañada del proveedor <b>");
    expect(cancelled[0]!.html).toContain("La carta llegó dañada del proveedor &lt;b&gt;");
    expect(cancelled[0]!.text).toContain(formatMoneyCents(placed.finalTotalCents));
  });
});
