/**
 * Placing an order (docs/architecture.md#transactions-and-invariants,
 * docs/requirements.md#loyalty-points): totals from database prices and the pricing rules, every
 * coupon rule, the points cap, the checkout token's double submit, the 'pedido recibido' outbox
 * row, addresses, and that any refusal writes nothing at all.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addresses, cartItems, loyaltyTransactions, orderItems, orders, outbox } from "#server/db/schema.ts";
import { newId } from "#server/db/ids.ts";
import { CheckoutError, placeOrder, type PlaceOrderInput } from "#server/orders/index.ts";
import { checkCoupon } from "#server/coupons/index.ts";
import { ORDER_NUMBER_PATTERN } from "#domain/orders.ts";
import type { MailPayload } from "#server/mail/outbox.server.ts";
import { insertProduct, onlyVariantId } from "#tests/fixtures/products.ts";
import { insertCustomer, orderRow } from "#tests/fixtures/orders.ts";
import { balanceOf, cartWith, checkoutInput, insertCoupon, orderWrites, stockOf, usesOf } from "#tests/fixtures/checkout.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase("placeOrder", (t) => {
  /** Runs placeOrder expecting a CheckoutError, and checks nothing was written. */
  async function refused(input: PlaceOrderInput): Promise<CheckoutError> {
    const before = await orderWrites(t.db);
    const error = await placeOrder(t.db, input).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CheckoutError);
    expect(await orderWrites(t.db)).toEqual(before);
    return error as CheckoutError;
  }

  describe("totals", () => {
    it("charges database prices (sale price when on sale) plus Estafeta's $150 below $2,000, and copies the lines", async () => {
      const card = await insertProduct(t.db, {
        name: "Pikachu ex",
        priceCents: 80_000,
        salePriceCents: 60_000,
        stock: 4,
        images: ["/media/a.webp", "/media/b.webp"],
      });
      const other = await insertProduct(t.db, { name: "Mew", priceCents: 25_050, stock: 2 });
      const cartId = await cartWith(t.db, [
        { productId: card, quantity: 2 },
        { productId: other, quantity: 1 },
      ]);

      const placed = await placeOrder(t.db, checkoutInput(cartId));

      expect(placed.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
      expect(placed).toMatchObject({ finalTotalCents: 120_000 + 25_050 + 15_000, email: "ana@example.com", isPaid: false });
      const row = await orderRow(t.db, placed.id);
      expect(row).toMatchObject({
        subtotalCents: 145_050,
        shippingCostCents: 15_000,
        discountCents: 0,
        totalCents: 160_050,
        finalTotalCents: 160_050,
        pointsEarned: 0, // a guest earns nothing
        orderStatus: "pending",
        paymentStatus: "pending",
        guestEmail: "ana@example.com",
        contactName: "Ana López",
        contactPhone: "5512345678",
        shippingMethod: "estafeta",
      });
      expect(row.shippingAddress).toMatchObject({
        street: "Av. Juárez 10",
        colonia: "Centro",
        city: "Puebla",
        state: "Puebla",
        zipCode: "72000",
        country: "México",
        name: "Ana López",
        phone: "5512345678",
      });
      const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
      expect(items.map((i) => [i.name, i.image, i.unitPriceCents, i.quantity]).sort()).toEqual([
        ["Mew", "/media/demo/000000000000000000000000-front.webp", 25_050, 1],
        ["Pikachu ex", "/media/a.webp", 60_000, 2],
      ]);
      expect(await stockOf(t.db, card)).toBe(2);
      expect(await stockOf(t.db, other)).toBe(1);
      expect(await t.db.select().from(cartItems).where(eq(cartItems.cartId, cartId))).toEqual([]);
    });

    it("ships free with Estafeta and at $110 with DHL at or above $2,000; DHL is $220 below", async () => {
      const card = await insertProduct(t.db, { priceCents: 100_000, stock: 10 });
      const at = await placeOrder(t.db, checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 2 }])));
      expect((await orderRow(t.db, at.id)).shippingCostCents).toBe(0);
      const dhlAt = await placeOrder(
        t.db,
        checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 2 }]), { shippingMethod: "dhl" }),
      );
      expect((await orderRow(t.db, dhlAt.id)).shippingCostCents).toBe(11_000);
      const cheap = await insertProduct(t.db, { priceCents: 199_999, stock: 1 });
      const dhlBelow = await placeOrder(
        t.db,
        checkoutInput(await cartWith(t.db, [{ productId: cheap, quantity: 1 }]), { shippingMethod: "dhl" }),
      );
      expect(await orderRow(t.db, dhlBelow.id)).toMatchObject({ shippingCostCents: 22_000, finalTotalCents: 221_999 });
    });

    it("refuses a shipping method that is not the shop's", async () => {
      const card = await insertProduct(t.db, { stock: 1 });
      const error = await refused(checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }]), { shippingMethod: "fedex" }));
      expect(error).toMatchObject({ kind: "invalid", field: "shippingMethod", message: "Selecciona un método de envío" });
    });
  });

  describe("coupons", () => {
    it("takes round((subtotal + shipping) × percent / 100) in whole pesos, counts the use and records the redemption", async () => {
      const card = await insertProduct(t.db, { priceCents: 123_456, stock: 1 });
      const code = await insertCoupon(t.db, { discountPercent: 15 });
      const placed = await placeOrder(
        t.db,
        checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }]), { couponCode: ` ${code.toLowerCase()} ` }),
      );
      // (1,234.56 + 150) × 15 % = 207.684 → $208.
      expect(await orderRow(t.db, placed.id)).toMatchObject({
        discountCents: 20_800,
        couponCode: code,
        totalCents: 138_456 - 20_800,
        finalTotalCents: 117_656,
      });
      expect(await usesOf(t.db, code)).toBe(1);
    });

    it("answers the checkout box: empty, unknown, inactive, expired, used up, single-use used, someone else's", async () => {
      const owner = await insertCustomer(t.db);
      const stranger = await insertCustomer(t.db);
      const ok = await insertCoupon(t.db, { discountPercent: 20, description: "Veinte por ciento" });
      const cases: Array<[string, string | null, string]> = [
        ["   ", null, "Ingresa un código de cupón"],
        ["NOEXISTE", null, "Cupón inválido"],
        [await insertCoupon(t.db, { isActive: false }), null, "Este cupón no está activo"],
        [await insertCoupon(t.db, { expiresAt: new Date(Date.now() - DAY_MS) }), null, "Este cupón ha expirado"],
        [await insertCoupon(t.db, { maxUses: 3, usedCount: 3 }), null, "Este cupón ya alcanzó su límite de usos"],
        [await insertCoupon(t.db, { type: "single-use", usedCount: 1 }), null, "Este cupón ya fue utilizado"],
        [await insertCoupon(t.db, { userId: owner }), stranger, "Cupón inválido"],
        [await insertCoupon(t.db, { userId: owner }), null, "Cupón inválido"],
      ];
      for (const [code, userId, reason] of cases) {
        expect(await checkCoupon(t.db, code, userId), code).toEqual({ ok: false, failure: reason });
      }
      expect(await checkCoupon(t.db, ok.toLowerCase(), null)).toEqual({
        ok: true,
        value: { code: ok, discountPercent: 20, description: "Veinte por ciento" },
      });
      const mine = await insertCoupon(t.db, { userId: owner, discountPercent: 5 });
      expect(await checkCoupon(t.db, mine, owner)).toMatchObject({ ok: true, value: { code: mine } });
    });

    it("refuses every unusable coupon at placeOrder with its reason, writing nothing", async () => {
      const owner = await insertCustomer(t.db);
      const card = await insertProduct(t.db, { stock: 1 });
      const codes = [
        ["NOEXISTE", "Cupón inválido"],
        [await insertCoupon(t.db, { isActive: false }), "Este cupón no está activo"],
        [await insertCoupon(t.db, { expiresAt: new Date(Date.now() - 1000) }), "Este cupón ha expirado"],
        [await insertCoupon(t.db, { maxUses: 1, usedCount: 1 }), "Este cupón ya alcanzó su límite de usos"],
        [await insertCoupon(t.db, { type: "single-use", usedCount: 1 }), "Este cupón ya fue utilizado"],
        [await insertCoupon(t.db, { userId: owner }), "Cupón inválido"],
        ["", "Ingresa un código de cupón"],
      ];
      for (const [code, reason] of codes) {
        const cartId = await cartWith(t.db, [{ productId: card, quantity: 1 }]);
        const error = await refused(checkoutInput(cartId, { couponCode: code as string }));
        expect(error).toMatchObject({ kind: "coupon", field: "couponInput", message: reason });
      }
    });

    it("a single-use coupon works once; a customer's own coupon works for them", async () => {
      const userId = await insertCustomer(t.db);
      const card = await insertProduct(t.db, { stock: 3 });
      const single = await insertCoupon(t.db, { type: "single-use", discountPercent: 50 });
      await placeOrder(t.db, checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }]), { couponCode: single }));
      const again = await refused(checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }]), { couponCode: single }));
      expect(again.message).toBe("Este cupón ya fue utilizado");
      const mine = await insertCoupon(t.db, { userId });
      const placed = await placeOrder(
        t.db,
        checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }], userId), { userId, couponCode: mine }),
      );
      expect((await orderRow(t.db, placed.id)).couponCode).toBe(mine);
    });
  });

  describe("points", () => {
    it("spends the floor of the balance when asked, debited in the order's transaction; earns 1% of the subtotal on payment only", async () => {
      const userId = await insertCustomer(t.db, { points: 100 });
      const card = await insertProduct(t.db, { priceCents: 150_000, stock: 1 });
      const placed = await placeOrder(
        t.db,
        checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }], userId), { userId, usePoints: true }),
      );
      expect(await orderRow(t.db, placed.id)).toMatchObject({
        pointsUsed: 100,
        pointsEarned: 15,
        totalCents: 165_000,
        finalTotalCents: 155_000,
      });
      expect(await balanceOf(t.db, userId)).toBe(0);
      const ledger = await t.db.select().from(loyaltyTransactions).where(eq(loyaltyTransactions.orderId, placed.id));
      expect(ledger.map((r) => [r.type, r.amount])).toEqual([["spent", -100]]);
    });

    it("caps the points so the total never goes below 0: a total of 0 is paid at once, and its earned points credited", async () => {
      const userId = await insertCustomer(t.db, { points: 5_000 });
      const card = await insertProduct(t.db, { priceCents: 100_000, stock: 1 });
      const placed = await placeOrder(
        t.db,
        checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }], userId), { userId, usePoints: true }),
      );
      expect(placed).toMatchObject({ finalTotalCents: 0, isPaid: true });
      expect(await orderRow(t.db, placed.id)).toMatchObject({
        pointsUsed: 1_150,
        finalTotalCents: 0,
        orderStatus: "processing",
        paymentStatus: "approved",
        paymentMethod: "sin-cargo",
      });
      expect(await balanceOf(t.db, userId)).toBe(5_000 - 1_150 + 10);
      const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, "ana@example.com"));
      expect(
        mails
          .filter((m) => m.subject?.includes(placed.orderNumber))
          .map((m) => m.kind)
          .sort(),
      ).toEqual(["order-received", "payment-approved"]);
    });

    it("a 100 % coupon makes a guest's order free too (no points involved)", async () => {
      const card = await insertProduct(t.db, { priceCents: 40_000, stock: 1 });
      const code = await insertCoupon(t.db, { discountPercent: 100 });
      const placed = await placeOrder(t.db, checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }]), { couponCode: code }));
      expect(placed).toMatchObject({ finalTotalCents: 0, isPaid: true });
      expect(await orderRow(t.db, placed.id)).toMatchObject({
        discountCents: 55_000,
        paymentStatus: "approved",
        orderStatus: "processing",
        pointsEarned: 0,
      });
    });

    it("ignores usePoints for a guest", async () => {
      const card = await insertProduct(t.db, { priceCents: 40_000, stock: 1 });
      const placed = await placeOrder(t.db, checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }]), { usePoints: true }));
      expect(await orderRow(t.db, placed.id)).toMatchObject({ pointsUsed: 0, finalTotalCents: 55_000 });
    });
  });

  describe("the checkout token", () => {
    it("a second submit of the same form returns the first order and writes nothing", async () => {
      const card = await insertProduct(t.db, { stock: 5 });
      const cartId = await cartWith(t.db, [{ productId: card, quantity: 1 }]);
      const input = checkoutInput(cartId);
      const first = await placeOrder(t.db, input);
      const before = await orderWrites(t.db);
      const second = await placeOrder(t.db, input);
      expect(second).toEqual(first);
      expect(await orderWrites(t.db)).toEqual(before);
      expect(await stockOf(t.db, card)).toBe(4);
    });

    it("two submits of one form at the same moment place one order, and both get it", async () => {
      const card = await insertProduct(t.db, { stock: 5 });
      const cartId = await cartWith(t.db, [{ productId: card, quantity: 2 }]);
      const input = checkoutInput(cartId);
      const [a, b] = await Promise.all([placeOrder(t.db, input), placeOrder(t.db, input)]);
      expect(a).toEqual(b);
      expect(await t.db.select().from(orders).where(eq(orders.checkoutToken, input.checkoutToken))).toHaveLength(1);
      expect(await stockOf(t.db, card)).toBe(3);
    });

    it("a token already used by another shopper is refused", async () => {
      const card = await insertProduct(t.db, { stock: 5 });
      const input = checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }]));
      await placeOrder(t.db, input);
      const userId = await insertCustomer(t.db);
      const error = await refused({ ...input, cartId: await cartWith(t.db, [{ productId: card, quantity: 1 }], userId), userId });
      expect(error.message).toBe("Este formulario ya se usó. Actualiza la página e intenta de nuevo.");
    });
  });

  it("queues 'pedido recibido' with the order number, lines, totals, address and a link to the order", async () => {
    const userId = await insertCustomer(t.db);
    const card = await insertProduct(t.db, { name: "Charizard <ex>", priceCents: 150_000, stock: 1 });
    const code = await insertCoupon(t.db, { discountPercent: 10 });
    const placed = await placeOrder(
      t.db,
      checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }], userId), {
        userId,
        couponCode: code,
        contact: { name: "Luis", email: "luis@example.com", phone: "3312345678" },
      }),
      { publicUrl: "https://tienda.example/otra-ruta" },
    );
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, "luis@example.com"));
    expect(mail).toMatchObject({
      kind: "order-received",
      subject: `Recibimos tu pedido ${placed.orderNumber} - Cartas del Valle`,
      sentAt: null,
    });
    const { text, html } = mail!.payload as MailPayload;
    for (const part of [
      placed.orderNumber,
      "Charizard <ex>",
      "$1,500.00 MXN", // the line and the subtotal
      "Envío (Estafeta)",
      `Cupón ${code}`,
      "-$165.00 MXN", // (1,500 + 150) × 10 %
      "$1,485.00 MXN", // the total
      "Av. Juárez 10, Col. Centro, C.P. 72000, Puebla, Puebla, México",
      `https://tienda.example/mis-pedidos?pedido=${placed.orderNumber}`,
    ]) {
      expect(text).toContain(part);
    }
    expect(html).toContain("Charizard &lt;ex&gt;");
    expect(html).not.toContain("Charizard <ex>");
    expect(html).toContain(`href="https://tienda.example/mis-pedidos?pedido=${placed.orderNumber}"`);
  });

  describe("addresses", () => {
    it("ships to the customer's saved address; another customer's saved address is refused", async () => {
      const userId = await insertCustomer(t.db);
      const other = await insertCustomer(t.db);
      const mine = newId();
      const theirs = newId();
      await t.db.insert(addresses).values([
        {
          id: mine,
          userId,
          street: "Calle Mía 1",
          colonia: "Centro",
          city: "León",
          state: "Guanajuato",
          zipCode: "37000",
          isDefault: true,
        },
        { id: theirs, userId: other, street: "Calle Ajena 2", city: "Mérida", state: "Yucatán", zipCode: "97000", isDefault: true },
      ]);
      const card = await insertProduct(t.db, { stock: 2 });
      const refusedTheirs = await refused(
        checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }], userId), { userId, address: null, savedAddressId: theirs }),
      );
      expect(refusedTheirs).toMatchObject({ kind: "address", field: "savedAddressId" });
      const guest = await refused(
        checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }]), { address: null, savedAddressId: mine }),
      );
      expect(guest).toMatchObject({ kind: "address", field: "savedAddressId" });

      const placed = await placeOrder(
        t.db,
        checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }], userId), { userId, address: null, savedAddressId: mine }),
      );
      expect((await orderRow(t.db, placed.id)).shippingAddress).toMatchObject({
        street: "Calle Mía 1",
        city: "León",
        state: "Guanajuato",
        zipCode: "37000",
      });
    });

    it("saves a new address to the customer's profile when asked, in the order's transaction", async () => {
      const userId = await insertCustomer(t.db);
      const card = await insertProduct(t.db, { stock: 2 });
      await placeOrder(
        t.db,
        checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 1 }], userId), { userId, saveAddress: true }),
      );
      const saved = await t.db.select().from(addresses).where(eq(addresses.userId, userId));
      expect(saved).toMatchObject([
        { street: "Av. Juárez 10", colonia: "Centro", zipCode: "72000", references: "Portón azul", isDefault: true },
      ]);
    });

    it("refuses a missing or malformed field with the Spanish message, naming the field", async () => {
      const card = await insertProduct(t.db, { stock: 2 });
      const cartId = await cartWith(t.db, [{ productId: card, quantity: 1 }]);
      const base = checkoutInput(cartId);
      expect(await refused({ ...base, contact: { ...base.contact, phone: "" } })).toMatchObject({
        field: "phone",
        message: "El teléfono es requerido",
      });
      expect(await refused({ ...base, contact: { ...base.contact, email: "no-es-correo" } })).toMatchObject({ field: "email" });
      expect(await refused({ ...base, address: { ...base.address!, zipCode: "123456" } })).toMatchObject({
        kind: "address",
        field: "zipCode",
        message: "El código postal debe tener 5 dígitos",
      });
      expect(await refused({ ...base, address: { ...base.address!, state: "Texas" } })).toMatchObject({ field: "state" });
    });
  });

  describe("nothing is written when", () => {
    it("a card sold out meanwhile: the error names it and what is left", async () => {
      const card = await insertProduct(t.db, { name: "Umbreon VMAX", stock: 1 });
      const plenty = await insertProduct(t.db, { name: "Eevee", stock: 9 });
      const code = await insertCoupon(t.db);
      const userId = await insertCustomer(t.db, { points: 50 });
      const cartId = await cartWith(
        t.db,
        [
          { productId: plenty, quantity: 1 },
          { productId: card, quantity: 2 },
        ],
        userId,
      );
      const error = await refused(checkoutInput(cartId, { userId, couponCode: code, usePoints: true, saveAddress: true }));
      expect(error).toMatchObject({ kind: "out-of-stock", status: 409 });
      expect(error.message).toBe(
        "Ya no hay stock suficiente de Umbreon VMAX (Casi nueva · Inglés) (queda 1). Ajusta tu carrito e intenta de nuevo.",
      );
      expect(error.soldOut).toEqual([
        {
          productId: card,
          variantId: await onlyVariantId(t.db, card),
          name: "Umbreon VMAX (Casi nueva · Inglés)",
          requested: 2,
          available: 1,
        },
      ]);
      expect(await usesOf(t.db, code)).toBe(0);
      expect(await balanceOf(t.db, userId)).toBe(50);
    });

    it("the cart is empty, or is not the shopper's", async () => {
      const empty = await cartWith(t.db, []);
      expect(await refused(checkoutInput(empty))).toMatchObject({ kind: "empty-cart", message: "Tu carrito está vacío" });
      const card = await insertProduct(t.db, { stock: 1 });
      const someone = await insertCustomer(t.db);
      const theirCart = await cartWith(t.db, [{ productId: card, quantity: 1 }], someone);
      expect(await refused(checkoutInput(theirCart))).toMatchObject({ kind: "empty-cart" });
      const me = await insertCustomer(t.db);
      expect(await refused(checkoutInput(theirCart, { userId: me }))).toMatchObject({ kind: "empty-cart" });
    });
  });
});
