/**
 * 'Consulta tu pedido' (/consulta-pedido, docs/requirements.md#orders-and-statuses): the order's
 * number and contact e-mail lead (303) to the order's own link, the one its e-mails carry, and the
 * link shows the order; a wrong pair, an unknown or malformed number answer one message and one
 * status; attempts are rate-limited per IP and per order number (429); missing, hostile and
 * oversized values are refused with a FormFailure and a 4xx; a wrong key shows nothing.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { FormFailure } from "#domain/form-failure.ts";
import * as lookupRoute from "#app/routes/consulta-pedido.tsx";
import type { Database } from "#server/db/client.ts";
import { orders, outbox, rateLimits } from "#server/db/schema.ts";
import type { MailPayload } from "#server/mail/outbox.server.ts";
import { newCheckoutToken, newOrderNumber, orderLink, orderLinkKey, placeOrder } from "#server/orders/index.ts";
import { cartWith, checkoutInput } from "#tests/fixtures/checkout.ts";
import { insertCustomer, insertOrder } from "#tests/fixtures/orders.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { TEST_ORIGIN, callAction, callLoader, formPost, get, routeContext, signIn } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const NOT_FOUND = "No encontramos un pedido con ese número y correo. Revisa los datos e intenta de nuevo.";
const RATE_LIMITED = "Demasiados intentos. Espera unos minutos e inténtalo de nuevo.";

let n = 0;
const uniqueEmail = (tag: string) => `${tag}${++n}-${Date.now()}@example.com`;
let ipCounter = 0;
const uniqueIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

interface LookupOrder {
  orderNumber: string;
  items: { name: string; price: number; quantity: number }[];
  email: string;
  finalTotal: number;
  orderStatus: string;
  paymentStatus: string;
  trackingNumber: string | null;
  shippingMethod: string;
  cancelReason: string | null;
  cancelledAt: string | null;
  canPay: boolean;
  payHere: boolean;
  payKey: string;
}
type PageData = { order: LookupOrder | null; loadFailed: boolean };

describeEachDatabase("'Consulta tu pedido'", (t) => {
  const post = (fields: Record<string, string> | string, options: { ip?: string; factor?: number; db?: Database } = {}) => {
    const base = routeContext(options.db ?? t.db);
    const context = {
      ...base,
      clientIp: options.ip ?? base.clientIp,
      config: { ...base.config, RATE_LIMIT_FACTOR: options.factor ?? 1000 },
    };
    return callAction<FormFailure>(lookupRoute, formPost("/consulta-pedido", fields), { context });
  };
  const load = (path: string, cookie = "") => callLoader<PageData>(lookupRoute, get(path, cookie ? { cookie } : {}), { db: t.db });
  const rateLimitRows = async () => await t.db.select().from(rateLimits).orderBy(rateLimits.key);

  async function guestOrder(email: string) {
    const card = await insertProduct(t.db, { stock: 3, priceCents: 50_000 });
    const placed = await placeOrder(
      t.db,
      checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }]), { contact: { name: "Gina", email, phone: "5512345678" } }),
      { publicUrl: "https://tienda.example" },
    );
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
    const { text } = mail!.payload as MailPayload;
    const link = /https:\/\/tienda\.example\/\S+/.exec(text.slice(text.indexOf("Ver mi pedido")))?.[0] ?? "";
    return { placed, link: new URL(link) };
  }

  it("the right pair (number and e-mail as typed on a phone) goes to the e-mail's own link, which shows the order", async () => {
    const email = uniqueEmail("gina-consulta");
    const { placed, link } = await guestOrder(email);
    // The e-mail of a guest's order links to this page, with the order's key.
    expect(link.pathname).toBe("/consulta-pedido");
    expect(link.searchParams.get("pedido")).toBe(placed.orderNumber);

    const found = await post({ intent: "lookup", pedido: ` ${placed.orderNumber.toLowerCase()} `, email: `  ${email.toUpperCase()} ` });
    expect(found.status).toBe(303);
    const location = new URL(found.headers.get("location")!, TEST_ORIGIN);
    expect(location.pathname + location.search).toBe(link.pathname + link.search);

    const page = await load(location.pathname + location.search);
    expect(page.status).toBe(200);
    expect(page.data?.order).toMatchObject({
      orderNumber: placed.orderNumber,
      email,
      items: [{ price: 500, quantity: 1 }],
      orderStatus: "pending",
      paymentStatus: "pending",
      canPay: true,
      payHere: true,
    });
    // Nothing the buyer should not see: no account, no internal notes.
    expect(Object.keys(page.data!.order!)).not.toContain("user");
    expect(Object.keys(page.data!.order!)).not.toContain("notes");
  });

  it("a wrong e-mail, an unknown number and a malformed one answer the same message and status", async () => {
    const email = uniqueEmail("gina-mal");
    const { placed } = await guestOrder(email);
    const other = await guestOrder(uniqueEmail("otro"));
    const answers = await Promise.all(
      [
        { pedido: placed.orderNumber, email: uniqueEmail("intruso") },
        { pedido: placed.orderNumber, email: `${email}x` },
        { pedido: other.placed.orderNumber, email },
        { pedido: "CV-ZZZZZZ", email },
        { pedido: "CV-0O1IL", email },
        { pedido: "' OR 1=1 --", email },
        { pedido: placed.orderNumber, email: "no-es-un-correo" },
      ].map((fields) => post({ intent: "lookup", ...fields })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.data).toEqual({ intent: "lookup", formError: NOT_FOUND, fieldErrors: {}, values: expect.any(Object) });
      expect(answer.headers.get("location")).toBeNull();
    }
  });

  it("a filled honeypot finds nothing, even with the right pair", async () => {
    const email = uniqueEmail("gina-robot");
    const { placed } = await guestOrder(email);
    const answer = await post({ intent: "lookup", pedido: placed.orderNumber, email, sitio_web: "http://spam.example" });
    expect(answer.status).toBe(404);
    expect(answer.data?.formError).toBe(NOT_FOUND);
  });

  it("wrong guesses are limited per order number (8) and every lookup per IP (20) in 15 minutes, with 429 in Spanish", async () => {
    const email = uniqueEmail("gina-limite");
    const { placed, link } = await guestOrder(email);
    const guess = () =>
      post({ intent: "lookup", pedido: placed.orderNumber, email: uniqueEmail("adivina") }, { factor: 1, ip: uniqueIp() });
    const perOrder: number[] = [];
    for (let i = 0; i < 9; i++) perOrder.push((await guess()).status);
    expect(perOrder).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 429]);

    // Strangers guessing e-mails for a number (printed on a packing slip) do not lock its owner out.
    const owner = await post(
      { intent: "lookup", pedido: placed.orderNumber.toLowerCase(), email: email.toUpperCase() },
      { factor: 1, ip: uniqueIp() },
    );
    expect(owner.status).toBe(303);
    const location = new URL(owner.headers.get("location")!, TEST_ORIGIN);
    expect(location.pathname + location.search).toBe(link.pathname + link.search);
    const limited = await guess();
    expect(limited.status).toBe(429);
    expect(limited.data).toMatchObject({ intent: "lookup", formError: RATE_LIMITED, values: { pedido: placed.orderNumber } });

    const ip = uniqueIp();
    const unknown = newOrderNumber();
    const perIp: number[] = [];
    for (let i = 0; i < 21; i++)
      perIp.push((await post({ intent: "lookup", pedido: unknown, email: uniqueEmail("ip") }, { factor: 1, ip })).status);
    // The unknown number's own counter runs out first (8), then the IP's (20).
    expect(perIp.slice(0, 8)).toEqual(Array(8).fill(404));
    expect(perIp[20]).toBe(429);
    // Over its own allowance an IP is refused even the right pair of another order.
    const otherEmail = uniqueEmail("gina-ip");
    const otherOrder = await guestOrder(otherEmail);
    const overIp = await post({ intent: "lookup", pedido: otherOrder.placed.orderNumber, email: otherEmail }, { factor: 1, ip });
    expect(overIp.status).toBe(429);
    expect(overIp.data?.formError).toBe(RATE_LIMITED);
  });

  it("missing, hostile and oversized values are refused with a FormFailure and a 4xx, never a 500, and count nothing", async () => {
    const before = JSON.stringify(await rateLimitRows());
    const cases: Array<Record<string, string> | string> = [
      {},
      { intent: "lookup", pedido: "", email: "" },
      { intent: "lookup", pedido: "   ", email: "ana@example.com" },
      { intent: "lookup", pedido: "CV-7K3Q9M", email: "  " },
    ];
    for (const fields of cases) {
      const answer = await post(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.data?.fieldErrors.pedido ?? answer.data?.fieldErrors.email).toBeDefined();
    }
    expect((await post({ intent: "lookup", pedido: "", email: "" })).data?.fieldErrors).toEqual({
      pedido: ["Ingresa el número de tu pedido"],
      email: ["El correo electrónico es requerido"],
    });
    expect(JSON.stringify(await rateLimitRows())).toBe(before);

    for (const fields of [
      { intent: "lookup", pedido: "CV-".padEnd(100_000, "A"), email: "a".repeat(100_000) + "@example.com" },
      { intent: "lookup", pedido: "\u0000CV-7K3Q9M<script>", email: "<img src=x>@example.com" },
      { intent: "<script>", pedido: "CV-7K3Q9M", email: "ana@example.com" },
    ]) {
      const answer = await post(fields);
      expect(answer.status).toBe(404);
      expect(answer.data?.formError).toBe(NOT_FOUND);
      expect(answer.data?.values.pedido?.length ?? 0).toBeLessThanOrEqual(254);
    }
    // A body that is not a form.
    const notAForm = await callAction<FormFailure>(
      lookupRoute,
      new Request(`${TEST_ORIGIN}/consulta-pedido`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN },
        body: "{}",
      }),
      { db: t.db },
    );
    expect(notAForm.status).toBe(400);
    expect(notAForm.data?.formError).toBe(NOT_FOUND);
  });

  it("a wrong, cut or missing key shows the empty form, whether or not the order exists", async () => {
    const { placed, link } = await guestOrder(uniqueEmail("gina-clave"));
    const key = link.searchParams.get("clave")!;
    const other = await guestOrder(uniqueEmail("gina-otra"));
    for (const query of [
      "",
      `?pedido=${placed.orderNumber}`,
      `?pedido=${placed.orderNumber}&clave=${"A".repeat(43)}`,
      `?pedido=${placed.orderNumber}&clave=${key.slice(0, -1)}`,
      `?pedido=${other.placed.orderNumber}&clave=${key}`,
      `?pedido=CV-ZZZZZZ&clave=${key}`,
      `?pedido=%3Cscript%3E&clave=${"x".repeat(5000)}`,
    ]) {
      const page = await load(`/consulta-pedido${query}`);
      expect(page.status, query.slice(0, 60)).toBe(200);
      expect(page.data, query.slice(0, 60)).toEqual({ order: null, loadFailed: false });
    }
  });

  it("finds a customer's order by its contact e-mail; it shows its tracking and, signed out, sends 'Pagar Ahora' to the account", async () => {
    const email = uniqueEmail("carla-cliente");
    const carla = await insertCustomer(t.db, { email });
    const token = newCheckoutToken();
    const order = await insertOrder(t.db, {
      userId: carla,
      guestEmail: email,
      checkoutToken: token,
      shippingMethod: "dhl",
    });
    // A customer's e-mails still link to 'Mis Pedidos'.
    expect(
      new URL(orderLink("https://tienda.example", { orderNumber: order.orderNumber, userId: carla, checkoutToken: token })).pathname,
    ).toBe("/mis-pedidos");
    const found = await post({ intent: "lookup", pedido: order.orderNumber, email });
    expect(found.status).toBe(303);
    const path = found.headers.get("location")!;
    expect(path).toBe(`/consulta-pedido?pedido=${order.orderNumber}&clave=${orderLinkKey(token)}`);
    const page = await load(path);
    expect(page.data?.order).toMatchObject({ orderNumber: order.orderNumber, canPay: true, payHere: false });
    // Signed in as its owner, it is paid here.
    const owner = await load(path, (await signIn(t.db, carla)).cookie);
    expect(owner.data?.order).toMatchObject({ payHere: true });

    await t.db
      .update(orders)
      .set({ paymentStatus: "approved", orderStatus: "shipped", trackingNumber: "1234567890" })
      .where(eq(orders.id, order.id));
    const shipped = await load(path);
    expect(shipped.data?.order).toMatchObject({
      orderStatus: "shipped",
      trackingNumber: "1234567890",
      shippingMethod: "dhl",
      canPay: false,
    });
  });

  it("a cancelled order shows its reason and date", async () => {
    const { placed, link } = await guestOrder(uniqueEmail("gina-cancelada"));
    const cancelledAt = new Date("2026-11-20T18:00:00Z");
    await t.db
      .update(orders)
      .set({ orderStatus: "cancelled", cancelReason: "Se agotó la carta", cancelledAt, cancelledBy: "admin" })
      .where(eq(orders.id, placed.id));
    const page = await load(link.pathname + link.search);
    expect(page.data?.order).toMatchObject({
      orderStatus: "cancelled",
      cancelReason: "Se agotó la carta",
      cancelledAt: cancelledAt.toISOString(),
      canPay: false,
    });
  });

  it("'Pagar Ahora' from the page (the /confirmacion action): a 303 to a fresh payment link; a wrong key pays nothing", async () => {
    const { placed, link } = await guestOrder(uniqueEmail("gina-paga"));
    const key = link.searchParams.get("clave")!;
    const pay = await post({ intent: "pay", pedido: placed.orderNumber, clave: key });
    expect(pay.status).toBe(303);
    expect(new URL(pay.headers.get("location")!, TEST_ORIGIN).pathname).toBe(`/sandbox/pago/${placed.id}`);
    const refused = await post({ intent: "pay", pedido: placed.orderNumber, clave: "A".repeat(43) });
    expect(refused.status).toBe(404);
    expect(refused.data?.formError).toBeTruthy();
    const [row] = await t.db.select({ attempts: orders.paymentAttempts }).from(orders).where(eq(orders.id, placed.id));
    expect(row?.attempts).toBe(1);
  });
});
