/**
 * The checkout and what follows it (issue 29, points 2, 3, 4 and 12), through the routes' loaders and
 * actions on PGlite and PostgreSQL:
 * - the checkout's lines name which copy (condition and language) with its thumbnail;
 * - the return pages and /confirmacion show the order's lines, address and e-mail, and a guest's
 *   page links to the order's own keyed page, which opens without the cookie or an account; a
 *   stranger guessing a number sees nothing (no lines, no key);
 * - the phone typed at checkout is saved to the profile only when the profile has none;
 * - the colonia is required for a carrier that needs it (Estafeta, DHL), with a Spanish message on
 *   the field, for a new address and for a saved one; the profile keeps it optional.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as checkout from "#app/routes/checkout.tsx";
import * as confirmationRoute from "#app/routes/confirmacion.tsx";
import * as successRoute from "#app/routes/payment.success.tsx";
import * as failureRoute from "#app/routes/payment.failure.tsx";
import * as pendingRoute from "#app/routes/payment.pending.tsx";
import * as lookupRoute from "#app/routes/consulta-pedido.tsx";
import type { FormFailure } from "#domain/form-failure.ts";
import { CHECKOUT_MESSAGES } from "#domain/orders.ts";
import { cartCookie } from "#server/cart/cart-cookie.server.ts";
import { addresses, orders, users } from "#server/db/schema.ts";
import { newId } from "#server/db/ids.ts";
import { CheckoutError, placeOrder, storePendingOrder } from "#server/orders/index.ts";
import { addressSchema } from "#server/accounts/profile-forms.ts";
import { cartWith, checkoutFormFields, checkoutInput, orderWrites } from "#tests/fixtures/checkout.ts";
import { insertCustomer } from "#tests/fixtures/orders.ts";
import { insertProduct, insertVariant, onlyVariantId } from "#tests/fixtures/products.ts";
import { callAction, callLoader, formPost, get, routeContext, signIn, type LoaderModule } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

type CheckoutData = Awaited<ReturnType<typeof checkout.loader>>;
type Answer = FormFailure & { fieldErrors: Record<string, string[]> };
interface Summary {
  orderNumber: string;
  email: string | null;
  items: { name: string; variant: string | null; image: string | null; price: number; quantity: number }[];
  shippingAddress: { street: string; colonia: string | null; zipCode: string } | null;
  orderPath: string | null;
  guest: boolean;
}
type PageData = { order: Summary | null };

let n = 0;
const uniqueEmail = (tag: string) => `${tag}${++n}-${Date.now()}@example.com`;

describeEachDatabase("the checkout and what follows it (issue 29)", (t) => {
  const config = () => routeContext(t.db).config;

  async function guestCookie(lines: Array<{ productId: string; variantId?: string; quantity: number }>): Promise<string> {
    const cartId = await cartWith(t.db, lines);
    return (await cartCookie(config()).serialize(cartId)).split(";")[0]!;
  }

  const loadCheckout = (cookie: string) => callLoader<CheckoutData>(checkout, get("/checkout", { cookie }), { db: t.db });
  const post = (fields: Record<string, string>, cookie: string) =>
    callAction<Answer>(checkout, formPost("/checkout", fields, { cookie }), { db: t.db });
  const load = (route: LoaderModule, path: string, cookie = "") =>
    callLoader<PageData>(route, get(path, cookie ? { cookie } : {}), { db: t.db });

  /** A card sold in two copies: NM English ($215) and LP English ($185). */
  async function cardInTwoCopies() {
    const product = await insertProduct(t.db, { name: "Wigglytuff", priceCents: 21_500, stock: 3 });
    const nm = await onlyVariantId(t.db, product);
    const lp = await insertVariant(t.db, product, { condition: "LP", language: "en", priceCents: 18_500, stock: 2 });
    return { product, nm, lp };
  }

  describe("point 2: the checkout's lines name the copy", () => {
    it("two variants of one card are two lines, each with its condition and language and the card's thumbnail", async () => {
      const { product, nm, lp } = await cardInTwoCopies();
      const cookie = await guestCookie([
        { productId: product, variantId: nm, quantity: 1 },
        { productId: product, variantId: lp, quantity: 1 },
      ]);
      const data = (await loadCheckout(cookie)).data!;
      if (data.kind !== "checkout") throw new Error("expected the checkout");
      expect(data.lines.map((l) => [l.variantId, l.name, l.variantLabel, l.priceCents])).toEqual(
        expect.arrayContaining([
          [nm, "Wigglytuff", "Casi nueva · Inglés", 21_500],
          [lp, "Wigglytuff", "Ligeramente jugada · Inglés", 18_500],
        ]),
      );
      expect(data.lines).toHaveLength(2);
      for (const line of data.lines) expect(line.image).toMatch(/^\/media\//);
    });
  });

  describe("point 3: the return pages and /confirmacion show the order, and a guest's links to its own page", () => {
    async function guestOrder() {
      const { product, nm, lp } = await cardInTwoCopies();
      const email = uniqueEmail("invitada");
      const placed = await placeOrder(
        t.db,
        checkoutInput(
          await cartWith(t.db, [
            { productId: product, variantId: nm, quantity: 1 },
            { productId: product, variantId: lp, quantity: 2 },
          ]),
          { contact: { name: "Gina", email, phone: "5512345678" } },
        ),
      );
      const cookie = (await storePendingOrder(config(), { orderNumber: placed.orderNumber, id: placed.id, total: 1 })).split(";")[0]!;
      return { placed, email, cookie };
    }

    it("the browser that placed a guest order sees its lines, address and e-mail on every return page, and its keyed link", async () => {
      const { placed, email, cookie } = await guestOrder();
      for (const [route, path] of [
        [successRoute, `/payment/success?external_reference=${placed.orderNumber}`],
        [pendingRoute, `/payment/pending?external_reference=${placed.orderNumber}`],
        [failureRoute, `/payment/failure?external_reference=${placed.orderNumber}`],
        [confirmationRoute, `/confirmacion?pedido=${placed.orderNumber}`],
      ] as const) {
        const page = await load(route, path, cookie);
        const order = page.data?.order;
        expect(order, path).toMatchObject({ orderNumber: placed.orderNumber, email, guest: true });
        expect(order?.items.map((i) => [i.name, i.variant, i.quantity, i.price]).sort(), path).toEqual([
          ["Wigglytuff", "Casi nueva · Inglés", 1, 215],
          ["Wigglytuff", "Ligeramente jugada · Inglés", 2, 185],
        ]);
        expect(order?.shippingAddress, path).toMatchObject({ street: "Av. Juárez 10", colonia: "Centro", zipCode: "72000" });
        expect(order?.orderPath, path).toMatch(new RegExp(`^/consulta-pedido\\?pedido=${placed.orderNumber}&clave=[A-Za-z0-9_-]{43}$`));
      }
    });

    it("the keyed link opens the order in another browser, without the cookie and without signing in", async () => {
      const { placed, cookie } = await guestOrder();
      const orderPath = (await load(successRoute, `/payment/success?external_reference=${placed.orderNumber}`, cookie)).data!.order!
        .orderPath!;
      const page = await callLoader<{ order: { orderNumber: string; items: { variant: string | null }[] } | null }>(
        lookupRoute,
        get(orderPath),
        { db: t.db },
      );
      expect(page.status).toBe(200);
      expect(page.data?.order).toMatchObject({ orderNumber: placed.orderNumber });
      expect(page.data?.order?.items.map((i) => i.variant).sort()).toEqual(["Casi nueva · Inglés", "Ligeramente jugada · Inglés"]);
      // /confirmacion takes the same key (the e-mails sent before 'Consulta tu pedido').
      const confirmation = await load(confirmationRoute, `/confirmacion${new URL(orderPath, "http://x").search}`);
      expect(confirmation.data?.order).toMatchObject({ orderNumber: placed.orderNumber, orderPath });
    });

    it("a stranger who guesses the number sees nothing of the order: no lines, no address, no key", async () => {
      const { placed } = await guestOrder();
      const other = await guestOrder();
      for (const [route, path, cookie] of [
        [confirmationRoute, `/confirmacion?pedido=${placed.orderNumber}`, ""],
        [successRoute, `/payment/success?external_reference=${placed.orderNumber}`, ""],
        [pendingRoute, `/payment/pending?external_reference=${placed.orderNumber}`, ""],
        [failureRoute, `/payment/failure?external_reference=${placed.orderNumber}`, ""],
        // Another guest's own cookie: their order is shown, never the one guessed.
        [confirmationRoute, `/confirmacion?pedido=${placed.orderNumber}`, other.cookie],
        [successRoute, `/payment/success?external_reference=${placed.orderNumber}`, other.cookie],
      ] as const) {
        const page = await load(route, path, cookie);
        expect(page.status, path).toBe(200);
        const body = JSON.stringify(page.data ?? {});
        expect(body, path).not.toContain(placed.orderNumber);
        expect(body, path).not.toContain("Juárez 10, Col.");
        if (cookie) expect(page.data?.order?.orderNumber, path).toBe(other.placed.orderNumber);
        else expect(page.data?.order ?? null, path).toBeNull();
      }
    });

    it("a customer's own order links to 'Mis Pedidos', never to a key", async () => {
      const userId = await insertCustomer(t.db, { email: uniqueEmail("cliente") });
      const product = await insertProduct(t.db, { stock: 2 });
      const placed = await placeOrder(t.db, checkoutInput(await cartWith(t.db, [{ productId: product, quantity: 1 }], userId), { userId }));
      const { cookie: session } = await signIn(t.db, userId);
      const pending = (await storePendingOrder(config(), { orderNumber: placed.orderNumber, id: placed.id, total: 1 })).split(";")[0]!;
      const page = await load(successRoute, `/payment/success?external_reference=${placed.orderNumber}`, `${session}; ${pending}`);
      expect(page.data?.order).toMatchObject({ guest: false, orderPath: `/mis-pedidos?pedido=${placed.orderNumber}` });
      expect(JSON.stringify(page.data)).not.toContain("clave");
    });
  });

  describe("point 4: the phone typed at checkout goes to a profile that has none", () => {
    async function customer(phone: string | null) {
      const userId = await insertCustomer(t.db, { name: "Carla Ruiz", email: uniqueEmail("tel") });
      if (phone !== null) await t.db.update(users).set({ phone }).where(eq(users.id, userId));
      const { cookie } = await signIn(t.db, userId);
      return { userId, cookie };
    }
    const phoneOf = async (userId: string) =>
      (await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)))[0]?.phone ?? null;

    it("a profile without a phone gets the one typed (normalised), and the next checkout is prefilled with it", async () => {
      for (const before of [null, ""]) {
        const { userId, cookie } = await customer(before);
        const product = await insertProduct(t.db, { stock: 3 });
        await cartWith(t.db, [{ productId: product, quantity: 1 }], userId);
        const first = (await loadCheckout(cookie)).data!;
        if (first.kind !== "checkout") throw new Error("expected the checkout");
        expect(first.contact.phone).toBe("");
        expect((await post(checkoutFormFields({ phone: "(55) 1234-5678" }), cookie)).status).toBe(303);
        expect(await phoneOf(userId)).toBe("5512345678");

        await cartWith(t.db, [{ productId: product, quantity: 1 }], userId);
        const next = (await loadCheckout(cookie)).data!;
        if (next.kind !== "checkout") throw new Error("expected the checkout");
        expect(next.contact.phone).toBe("5512345678");
      }
    });

    it("a phone the profile already has is never overwritten by another one typed at checkout", async () => {
      const { userId, cookie } = await customer("5598765432");
      const product = await insertProduct(t.db, { stock: 3 });
      await cartWith(t.db, [{ productId: product, quantity: 1 }], userId);
      expect((await post(checkoutFormFields({ phone: "5511112222" }), cookie)).status).toBe(303);
      expect(await phoneOf(userId)).toBe("5598765432");
      const [order] = await t.db.select({ phone: orders.contactPhone }).from(orders).where(eq(orders.userId, userId));
      expect(order?.phone).toBe("5511112222");
    });

    it("a refused checkout saves no phone, and a guest's checkout touches no account", async () => {
      const { userId, cookie } = await customer(null);
      const product = await insertProduct(t.db, { stock: 3 });
      await cartWith(t.db, [{ productId: product, quantity: 1 }], userId);
      expect((await post(checkoutFormFields({ zipCode: "7200" }), cookie)).status).toBe(400);
      expect(await phoneOf(userId)).toBeNull();

      const bystander = await customer(null);
      const guest = await guestCookie([{ productId: product, quantity: 1 }]);
      expect(
        (
          await post(
            checkoutFormFields({ email: (await t.db.select().from(users).where(eq(users.id, bystander.userId)))[0]!.email }),
            guest,
          )
        ).status,
      ).toBe(303);
      expect(await phoneOf(bystander.userId)).toBeNull();
    });
  });

  describe("point 12: the colonia, required for the carriers that need it", () => {
    it("without JavaScript's help: a new address without colonia is refused on the field, per carrier, and nothing is written", async () => {
      const product = await insertProduct(t.db, { stock: 3 });
      const cookie = await guestCookie([{ productId: product, quantity: 1 }]);
      const before = await orderWrites(t.db);
      for (const [method, carrier] of [
        ["estafeta", "Estafeta"],
        ["dhl", "DHL Express"],
      ] as const) {
        const refused = await post(checkoutFormFields({ colonia: "   ", shippingMethod: method }), cookie);
        expect(refused.status, method).toBe(400);
        expect(refused.data?.fieldErrors, method).toEqual({ colonia: [CHECKOUT_MESSAGES.coloniaRequired(carrier)] });
        expect(refused.data?.fieldErrors.colonia?.[0]).toBe(`Escribe la colonia: ${carrier} la necesita para la guía de envío`);
        expect(refused.data?.values, method).toMatchObject({ street: "Av. Juárez 10", zipCode: "72000", shippingMethod: method });
      }
      // Every field's message at once: the missing phone and the missing colonia.
      const both = await post(checkoutFormFields({ colonia: "", phone: "" }), cookie);
      expect(Object.keys(both.data?.fieldErrors ?? {}).sort()).toEqual(["colonia", "phone"]);
      expect(await orderWrites(t.db)).toEqual(before);
      expect((await post(checkoutFormFields(), cookie)).status).toBe(303);
    });

    it("placeOrder checks it again, whatever its caller sends", async () => {
      const product = await insertProduct(t.db, { stock: 3 });
      const input = checkoutInput(await cartWith(t.db, [{ productId: product, quantity: 1 }]), {
        address: { street: "Av. Juárez 10", colonia: null, city: "Puebla", state: "Puebla", zipCode: "72000" },
        shippingMethod: "dhl",
      });
      const refused = await placeOrder(t.db, input).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(CheckoutError);
      expect(refused).toMatchObject({ field: "colonia", message: CHECKOUT_MESSAGES.coloniaRequired("DHL Express") });
    });

    it("a saved address without colonia is refused on the address choice; one with colonia ships", async () => {
      const userId = await insertCustomer(t.db, { email: uniqueEmail("guardada") });
      const { cookie } = await signIn(t.db, userId);
      const product = await insertProduct(t.db, { stock: 3 });
      await cartWith(t.db, [{ productId: product, quantity: 1 }], userId);
      const old = newId();
      const good = newId();
      const base = { userId, street: "Calle 5 de Mayo 10", city: "Puebla", state: "Puebla", zipCode: "72000", country: "México" };
      await t.db.insert(addresses).values([
        { id: old, ...base, colonia: null, isDefault: true },
        { id: good, ...base, colonia: "Centro", isDefault: false },
      ]);
      const refused = await post(checkoutFormFields({ savedAddressId: old, colonia: "" }), cookie);
      expect(refused.status).toBe(400);
      expect(refused.data?.fieldErrors).toEqual({ savedAddressId: [CHECKOUT_MESSAGES.savedAddressNoColonia("Estafeta")] });
      expect((await post(checkoutFormFields({ savedAddressId: good, colonia: "" }), cookie)).status).toBe(303);
    });

    it("the profile's address form keeps the colonia optional (no carrier there)", () => {
      const parsed = addressSchema.safeParse({ street: "Calle 1", colonia: "", city: "Puebla", state: "Puebla", zipCode: "72000" });
      expect(parsed.success && parsed.data.colonia).toBeNull();
    });
  });
});
