/**
 * The admin's 'Órdenes' tab on a real database (docs/requirements.md#admin-area,
 * docs/requirements.md#order-fulfilment): the query string parsed (anything unknown dropped), the
 * filters and the search (accents and case ignored, by e-mail, by number), and the rows' status
 * form through the /admin action as the signed-in admin: success (the status, one history row, the
 * buyer's e-mail), the refusals ('Enviado' without a tracking number, an unpaid order) on that row
 * with the values kept, hostile and oversized values refused with nothing written; and 'Exportar
 * CSV' (BOM, Spanish headers, the filtered rows, quoting, formula injection, streamed in batches).
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as dashboardRoute from "#app/routes/admin/dashboard.tsx";
import * as csvRoute from "#app/routes/admin/pedidos-csv.ts";
import { FULFILMENT_MESSAGES } from "#domain/fulfilment.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import { newId } from "#server/db/ids.ts";
import { orderEvents, orderItems, orders, outbox, users } from "#server/db/schema.ts";
import { ORDER_NUMBER_ALPHABET, ORDER_NUMBER_LENGTH, ORDER_NUMBER_PREFIX } from "#domain/orders.ts";
import { seedOrders } from "#server/admin/order-seed.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { orderSearchText } from "#server/catalog/search-text.ts";
import { ORDERS_COUNT_CAP, listAdminOrders, ordersPageQuery, type AdminOrdersPage } from "#server/admin/orders-list.server.ts";
import type { DashboardData } from "#server/admin/dashboard.server.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { insertCustomer, insertOrder, orderRow } from "#tests/fixtures/orders.ts";
import { callAction, callLoader, formPost, get, runLoader } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

type NewOrder = Parameters<typeof insertOrder>[1];

/**
 * Order numbers for the thousands of rows inserted here at once, distinct from each other (random
 * ones, as newOrderNumber makes, would collide now and then among 4,000): a counter in the number's
 * alphabet from a random start.
 */
let numbered = Math.floor(Math.random() * 29 ** 5);
function nextOrderNumber(): string {
  let n = numbered++;
  let out = "";
  for (let i = 0; i < ORDER_NUMBER_LENGTH; i++) {
    out = ORDER_NUMBER_ALPHABET[n % ORDER_NUMBER_ALPHABET.length]! + out;
    n = Math.floor(n / ORDER_NUMBER_ALPHABET.length);
  }
  return ORDER_NUMBER_PREFIX + out;
}

describeEachDatabase("admin 'Órdenes' tab", (t) => {
  let adminCookie = "";
  let adminId = "";

  beforeAll(async () => {
    ({ userId: adminId, cookie: adminCookie } = await adminSession(t.db, { name: "Dueña Órdenes" }));
  });

  /** An order with its search text written as placeOrder writes it. */
  async function order(fields: NewOrder & { accountName?: string; accountEmail?: string } = {}) {
    const { accountName, accountEmail, ...rest } = fields;
    const placed = await insertOrder(t.db, rest);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    await t.db
      .update(orders)
      .set({
        search: orderSearchText({
          orderNumber: row!.orderNumber,
          contactName: row!.contactName,
          email: row!.guestEmail,
          accountName,
          accountEmail,
        }),
      })
      .where(eq(orders.id, placed.id));
    return placed;
  }

  const numbers = (page: AdminOrdersPage) => page.rows.map((r) => r.orderNumber);

  async function load(query: string) {
    const result = await callLoader<{ data: DashboardData; query: Record<string, unknown> }>(
      dashboardRoute,
      get(`/admin${query}`, { cookie: adminCookie }),
      { db: t.db },
    );
    expect(result.status).toBe(200);
    return result.data!;
  }

  async function post(fields: Record<string, string> | string, query = "?tab=ordenes&index") {
    return callAction<FormFailure | { ok: true; orderStatus: string; trackingNumber: string | null }>(
      dashboardRoute,
      formPost(`/admin${query}`, fields, { cookie: adminCookie }),
      { db: t.db },
    );
  }

  const tally = async (table: typeof orderEvents | typeof outbox) => Number((await t.db.select({ n: count() }).from(table))[0]!.n);

  it("reads its filters from the query string, drops what it does not know, and pages with them", async () => {
    const loaded = await load("?tab=ordenes&estado=shipped&pago=approved&reembolso=1&q=%20luc%C3%ADa%20&page=2&otra=1");
    expect(loaded.query).toMatchObject({ tab: "ordenes", estado: "shipped", pago: "approved", reembolso: true, q: "lucía", page: 2 });
    const junk = await load("?tab=ordenes&estado=robado&pago=%3Cscript%3E&reembolso=quizas&page=-1&q=" + "x".repeat(500));
    expect(junk.query).toMatchObject({ estado: null, pago: null, reembolso: false, page: 1 });
    expect((junk.query.q as string).length).toBe(100);
    expect(junk.data.tab).toBe("ordenes");
    // The filters' form sends its empty fields: the loader answers with the clean link.
    const form = await callLoader(dashboardRoute, get("/admin?tab=ordenes&q=ana&estado=&pago=", { cookie: adminCookie }), { db: t.db });
    expect({ status: form.status, location: form.headers.get("location") }).toEqual({ status: 302, location: "/admin?tab=ordenes&q=ana" });
  });

  it("searches by customer name ignoring accents and case, by e-mail, by account, and by order number", async () => {
    const lucia = await order({
      contactName: "Lucía Hernández Peña",
      guestEmail: "lucia.hp@correo.mx",
      createdAt: new Date("2031-01-03T00:00:00Z"),
    });
    const jose = await order({ contactName: "José Ramírez", guestEmail: "jose@example.com", createdAt: new Date("2031-01-02T00:00:00Z") });
    const customer = await insertCustomer(t.db, { name: "Ñoño Cliente", email: "nono@cuenta.mx" });
    const account = await order({
      userId: customer,
      contactName: "Quien Recibe",
      accountName: "Ñoño Cliente",
      accountEmail: "nono@cuenta.mx",
      createdAt: new Date("2031-01-01T00:00:00Z"),
    });
    const q = async (text: string) => numbers(await listAdminOrders(t.db, { q: text }));
    expect(await q("LUCIA HERNANDEZ")).toEqual([lucia.orderNumber]);
    expect(await q("peña")).toEqual([lucia.orderNumber]);
    expect(await q("lucia.hp@correo.mx")).toEqual([lucia.orderNumber]);
    expect(await q("RAMIREZ")).toEqual([jose.orderNumber]);
    expect(await q("nono@cuenta.mx")).toEqual([account.orderNumber]);
    expect(await q("ñoño")).toEqual([account.orderNumber]);
    // A whole number (any case) goes straight to that order; a part of one still matches.
    expect(await q(jose.orderNumber.toLowerCase())).toEqual([jose.orderNumber]);
    expect(await q(` ${lucia.orderNumber} `)).toEqual([lucia.orderNumber]);
    expect(await q(lucia.orderNumber.slice(3))).toEqual([lucia.orderNumber]);
    // LIKE's wildcards are plain text; punctuation only is no search.
    expect(await q("%_%")).toEqual((await listAdminOrders(t.db, {})).rows.map((r) => r.orderNumber));
    expect(await q("nadie-se-llama-asi")).toEqual([]);
  });

  it("filters by order status, payment status and needs refund, newest first, and counts what matches", async () => {
    const tag = `filtro-${newId()}`;
    const made = {
      shipped: await order({
        contactName: `${tag} a`,
        orderStatus: "shipped",
        paymentStatus: "approved",
        createdAt: new Date("2032-01-01T00:00:01Z"),
      }),
      shipped2: await order({
        contactName: `${tag} b`,
        orderStatus: "shipped",
        paymentStatus: "approved",
        createdAt: new Date("2032-01-01T00:00:02Z"),
      }),
      refund: await order({
        contactName: `${tag} c`,
        orderStatus: "cancelled",
        paymentStatus: "approved",
        needsRefund: true,
        createdAt: new Date("2032-01-01T00:00:03Z"),
      }),
      rejected: await order({ contactName: `${tag} d`, paymentStatus: "rejected", createdAt: new Date("2032-01-01T00:00:04Z") }),
    };
    const list = (filter: Parameters<typeof listAdminOrders>[1]) => listAdminOrders(t.db, { q: tag, ...filter });
    const shipped = await list({ estado: "shipped" });
    expect(numbers(shipped)).toEqual([made.shipped2.orderNumber, made.shipped.orderNumber]);
    expect({ total: shipped.total, capped: shipped.capped, pages: shipped.pages }).toEqual({ total: 2, capped: false, pages: 1 });
    expect(numbers(await list({ pago: "rejected" }))).toEqual([made.rejected.orderNumber]);
    expect(numbers(await list({ reembolso: true }))).toEqual([made.refund.orderNumber]);
    expect(numbers(await list({ estado: "cancelled", pago: "approved", reembolso: true }))).toEqual([made.refund.orderNumber]);
    expect(numbers(await list({ estado: "delivered" }))).toEqual([]);
    const row = (await list({ reembolso: true })).rows[0]!;
    expect(row).toMatchObject({ needsRefund: true, orderStatus: "cancelled", itemCount: 1 });
    // The /admin loader gives the same rows for the same query string.
    const loaded = await load(`?tab=ordenes&q=${tag}&estado=shipped`);
    expect(loaded.data.tab === "ordenes" && numbers(loaded.data.orders)).toEqual(numbers(shipped));
  });

  it("says 'more than' past the count cap and still offers the next page up to the last order", async () => {
    const tag = `tope${newId().slice(-8)}`;
    const rows = Array.from({ length: ORDERS_COUNT_CAP + 1 }, (_, i) => ({
      id: newId(),
      orderNumber: nextOrderNumber(),
      guestEmail: `t${i}@example.com`,
      contactName: `Cliente ${tag}`,
      contactPhone: "5512345678",
      shippingAddress: {},
      shippingMethod: "estafeta",
      shippingCostCents: 15_000,
      subtotalCents: 1_000,
      totalCents: 16_000,
      finalTotalCents: 16_000,
      search: `cliente ${tag}`,
      createdAt: new Date(Date.parse("2024-01-01T00:00:00Z") + i * 1000),
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(orders).values(rows.slice(i, i + 500));
    const first = await listAdminOrders(t.db, { q: tag });
    const lastCounted = ORDERS_COUNT_CAP / 50;
    expect({ total: first.total, capped: first.capped, pages: first.pages }).toEqual({
      total: ORDERS_COUNT_CAP,
      capped: true,
      pages: lastCounted,
    });
    expect(first.rows[0]!.orderNumber).toBe(rows.at(-1)!.orderNumber);
    const full = await listAdminOrders(t.db, { q: tag, page: lastCounted });
    expect(full.pages).toBe(lastCounted + 1);
    const beyond = await listAdminOrders(t.db, { q: tag, page: lastCounted + 1 });
    expect({ pages: beyond.pages, rows: numbers(beyond) }).toEqual({ pages: lastCounted + 1, rows: [rows[0]!.orderNumber] });
    // The page is read down the index (created_at desc, id desc), never by sorting every order.
    await t.db.execute(sql`analyze orders`);
    const plan = JSON.stringify(await t.db.execute(sql`explain ${ordersPageQuery(t.db, undefined, 50, 0)}`));
    expect(plan).toContain("orders_created_idx");
    expect(plan).not.toMatch(/Sort Key: orders.created_at/);
    // The loader's view of it: 'Más de 1,000 órdenes'.
    const loaded = await load(`?tab=ordenes&q=${tag}`);
    expect(loaded.data.tab === "ordenes" && loaded.data.orders.capped).toBe(true);
  });

  it("'Actualizar' as the admin marks a paid order 'Enviado': the status, one history row, the buyer's e-mail; without JavaScript a 303 back to the same list", async () => {
    const email = `envio-${newId()}@example.com`;
    const paid = await order({ guestEmail: email, orderStatus: "processing", paymentStatus: "approved" });
    const eventsBefore = await tally(orderEvents);
    const result = await post(
      { intent: "estado", pedido: paid.orderNumber, estado: "shipped", rastreo: " 1234-5678 90ab ", volver: "1" },
      "?tab=ordenes&estado=processing&q=envio&page=2&aviso=estado-actualizado&index",
    );
    expect(result.status).toBe(303);
    expect(result.headers.get("location")).toBe("/admin?tab=ordenes&q=envio&estado=processing&page=2&aviso=estado-actualizado");
    const after = await orderRow(t.db, paid.id);
    expect({ status: after.orderStatus, tracking: after.trackingNumber }).toEqual({ status: "shipped", tracking: "1234567890AB" });
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, paid.id));
    const statusEvents = events.filter((e) => e.kind === "status");
    expect(statusEvents).toHaveLength(1);
    expect(statusEvents[0]).toMatchObject({ actor: "admin", actorId: adminId, actorName: "Dueña Órdenes" });
    expect(await tally(orderEvents)).toBeGreaterThan(eventsBefore);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "order-shipped"), eq(outbox.recipient, email)));
    expect(mails).toHaveLength(1);

    // With JavaScript (no `volver`) the row's fetcher gets the new status; the same post again changes nothing.
    const again = await post({ intent: "estado", pedido: paid.orderNumber, estado: "shipped", rastreo: "1234567890AB" });
    expect(again).toMatchObject({
      status: 200,
      data: { ok: true, orderStatus: "shipped", trackingNumber: "1234567890AB", changed: false },
    });
    expect(
      await t.db
        .select({ n: count() })
        .from(outbox)
        .where(and(eq(outbox.kind, "order-shipped"), eq(outbox.recipient, email))),
    ).toEqual([{ n: 1 }]);
  });

  it("refuses 'Enviado' without a tracking number on that row's field, and an unpaid order, writing nothing", async () => {
    const paid = await order({ orderStatus: "processing", paymentStatus: "approved" });
    const unpaid = await order({ paymentStatus: "pending" });
    const events = await tally(orderEvents);
    const mails = await tally(outbox);

    const noTracking = await post({ intent: "estado", pedido: paid.orderNumber, estado: "shipped", rastreo: "  ", volver: "1" });
    expect(noTracking.status).toBe(400);
    expect(noTracking.data).toEqual({
      intent: "estado",
      fieldErrors: { rastreo: ["Error al actualizar: Por favor ingresa el número de rastreo antes de marcar como enviado"] },
      values: { pedido: paid.orderNumber, estado: "shipped", rastreo: "  " },
    });

    const notPaid = await post({ intent: "estado", pedido: unpaid.orderNumber, estado: "processing", rastreo: "" });
    expect(notPaid.status).toBe(409);
    expect((notPaid.data as FormFailure).fieldErrors.estado).toEqual([
      FULFILMENT_MESSAGES.updateFailed(FULFILMENT_MESSAGES.notPaid("processing")),
    ]);
    expect((notPaid.data as FormFailure).values.pedido).toBe(unpaid.orderNumber);

    const cancelled = await order({ orderStatus: "cancelled" });
    const final = await post({ intent: "estado", pedido: cancelled.orderNumber, estado: "pending", rastreo: "" });
    expect(final.status).toBe(409);
    expect((final.data as FormFailure).formError).toBe(FULFILMENT_MESSAGES.updateFailed(FULFILMENT_MESSAGES.cancelledIsFinal));

    expect((await orderRow(t.db, paid.id)).orderStatus).toBe("processing");
    expect((await orderRow(t.db, unpaid.id)).orderStatus).toBe("pending");
    expect({ events: await tally(orderEvents), mails: await tally(outbox) }).toEqual({ events, mails });
  });

  it("refuses hostile and oversized values with a 4xx FormFailure and writes nothing", async () => {
    const paid = await order({ orderStatus: "processing", paymentStatus: "approved" });
    const events = await tally(orderEvents);
    const cases: Array<[Record<string, string> | string, number]> = [
      [{ intent: "estado", pedido: paid.orderNumber, estado: "cancelled", rastreo: "" }, 400],
      [{ intent: "estado", pedido: paid.orderNumber, estado: "<script>", rastreo: "" }, 400],
      [{ intent: "estado", pedido: paid.orderNumber, estado: "shipped", rastreo: "A".repeat(100_000) }, 400],
      [{ intent: "estado", pedido: paid.orderNumber, estado: "shipped", rastreo: "<img src=x>" }, 400],
      [{ intent: "estado", pedido: "CV 000000", estado: "delivered", rastreo: "" }, 400],
      // Not a number the shop gives, but one an imported order could have: looked up, not found.
      [{ intent: "estado", pedido: "CV-000000", estado: "delivered", rastreo: "" }, 404],
      [{ intent: "estado", pedido: "CV-ZZZZZZ", estado: "delivered", rastreo: "" }, 404],
      [{ intent: "estado", pedido: "' or 1=1 --", estado: "delivered" }, 400],
      [{ intent: "borrar", pedido: paid.orderNumber, estado: "delivered" }, 400],
      [{ intent: "estado" }, 400],
      [`intent=estado&pedido=${paid.orderNumber}&estado=%00`, 400],
    ];
    for (const [fields, status] of cases) {
      const result = await post(fields);
      expect(result.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
      const failure = result.data as FormFailure;
      expect(failure.intent).toBe("estado");
      expect([failure.formError, ...Object.values(failure.fieldErrors).flat()].filter(Boolean).length).toBeGreaterThan(0);
      expect(Object.values(failure.values).every((v) => v.length <= 100)).toBe(true);
    }
    expect((await orderRow(t.db, paid.id)).orderStatus).toBe("processing");
    expect(await tally(orderEvents)).toBe(events);
  });

  async function csv(query: string): Promise<{ response: Response; chunks: string[]; text: string }> {
    const response = await runLoader(csvRoute, get(`/admin/pedidos.csv${query}`, { cookie: adminCookie }), { db: t.db });
    const reader = response.body!.getReader();
    // The BOM is kept in the text (a default TextDecoder drops it), and checked as bytes too.
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    const chunks: string[] = [];
    let first: Uint8Array | undefined;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      first ??= value;
      chunks.push(decoder.decode(value, { stream: true }));
    }
    expect([...(first ?? []).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return { response, chunks, text: chunks.join("") };
  }

  it("'Exportar CSV': UTF-8 with a BOM, Spanish headers, the filtered orders with money as plain pesos, quoted, formulas defused", async () => {
    const tag = `csv${newId().slice(-8)}`;
    const plain = await order({
      contactName: `Ana ${tag} Núñez`,
      guestEmail: `ana-${tag}@example.com`,
      orderStatus: "shipped",
      paymentStatus: "approved",
      paymentId: "pago-123",
      trackingNumber: "ABC123456",
      shippingMethod: "dhl",
      subtotalCents: 123_450,
      shippingCostCents: 0,
      discountCents: 12_345,
      pointsUsed: 7,
      finalTotalCents: 111_098,
      createdAt: new Date("2026-11-22T20:05:30Z"), // 14:05 in Mexico City
    });
    const hostile = await order({
      contactName: `=HYPERLINK("http://malo.example", "${tag}")`,
      guestEmail: `+${tag}@example.com`,
      createdAt: new Date("2026-11-21T20:05:00Z"),
    });
    await order({ contactName: `@SUM(1) ${tag}`, orderStatus: "cancelled", createdAt: new Date("2026-11-20T20:05:00Z") });
    await order({ contactName: "Otra persona", createdAt: new Date("2026-11-23T20:05:00Z") });

    const { response, text } = await csv(`?q=${tag}&pago=approved&otra=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "número,fecha,cliente,correo,estado,estado del pago,id del pago,subtotal,envío,descuento,puntos usados,total,paquetería,número de rastreo",
    );
    expect(lines.slice(1)).toEqual([
      `${plain.orderNumber},2026-11-22 14:05,Ana ${tag} Núñez,ana-${tag}@example.com,Enviado,Pago aprobado,pago-123,1234.50,0.00,123.45,7,1110.98,DHL Express,ABC123456`,
      "",
    ]);

    const all = (await csv(`?q=${tag}`)).text.slice(1).split("\r\n");
    expect(all).toHaveLength(5); // header, 3 orders, the last line's end
    expect(all[2]).toBe(
      `${hostile.orderNumber},2026-11-21 14:05,"'=HYPERLINK(""http://malo.example"", ""${tag}"")",'+${tag}@example.com,Pendiente,Pago pendiente,,1000.00,150.00,0.00,0,1150.00,Estafeta,`,
    );
    expect(all[3]).toContain(`,'@SUM(1) ${tag},`);
    expect(all[3]).toContain(",Cancelado,");
  });

  it("'Exportar CSV' streams 3,000 orders in batches, each once, newest first (ties on the time broken by id)", async () => {
    const tag = `lote${newId().slice(-8)}`;
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      id: newId(),
      orderNumber: nextOrderNumber(),
      guestEmail: `c${i}@example.com`,
      contactName: `Cliente ${tag} ${i}`,
      contactPhone: "5512345678",
      shippingAddress: {},
      shippingMethod: "estafeta",
      shippingCostCents: 15_000,
      subtotalCents: 1_000,
      totalCents: 16_000,
      finalTotalCents: 16_000,
      search: `cliente ${tag} ${i}`,
      // Ten orders share each instant: the cursor must break ties by id.
      createdAt: new Date(Date.parse("2025-01-01T00:00:00Z") + Math.floor(i / 10) * 1000),
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(orders).values(rows.slice(i, i + 500));
    await t.db.insert(orderItems).values({ id: newId(), orderId: rows[0]!.id, name: "Carta", unitPriceCents: 1_000, quantity: 1 });

    const { chunks, text } = await csv(`?q=${tag}`);
    expect(chunks.length).toBeGreaterThan(3); // the header, then batches of 1,000
    const numbersOut = text
      .slice(1)
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(",")[0]);
    expect(numbersOut).toHaveLength(3000);
    expect(new Set(numbersOut).size).toBe(3000);
    const expected = [...rows]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((r) => r.orderNumber);
    expect(numbersOut).toEqual(expected);
  });

  it("seeds realistic orders in bulk: catalogue lines, consistent totals, plausible statuses, searchable names", async () => {
    await insertProduct(t.db, { name: "Carta para sembrar", stock: 5 });
    const before = new Set((await t.db.select({ id: orders.id }).from(orders)).map((o) => o.id));
    const now = new Date("2026-11-26T18:00:00Z");
    expect(await seedOrders(t.db, 600, { now, batchSize: 250 })).toBe(600);
    const mine = (await t.db.select().from(orders)).filter((o) => !before.has(o.id));
    expect(mine).toHaveLength(600);
    const byStatus = (s: string) => mine.filter((o) => o.orderStatus === s).length;
    expect(byStatus("delivered")).toBeGreaterThan(byStatus("processing"));
    expect(byStatus("cancelled")).toBeGreaterThan(0);
    expect(mine.filter((o) => o.paymentStatus === "approved").length / mine.length).toBeGreaterThan(0.5);
    for (const o of mine) {
      expect(o.search).toBe(
        orderSearchText({
          orderNumber: o.orderNumber,
          contactName: o.contactName,
          email: o.guestEmail,
          ...(o.userId ? await account(o.userId) : {}),
        }),
      );
      expect(o.finalTotalCents).toBe(Math.max(0, o.subtotalCents + o.shippingCostCents - o.discountCents - o.pointsUsed * 100));
      if (o.orderStatus === "shipped" || o.orderStatus === "delivered") expect(o.trackingNumber).toMatch(/^[0-9]{10,16}$/);
      expect(o.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(o.createdAt.getTime()).toBeGreaterThan(now.getTime() - 366 * 86_400_000);
    }
    const lines = await t.db
      .select({ orderId: orderItems.orderId, n: count() })
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          mine.map((o) => o.id),
        ),
      )
      .groupBy(orderItems.orderId);
    expect(lines).toHaveLength(mine.length);
    expect(lines.every((l) => l.n >= 1 && l.n <= 4)).toBe(true);
    expect(mine.some((o) => /[áéíóúñ]/i.test(o.contactName))).toBe(true);
  });

  async function account(userId: string) {
    const [u] = await t.db.select().from(users).where(eq(users.id, userId));
    return { accountName: u!.name, accountEmail: u!.email };
  }
});
