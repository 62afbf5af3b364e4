/**
 * The payment return pages, /confirmacion and the order e-mail's link, for the
 * two ways a shopper was stranded or exposed:
 * - the pages show the order's real state from the database: an unpaid order is
 *   never 'paid' nor 'being verified', and is offered a way to pay; the
 *   pending-order cookie is cleared only for the order it names, once that
 *   order is paid or has a pending payment;
 * - the 'Recibimos tu pedido' e-mail of a guest links to a page of that order
 *   that works without the cookie but cannot be guessed, and the order can be
 *   paid from there;
 * - a customer's order is shown through the cookie only to that customer, and
 *   signing in or out clears the cookie.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FormFailure } from "#domain/form-failure.ts";
import * as successRoute from "#app/routes/payment.success.tsx";
import * as failureRoute from "#app/routes/payment.failure.tsx";
import * as pendingRoute from "#app/routes/payment.pending.tsx";
import * as confirmationRoute from "#app/routes/confirmacion.tsx";
import * as checkoutRoute from "#app/routes/checkout.tsx";
import * as logoutRoute from "#app/routes/logout.ts";
import * as loginRoute from "#app/routes/login.tsx";
import { registerUser } from "#server/accounts/users.server.ts";
import { orders, outbox } from "#server/db/schema.ts";
import type { MailPayload } from "#server/mail/outbox.server.ts";
import { placeOrder, readPendingOrder, storePendingOrder } from "#server/orders/index.ts";
import { cartWith, checkoutInput } from "#tests/fixtures/checkout.ts";
import { insertCustomer, insertOrder, orderRow } from "#tests/fixtures/orders.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import {
  CookieJar,
  TEST_ORIGIN,
  callAction,
  callLoader,
  formPost,
  get,
  routeContext,
  signIn,
  type LoaderModule,
} from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

interface Summary {
  orderNumber: string;
  total: number;
  email: string | null;
  state: string | null;
  canPay: boolean;
  payKey: string | null;
}
type PageData = { order: Summary | null; loadFailed?: boolean; stored?: boolean };

let n = 0;
const uniqueEmail = (tag: string) => `${tag}${++n}-${Date.now()}@example.com`;

describeEachDatabase("payment return pages: real state, the cookie, the e-mail's link", (t) => {
  const config = () => routeContext(t.db).config;

  async function pendingCookie(order: { id: string; orderNumber: string }, total = 1150): Promise<string> {
    return (await storePendingOrder(config(), { orderNumber: order.orderNumber, id: order.id, total })).split(";")[0]!;
  }

  function load(route: LoaderModule, path: string, cookie = "") {
    return callLoader<PageData>(route, get(path, cookie ? { cookie } : {}), { db: t.db });
  }

  const clearsCookie = (headers: Headers) => headers.getSetCookie().some((c) => /^pedido=;/.test(c) && /Max-Age=0/i.test(c));

  describe("defect 7: the order's real state", () => {
    it("an unpaid order (no payment made) is neither paid nor being verified on any return page, and its cookie is kept", async () => {
      const order = await insertOrder(t.db);
      const cookie = await pendingCookie(order);
      for (const path of [
        `/payment/pending?external_reference=${order.orderNumber}`,
        `/payment/success?external_reference=${order.orderNumber}`,
        `/confirmacion?pedido=${order.orderNumber}`,
      ]) {
        const route = path.startsWith("/payment/pending")
          ? pendingRoute
          : path.startsWith("/payment/success")
            ? successRoute
            : confirmationRoute;
        const page = await load(route, path, cookie);
        expect(page.status, path).toBe(200);
        expect(page.data?.order, path).toMatchObject({ orderNumber: order.orderNumber, state: "unpaid", canPay: true });
        expect(clearsCookie(page.headers), path).toBe(false);
      }
      // The cookie still offers the order at /checkout (the cart is empty).
      const checkout = await callLoader<{ kind: string; order: { orderNumber: string } }>(checkoutRoute, get("/checkout", { cookie }), {
        db: t.db,
      });
      expect(checkout.status).toBe(200);
      expect(checkout.data).toMatchObject({ kind: "retry", order: { orderNumber: order.orderNumber } });
    });

    it("a paid order clears its cookie on /payment/success; a pending payment (cash, transfer) clears it on /payment/pending", async () => {
      const paid = await insertOrder(t.db, { paymentStatus: "approved", orderStatus: "processing", paymentId: "11111111111" });
      const success = await load(successRoute, "/payment/success", await pendingCookie(paid));
      expect(success.data?.order).toMatchObject({ orderNumber: paid.orderNumber, state: "paid", canPay: false });
      expect(clearsCookie(success.headers)).toBe(true);

      const cash = await insertOrder(t.db, { paymentStatus: "pending", paymentId: "22222222222" });
      const pending = await load(pendingRoute, "/payment/pending", await pendingCookie(cash));
      expect(pending.data?.order).toMatchObject({ orderNumber: cash.orderNumber, state: "verifying", canPay: false });
      expect(clearsCookie(pending.headers)).toBe(true);

      const rejected = await insertOrder(t.db, { paymentStatus: "rejected", paymentId: "33333333333" });
      const failure = await load(failureRoute, "/payment/failure", await pendingCookie(rejected));
      expect(failure.data?.order).toMatchObject({ state: "rejected", canPay: true });
      expect(clearsCookie(failure.headers)).toBe(false);
    });

    it("a provider's return that reports a payment the shop has not been notified of yet: 'confirming', no 'Pagar Ahora', the cookie kept", async () => {
      const order = await insertOrder(t.db);
      const cookie = await pendingCookie(order);
      const page = await load(
        successRoute,
        `/payment/success?collection_id=98765432101&collection_status=approved&payment_id=98765432101&status=approved&external_reference=${order.orderNumber}`,
        cookie,
      );
      expect(page.data?.order).toMatchObject({ orderNumber: order.orderNumber, state: "confirming", canPay: false });
      expect(clearsCookie(page.headers)).toBe(false);
      // "null" ids (the provider's missing values) or a refused status claim nothing.
      for (const query of ["payment_id=null&status=approved", "payment_id=123&status=rejected", "payment_id=12a&status=approved"]) {
        const claimed = await load(successRoute, `/payment/success?${query}&external_reference=${order.orderNumber}`, cookie);
        expect(claimed.data?.order?.state, query).toBe("unpaid");
      }
    });

    it("the cookie is cleared only for the order it names: a customer's other paid order leaves it alone", async () => {
      const ana = await insertCustomer(t.db);
      const { cookie: session } = await signIn(t.db, ana);
      const unpaid = await insertOrder(t.db, { userId: ana });
      const paid = await insertOrder(t.db, { userId: ana, paymentStatus: "approved", orderStatus: "processing", paymentId: "44444444444" });
      const page = await load(
        successRoute,
        `/payment/success?external_reference=${paid.orderNumber}`,
        `${session}; ${await pendingCookie(unpaid)}`,
      );
      expect(page.data?.order).toMatchObject({ orderNumber: paid.orderNumber, state: "paid" });
      expect(clearsCookie(page.headers)).toBe(false);
    });

    it("/confirmacion does not confirm an unpaid order; it confirms one with nothing to pay", async () => {
      const free = await insertOrder(t.db, { finalTotalCents: 0, paymentStatus: "approved", orderStatus: "processing" });
      const page = await load(confirmationRoute, `/confirmacion?pedido=${free.orderNumber}`, await pendingCookie(free, 0));
      expect(page.data?.order).toMatchObject({ state: "paid", canPay: false });
      const cancelled = await insertOrder(t.db, { orderStatus: "cancelled", cancelReason: "Pago no recibido" });
      const closed = await load(confirmationRoute, `/confirmacion?pedido=${cancelled.orderNumber}`, await pendingCookie(cancelled));
      expect(closed.data?.order).toMatchObject({ state: "cancelled", canPay: false });
    });
  });

  describe("defect 7: the e-mail's link", () => {
    async function guestOrderWithMail(email: string) {
      const card = await insertProduct(t.db, { stock: 3, priceCents: 50_000 });
      const placed = await placeOrder(
        t.db,
        checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }]), {
          contact: { name: "Gina", email, phone: "5512345678" },
        }),
        { publicUrl: "https://tienda.example" },
      );
      const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
      const { text, html } = mail!.payload as MailPayload;
      const link = /https:\/\/tienda\.example\/\S+/.exec(text.slice(text.indexOf("Ver mi pedido")))?.[0] ?? "";
      return { placed, link: new URL(link), html };
    }

    it("a guest's unpaid order links with a key; /confirmacion (e-mails sent before 'Consulta tu pedido') opens it without the cookie, shows it unpaid, and can pay it", async () => {
      const email = uniqueEmail("correo-liga");
      const { placed, link, html } = await guestOrderWithMail(email);
      expect(link.pathname).toBe("/consulta-pedido");
      expect(link.searchParams.get("pedido")).toBe(placed.orderNumber);
      const key = link.searchParams.get("clave") ?? "";
      expect(key).toMatch(/^[A-Za-z0-9_-]{32,}$/);
      expect(html).toContain(`href="${link.href.replace(/&/g, "&amp;")}"`);

      const page = await load(confirmationRoute, "/confirmacion" + link.search);
      expect(page.data?.order).toMatchObject({ orderNumber: placed.orderNumber, state: "unpaid", canPay: true, email });

      // Guessing does not work: another key, a key cut short, the number alone.
      for (const query of [
        `pedido=${placed.orderNumber}&clave=${"A".repeat(43)}`,
        `pedido=${placed.orderNumber}&clave=${key.slice(0, -1)}`,
        `pedido=${placed.orderNumber}`,
        `pedido=${placed.orderNumber}&clave=${"x".repeat(5000)}`,
      ]) {
        const guess = await load(confirmationRoute, `/confirmacion?${query}`);
        expect(guess.status, query.slice(0, 60)).toBe(200);
        expect(guess.data?.order, query.slice(0, 60)).toBeNull();
      }

      // 'Pagar Ahora' from that page: a 303 to a fresh payment link, and the cookie that names the order for the return pages.
      const jar = new CookieJar();
      const pay = await callAction(
        confirmationRoute,
        formPost(`/confirmacion?pedido=${placed.orderNumber}&clave=${key}`, {
          intent: "pay",
          pedido: placed.orderNumber,
          clave: key,
        }),
        { db: t.db },
      );
      expect(pay.status).toBe(303);
      expect(new URL(pay.headers.get("location")!, TEST_ORIGIN).pathname).toBe(`/sandbox/pago/${placed.id}`);
      jar.store(pay.headers);
      expect(await readPendingOrder(new Request(TEST_ORIGIN, { headers: { cookie: jar.header } }), config())).toMatchObject({
        orderNumber: placed.orderNumber,
        id: placed.id,
      });
      expect((await orderRow(t.db, placed.id)).paymentAttempts).toBe(1);
    });

    it("the key of one order opens no other, and paying with a wrong key is refused with a Spanish message and nothing counted", async () => {
      const first = await guestOrderWithMail(uniqueEmail("correo-a"));
      const second = await guestOrderWithMail(uniqueEmail("correo-b"));
      const firstKey = first.link.searchParams.get("clave")!;
      const crossed = await load(confirmationRoute, `/confirmacion?pedido=${second.placed.orderNumber}&clave=${firstKey}`);
      expect(crossed.data?.order).toBeNull();
      for (const fields of <Record<string, string>[]>[
        { intent: "pay", pedido: second.placed.orderNumber, clave: firstKey },
        { intent: "pay", pedido: second.placed.orderNumber },
        { intent: "pay", pedido: "' OR 1=1 --", clave: firstKey },
        { intent: "borrar" },
        {},
      ]) {
        const refused = await callAction<FormFailure>(confirmationRoute, formPost("/confirmacion", fields), { db: t.db });
        expect([400, 404], JSON.stringify(fields)).toContain(refused.status);
        expect(refused.data?.formError, JSON.stringify(fields)).toMatch(/\S/);
        expect(refused.headers.getSetCookie(), JSON.stringify(fields)).toEqual([]);
      }
      expect((await orderRow(t.db, second.placed.id)).paymentAttempts).toBe(0);
    });

    it("a paid order cannot be paid again from its page (409, nothing counted)", async () => {
      const { placed, link } = await guestOrderWithMail(uniqueEmail("correo-pagado"));
      await t.db
        .update(orders)
        .set({ paymentStatus: "approved", orderStatus: "processing", paymentId: "55555555555" })
        .where(eq(orders.id, placed.id));
      const page = await load(confirmationRoute, "/confirmacion" + link.search);
      expect(page.data?.order).toMatchObject({ state: "paid", canPay: false });
      const pay = await callAction<{ error: string }>(
        confirmationRoute,
        formPost("/confirmacion", { intent: "pay", pedido: placed.orderNumber, clave: link.searchParams.get("clave")! }),
        { db: t.db },
      );
      expect(pay.status).toBe(409);
      expect((await orderRow(t.db, placed.id)).paymentAttempts).toBe(0);
    });
  });

  describe("defect 8: a shared browser", () => {
    it("a customer's order named by the cookie is shown to nobody but that customer, and /checkout does not offer it", async () => {
      const ana = await insertCustomer(t.db, { email: uniqueEmail("ana-compartida") });
      const beto = await insertCustomer(t.db);
      const order = await insertOrder(t.db, { userId: ana, paymentStatus: "rejected" });
      const cookie = await pendingCookie(order);
      const { cookie: betoSession } = await signIn(t.db, beto);
      const { cookie: anaSession } = await signIn(t.db, ana);

      for (const who of [cookie, `${betoSession}; ${cookie}`]) {
        for (const [route, path] of [
          [confirmationRoute, "/confirmacion"],
          [failureRoute, "/payment/failure"],
          [successRoute, "/payment/success"],
          [pendingRoute, "/payment/pending"],
        ] as const) {
          const page = await load(route, path, who);
          expect(page.status, path).toBe(200);
          expect(page.data?.order ?? null, path).toBeNull();
          expect(JSON.stringify(page.data ?? {}), path).not.toContain(order.orderNumber);
        }
        const checkout = await callLoader(checkoutRoute, get("/checkout", { cookie: who }), { db: t.db });
        expect(checkout.status).toBe(302);
        expect(checkout.headers.get("location")).toBe("/carrito");
      }

      const own = await load(failureRoute, "/payment/failure", `${anaSession}; ${cookie}`);
      expect(own.data?.order).toMatchObject({ orderNumber: order.orderNumber });
    });

    it("signing out clears the pending-order cookie", async () => {
      const user = await registerUser(t.db, { name: "Mia", email: uniqueEmail("salida"), phone: "", password: "secreto1" });
      const order = await insertOrder(t.db, { userId: user.id });
      const { cookie: session } = await signIn(t.db, user.id);
      const cookie = `${session}; ${await pendingCookie(order)}`;
      const reply = await callAction(logoutRoute, formPost("/logout", {}, { cookie }), { db: t.db });
      expect(reply.status).toBe(303);
      expect(clearsCookie(reply.headers)).toBe(true);
    });

    it("signing in (or registering) clears the pending-order cookie left by the previous visitor", async () => {
      const mail = uniqueEmail("entrada");
      await registerUser(t.db, { name: "Nora", email: mail, phone: "", password: "secreto1" });
      const guestOrder = await insertOrder(t.db);
      const cookie = await pendingCookie(guestOrder);
      const login = await callAction(loginRoute, formPost("/login", { email: mail, password: "secreto1" }, { cookie }), { db: t.db });
      expect(login.status).toBe(303);
      expect(clearsCookie(login.headers)).toBe(true);
      const register = await callAction(
        loginRoute,
        formPost("/registro", { name: "Otro", email: uniqueEmail("registro"), phone: "", password: "secreto1" }, { cookie }),
        { db: t.db },
      );
      expect(register.status).toBe(303);
      expect(clearsCookie(register.headers)).toBe(true);
    });
  });
});
