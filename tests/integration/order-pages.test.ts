/**
 * The payment return pages, /confirmacion and 'Mis Pedidos' through their
 * loaders and actions (docs/requirements.md#payments,
 * docs/architecture.md#browser-state-in-cookies):
 * an order is shown only to its owner (the signed-in customer who placed it, or
 * the browser whose signed pending-order cookie names it); the query is never
 * trusted; the cookie is cleared once its order is paid or has a pending payment; the
 * pages write nothing; 'Pagar Ahora' gives a fresh link for the requester's
 * own payable order only.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_PAGE_MESSAGES } from "#domain/order-pages.ts";
import { PAYMENT_MESSAGES } from "#domain/payments.ts";
import * as successRoute from "#app/routes/payment.success.tsx";
import * as failureRoute from "#app/routes/payment.failure.tsx";
import * as pendingRoute from "#app/routes/payment.pending.tsx";
import * as confirmationRoute from "#app/routes/confirmacion.tsx";
import * as ordersRoute from "#app/routes/mis-pedidos.tsx";
import { parseConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { readPendingOrder, storePendingOrder } from "#server/orders/index.ts";
import type { ReturnPageSummary } from "#app/routes/payment-return.server.ts";
import { insertCustomer, insertOrder, orderRow } from "#tests/fixtures/orders.ts";
import {
  TEST_ORIGIN,
  callAction,
  callLoader,
  cookiesFrom,
  formPost,
  get,
  routeContext,
  signIn,
  type LoaderModule,
} from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";
import type { FormFailure } from "#domain/form-failure.ts";

type PageData = { order: ReturnPageSummary | null; loadFailed?: boolean; stored?: boolean; retryTo?: string };

/** Query strings a provider, a tamperer or a bot may send instead of a real reference. */
const HOSTILE_REFERENCES = [
  "external_reference=null",
  "external_reference=",
  "external_reference=CV-",
  "external_reference=cv-7k3q9m",
  "external_reference=%27%20OR%201%3D1--",
  "external_reference=%00%00",
  `external_reference=${"A".repeat(5000)}`,
  "external_reference=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "external_reference[]=x&external_reference=CV-222222",
  "external_reference=%E0%A4%A",
];

describeEachDatabase("order pages", (t) => {
  const config = () => routeContext(t.db).config;

  async function pendingCookie(order: { id: string; orderNumber: string }, total = 1150): Promise<string> {
    return (await storePendingOrder(config(), { orderNumber: order.orderNumber, id: order.id, total })).split(";")[0]!;
  }

  function load(route: LoaderModule, path: string, cookie = "", db: Database = t.db) {
    return callLoader<PageData>(route, get(path, cookie ? { cookie } : {}), { db });
  }

  const clearsCookie = (headers: Headers) => headers.getSetCookie().some((c) => /^pedido=;/.test(c) && /Max-Age=0/i.test(c));
  const setsAnyCookie = (headers: Headers) => headers.getSetCookie().length > 0;

  describe("/payment/success", () => {
    it("shows the cookie's order from the database (number, final total, payment id), clears the cookie, is private, and writes nothing", async () => {
      const order = await insertOrder(t.db, {
        paymentId: "12345678901",
        paymentStatus: "approved",
        orderStatus: "processing",
        finalTotalCents: 115_050,
      });
      const cookie = await pendingCookie(order, 1);
      const before = await orderRow(t.db, order.id);

      const page = await load(
        successRoute,
        `/payment/success?collection_id=999&collection_status=approved&payment_id=999&status=approved&external_reference=${order.orderNumber}`,
        cookie,
      );

      expect(page.status).toBe(200);
      expect(page.data).toEqual({
        order: {
          orderNumber: order.orderNumber,
          total: 1150.5,
          paymentId: "12345678901",
          email: "invitado@example.com",
          pointsEarned: null,
          state: "paid",
          canPay: false,
          payKey: null,
          refundDue: false,
          // What was ordered and where it ships (issue 29); a guest order placed without a checkout token has no own link.
          items: [{ name: "Carta de prueba", variant: null, image: null, price: 1000, quantity: 1 }],
          shippingAddress: expect.objectContaining({ street: "Av. Reforma 1", zipCode: "06600", name: "Comprador de prueba" }),
          orderPath: null,
          guest: true,
        },
        loadFailed: false,
      });
      expect(clearsCookie(page.headers)).toBe(true);
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      // A browser return never marks anything paid.
      expect(await orderRow(t.db, order.id)).toEqual(before);
    });

    it("a guest without the cookie cannot see an order by its reference: 'no order' (and no cookie is set)", async () => {
      const order = await insertOrder(t.db);
      const page = await load(successRoute, `/payment/success?external_reference=${order.orderNumber}&status=approved`);
      expect(page.status).toBe(200);
      expect(page.data?.order).toBeNull();
      expect(setsAnyCookie(page.headers)).toBe(false);
    });

    it("someone else's reference with my cookie shows my order, not theirs", async () => {
      const mine = await insertOrder(t.db);
      const theirs = await insertOrder(t.db);
      const page = await load(successRoute, `/payment/success?external_reference=${theirs.orderNumber}`, await pendingCookie(mine));
      expect(page.data?.order?.orderNumber).toBe(mine.orderNumber);
    });

    it("a tampered or forged pending-order cookie reads as absent", async () => {
      const order = await insertOrder(t.db);
      const good = await pendingCookie(order);
      const [, value] = good.split("=");
      const forgedPayload = Buffer.from(
        JSON.stringify(JSON.stringify({ orderNumber: order.orderNumber, id: order.id, total: 1 })),
      ).toString("base64");
      for (const cookie of [`pedido=${forgedPayload}`, `pedido=${value!.slice(0, -3)}abc`, "pedido=%%%", `pedido=${"x".repeat(4000)}`]) {
        const page = await load(successRoute, `/payment/success?external_reference=${order.orderNumber}`, cookie);
        expect(page.status, cookie.slice(0, 40)).toBe(200);
        expect(page.data?.order, cookie.slice(0, 40)).toBeNull();
      }
    });

    it("hostile query strings get the empty state, never a 500; with a cookie, the cookie's order", async () => {
      const order = await insertOrder(t.db);
      const cookie = await pendingCookie(order);
      for (const query of HOSTILE_REFERENCES) {
        const anonymous = await load(successRoute, `/payment/success?${query}`);
        expect(anonymous.status, query.slice(0, 40)).toBe(200);
        expect(anonymous.data?.order, query.slice(0, 40)).toBeNull();
        const holder = await load(successRoute, `/payment/success?${query}`, cookie);
        expect(holder.data?.order?.orderNumber, query.slice(0, 40)).toBe(order.orderNumber);
      }
    });

    it("a signed-in buyer sees their own order by reference (no cookie needed) with the points it earns; another customer's is not shown", async () => {
      const ana = await insertCustomer(t.db);
      const beto = await insertCustomer(t.db);
      const order = await insertOrder(t.db, { userId: ana, pointsEarned: 10 });
      const { cookie: anaSession } = await signIn(t.db, ana);
      const { cookie: betoSession } = await signIn(t.db, beto);

      const own = await load(successRoute, `/payment/success?external_reference=${order.orderNumber}`, anaSession);
      expect(own.data?.order).toMatchObject({ orderNumber: order.orderNumber, total: 1150, pointsEarned: 10 });
      expect(setsAnyCookie(own.headers)).toBe(false);

      const other = await load(successRoute, `/payment/success?external_reference=${order.orderNumber}`, betoSession);
      expect(other.data?.order).toBeNull();
    });

    it("a signed-in customer holding the cookie of a guest order sees it, without points", async () => {
      const customer = await insertCustomer(t.db);
      const guestOrder = await insertOrder(t.db, { pointsEarned: 10 });
      const { cookie: session } = await signIn(t.db, customer);
      const page = await load(successRoute, "/payment/success", `${session}; ${await pendingCookie(guestOrder)}`);
      expect(page.data?.order).toMatchObject({ orderNumber: guestOrder.orderNumber, pointsEarned: null });
    });

    it("when the order cannot be read, the stored copy is shown with the load error; with no copy, the error alone", async () => {
      const order = await insertOrder(t.db);
      const cookie = await pendingCookie(order, 1150);
      const broken = new Proxy(t.db, {
        get(target, prop, receiver) {
          if (prop === "select")
            return () => {
              throw new Error("database down");
            };
          return Reflect.get(target, prop, receiver) as unknown;
        },
      });
      const page = await load(successRoute, "/payment/success", cookie, broken);
      expect(page.status).toBe(200);
      expect(page.data).toEqual({
        order: {
          orderNumber: order.orderNumber,
          total: 1150,
          paymentId: null,
          email: null,
          pointsEarned: null,
          state: null,
          canPay: false,
          payKey: null,
          refundDue: false,
          items: [],
          shippingAddress: null,
          orderPath: null,
          guest: false,
        },
        loadFailed: true,
      });
      const none = await load(successRoute, `/payment/success?external_reference=${order.orderNumber}`, "", broken);
      expect(none.data).toEqual({ order: null, loadFailed: true });
    });
  });

  describe("/payment/failure", () => {
    it("keeps the cookie and shows its order's number; 'Intentar de nuevo' knows an order is stored", async () => {
      const order = await insertOrder(t.db, { paymentStatus: "rejected" });
      const page = await load(
        failureRoute,
        `/payment/failure?status=rejected&external_reference=${order.orderNumber}`,
        await pendingCookie(order),
      );
      expect(page.status).toBe(200);
      expect(page.data).toMatchObject({ order: { orderNumber: order.orderNumber }, stored: true });
      expect(setsAnyCookie(page.headers)).toBe(false);
    });

    it("without a cookie: no order, nothing stored (try again goes to the cart); someone else's reference is not shown", async () => {
      const order = await insertOrder(t.db);
      const page = await load(failureRoute, `/payment/failure?external_reference=${order.orderNumber}`);
      expect(page.data).toMatchObject({ order: null, stored: false, retryTo: "/carrito" });
      for (const query of HOSTILE_REFERENCES) {
        const hostile = await load(failureRoute, `/payment/failure?${query}`);
        expect(hostile.status, query.slice(0, 40)).toBe(200);
        expect(hostile.data, query.slice(0, 40)).toMatchObject({ order: null, stored: false, retryTo: "/carrito" });
      }
    });
  });

  describe("/payment/pending", () => {
    it("shows the stored order's number and total and clears the cookie once its payment is pending; without one, no order and no cookie", async () => {
      // The provider reported a cash payment to be made (its id is recorded, the payment 'pending').
      const order = await insertOrder(t.db, { paymentId: "12345678902" });
      const withCookie = await load(
        pendingRoute,
        `/payment/pending?status=pending&payment_type=ticket&external_reference=${order.orderNumber}`,
        await pendingCookie(order),
      );
      expect(withCookie.data?.order).toMatchObject({ orderNumber: order.orderNumber, total: 1150 });
      expect(clearsCookie(withCookie.headers)).toBe(true);
      expect((await orderRow(t.db, order.id)).paymentStatus).toBe("pending");

      const without = await load(pendingRoute, `/payment/pending?external_reference=${order.orderNumber}`);
      expect(without.data).toEqual({ order: null, loadFailed: false });
      expect(setsAnyCookie(without.headers)).toBe(false);
      for (const query of HOSTILE_REFERENCES) {
        expect((await load(pendingRoute, `/payment/pending?${query}`)).status, query.slice(0, 40)).toBe(200);
      }
    });
  });

  describe("/confirmacion", () => {
    it("shows number, total and e-mail of ?pedido= to the cookie's browser and to the signed-in owner; nobody else", async () => {
      const ana = await insertCustomer(t.db, { email: "ana-confirma@example.com" });
      const beto = await insertCustomer(t.db);
      const guestOrder = await insertOrder(t.db, { finalTotalCents: 0, paymentStatus: "approved", orderStatus: "processing" });
      const anaOrder = await insertOrder(t.db, { userId: ana });

      const guest = await load(confirmationRoute, `/confirmacion?pedido=${guestOrder.orderNumber}`, await pendingCookie(guestOrder, 0));
      expect(guest.data?.order).toMatchObject({ orderNumber: guestOrder.orderNumber, total: 0, email: "invitado@example.com" });

      const owner = await load(confirmationRoute, `/confirmacion?pedido=${anaOrder.orderNumber}`, (await signIn(t.db, ana)).cookie);
      expect(owner.data?.order).toMatchObject({ orderNumber: anaOrder.orderNumber, email: "ana-confirma@example.com" });

      const other = await load(confirmationRoute, `/confirmacion?pedido=${anaOrder.orderNumber}`, (await signIn(t.db, beto)).cookie);
      expect(other.data?.order).toBeNull();
      const stranger = await load(confirmationRoute, `/confirmacion?pedido=${guestOrder.orderNumber}`);
      expect(stranger.data?.order).toBeNull();
      const missing = await load(confirmationRoute, "/confirmacion");
      expect(missing.data).toEqual({ order: null, loadFailed: false });
      for (const query of ["pedido=null", "pedido=%27--", `pedido=${"9".repeat(3000)}`, "pedido=%E0%A4%A"]) {
        const hostile = await load(confirmationRoute, `/confirmacion?${query}`);
        expect(hostile.status, query.slice(0, 40)).toBe(200);
        expect(hostile.data?.order, query.slice(0, 40)).toBeNull();
      }
    });
  });

  describe("/mis-pedidos", () => {
    it("logged out goes to /login", async () => {
      const page = await load(ordersRoute, "/mis-pedidos?pedido=CV-222222");
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/mis-pedidos?pedido=CV-222222" })}`);
    });

    it("lists only the customer's orders, newest first, with item count, detail, retry flag, and the ?pedido= one opened", async () => {
      const ana = await insertCustomer(t.db, { email: "ana-lista@example.com" });
      const beto = await insertCustomer(t.db);
      const older = await insertOrder(t.db, {
        userId: ana,
        createdAt: new Date("2026-01-05T18:00:00Z"),
        lines: [
          { productId: null, quantity: 2, unitPriceCents: 30_000 },
          { productId: null, quantity: 1, unitPriceCents: 10_000 },
        ],
        orderStatus: "cancelled",
        cancelReason: "Pago no recibido en 72 horas",
        cancelledAt: new Date("2026-01-08T18:00:00Z"),
        cancelledBy: "sistema",
      });
      const newer = await insertOrder(t.db, {
        userId: ana,
        paymentStatus: "rejected",
        couponCode: "HOLA10",
        discountCents: 11_500,
        trackingNumber: null,
      });
      await insertOrder(t.db, { userId: beto });

      const page = await callLoader<{ orders: Array<Record<string, unknown>>; openNumber: string | null }>(
        ordersRoute,
        get(`/mis-pedidos?pedido=${older.orderNumber}`, { cookie: (await signIn(t.db, ana)).cookie }),
        { db: t.db },
      );
      expect(page.data?.openNumber).toBe(older.orderNumber);
      expect(page.data?.orders.map((o) => o.orderNumber)).toEqual([newer.orderNumber, older.orderNumber]);
      expect(page.data?.orders[0]).toMatchObject({
        itemCount: 1,
        canRetryPayment: true,
        couponCode: "HOLA10",
        discount: 115,
        email: "ana-lista@example.com",
      });
      expect(page.data?.orders[1]).toMatchObject({
        itemCount: 3,
        canRetryPayment: false,
        subtotal: 700,
        cancelReason: "Pago no recibido en 72 horas",
        cancelledBy: "sistema",
        shippingAddress: { street: "Av. Reforma 1", zipCode: "06600", country: "México" },
      });
      expect((page.data?.orders[1]?.items as unknown[]).length).toBe(2);
    });
  });

  describe("'Pagar Ahora'", () => {
    function pay(fields: Record<string, string> | string, cookie = "") {
      return callAction<FormFailure>(ordersRoute, formPost("/mis-pedidos", fields, cookie ? { cookie } : {}), { db: t.db });
    }

    it("a guest is sent to /login and nothing is counted", async () => {
      const order = await insertOrder(t.db);
      const result = await pay({ intent: "pay", orderId: order.id });
      expect(result.status).toBe(302);
      expect(result.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
      expect((await orderRow(t.db, order.id)).paymentAttempts).toBe(0);
    });

    it("another customer's order (or a guest's) is a 404 with the generic message, and nothing is counted", async () => {
      const ana = await insertCustomer(t.db);
      const beto = await insertCustomer(t.db);
      const anaOrder = await insertOrder(t.db, { userId: ana });
      const guestOrder = await insertOrder(t.db);
      const { cookie } = await signIn(t.db, beto);
      for (const id of [anaOrder.id, guestOrder.id]) {
        const result = await pay({ intent: "pay", orderId: id }, cookie);
        expect(result.status).toBe(404);
        expect(result.data).toEqual({ intent: "pay", formError: PAYMENT_MESSAGES.failed, fieldErrors: {}, values: { orderId: id } });
        expect(setsAnyCookie(result.headers)).toBe(false);
        expect((await orderRow(t.db, id)).paymentAttempts).toBe(0);
      }
    });

    it("a paid, refunded or cancelled order is refused (409) with the reason, and nothing is counted", async () => {
      const ana = await insertCustomer(t.db);
      const { cookie } = await signIn(t.db, ana);
      const closed = [
        await insertOrder(t.db, { userId: ana, paymentStatus: "approved", orderStatus: "processing" }),
        await insertOrder(t.db, { userId: ana, paymentStatus: "refunded" }),
        await insertOrder(t.db, { userId: ana, paymentStatus: "rejected", orderStatus: "cancelled" }),
      ];
      for (const order of closed) {
        const result = await pay({ intent: "pay", orderId: order.id }, cookie);
        expect(result.status).toBe(409);
        expect(result.data?.formError).toBe(PAYMENT_MESSAGES.notPayable);
        expect((await orderRow(t.db, order.id)).paymentAttempts).toBe(0);
      }
    });

    it("malformed, oversized or hostile input is a 400 or 404 with a Spanish message, never a 500", async () => {
      const ana = await insertCustomer(t.db);
      const { cookie } = await signIn(t.db, ana);
      const cases: Array<[Record<string, string> | string, number]> = [
        [{}, 400],
        [{ intent: "pay" }, 400],
        [{ intent: "borrar", orderId: "x" }, 400],
        [{ intent: "pay", orderId: "x".repeat(500) }, 400],
        [{ intent: "pay", orderId: "' OR 1=1 --" }, 404],
        [{ intent: "pay", orderId: "00000000-0000-0000-0000-000000000000" }, 404],
        ["%E0%A4%A=&&&=", 400],
      ];
      for (const [fields, status] of cases) {
        const result = await pay(fields, cookie);
        expect(result.status, JSON.stringify(fields)).toBe(status);
        expect(result.data?.formError, JSON.stringify(fields)).toBe(PAYMENT_MESSAGES.failed);
      }
    });

    it("the owner's pending or rejected order: a 303 to a fresh sandbox link, the pending-order cookie naming it, the attempt counted", async () => {
      const ana = await insertCustomer(t.db);
      const { cookie } = await signIn(t.db, ana);
      const order = await insertOrder(t.db, { userId: ana, paymentStatus: "rejected", finalTotalCents: 99_900 });

      const result = await pay({ intent: "pay", orderId: order.id }, cookie);

      expect(result.status).toBe(303);
      expect(new URL(result.headers.get("location")!, TEST_ORIGIN).pathname).toBe(`/sandbox/pago/${order.id}`);
      const stored = await readPendingOrder(new Request(TEST_ORIGIN, { headers: { cookie: cookiesFrom(result.headers) } }), config());
      expect(stored).toEqual({ orderNumber: order.orderNumber, id: order.id, total: 999 });
      expect((await orderRow(t.db, order.id)).paymentAttempts).toBe(1);
    });
  });
});

/** The provider failing: the two messages of domain/payments.ts reach the page. */
describeEachDatabase("'Pagar Ahora' when the provider fails", (t) => {
  let server: http.Server;
  let answer: { status: number; body: string } = { status: 201, body: "{}" };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function mercadoPagoContext() {
    const { port } = server.address() as AddressInfo;
    const config = parseConfig({
      NODE_ENV: "test",
      RATE_LIMIT_FACTOR: "1000",
      PAYMENT_PROVIDER: "mercadopago",
      MERCADOPAGO_ACCESS_TOKEN: "TEST-order-pages",
      MERCADOPAGO_WEBHOOK_SECRET: "order-pages-secret",
      MERCADOPAGO_API_BASE_URL: `http://127.0.0.1:${port}`,
      PUBLIC_URL: "https://tienda.example",
    });
    return routeContext(t.db, { config });
  }

  it("no link in the provider's answer → 'Error: No se pudo obtener el link de pago'; an error answer → 'Error al procesar el pago. Intenta nuevamente.'; no cookie either way", async () => {
    const ana = await insertCustomer(t.db);
    const { cookie } = await signIn(t.db, ana);
    const order = await insertOrder(t.db, { userId: ana });
    const pay = () =>
      callAction<FormFailure>(ordersRoute, formPost("/mis-pedidos", { intent: "pay", orderId: order.id }, { cookie }), {
        context: mercadoPagoContext(),
      });

    answer = { status: 201, body: JSON.stringify({ id: "pref-sin-link" }) };
    const noLink = await pay();
    expect(noLink.status).toBe(502);
    expect(noLink.data).toEqual({ intent: "pay", formError: PAYMENT_MESSAGES.noLink, fieldErrors: {}, values: { orderId: order.id } });
    expect(noLink.headers.getSetCookie()).toEqual([]);

    answer = { status: 400, body: JSON.stringify({ message: "invalid", error: "bad_request", status: 400 }) };
    const failed = await pay();
    expect(failed.status).toBe(502);
    expect(failed.data).toEqual({ intent: "pay", formError: PAYMENT_MESSAGES.failed, fieldErrors: {}, values: { orderId: order.id } });
    expect(failed.headers.getSetCookie()).toEqual([]);
  });

  it("the empty state's text is the shop's", () => {
    expect(ORDER_PAGE_MESSAGES.notFound).toBe("No se encontró información de la orden");
    expect(ORDER_PAGE_MESSAGES.loadFailed).toBe("Error al cargar la información de tu pedido");
  });
});
