/**
 * The admin's order page `/admin/pedidos/{number}` (docs/requirements.md#order-fulfilment), its
 * loader and action called as the route does, on PGlite and PostgreSQL: the order and its history
 * for the admin; 404 for an unknown or malformed number; each form's success (a 303 back to the
 * page with its notice, the change in the database) and refusal (a 4xx FormFailure with the
 * message at its field, the typed values kept, nothing written); hostile and oversized values;
 * a guest and a customer get nothing.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as page from "#app/routes/admin/pedido.tsx";
import { FULFILMENT_MESSAGES } from "#domain/fulfilment.ts";
import { ORDER_PAGE_FORM_MESSAGES } from "#domain/order-page.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import { ORDER_NOTE_MAX_LENGTH } from "#domain/order-events.ts";
import { newId } from "#server/db/ids.ts";
import { orderEvents, payments, users } from "#server/db/schema.ts";
import { applyPayment } from "#server/payments/index.ts";
import { sandboxRefundNoticesIdle } from "#server/payments/sandbox-refund.server.ts";
import { recordSandboxPayment } from "#server/payments/sandbox.server.ts";
import { cancelOrder } from "#server/orders/index.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { insertCustomer, insertOrder, orderRow } from "#tests/fixtures/orders.ts";
import { stockOf } from "#tests/fixtures/checkout.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { callAction, callLoader, formPost, get, signIn } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

type PageData = {
  detail: { order: { orderNumber: string }; events: { kind: string }[] } | null;
  notice: string | null;
  packingSlip: boolean;
};

describeEachDatabase("the admin's order page", (t) => {
  const cookies = { admin: "", customer: "" };

  beforeAll(async () => {
    const id = newId();
    await t.db.insert(users).values({ id, name: "Pedido customer", email: `pedido-customer-${id}@example.com`, passwordHash: "x" });
    cookies.customer = (await signIn(t.db, id)).cookie;
    cookies.admin = (await adminSession(t.db, { name: "Pedido admin" })).cookie;
  });

  afterAll(async () => sandboxRefundNoticesIdle());

  const url = (orderNumber: string, query = "") => `/admin/pedidos/${orderNumber}${query}`;

  function load(orderNumber: string, query = "", cookie = cookies.admin) {
    return callLoader<PageData>(page, get(url(orderNumber, query), { cookie }), { db: t.db, params: { number: orderNumber } });
  }

  function post(orderNumber: string, fields: Record<string, string>, cookie = cookies.admin) {
    return callAction<FormFailure>(page, formPost(url(orderNumber), fields, { cookie }), { db: t.db, params: { number: orderNumber } });
  }

  async function eventKinds(id: string) {
    const rows = await t.db
      .select({ kind: orderEvents.kind })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.createdAt));
    return rows.map((r) => r.kind);
  }

  /** The order's row and history, to prove a refusal wrote nothing. */
  async function state(id: string) {
    return { order: await orderRow(t.db, id), events: await eventKinds(id) };
  }

  /** A customer's order of 2 units of a product with 5 in stock (3 left), paid in the sandbox when asked. */
  async function customerOrder(options: { paid?: boolean } = {}) {
    const userId = await insertCustomer(t.db);
    const productId = await insertProduct(t.db, { name: "Carta del pedido", stock: 3 });
    const order = await insertOrder(t.db, { userId, lines: [{ productId, quantity: 2, unitPriceCents: 50_000 }] });
    if (options.paid) await pay(order);
    return { ...order, userId, productId };
  }

  async function pay(order: { id: string; orderNumber: string }) {
    const payment = await recordSandboxPayment(t.db, {
      orderId: order.id,
      orderNumber: order.orderNumber,
      amountCents: 115_000,
      status: "approved",
    });
    await applyPayment(t.db, payment, "sandbox", { publicUrl: "http://tienda.test" });
    return payment.id;
  }

  it("shows the admin the order and its history, with the notice named in the query and the packing slip view", async () => {
    const order = await customerOrder({ paid: true });
    const result = await load(order.orderNumber, "?aviso=estado-actualizado");
    expect(result.status).toBe(200);
    expect(result.headers.get("location")).toBeNull();
    expect(result.data?.detail?.order.orderNumber).toBe(order.orderNumber);
    expect(result.data?.detail?.events.map((e) => e.kind)).toContain("payment");
    expect(result.data?.notice).toBe("estado-actualizado");
    expect(result.data?.packingSlip).toBe(false);

    const slip = await load(order.orderNumber, "?vista=empaque&aviso=<b>hola</b>");
    expect(slip.data).toMatchObject({ packingSlip: true, notice: null });
  });

  it("answers 404 with the not-found state for an unknown or malformed number, never a 500", async () => {
    for (const number of ["CV-ZZZZZZ", "cv-abc", "'; drop table orders; --", "CV-" + "A".repeat(5000), "%00"]) {
      const result = await load(number);
      expect({ number: number.slice(0, 20), status: result.status, detail: result.data?.detail }).toEqual({
        number: number.slice(0, 20),
        status: 404,
        detail: null,
      });
    }
    const posted = await post("CV-ZZZZZZ", { intent: "note", nota: "Hola" });
    expect(posted.status).toBe(404);
    expect(posted.data?.formError).toBe(FULFILMENT_MESSAGES.orderNotFound);
  });

  it("sends a guest and a customer away from the page and refuses their posts with 403, writing nothing", async () => {
    const order = await customerOrder({ paid: true });
    const before = await state(order.id);
    for (const cookie of ["", cookies.customer]) {
      const result = await load(order.orderNumber, "", cookie);
      expect({ status: result.status, location: result.headers.get("location") }).toEqual({ status: 302, location: "/" });
      for (const fields of <Record<string, string>[]>[
        { intent: "status", estado: "shipped", rastreo: "ABC123456" },
        { intent: "cancel", motivo: "Intruso", confirmar: "si" },
        { intent: "note", nota: "Intruso" },
      ]) {
        expect((await post(order.orderNumber, fields, cookie)).status).toBe(403);
      }
    }
    expect(await state(order.id)).toEqual(before);
  });

  it("'Estado': marks a paid order shipped with its tracking number, then refuses 'Enviado' without one in the spec's words", async () => {
    const order = await customerOrder({ paid: true });
    const done = await post(order.orderNumber, { intent: "status", estado: "shipped", rastreo: " ab-123 456 " });
    expect({ status: done.status, location: done.headers.get("location") }).toEqual({
      status: 303,
      location: `/admin/pedidos/${order.orderNumber}?aviso=estado-actualizado`,
    });
    expect(await orderRow(t.db, order.id)).toMatchObject({ orderStatus: "shipped", trackingNumber: "AB123456" });
    expect(await eventKinds(order.id)).toEqual(expect.arrayContaining(["status", "tracking", "mail"]));

    const other = await customerOrder({ paid: true });
    const before = await state(other.id);
    const refused = await post(other.orderNumber, { intent: "status", estado: "shipped", rastreo: "" });
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      intent: "status",
      fieldErrors: { rastreo: [FULFILMENT_MESSAGES.updateFailed(FULFILMENT_MESSAGES.trackingRequired)] },
      values: { estado: "shipped", rastreo: "" },
    });
    expect(await state(other.id)).toEqual(before);
  });

  it("'Estado': an unpaid order cannot be 'Procesando' (409), and 'cancelled' or an unknown status is refused at the field", async () => {
    const order = await customerOrder();
    const before = await state(order.id);
    const unpaid = await post(order.orderNumber, { intent: "status", estado: "processing", rastreo: "" });
    expect(unpaid.status).toBe(409);
    expect(unpaid.data?.fieldErrors.estado).toEqual([FULFILMENT_MESSAGES.updateFailed(FULFILMENT_MESSAGES.notPaid("processing"))]);
    const cancel = await post(order.orderNumber, { intent: "status", estado: "cancelled" });
    expect(cancel.status).toBe(400);
    expect(cancel.data?.fieldErrors.estado).toEqual([FULFILMENT_MESSAGES.updateFailed(FULFILMENT_MESSAGES.useCancelAction)]);
    const unknown = await post(order.orderNumber, { intent: "status", estado: "<script>", rastreo: "x".repeat(10_000) });
    expect(unknown.status).toBe(400);
    expect(unknown.data?.fieldErrors.estado).toEqual([FULFILMENT_MESSAGES.updateFailed(FULFILMENT_MESSAGES.unknownStatus)]);
    expect(unknown.data?.values.rastreo?.length).toBeLessThanOrEqual(60);
    expect(await state(order.id)).toEqual(before);
  });

  it("'Cancelar pedido': an unpaid order is cancelled with its reason and its stock comes back", async () => {
    const order = await customerOrder();
    const done = await post(order.orderNumber, { intent: "cancel", motivo: "El cliente lo pidió", confirmar: "si" });
    expect({ status: done.status, location: done.headers.get("location") }).toEqual({
      status: 303,
      location: `/admin/pedidos/${order.orderNumber}?aviso=pedido-cancelado`,
    });
    expect(await orderRow(t.db, order.id)).toMatchObject({
      orderStatus: "cancelled",
      cancelReason: "El cliente lo pidió",
      cancelledBy: "admin",
    });
    expect(await stockOf(t.db, order.productId)).toBe(5);
  });

  it("'Cancelar pedido': a paid order is refunded at the provider and cancelled", async () => {
    const order = await customerOrder({ paid: true });
    const done = await post(order.orderNumber, { intent: "cancel", motivo: "Sin existencias reales", confirmar: "si" });
    expect(done.headers.get("location")).toBe(`/admin/pedidos/${order.orderNumber}?aviso=pedido-cancelado-reembolsado`);
    expect(await orderRow(t.db, order.id)).toMatchObject({ orderStatus: "cancelled", paymentStatus: "refunded" });
    expect(await stockOf(t.db, order.productId)).toBe(5);
    const shown = await load(order.orderNumber, "?aviso=pedido-cancelado-reembolsado");
    expect(shown.data?.detail?.events.map((e) => e.kind)).toEqual(expect.arrayContaining(["refund-requested", "refund", "cancelled"]));
  });

  it("'Cancelar pedido': refused without the confirmation, with a short or hostile reason, and for a cancelled order; nothing written", async () => {
    const order = await customerOrder({ paid: true });
    const before = await state(order.id);
    const unconfirmed = await post(order.orderNumber, { intent: "cancel", motivo: "Motivo válido" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data).toEqual({
      intent: "cancel",
      fieldErrors: { confirmar: [ORDER_PAGE_FORM_MESSAGES.confirmRequired] },
      values: { motivo: "Motivo válido", mercancia: "" },
    });
    const short = await post(order.orderNumber, { intent: "cancel", motivo: " a ", confirmar: "si" });
    expect(short.data?.fieldErrors.motivo).toEqual([FULFILMENT_MESSAGES.cancelReasonLength]);
    const empty = await post(order.orderNumber, { intent: "cancel", motivo: "", confirmar: "si" });
    expect(empty.data?.fieldErrors.motivo).toEqual([FULFILMENT_MESSAGES.cancelReasonRequired]);
    const hostile = await post(order.orderNumber, { intent: "cancel", motivo: "Motivo\u0000malo", confirmar: "si" });
    expect(hostile.data?.fieldErrors.motivo).toEqual([ORDER_PAGE_FORM_MESSAGES.textInvalid]);
    const long = await post(order.orderNumber, { intent: "cancel", motivo: "x".repeat(501), confirmar: "si" });
    expect(long.status).toBe(400);
    expect(long.data?.fieldErrors.motivo).toEqual([FULFILMENT_MESSAGES.cancelReasonLength]);
    expect(await state(order.id)).toEqual(before);

    const cancelled = await customerOrder();
    await post(cancelled.orderNumber, { intent: "cancel", motivo: "Primera vez", confirmar: "si" });
    const again = await post(cancelled.orderNumber, { intent: "cancel", motivo: "Segunda vez", confirmar: "si" });
    expect(again.status).toBe(409);
    expect(again.data?.formError).toBe(FULFILMENT_MESSAGES.alreadyCancelled);
  });

  it("'Reembolsar': a payment that arrived after the order was cancelled is refunded; without a flag it is refused", async () => {
    const order = await customerOrder();
    await t.db.transaction((tx) => cancelOrder(tx, order.id, { reason: "Pago no recibido a tiempo", by: "sistema" }));
    await pay(order);
    expect(await orderRow(t.db, order.id)).toMatchObject({ needsRefund: true });

    const unconfirmed = await post(order.orderNumber, { intent: "refund" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data?.fieldErrors.confirmar).toEqual([ORDER_PAGE_FORM_MESSAGES.confirmRequired]);

    const done = await post(order.orderNumber, { intent: "refund", confirmar: "si" });
    expect(done.headers.get("location")).toBe(`/admin/pedidos/${order.orderNumber}?aviso=pago-reembolsado`);
    expect(await orderRow(t.db, order.id)).toMatchObject({ needsRefund: false });
    const statuses = await t.db.select({ status: payments.status }).from(payments).where(eq(payments.orderId, order.id));
    expect(statuses.map((s) => s.status)).toContain("refunded");

    const unflagged = await customerOrder({ paid: true });
    const before = await state(unflagged.id);
    const refused = await post(unflagged.orderNumber, { intent: "refund", confirmar: "si" });
    expect(refused.status).toBe(409);
    expect(refused.data?.formError).toBe(FULFILMENT_MESSAGES.nothingToRefund);
    expect(await state(unflagged.id)).toEqual(before);
  });

  it("'Registrar pago manual': approves an unpaid order; refuses a bad method, a bad reference and a paid order", async () => {
    const order = await customerOrder();
    const before = await state(order.id);
    const bad = await post(order.orderNumber, { intent: "manual-payment", metodo: "cheque", referencia: "ab" });
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({
      intent: "manual-payment",
      fieldErrors: { metodo: [FULFILMENT_MESSAGES.manualMethodRequired], referencia: [FULFILMENT_MESSAGES.manualReferenceLength] },
      values: { metodo: "cheque", referencia: "ab" },
    });
    const hostile = await post(order.orderNumber, { intent: "manual-payment", metodo: "efectivo", referencia: "Recibo\u0007 12" });
    expect(hostile.data?.fieldErrors.referencia).toEqual([ORDER_PAGE_FORM_MESSAGES.textInvalid]);
    expect(await state(order.id)).toEqual(before);

    const done = await post(order.orderNumber, { intent: "manual-payment", metodo: "transferencia", referencia: "SPEI 12345" });
    expect(done.headers.get("location")).toBe(`/admin/pedidos/${order.orderNumber}?aviso=pago-manual-registrado`);
    expect(await orderRow(t.db, order.id)).toMatchObject({
      paymentStatus: "approved",
      orderStatus: "processing",
      paymentMethod: "transferencia",
    });

    const again = await post(order.orderNumber, { intent: "manual-payment", metodo: "efectivo", referencia: "Recibo 99" });
    expect(again.status).toBe(409);
    expect(again.data?.formError).toBe(FULFILMENT_MESSAGES.manualNotPayable);
  });

  it("'Agregar nota': adds an internal note to the history; an empty, oversized or hostile note is refused", async () => {
    const order = await customerOrder();
    const before = await state(order.id);
    for (const [nota, message] of [
      ["   ", FULFILMENT_MESSAGES.noteRequired],
      ["x".repeat(ORDER_NOTE_MAX_LENGTH + 1), ORDER_PAGE_FORM_MESSAGES.noteLength],
      ["nota\u0000", ORDER_PAGE_FORM_MESSAGES.textInvalid],
    ] as const) {
      const refused = await post(order.orderNumber, { intent: "note", nota });
      expect({ status: refused.status, errors: refused.data?.fieldErrors.nota }).toEqual({ status: 400, errors: [message] });
    }
    expect(await state(order.id)).toEqual(before);

    const note = `Llamar antes de enviar.\r\n${"y".repeat(ORDER_NOTE_MAX_LENGTH - 30)}`;
    const done = await post(order.orderNumber, { intent: "note", nota: note });
    expect(done.headers.get("location")).toBe(`/admin/pedidos/${order.orderNumber}?aviso=nota-agregada`);
    const notes = await t.db.select({ message: orderEvents.message }).from(orderEvents).where(eq(orderEvents.kind, "note"));
    expect(notes.map((n) => n.message)).toContain(note.replace("\r\n", "\n"));
  });

  it("refuses an unknown intent and a body that is not a form with a 400 FormFailure", async () => {
    const order = await customerOrder();
    const before = await state(order.id);
    const unknown = await post(order.orderNumber, { intent: "delete", nota: "x" });
    expect(unknown.status).toBe(400);
    expect(unknown.data?.formError).toBeTruthy();
    const notAForm = await callAction<FormFailure>(
      page,
      new Request(`http://tienda.test${url(order.orderNumber)}`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x", origin: "http://tienda.test", cookie: cookies.admin },
        body: '{"a":',
      }),
      { db: t.db, params: { number: order.orderNumber } },
    );
    expect(notAForm.status).toBe(400);
    expect(notAForm.data?.formError).toBeTruthy();
    expect(await state(order.id)).toEqual(before);
  });
});
