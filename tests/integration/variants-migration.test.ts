/**
 * Migration 0008 (decision record 017) on a shop that already sells: every product becomes one
 * variant with its price, sale price and stock (NM for a single, 'Nuevo' otherwise, in English),
 * cart lines and order lines point at it, orders keep what they were sold as, the list's summary
 * columns are filled, and a cancellation after the migration gives the stock back to that variant.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { cancelOrder } from "#server/orders/index.ts";
import { cartItems, orderItems, products, productVariants } from "#server/db/schema.ts";
import { getCart } from "#server/cart/cart.server.ts";
import { openTestDatabase, testDatabaseKinds } from "#tests/fixtures/test-db.ts";
import { migrationsBefore } from "#tests/fixtures/migrations.ts";

const single = "a00000000000000000000001";
const sealed = "a00000000000000000000002";
const soldOut = "a00000000000000000000003";
const cart = "c00000000000000000000001";
const order = "d00000000000000000000001";

describe.each(testDatabaseKinds())("migration 0008_product_variants on a shop with carts and orders [%s]", (kind) => {
  it("turns every product into one variant without losing carts, orders, images or prices", async () => {
    const earlier = migrationsBefore("0008_product_variants");
    const handle = await openTestDatabase(kind, { migrate: false });
    try {
      await handle.migrate(earlier);
      const db = handle.db;
      // Rows as the shop of migration 0007 wrote them.
      await db.execute(sql`
        insert into products (id, name, price_cents, sale_price_cents, stock, category, rarity, type, expansion, card_number, images, search)
        values
          (${single}, 'Charizard ex', 150000, 120000, 3, 'Carta Individual', 'Special Illustration Rare', 'Pokémon', '151', '199/165',
           array['/media/demo/a-front.webp', '/media/demo/a-back.webp'], 'charizard ex 151 199/165'),
          (${sealed}, 'Elite Trainer Box 151', 129900, null, 7, 'Producto Sellado', 'Promo', 'Item', '151', null,
           array['/media/demo/b-front.webp'], 'elite trainer box 151'),
          (${soldOut}, 'Mew ex', 40000, null, 0, 'Carta Individual', 'Double Rare', 'Pokémon', '151', '151/165',
           array['/media/demo/c-front.webp'], 'mew ex 151')`);
      await db.execute(sql`insert into carts (id) values (${cart})`);
      await db.execute(sql`insert into cart_items (cart_id, product_id, quantity) values (${cart}, ${single}, 2), (${cart}, ${sealed}, 1)`);
      await db.execute(sql`
        insert into orders (id, order_number, contact_name, contact_phone, shipping_address, shipping_method, shipping_cost_cents,
                            subtotal_cents, total_cents, final_total_cents, guest_email)
        values (${order}, 'CV-TEST01', 'Ana', '5512345678', '{}'::jsonb, 'estafeta', 0, 120000, 120000, 120000, 'ana@example.com')`);
      await db.execute(sql`
        insert into order_items (id, order_id, product_id, name, image, unit_price_cents, quantity)
        values ('e00000000000000000000001', ${order}, ${single}, 'Charizard ex', '/media/demo/a-front.webp', 120000, 1)`);

      await handle.migrate();

      const variants = await db.select().from(productVariants).orderBy(productVariants.productId);
      expect(variants.map((v) => [v.productId, v.condition, v.language, v.priceCents, v.salePriceCents, v.stock])).toEqual([
        [single, "NM", "en", 150000, 120000, 3],
        [sealed, "NEW", "en", 129900, null, 7],
        [soldOut, "NM", "en", 40000, null, 0],
      ]);
      const byProduct = new Map(variants.map((v) => [v.productId, v.id]));

      const rows = await db.select().from(products).orderBy(products.id);
      expect(rows.map((p) => [p.id, p.priceCents, p.salePriceCents, p.stock, p.shownVariantId, p.conditions, p.variantKeys])).toEqual([
        [single, 150000, 120000, 3, byProduct.get(single), ["NM"], ["NM:en"]],
        [sealed, 129900, null, 7, byProduct.get(sealed), ["NEW"], ["NEW:en"]],
        [soldOut, 40000, null, 0, byProduct.get(soldOut), [], []],
      ]);
      // Images untouched; a sealed product loses its stand-in rarity and type, a single keeps its own.
      expect(rows[0]?.images).toEqual(["/media/demo/a-front.webp", "/media/demo/a-back.webp"]);
      expect([rows[0]?.rarity, rows[1]?.rarity, rows[1]?.type]).toEqual(["Special Illustration Rare", null, null]);

      // The cart still holds both lines, each of the product's one variant, with its prices.
      const lines = await db.select().from(cartItems).where(eq(cartItems.cartId, cart));
      expect(lines.map((l) => [l.productId, l.variantId, l.quantity]).sort()).toEqual(
        [
          [single, byProduct.get(single), 2],
          [sealed, byProduct.get(sealed), 1],
        ].sort(),
      );
      const view = await getCart(db, cart);
      expect(view.summary.itemCount).toBe(3);
      expect(view.lines.find((l) => l.productId === single)).toMatchObject({ condition: "NM", language: "en", salePriceCents: 120000 });

      // The order line was sold as that variant, and cancelling gives its unit back there.
      const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order));
      expect(line).toMatchObject({ variantId: byProduct.get(single), condition: "NM", language: "en" });
      expect(await cancelOrder(db, order, { reason: "Prueba", by: "sistema" })).toMatchObject({ cancelled: true, units: 1 });
      const [back] = await db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.productId, single));
      expect(back?.stock).toBe(4);
      const [summary] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, single));
      expect(summary?.stock).toBe(4);
    } finally {
      await handle.destroy();
      fs.rmSync(earlier, { recursive: true, force: true });
    }
  });
});
