/**
 * The admin dashboard's data on a real database (docs/requirements.md#admin-area): sales are the
 * approved payments that stand, by Mexico City day; orders by status; pending payments; the stock
 * buckets; the 'Productos' list through the catalogue's search (artist, accents and case ignored),
 * 100 a page, archived products hidden; the read-only 'Órdenes' list; and the /admin loader.
 */
import { count, eq, isNull, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import * as dashboardRoute from "#app/routes/admin/dashboard.tsx";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { ADMIN_PAGE_SIZE } from "#domain/catalog.ts";
import { parseDashboardQuery } from "#domain/admin-dashboard.ts";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  dashboardSummary,
  listAdminOrders,
  listAdminProducts,
  salesFigures,
  salesQuery,
  type DashboardData,
} from "#server/admin/dashboard.server.ts";
import { newId } from "#server/db/ids.ts";
import { orders, payments, products, productVariants } from "#server/db/schema.ts";
import { productSearchText } from "#server/catalog/search-text.ts";
import { insertProduct, insertVariant } from "#tests/fixtures/products.ts";
import { insertCustomer, insertOrder } from "#tests/fixtures/orders.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { callLoader, get } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

interface PlanNode {
  "Join Type"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
}

/** Rows every join node of an EXPLAIN ANALYZE plan produced. */
function joinRows(node: PlanNode): number {
  const own = node["Join Type"] ? node["Actual Rows"] * node["Actual Loops"] : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + joinRows(child), 0);
}

/** 12:00 on 15 March 2026 in Mexico City (UTC-6). */
const NOW = new Date("2026-03-15T18:00:00Z");

describeEachDatabase("admin dashboard", (t) => {
  /** An order with a payment recorded at `at` (the provider's status), the order's payment status as applyPayment leaves it. */
  async function paidOrder(cents: number, at: string, status: "approved" | "rejected" | "pending" | "refunded") {
    const paymentId = `pago-${newId()}`;
    const order = await insertOrder(t.db, {
      finalTotalCents: cents,
      totalCents: cents,
      paymentStatus: status,
      paymentId,
      createdAt: new Date(at),
    });
    const record = (s: string, when: string) =>
      t.db.insert(payments).values({
        id: newId(),
        orderId: order.id,
        provider: "sandbox",
        providerPaymentId: paymentId,
        status: s,
        amountCents: cents,
        currency: "MXN",
        createdAt: new Date(when),
      });
    if (status === "refunded") {
      await record("approved", at);
      await record("refunded", at);
    } else {
      await record(status, at);
    }
    return order;
  }

  it("sales sum the approved payments that stand, by Mexico City day: today, the last 7 and the last 30 days", async () => {
    expect(await salesFigures(t.db, NOW)).toEqual({ todayCents: 0, last7DaysCents: 0, last30DaysCents: 0 });
    await paidOrder(100_000, "2026-03-15T06:30:00Z", "approved"); // 00:30 today in Mexico City
    await paidOrder(20_000, "2026-03-15T05:30:00Z", "approved"); // 23:30 yesterday in Mexico City (today in UTC)
    await paidOrder(3_000, "2026-03-09T12:00:00Z", "approved"); // 6 days ago
    await paidOrder(400, "2026-03-08T12:00:00Z", "approved"); // 7 days ago
    await paidOrder(50, "2026-02-14T12:00:00Z", "approved"); // 29 days ago
    await paidOrder(6, "2026-02-13T12:00:00Z", "approved"); // 30 days ago
    await paidOrder(700_000, "2026-03-15T15:00:00Z", "rejected");
    await paidOrder(800_000, "2026-03-15T15:00:00Z", "pending");
    await paidOrder(900_000, "2026-03-15T15:00:00Z", "refunded");
    await paidOrder(1_000_000, "2026-03-16T07:00:00Z", "approved"); // tomorrow
    // A second approved charge of a paid order (flagged for refund) is not a sale either.
    const [paid] = await t.db.select().from(orders).where(eq(orders.finalTotalCents, 100_000));
    await t.db.insert(payments).values({
      id: newId(),
      orderId: paid!.id,
      provider: "sandbox",
      providerPaymentId: "duplicado",
      status: "approved",
      amountCents: 100_000,
      currency: "MXN",
      createdAt: new Date("2026-03-15T16:00:00Z"),
    });

    expect(await salesFigures(t.db, NOW)).toEqual({ todayCents: 100_000, last7DaysCents: 123_000, last30DaysCents: 123_450 });
    // One hour earlier in Mexico City it is still the 14th: the 23:30 payment is today's, the 00:30 one tomorrow's.
    expect((await salesFigures(t.db, new Date("2026-03-15T05:45:00Z"))).todayCents).toBe(20_000);
  });

  it("sales read only the last month's payments, not every payment the shop ever had", async () => {
    // A year of old sales: the figures must not join each of them with its order to find 30 days' worth.
    const old = Array.from({ length: 400 }, (_, i) => ({ at: new Date(Date.parse("2025-01-01T12:00:00Z") + i * 3_600_000) }));
    for (const { at } of old) await paidOrder(100, at.toISOString(), "approved");
    const recent = await paidOrder(5_000, "2026-03-14T18:00:00Z", "approved");
    expect(recent.id).toBeTruthy();
    await t.db.execute(sql`analyze payments`);
    const [query] = salesQuery(t.db, NOW);
    const explained = (await t.db.execute(sql`explain (analyze, format json) ${query}`)) as unknown as {
      rows: Array<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>;
    };
    // The payments joined with their orders (every join node's rows): the last month's, not the year's 401.
    const joined = joinRows(explained.rows[0]!["QUERY PLAN"][0]!.Plan);
    expect(joined).toBeGreaterThan(0);
    expect(joined).toBeLessThan(100);
    expect((await salesFigures(t.db, NOW)).last30DaysCents).toBeGreaterThanOrEqual(5_000);
  });

  it("counts orders by status (every status listed) and the payments still pending of live orders", async () => {
    const before = await dashboardSummary(t.db, NOW);
    const countOf = (s: typeof before, status: string) => s.ordersByStatus.find((r) => r.status === status)!.count;
    await insertOrder(t.db, { orderStatus: "shipped", paymentStatus: "approved" });
    await insertOrder(t.db, { orderStatus: "shipped", paymentStatus: "approved" });
    await insertOrder(t.db, { orderStatus: "cancelled", paymentStatus: "pending" });
    await insertOrder(t.db, { orderStatus: "pending", paymentStatus: "pending" });
    const after = await dashboardSummary(t.db, NOW);
    expect(after.ordersByStatus.map((r) => r.status)).toEqual(["pending", "processing", "shipped", "delivered", "cancelled"]);
    expect(countOf(after, "shipped") - countOf(before, "shipped")).toBe(2);
    expect(countOf(after, "cancelled") - countOf(before, "cancelled")).toBe(1);
    expect(countOf(after, "pending") - countOf(before, "pending")).toBe(1);
    expect(countOf(after, "delivered")).toBe(0);
    // The cancelled order's payment will never come: it is not pending.
    expect(after.pendingPayments - before.pendingPayments).toBe(1);
    const [{ total }] = (await t.db.select({ total: count() }).from(orders)) as [{ total: number }];
    expect(after.ordersByStatus.reduce((sum, r) => sum + r.count, 0)).toBe(total);
  });

  it("counts products out of stock and at low stock (1 to 3), archived ones left out, and filters the list by them", async () => {
    const ids: Record<number, string> = {};
    for (const stock of [0, 1, 3, 4, 10, 11]) ids[stock] = await insertProduct(t.db, { name: `Cubeta ${stock}`, stock });
    await insertProduct(t.db, { name: "Cubeta archivada", stock: 0, archivedAt: new Date() });
    const summary = await dashboardSummary(t.db, NOW);
    expect({ out: summary.outOfStock, low: summary.lowStock }).toEqual({ out: 1, low: 2 });
    expect((await listAdminProducts(t.db, { stock: "agotado" })).rows.map((r) => r.id)).toEqual([ids[0]]);
    expect((await listAdminProducts(t.db, { stock: "bajo" })).rows.map((r) => r.id).sort()).toEqual([ids[1], ids[3]].sort());
  });

  it("works per variant: a product counts, filters and shows by its lowest variant, with each variant's units", async () => {
    const partly = await insertProduct(t.db, { name: "Cubeta variantes agotada", stock: 12 });
    await insertVariant(t.db, partly, { condition: "LP", language: "ja", stock: 0 });
    const low = await insertProduct(t.db, { name: "Cubeta variantes baja", stock: 20 });
    await insertVariant(t.db, low, { condition: "DMG", language: "es", stock: 2 });
    const plenty = await insertProduct(t.db, { name: "Cubeta variantes llena", stock: 20 });
    await insertVariant(t.db, plenty, { condition: "MP", language: "en", stock: 11 });
    const before = await dashboardSummary(t.db, NOW);

    const agotados = (await listAdminProducts(t.db, { stock: "agotado" })).rows.map((r) => r.id);
    expect(agotados).toContain(partly);
    expect(agotados).not.toContain(low);
    const bajos = (await listAdminProducts(t.db, { stock: "bajo" })).rows.map((r) => r.id);
    expect(bajos).toContain(low);
    expect(bajos).not.toContain(plenty);
    expect(bajos).not.toContain(partly);

    // Selling the last LP copy elsewhere would not show in the sum: the counts follow the lowest variant.
    await t.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, low));
    const after = await dashboardSummary(t.db, NOW);
    expect({ out: after.outOfStock - before.outOfStock, low: after.lowStock - before.lowStock }).toEqual({ out: 1, low: -1 });

    const [row] = (await listAdminProducts(t.db, { q: "cubeta variantes agotada" })).rows;
    expect(row).toMatchObject({
      stock: 12,
      variants: [
        { condition: "NM", language: "en", stock: 12 },
        { condition: "LP", language: "ja", stock: 0 },
      ],
    });
  });

  it("keeps each product's lowest live variant on the product as the variants change, archived variants left out", async () => {
    const id = await insertProduct(t.db, { name: "Cubeta mínimo", stock: 9 });
    const worn = await insertVariant(t.db, id, { condition: "HP", language: "en", stock: 1 });
    const lowestOf = async () => (await t.db.select({ lowest: products.lowestStock }).from(products).where(eq(products.id, id)))[0]!.lowest;
    expect(await lowestOf()).toBe(1);
    expect((await listAdminProducts(t.db, { stock: "bajo", q: "cubeta minimo" })).rows.map((r) => r.id)).toEqual([id]);
    // The worn copy leaves the shop (it appears in an order, so it is archived, not deleted).
    await t.db.update(productVariants).set({ archivedAt: new Date() }).where(eq(productVariants.id, worn));
    expect(await lowestOf()).toBe(9);
    expect((await listAdminProducts(t.db, { stock: "bajo", q: "cubeta minimo" })).rows).toEqual([]);
    // No live variant left: counted in neither bucket.
    await t.db.update(productVariants).set({ archivedAt: new Date() }).where(eq(productVariants.productId, id));
    expect(await lowestOf()).toBeNull();
    // Every product of the shop agrees with its variants, whatever wrote them.
    const disagreeing = await t.db.execute(sql`
      select p.id from products p
      where p.lowest_stock is distinct from (select min(v.stock) from product_variants v where v.product_id = p.id and v.archived_at is null)`);
    expect(disagreeing.rows).toEqual([]);
  });

  it("finds products by artist, by category and by text typed without accents or in capitals", async () => {
    const pikachu = await insertProduct(t.db, { name: "Pikachu Festivo", artist: "Atsuko Nishida" });
    const caja = await insertProduct(t.db, {
      name: "Caja Élite de Entrenador Pokémon",
      category: "Producto Sellado",
      expansion: "Surging Sparks",
    });
    const ids = async (q: string) => (await listAdminProducts(t.db, { q })).rows.map((r) => r.id);
    expect(await ids("nishida")).toEqual([pikachu]);
    expect(await ids("ATSUKO")).toEqual([pikachu]);
    expect(await ids("caja elite pokemon")).toEqual([caja]);
    expect(await ids("ÉLITE entrenador")).toEqual([caja]);
    expect(await ids("producto sellado")).toContain(caja);
    expect(await ids("producto sellado")).not.toContain(pikachu);
  });

  it("pages the list at 100, newest first, and hides archived products everywhere", async () => {
    const base = Date.parse("2026-01-01T00:00:00Z");
    const rows = Array.from({ length: ADMIN_PAGE_SIZE + 1 }, (_, i) => {
      const row = {
        id: newId(),
        name: `Lote paginado ${i}`,
        priceCents: 1_000,
        stock: 20,
        category: "Carta Individual",
        rarity: "Rare",
        type: "Pokémon",
        expansion: "151",
        cardNumber: `${i}/200`,
        images: [] as string[],
        dateAdded: new Date(base + i * 60_000),
      };
      return { ...row, search: productSearchText(row) };
    });
    await t.db.insert(products).values(rows);
    const archived = await insertProduct(t.db, { name: "Lote paginado archivado", archivedAt: new Date() });

    const first = await listAdminProducts(t.db, { q: "paginado" });
    expect({ total: first.total, pages: first.pages, shown: first.rows.length }).toEqual({ total: 101, pages: 2, shown: 100 });
    expect(first.rows[0]!.name).toBe("Lote paginado 100");
    expect(first.rows[0]).toMatchObject({ priceCents: 1_000, stock: 20, image: null, expansion: "151", cardNumber: "100/200" });
    const second = await listAdminProducts(t.db, { q: "paginado", page: 2 });
    expect(second.rows.map((r) => r.name)).toEqual(["Lote paginado 0"]);
    expect((await listAdminProducts(t.db, { q: "paginado", page: 3 })).rows).toEqual([]);

    expect((await listAdminProducts(t.db, { q: "archivado" })).rows).toEqual([]);
    const all = await listAdminProducts(t.db, {});
    const [{ inShop }] = (await t.db.select({ inShop: count() }).from(products).where(isNull(products.archivedAt))) as [{ inShop: number }];
    expect(all.total).toBe(inShop);
    expect(all.rows.some((r) => r.id === archived)).toBe(false);
  });

  it("lists every order newest first, 50 a page, with the customer (account or guest), the units and the total", async () => {
    const customer = await insertCustomer(t.db, { name: "Lucía Pérez", email: "lucia@example.com" });
    const mine = await insertOrder(t.db, {
      userId: customer,
      contactName: "Otro nombre",
      createdAt: new Date("2030-01-02T00:00:00Z"),
      lines: [
        { productId: null, quantity: 2, unitPriceCents: 1_000 },
        { productId: null, quantity: 3, unitPriceCents: 500 },
      ],
    });
    const guest = await insertOrder(t.db, {
      guestEmail: "visita@example.com",
      contactName: "Visitante",
      createdAt: new Date("2030-01-01T00:00:00Z"),
    });
    for (let i = 0; i < ADMIN_ORDERS_PAGE_SIZE; i++)
      await insertOrder(t.db, { createdAt: new Date(Date.parse("2020-01-01T00:00:00Z") + i * 1000) });

    const first = await listAdminOrders(t.db, { page: 1 });
    expect(first.rows).toHaveLength(ADMIN_ORDERS_PAGE_SIZE);
    expect(first.rows[0]).toMatchObject({
      id: mine.id,
      customerName: "Lucía Pérez",
      customerEmail: "lucia@example.com",
      itemCount: 5,
      finalTotalCents: 3_500 + 15_000,
    });
    expect(first.rows[1]).toMatchObject({ id: guest.id, customerName: "Visitante", customerEmail: "visita@example.com", itemCount: 1 });
    const times = first.rows.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const last = await listAdminOrders(t.db, { page: first.pages });
    expect(first.total).toBeGreaterThan(ADMIN_ORDERS_PAGE_SIZE);
    expect(last.rows).toHaveLength(first.total - ADMIN_ORDERS_PAGE_SIZE * (first.pages - 1));
    // 'Resumen' shows the latest 10.
    const summary = await dashboardSummary(t.db, NOW);
    expect(summary.latestOrders.map((o) => o.id)).toEqual(first.rows.slice(0, 10).map((o) => o.id));
  });

  it("the /admin loader gives the admin the tab asked for and the notice of the query", async () => {
    const { cookie } = await adminSession(t.db, { name: "Dueña" });
    const load = async (query: string) => {
      const url = `/admin${query}`;
      const result = await callLoader<{ notice: { text: string; isError: boolean } | null; data: DashboardData }>(
        dashboardRoute,
        get(url, { cookie }),
        { db: t.db },
      );
      expect(result.status).toBe(200);
      return result.data!;
    };
    expect((await load("")).data.tab).toBe("resumen");
    const listed = await load("?tab=productos&q=nishida&aviso=producto-eliminado");
    expect(listed.notice).toEqual({ text: ADMIN_MESSAGES.productDeleted, isError: false });
    // The edit screen's load failure comes back as an error ('Error al cargar el producto').
    expect((await load("?aviso=error-cargar-producto")).notice).toEqual({ text: ADMIN_MESSAGES.loadFailed, isError: true });
    expect(listed.data.tab === "productos" && listed.data.products.rows.map((r) => r.name)).toEqual(["Pikachu Festivo"]);
    expect((await load("?tab=ordenes&page=abc&aviso=otra-cosa")).notice).toBeNull();
    expect(parseDashboardQuery(new URLSearchParams("tab=ordenes&page=abc")).page).toBe(1);
    expect((await load("?tab=nada")).data.tab).toBe("resumen");
  });
});
