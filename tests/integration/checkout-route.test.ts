/**
 * The /checkout route through its loader and action (route-context), on PGlite
 * and PostgreSQL: the page's data (guest and customer), every intent with and
 * without a coupon or points, refused input (a clear Spanish message, a 4xx,
 * nothing written), the checkout token, and the redirect to pay with the
 * pending-order cookie (or to /confirmacion when nothing is left to pay).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as checkout from "#app/routes/checkout.tsx";
import { CHECKOUT_MESSAGES } from "#domain/orders.ts";
import { appliedCouponOf } from "#domain/coupons.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import { PROFILE_MESSAGES, RATE_LIMIT_MESSAGE } from "#domain/messages.ts";
import { parseConfig } from "#server/config.ts";
import { cartCookie } from "#server/cart/cart-cookie.server.ts";
import { addresses, loyaltyAccounts, orders, outbox, users } from "#server/db/schema.ts";
import type { MailPayload } from "#server/mail/outbox.server.ts";
import { newId } from "#server/db/ids.ts";
import { CHECKOUT_TOKEN_PATTERN, readPendingOrder, storePendingOrder } from "#server/orders/index.ts";
import { HONEYPOT_FIELD } from "#domain/forms.ts";
import { cartWith, checkoutFormFields, insertCoupon, orderWrites, stockOf } from "#tests/fixtures/checkout.ts";
import { insertCustomer, insertOrder, orderRow } from "#tests/fixtures/orders.ts";
import { insertProduct, setProductStock } from "#tests/fixtures/products.ts";
import { TEST_ORIGIN, callAction, callLoader, formPost, get, routeContext, signIn } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

type LoaderData = Awaited<ReturnType<typeof checkout.loader>>;
/** The action's answer: the one FormFailure shape (the applied coupon in its values). */
type Answer = FormFailure & { fieldErrors: Record<string, string[]> };

describeEachDatabase("the /checkout route", (t) => {
  const context = () => routeContext(t.db);
  const config = () => context().config;

  /** A guest browser whose cart holds the lines; returns its Cookie header. */
  async function guestWith(lines: Array<{ productId: string; quantity: number }>): Promise<string> {
    const cartId = await cartWith(t.db, lines);
    return (await cartCookie(config()).serialize(cartId)).split(";")[0]!;
  }

  /** A signed-in customer (points, a phone) whose account cart holds the lines. */
  async function customerWith(lines: Array<{ productId: string; quantity: number }>, points?: number) {
    const userId = await insertCustomer(t.db, { name: "Carla Ruiz", points });
    await t.db.update(users).set({ phone: "5598765432" }).where(eq(users.id, userId));
    await cartWith(t.db, lines, userId);
    const { cookie } = await signIn(t.db, userId);
    return { userId, cookie };
  }

  const load = (cookie = "", path = "/checkout") => callLoader<LoaderData>(checkout, get(path, cookie ? { cookie } : {}), { db: t.db });

  const post = (fields: Record<string, string> | string, cookie = "") =>
    callAction<Answer>(checkout, formPost("/checkout", fields, cookie ? { cookie } : {}), { db: t.db });

  const placeFields = checkoutFormFields;

  describe("loader", () => {
    it("an empty cart (or no cart) redirects to /carrito", async () => {
      expect((await load()).status).toBe(302);
      expect((await load()).headers.get("location")).toBe("/carrito");
      const emptyCart = await guestWith([]);
      const answer = await load(emptyCart);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/carrito");
    });

    it("a guest: the cart's lines at database prices, empty contact, no addresses, no points, a fresh token; never cached", async () => {
      const p = await insertProduct(t.db, { name: "Pikachu ex", priceCents: 120_000, salePriceCents: 99_900 });
      const cookie = await guestWith([{ productId: p, quantity: 2 }]);
      const page = await load(cookie);
      expect(page.status).toBe(200);
      const data = page.data!;
      if (data.kind !== "checkout") throw new Error("expected the checkout");
      expect(data.lines).toEqual([
        expect.objectContaining({ productId: p, name: "Pikachu ex", quantity: 2, priceCents: 120_000, salePriceCents: 99_900 }),
      ]);
      expect(data.signedIn).toBe(false);
      expect(data.contact).toEqual({ name: "", email: "", phone: "" });
      expect(data.addresses).toEqual([]);
      expect(data.pointsBalance).toBe(0);
      expect(data.checkoutToken).toMatch(CHECKOUT_TOKEN_PATTERN);
      expect((await load(cookie)).data).not.toMatchObject({ checkoutToken: data.checkoutToken });
      expect(new Headers(checkout.headers({} as never) as HeadersInit).get("Cache-Control")).toContain("no-store");
    });

    it("a customer: contact prefilled from the profile, saved addresses with the default first, the points balance", async () => {
      const p = await insertProduct(t.db);
      const { userId, cookie } = await customerWith([{ productId: p, quantity: 1 }], 57);
      const base = { userId, city: "León", state: "Guanajuato", country: "México" };
      await t.db.insert(addresses).values([
        { id: newId(), ...base, street: "Calle Vieja 1", zipCode: "37000", isDefault: false, createdAt: new Date(Date.now() + 1000) },
        { id: newId(), ...base, street: "Calle Principal 2", zipCode: "37001", isDefault: true, createdAt: new Date(Date.now() - 1000) },
      ]);
      const data = (await load(cookie)).data!;
      if (data.kind !== "checkout") throw new Error("expected the checkout");
      expect(data.signedIn).toBe(true);
      expect(data.contact).toEqual({ name: "Carla Ruiz", email: expect.stringMatching(/@example\.com$/), phone: "5598765432" });
      expect(data.addresses.map((a) => a.street)).toEqual(["Calle Principal 2", "Calle Vieja 1"]);
      expect(data.pointsBalance).toBe(57);
    });
  });

  describe("coupon, points and carrier intents re-render the page with everything kept and write nothing", () => {
    it("apply-coupon: upper-cased and applied; empty → 'Ingresa un código de cupón'; unknown → 'Cupón inválido'; expired → its reason", async () => {
      const p = await insertProduct(t.db);
      const cookie = await guestWith([{ productId: p, quantity: 1 }]);
      const code = await insertCoupon(t.db, { discountPercent: 15, description: "Bienvenida" });
      const expired = await insertCoupon(t.db, { expiresAt: new Date(Date.now() - 1000) });
      const before = await orderWrites(t.db);

      const ok = await post(placeFields({ intent: "apply-coupon", couponInput: `  ${code.toLowerCase()} ` }), cookie);
      expect(ok.status).toBe(200);
      expect(appliedCouponOf(ok.data!.values)).toEqual({ code, discountPercent: 15, description: "Bienvenida" });
      expect(ok.data?.values).toMatchObject({ name: "Ana López", street: "Av. Juárez 10", zipCode: "72000" });

      const empty = await post(placeFields({ intent: "apply-coupon", couponInput: "   " }), cookie);
      expect(empty.status).toBe(400);
      expect(empty.data).toMatchObject({
        values: expect.objectContaining({ couponCode: "" }),
        fieldErrors: { couponInput: ["Ingresa un código de cupón"] },
      });

      const unknown = await post(placeFields({ intent: "apply-coupon", couponInput: "NOEXISTE" }), cookie);
      expect(unknown.status).toBe(400);
      expect(unknown.data).toMatchObject({
        values: expect.objectContaining({ couponCode: "" }),
        fieldErrors: { couponInput: ["Cupón inválido"] },
      });

      const old = await post(placeFields({ intent: "apply-coupon", couponInput: expired }), cookie);
      expect(old.data).toMatchObject({
        values: expect.objectContaining({ couponCode: "" }),
        fieldErrors: { couponInput: [CHECKOUT_MESSAGES.couponExpired] },
      });

      expect(await orderWrites(t.db)).toEqual(before);
    });

    it("remove-coupon clears it; toggle-points and change-shipping keep the applied coupon (checked again), the carrier and the toggle", async () => {
      const p = await insertProduct(t.db);
      const { cookie } = await customerWith([{ productId: p, quantity: 1 }], 30);
      const code = await insertCoupon(t.db, { discountPercent: 10 });
      const before = await orderWrites(t.db);

      const removed = await post(placeFields({ intent: "remove-coupon", couponCode: code }), cookie);
      expect(removed.status).toBe(200);
      expect(removed.data).toMatchObject({ fieldErrors: {}, values: expect.objectContaining({ city: "Puebla", couponCode: "" }) });

      const points = await post(placeFields({ intent: "toggle-points", couponCode: code, usePoints: "on", shippingMethod: "dhl" }), cookie);
      expect(points.status).toBe(200);
      expect(points.data).toMatchObject({
        values: { usePoints: "on", shippingMethod: "dhl", couponCode: code, couponDiscountPercent: "10" },
      });

      const carrier = await post(placeFields({ intent: "change-shipping", shippingMethod: "dhl" }), cookie);
      expect(carrier.data).toMatchObject({ values: { usePoints: "", shippingMethod: "dhl", couponCode: "" } });

      // A coupon that stopped working meanwhile is cleared, with its reason.
      const gone = await insertCoupon(t.db, { isActive: false });
      const stale = await post(placeFields({ intent: "change-shipping", couponCode: gone }), cookie);
      expect(stale.data).toMatchObject({
        values: expect.objectContaining({ couponCode: "" }),
        fieldErrors: { couponInput: [CHECKOUT_MESSAGES.couponInactive] },
      });

      expect(await orderWrites(t.db)).toEqual(before);
    });

    it("coupon codes are tried under a rate limit per IP and per customer, scaled by RATE_LIMIT_FACTOR (0.2: 6 per IP, 3 per customer)", async () => {
      const strict = parseConfig({ NODE_ENV: "test", RATE_LIMIT_FACTOR: "0.2" });
      const p = await insertProduct(t.db);
      const cookie = await guestWith([{ productId: p, quantity: 1 }]);
      const code = await insertCoupon(t.db, { discountPercent: 10 });
      const from = (ip: string, fields: Record<string, string>, who = cookie) =>
        callAction<Answer>(checkout, formPost("/checkout", fields, { cookie: who }), {
          db: t.db,
          context: { config: strict, clientIp: ip },
        });
      const ip = `10.9.${Math.floor(Math.random() * 255)}.1`;
      for (let i = 0; i < 6; i++) {
        expect((await from(ip, placeFields({ intent: "apply-coupon", couponInput: `NOPE${i}` }))).data?.fieldErrors.couponInput).toEqual([
          "Cupón inválido",
        ]);
      }
      // The seventh try from that IP is refused, even with a good code (and a code re-checked with another intent counts too).
      for (const fields of [
        placeFields({ intent: "apply-coupon", couponInput: code }),
        placeFields({ intent: "change-shipping", couponCode: code }),
      ]) {
        const limited = await from(ip, fields);
        expect(limited.status).toBe(429);
        expect(limited.data).toMatchObject({
          values: expect.objectContaining({ couponCode: "" }),
          fieldErrors: { couponInput: [RATE_LIMIT_MESSAGE] },
        });
      }
      expect(
        appliedCouponOf((await from(`${ip}0`, placeFields({ intent: "apply-coupon", couponInput: code }))).data!.values),
      ).toMatchObject({
        code,
      });

      // A customer: 3 tries, whatever IPs they come from.
      const customer = await customerWith([{ productId: p, quantity: 1 }]);
      for (let i = 0; i < 3; i++) {
        const tried = await from(
          `10.8.${i}.${Math.floor(Math.random() * 255)}`,
          placeFields({ intent: "apply-coupon", couponInput: `NO${i}` }),
          customer.cookie,
        );
        expect(tried.status).toBe(400);
      }
      const blocked = await from("10.7.7.7", placeFields({ intent: "apply-coupon", couponInput: code }), customer.cookie);
      expect(blocked.status).toBe(429);
      expect(blocked.data?.fieldErrors.couponInput).toEqual([RATE_LIMIT_MESSAGE]);
    });

    it("a guest's points toggle is ignored", async () => {
      const p = await insertProduct(t.db);
      const cookie = await guestWith([{ productId: p, quantity: 1 }]);
      const answer = await post(placeFields({ intent: "toggle-points", usePoints: "on" }), cookie);
      expect(answer.data?.values.usePoints).toBe("");
    });
  });

  describe("place", () => {
    it("a guest: the order is placed, the pending-order cookie set, and a 303 goes to the payment link; the cart is emptied", async () => {
      const p = await insertProduct(t.db, { priceCents: 50_000, stock: 3 });
      const cookie = await guestWith([{ productId: p, quantity: 2 }]);

      const answer = await post(placeFields(), cookie);

      expect(answer.status).toBe(303);
      const location = answer.headers.get("location")!;
      expect(location).toMatch(/^\/sandbox\/pago\/[0-9a-f]{24}$/);
      const orderId = location.split("/").pop()!;
      const pending = await readPendingOrder(
        new Request(TEST_ORIGIN, {
          headers: {
            cookie: answer.headers
              .getSetCookie()
              .map((c) => c.split(";")[0])
              .join("; "),
          },
        }),
        config(),
      );
      const order = await orderRow(t.db, orderId);
      expect(pending).toEqual({ orderNumber: order.orderNumber, id: orderId, total: 1150 });
      expect(order).toMatchObject({
        userId: null,
        guestEmail: "ana@example.com",
        contactPhone: "5512345678",
        subtotalCents: 100_000,
        shippingCostCents: 15_000,
        finalTotalCents: 115_000,
      });
      expect(await stockOf(t.db, p)).toBe(1);
      expect((await load(cookie)).headers.get("location")).toBe("/carrito");
    });

    it("without PUBLIC_URL the order's e-mail links to the origin the shop was reached at", async () => {
      const p = await insertProduct(t.db);
      const cookie = await guestWith([{ productId: p, quantity: 1 }]);
      expect(config().PUBLIC_URL).toBeUndefined();
      const email = `origen-${newId()}@example.com`;
      expect((await post(placeFields({ email }), cookie)).status).toBe(303);
      const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
      const { text, html } = mail!.payload as MailPayload;
      expect(text).toContain(`${TEST_ORIGIN}/`);
      expect(html).toContain(`href="${TEST_ORIGIN}/`);
      expect(`${text}${html}`).not.toContain("localhost");
    });

    it("a customer with a coupon, points and DHL: the totals from the pricing rules; the new address is saved to the profile", async () => {
      const p = await insertProduct(t.db, { priceCents: 100_000 });
      const { userId, cookie } = await customerWith([{ productId: p, quantity: 1 }], 40);
      const code = await insertCoupon(t.db, { discountPercent: 10 });

      const answer = await post(placeFields({ couponCode: code, usePoints: "on", shippingMethod: "dhl", savedAddressId: "nueva" }), cookie);

      expect(answer.status).toBe(303);
      const order = await orderRow(t.db, answer.headers.get("location")!.split("/").pop()!);
      // subtotal 1000 + DHL 220 = 1220; coupon round(122.0) = 122; points 40 → 1058.
      expect(order).toMatchObject({
        userId,
        shippingMethod: "dhl",
        shippingCostCents: 22_000,
        discountCents: 12_200,
        pointsUsed: 40,
        finalTotalCents: 105_800,
        couponCode: code,
        pointsEarned: 10,
      });
      const [account] = await t.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId));
      expect(account!.balance).toBe(0);
      expect((await t.db.select().from(addresses).where(eq(addresses.userId, userId))).map((a) => a.street)).toEqual(["Av. Juárez 10"]);
    });

    it("a customer's second checkout to the same new address does not save another copy of it", async () => {
      const p = await insertProduct(t.db, { stock: 5 });
      const { userId, cookie } = await customerWith([{ productId: p, quantity: 1 }]);
      expect((await post(placeFields({ savedAddressId: "nueva" }), cookie)).status).toBe(303);
      await cartWith(t.db, [{ productId: p, quantity: 1 }], userId);
      expect((await post(placeFields({ savedAddressId: "nueva", street: "  Av. Juárez 10 " }), cookie)).status).toBe(303);
      await cartWith(t.db, [{ productId: p, quantity: 1 }], userId);
      expect((await post(placeFields({ savedAddressId: "nueva", references: "Portón azul" }), cookie)).status).toBe(303);
      const saved = await t.db.select().from(addresses).where(eq(addresses.userId, userId));
      expect(saved.map((a) => [a.street, a.references])).toEqual(
        expect.arrayContaining([
          ["Av. Juárez 10", null],
          ["Av. Juárez 10", "Portón azul"],
        ]),
      );
      expect(saved).toHaveLength(2);
    });

    it("a customer's saved address is used as it is stored; another customer's saved address is refused, nothing written", async () => {
      const p = await insertProduct(t.db);
      const { userId, cookie } = await customerWith([{ productId: p, quantity: 1 }]);
      const other = await insertCustomer(t.db);
      const mine = newId();
      const theirs = newId();
      await t.db.insert(addresses).values([
        {
          id: mine,
          userId,
          street: "Mi Calle 5",
          colonia: "Centro",
          city: "Mérida",
          state: "Yucatán",
          zipCode: "97000",
          country: "México",
          isDefault: true,
        },
        {
          id: theirs,
          userId: other,
          street: "Su Calle 9",
          city: "Tijuana",
          state: "Baja California",
          zipCode: "22000",
          country: "México",
          isDefault: true,
        },
      ]);
      const before = await orderWrites(t.db);

      const refused = await post(placeFields({ savedAddressId: theirs, street: "", city: "", state: "", zipCode: "" }), cookie);
      expect(refused.status).toBe(400);
      expect(refused.data?.fieldErrors).toEqual({ savedAddressId: [CHECKOUT_MESSAGES.savedAddressInvalid] });
      expect(await orderWrites(t.db)).toEqual(before);

      const placed = await post(placeFields({ savedAddressId: mine, street: "", city: "", state: "", zipCode: "" }), cookie);
      expect(placed.status).toBe(303);
      const order = await orderRow(t.db, placed.headers.get("location")!.split("/").pop()!);
      expect(order.shippingAddress).toMatchObject({ street: "Mi Calle 5", city: "Mérida", zipCode: "97000" });
      expect(await t.db.select().from(addresses).where(eq(addresses.userId, userId))).toHaveLength(1);
    });

    it("the same checkout token twice: one order, the same redirect both times", async () => {
      const p = await insertProduct(t.db, { stock: 5 });
      const cookie = await guestWith([{ productId: p, quantity: 1 }]);
      const fields = placeFields();
      const [first, second] = await Promise.all([post(fields, cookie), post(fields, cookie)]);
      const third = await post(fields, cookie);
      expect(first.status).toBe(303);
      expect(second.status).toBe(303);
      expect(third.status).toBe(303);
      expect(second.headers.get("location")).toBe(first.headers.get("location"));
      expect(third.headers.get("location")).toBe(first.headers.get("location"));
      expect(await t.db.select().from(orders).where(eq(orders.checkoutToken, fields.checkoutToken!))).toHaveLength(1);
      expect(await stockOf(t.db, p)).toBe(4);
    });

    it("a guest's checkout token posted by another guest is refused: neither the first guest's order nor its cookie", async () => {
      const p = await insertProduct(t.db, { stock: 5 });
      const fields = placeFields();
      const first = await post(fields, await guestWith([{ productId: p, quantity: 1 }]));
      expect(first.status).toBe(303);
      const other = await guestWith([{ productId: p, quantity: 1 }]);
      const before = await orderWrites(t.db);
      const stranger = { ...fields, name: "Beto Ruiz", email: "beto@example.com", phone: "5587654321" };
      const answer = await post(stranger, other);
      expect(answer.status).toBe(409);
      expect(answer.data?.formError).toBe(CHECKOUT_MESSAGES.tokenTaken);
      expect(answer.headers.getSetCookie().some((c) => c.startsWith("pedido="))).toBe(false);
      expect(await orderWrites(t.db)).toEqual(before);
    });

    it("a total of 0 (a 100 % coupon) skips the provider: the order is paid, the cookie set, 303 to /confirmacion", async () => {
      const p = await insertProduct(t.db);
      const cookie = await guestWith([{ productId: p, quantity: 1 }]);
      const code = await insertCoupon(t.db, { discountPercent: 100 });
      const answer = await post(placeFields({ couponCode: code }), cookie);
      expect(answer.status).toBe(303);
      const location = new URL(answer.headers.get("location")!, TEST_ORIGIN);
      expect(location.pathname).toBe("/confirmacion");
      const number = location.searchParams.get("pedido")!;
      const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, number));
      expect(order).toMatchObject({ finalTotalCents: 0, paymentStatus: "approved", orderStatus: "processing" });
      expect(answer.headers.getSetCookie().some((c) => c.startsWith("pedido="))).toBe(true);
    });

    it("a card sold out between the cart and the payment: 409 naming it, nothing written; the page shows what is left", async () => {
      const p = await insertProduct(t.db, { name: "Charizard ex SIR", stock: 1 });
      const cookie = await guestWith([{ productId: p, quantity: 1 }]);
      await setProductStock(t.db, p, 0);
      const before = await orderWrites(t.db);

      const answer = await post(placeFields(), cookie);

      expect(answer.status).toBe(409);
      expect(answer.data?.formError).toContain("Charizard ex SIR");
      expect(answer.data?.values).toMatchObject({ name: "Ana López", street: "Av. Juárez 10" });
      expect(await orderWrites(t.db)).toEqual(before);
      const page = (await load(cookie)).data!;
      expect(page.kind === "checkout" && page.lines[0]).toMatchObject({ stock: 0, quantity: 1 });
    });

    it("a coupon used up meanwhile: the order is refused with its reason in the coupon box and the coupon cleared", async () => {
      const p = await insertProduct(t.db);
      const cookie = await guestWith([{ productId: p, quantity: 1 }]);
      const code = await insertCoupon(t.db, { type: "single-use", usedCount: 1 });
      const before = await orderWrites(t.db);
      const answer = await post(placeFields({ couponCode: code }), cookie);
      expect(answer.status).toBe(409);
      expect(answer.data).toMatchObject({
        values: expect.objectContaining({ couponCode: "" }),
        fieldErrors: { couponInput: [CHECKOUT_MESSAGES.couponUsed] },
      });
      expect(await orderWrites(t.db)).toEqual(before);
    });
  });

  describe("refused input: a clear Spanish message, a 4xx, nothing written", () => {
    const cases: Array<[string, Record<string, string>, Record<string, string>]> = [
      [
        "every required field missing",
        { name: "", email: "", phone: "", street: "", city: "", state: "", zipCode: "" },
        {
          name: CHECKOUT_MESSAGES.nameRequired,
          email: CHECKOUT_MESSAGES.emailRequired,
          phone: CHECKOUT_MESSAGES.phoneRequired,
          street: CHECKOUT_MESSAGES.streetRequired,
          city: CHECKOUT_MESSAGES.cityRequired,
          state: CHECKOUT_MESSAGES.stateRequired,
          zipCode: CHECKOUT_MESSAGES.zipRequired,
        },
      ],
      [
        "malformed e-mail, phone and zip code",
        { email: "ana@", phone: "12345", zipCode: "7200A" },
        {
          email: CHECKOUT_MESSAGES.emailInvalid,
          phone: CHECKOUT_MESSAGES.phoneInvalid,
          zipCode: CHECKOUT_MESSAGES.zipInvalid,
        },
      ],
      [
        "a zip code of 6 digits and a state that is not Mexican",
        { zipCode: "720001", state: "Texas" },
        {
          zipCode: CHECKOUT_MESSAGES.zipInvalid,
          state: expect.any(String) as unknown as string,
        },
      ],
      [
        "an oversized name and a control character in the street",
        { name: "A".repeat(250), street: "Calle\u0000 1" },
        {
          name: CHECKOUT_MESSAGES.nameTooLong,
          street: expect.any(String) as unknown as string,
        },
      ],
      ["a carrier that is not the shop's", { shippingMethod: "fedex" }, { shippingMethod: CHECKOUT_MESSAGES.shippingMethodInvalid }],
      ["a malformed saved-address id", { savedAddressId: "../../etc/passwd" }, { savedAddressId: CHECKOUT_MESSAGES.savedAddressInvalid }],
      ["an applied coupon code longer than any", { couponCode: "X".repeat(40) }, { couponInput: CHECKOUT_MESSAGES.couponInvalid }],
    ];

    for (const [label, overrides, expected] of cases) {
      it(label, async () => {
        const p = await insertProduct(t.db);
        const cookie = await guestWith([{ productId: p, quantity: 1 }]);
        const before = await orderWrites(t.db);
        const answer = await post(placeFields(overrides), cookie);
        expect(answer.status).toBe(400);
        // Every field's messages (here one each), next to the field.
        expect(answer.data?.fieldErrors).toEqual(
          Object.fromEntries(Object.entries(expected).map(([field, message]) => [field, [message]])),
        );
        expect(await orderWrites(t.db)).toEqual(before);
      });
    }

    it("an applied coupon code longer than any: its message is shown in the coupon box, and the coupon is cleared", async () => {
      const p = await insertProduct(t.db);
      const cookie = await guestWith([{ productId: p, quantity: 1 }]);
      for (const intent of ["place", "change-shipping", "toggle-points"]) {
        const answer = await post(placeFields({ intent, couponCode: "X".repeat(21) }), cookie);
        expect(answer.status).toBe(400);
        expect(answer.data).toMatchObject({
          values: expect.objectContaining({ couponCode: "" }),
          fieldErrors: { couponInput: [CHECKOUT_MESSAGES.couponInvalid] },
        });
      }
    });

    it("no intent, an unknown intent, a filled honeypot, a malformed token, a body that is not a form: 400 with the generic request message", async () => {
      const p = await insertProduct(t.db);
      const cookie = await guestWith([{ productId: p, quantity: 1 }]);
      const before = await orderWrites(t.db);
      const { intent: _intent, ...noIntent } = placeFields();
      const answers = [
        await post(noIntent, cookie),
        await post(placeFields({ intent: "drop-table" }), cookie),
        await post(placeFields({ [HONEYPOT_FIELD]: "http://spam.example" }), cookie),
        await post(placeFields({ checkoutToken: "<script>alert(1)</script>" }), cookie),
        await post(placeFields({ checkoutToken: "" }), cookie),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.data?.formError).toBe(CHECKOUT_MESSAGES.invalidRequest);
      }
      const json = await callAction<Answer>(
        checkout,
        new Request(`${TEST_ORIGIN}/checkout`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: TEST_ORIGIN, cookie },
          body: "{}",
        }),
        { db: t.db },
      );
      expect(json.status).toBe(400);
      expect(json.data?.formError).toBe(CHECKOUT_MESSAGES.invalidRequest);
      expect(await orderWrites(t.db)).toEqual(before);
    });

    it("what was typed comes back as text, capped, for the page to show escaped", async () => {
      const p = await insertProduct(t.db);
      const cookie = await guestWith([{ productId: p, quantity: 1 }]);
      const answer = await post(placeFields({ city: "<img src=x onerror=alert(1)>", zipCode: "", references: "R".repeat(5000) }), cookie);
      expect(answer.status).toBe(400);
      expect(answer.data?.values.city).toBe("<img src=x onerror=alert(1)>");
      expect(answer.data?.values.references).toHaveLength(300);
    });

    it("placing with an empty cart goes to /carrito", async () => {
      const cookie = await guestWith([]);
      const answer = await post(placeFields(), cookie);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/carrito");
    });
  });

  describe("'Referencias' near its limit: validated as sent, never cut", () => {
    /** A value as the browser's maxlength counts it (line breaks as one character each), posted with CRLF line breaks. */
    const typed = (...lines: string[]) => lines.join("\n");
    const posted = (value: string) => value.replace(/\n/g, "\r\n");

    async function placedReferences(answer: { status: number; headers: Headers }) {
      expect(answer.status).toBe(303);
      const order = await orderRow(t.db, answer.headers.get("location")!.split("/").pop()!);
      return (order.shippingAddress as { references: string | null }).references;
    }

    it("298 characters typed with line breaks (303 posted with CRLF) are accepted and stored whole", async () => {
      const p = await insertProduct(t.db);
      const cookie = await guestWith([{ productId: p, quantity: 1 }]);
      const value = typed("a".repeat(60), "b".repeat(60), "c".repeat(60), "d".repeat(60), "e".repeat(50), "fin");
      expect(value).toHaveLength(298);
      expect(posted(value)).toHaveLength(303);
      expect(await placedReferences(await post(placeFields({ references: posted(value) }), cookie))).toBe(value);
    });

    it("an emoji at the boundary never gives a 500: within the limit it is stored whole, past it a clear message", async () => {
      const p = await insertProduct(t.db, { stock: 5 });
      // 299 as typed, 301 posted: cutting at 300 would split the emoji.
      const split = typed("a".repeat(100), "b".repeat(100), `${"c".repeat(95)}😀`);
      expect(split).toHaveLength(299);
      const first = await guestWith([{ productId: p, quantity: 1 }]);
      expect(await placedReferences(await post(placeFields({ references: posted(split) }), first))).toBe(split);

      // 300 characters (the emoji is two UTF-16 units): within the limit, as the database counts it.
      const exact = `${"a".repeat(299)}😀`;
      const second = await guestWith([{ productId: p, quantity: 1 }]);
      expect(await placedReferences(await post(placeFields({ references: exact }), second))).toBe(exact);

      const third = await guestWith([{ productId: p, quantity: 1 }]);
      const before = await orderWrites(t.db);
      const over = await post(placeFields({ references: `${"a".repeat(300)}😀` }), third);
      expect(over.status).toBe(400);
      expect(over.data?.fieldErrors).toEqual({ references: [PROFILE_MESSAGES.referencesTooLong] });
      expect(await orderWrites(t.db)).toEqual(before);
    });

    it("over the limit as typed: the message next to the field, a 400, nothing written", async () => {
      const p = await insertProduct(t.db);
      const cookie = await guestWith([{ productId: p, quantity: 1 }]);
      const before = await orderWrites(t.db);
      const answer = await post(placeFields({ references: posted(typed("a".repeat(200), "b".repeat(100))) }), cookie);
      expect(answer.status).toBe(400);
      expect(answer.data?.fieldErrors).toEqual({ references: [PROFILE_MESSAGES.referencesTooLong] });
      expect(await orderWrites(t.db)).toEqual(before);
    });
  });

  describe("a stored order waiting for payment ('Intentar de nuevo')", () => {
    it("with an empty cart the page offers the stored order; 'Continuar al Pago' (retry) gives a fresh link; no payable stored order → /carrito", async () => {
      const order = await insertOrder(t.db, { paymentStatus: "rejected" });
      const pendingCookie = (await storePendingOrder(config(), { orderNumber: order.orderNumber, id: order.id, total: 1150 })).split(
        ";",
      )[0]!;
      const cookie = `${await guestWith([])}; ${pendingCookie}`;

      const page = await load(cookie);
      expect(page.status).toBe(200);
      expect(page.data).toEqual({ kind: "retry", order: { orderNumber: order.orderNumber, totalCents: 115_000 }, paymentError: null });

      const retried = await post({ intent: "retry" }, cookie);
      expect(retried.status).toBe(303);
      expect(retried.headers.get("location")).toBe(`/sandbox/pago/${order.id}`);
      expect((await orderRow(t.db, order.id)).paymentAttempts).toBe(1);

      const withError = await load(cookie, "/checkout?pago=error");
      expect(withError.data).toMatchObject({ kind: "retry", paymentError: "Error al procesar el pago. Intenta nuevamente." });

      const paid = await insertOrder(t.db, { paymentStatus: "approved", orderStatus: "processing" });
      const paidCookie = (await storePendingOrder(config(), { orderNumber: paid.orderNumber, id: paid.id, total: 1150 })).split(";")[0]!;
      expect((await load(paidCookie)).headers.get("location")).toBe("/carrito");
      const refused = await post({ intent: "retry" }, paidCookie);
      expect(refused.status).toBe(303);
      expect(refused.headers.get("location")).toBe("/carrito");
      // A cookie naming an order with another order's number is no stored order.
      const forged = (await storePendingOrder(config(), { orderNumber: paid.orderNumber, id: order.id, total: 1 })).split(";")[0]!;
      expect((await load(forged)).headers.get("location")).toBe("/carrito");
    });
  });
});
