/**
 * The links of e-mails built outside any request go to the origin the thing was asked at
 * (docs/requirements.md#e-mails-sent), on a shop without PUBLIC_URL, as a real SMTP server on
 * 127.0.0.1 receives them: an unpaid order placed at one origin lapses (the expiry job, no request),
 * its stock comes back, and the back-in-stock e-mails of alerts asked at two other origins (a
 * customer's, and a guest's confirmed through its link) link each to its own origin, as does the
 * order's 'fue cancelado'. An alert or an order from before origins were kept links to the
 * configured origin (server/mail/link-origin.ts), never to a fixed host.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as alertAction } from "#app/routes/alertas.tsx";
import { action as confirmAction } from "#app/routes/alertas.confirmar.tsx";
import { action as checkoutAction } from "#app/routes/checkout.tsx";
import { cartCookie } from "#server/cart/cart-cookie.server.ts";
import { getConfig, resetConfigForTests } from "#server/config.ts";
import { newId } from "#server/db/ids.ts";
import { orders, outbox, stockAlerts } from "#server/db/schema.ts";
import { releaseLapsedHolds } from "#server/jobs/unpaid-orders.server.ts";
import { configuredOrigin } from "#server/mail/link-origin.ts";
import type { MailPayload } from "#server/mail/outbox.server.ts";
import { deliverDueMail } from "#server/mail/worker.server.ts";
import { sandboxProvider } from "#server/payments/sandbox.server.ts";
import { queueBackInStockMail } from "#server/stock-alerts/index.ts";
import { cartWith, checkoutFormFields } from "#tests/fixtures/checkout.ts";
import { insertCustomer } from "#tests/fixtures/orders.ts";
import { insertProduct, setProductStock } from "#tests/fixtures/products.ts";
import { routeContext, settle, signIn } from "#tests/fixtures/route-context.ts";
import { startTestSmtp, webLinksOf, type TestSmtp } from "#tests/fixtures/smtp.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const ORDER_ORIGIN = "http://192.168.1.20:3000";
const CUSTOMER_ORIGIN = "https://tienda.example";
const GUEST_ORIGIN = "https://cartas.example:8443";
const HOUR_MS = 60 * 60 * 1000;

let smtp: TestSmtp;
const savedPublicUrl = process.env.PUBLIC_URL;

beforeAll(async () => {
  delete process.env.PUBLIC_URL;
  resetConfigForTests();
  smtp = await startTestSmtp();
});

afterAll(async () => {
  await smtp.close();
  if (savedPublicUrl !== undefined) process.env.PUBLIC_URL = savedPublicUrl;
  resetConfigForTests();
});

/** A form POST as a browser at `origin` sends it (the shop reached at that origin). */
function postAt(origin: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(origin + path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describeEachDatabase("e-mail links outside a request, without PUBLIC_URL", (t) => {
  const context = () => routeContext(t.db);

  it("the expiry job's restock mails each alert at the origin it was asked at, and the order at its checkout's", async () => {
    expect(getConfig().PUBLIC_URL).toBeUndefined();
    const card = await insertProduct(t.db, { name: "Charizard ex", stock: 1 });

    // A guest's checkout at ORDER_ORIGIN holds the one copy, and does not pay.
    const guestEmail = `pedido-${t.kind}@example.test`;
    const cartId = await cartWith(t.db, [{ productId: card, quantity: 1 }]);
    const cookie = (await cartCookie(context().config).serialize(cartId)).split(";")[0]!;
    const placed = await settle(() =>
      checkoutAction({
        request: postAt(ORDER_ORIGIN, "/checkout", checkoutFormFields({ email: guestEmail }), { cookie }),
        params: {},
        context: context(),
      } as never),
    );
    expect(placed.status).toBe(303);
    const [order] = await t.db.select().from(orders).where(eq(orders.guestEmail, guestEmail));
    expect(order!.origin).toBe(ORDER_ORIGIN);

    // Sold out: a signed-in customer asks at CUSTOMER_ORIGIN, a guest at GUEST_ORIGIN and confirms there.
    const customerEmail = `cliente-${t.kind}@example.test`;
    const { cookie: customerCookie } = await signIn(t.db, await insertCustomer(t.db, { email: customerEmail }));
    const asked = await settle(() =>
      alertAction({
        request: postAt(CUSTOMER_ORIGIN, "/alertas", { productId: card, variantId: "" }, { cookie: customerCookie }),
        params: {},
        context: context(),
      } as never),
    );
    expect(asked.status).toBe(200);
    const guestAlertEmail = `invitado-${t.kind}@example.test`;
    const guestAsked = await settle(() =>
      alertAction({
        request: postAt(GUEST_ORIGIN, "/alertas", { email: guestAlertEmail, productId: card, variantId: "" }),
        params: {},
        context: context(),
      } as never),
    );
    expect(guestAsked.status).toBe(200);
    const [confirmMail] = await t.db.select().from(outbox).where(eq(outbox.recipient, guestAlertEmail));
    const confirmUrl = (confirmMail!.payload as MailPayload).text.match(/https?:\/\/\S+\/alertas\/confirmar\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(confirmUrl?.startsWith(`${GUEST_ORIGIN}/alertas/confirmar/`)).toBe(true);
    const confirmed = await settle(() =>
      confirmAction({
        request: postAt(GUEST_ORIGIN, new URL(confirmUrl!).pathname, {}),
        params: { token: confirmUrl!.split("/").pop() },
        context: context(),
      } as never),
    );
    expect(confirmed.status).toBe(200);
    const alerts = await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, card));
    expect(Object.fromEntries(alerts.map((a) => [a.email, a.origin]))).toEqual({
      [customerEmail]: CUSTOMER_ORIGIN,
      [guestAlertEmail]: GUEST_ORIGIN,
    });

    // The job, as the server runs it without PUBLIC_URL: no request, no origin of its own.
    const cancelled = await releaseLapsedHolds(t.db, sandboxProvider(getConfig(), t.db), { now: new Date(Date.now() + 2 * HOUR_MS) });
    expect(cancelled).toBe(1);
    await deliverDueMail(t.db, smtp.transport);

    for (const [to, origin, subject] of [
      [customerEmail, CUSTOMER_ORIGIN, "Ya tenemos Charizard ex de nuevo"],
      [guestAlertEmail, GUEST_ORIGIN, "Ya tenemos Charizard ex de nuevo"],
      [guestEmail, ORDER_ORIGIN, "fue cancelado"],
    ]) {
      const mail = smtp.receivedBy(to!).find((m) => m.subject?.includes(subject!));
      expect(mail, `${subject} to ${to}`).toBeDefined();
      const links = webLinksOf(mail!);
      expect(links.length, `links of ${subject}`).toBeGreaterThanOrEqual(subject!.startsWith("Ya") ? 3 : 2);
      for (const link of links) expect(link.startsWith(`${origin}/`), `${link} in ${subject} to ${to}`).toBe(true);
    }
  });

  it("an alert asked before origins were kept links to the configured origin (HOST, PORT), never to a fixed host", async () => {
    const card = await insertProduct(t.db, { name: "Pikachu ex", stock: 0 });
    const email = `antiguo-${t.kind}@example.test`;
    await t.db.insert(stockAlerts).values({ id: newId(), email, productId: card, variantId: null, confirmedAt: new Date() });
    await setProductStock(t.db, card, 2);
    await t.db.transaction((tx) => queueBackInStockMail(tx, [card]));
    await deliverDueMail(t.db, smtp.transport);

    const [mail] = smtp.receivedBy(email);
    const origin = configuredOrigin(getConfig());
    expect(origin).not.toMatch(/localhost/);
    const links = webLinksOf(mail!);
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) expect(link.startsWith(`${origin}/`), link).toBe(true);
    expect(links).toContain(`${origin}/producto/${card}?variante=nm-en`);
  });
});
