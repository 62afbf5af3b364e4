/**
 * The coupon admin `/admin/cupones` through its loader and action (route-context), on PGlite and
 * PostgreSQL: create (code trimmed and upper-cased, expiry = now + days, usable at checkout at
 * once), refused input (400, the Spanish message next to its field, every value kept, nothing
 * written), a duplicate code (409, also when two creates race), activate / deactivate and delete,
 * unknown and malformed ids (4xx, nothing changed), a request that is no form, the list with
 * customers' coupons, and deleting a coupon that an order used (the order keeps its code and
 * discount, and cancelling it afterwards still works). Guests and customers: the authorization
 * matrix (admin-access.test.ts).
 */
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as couponsRoute from "#app/routes/admin/cupones.tsx";
import { COUPON_ADMIN_MESSAGES as M, type CouponFormValues } from "#domain/coupons.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import { CHECKOUT_MESSAGES } from "#domain/orders.ts";
import { checkCoupon } from "#server/coupons/index.ts";
import type { Database } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { couponRedemptions, coupons, orders } from "#server/db/schema.ts";
import { cancelOrder, placeOrder } from "#server/orders/index.ts";
import { cartWith, checkoutInput, insertCoupon, stockOf } from "#tests/fixtures/checkout.ts";
import { insertCustomer } from "#tests/fixtures/orders.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { callAction, callLoader, formPost, get } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

type Refused = FormFailure;
type Page = {
  coupons: Array<{
    id: string;
    code: string;
    type: string;
    maxUses: number | null;
    isActive: boolean;
    owner: { name: string; email: string } | null;
    expiresAt: string;
  }>;
  total: number;
  loadError: string | null;
  notice: string | null;
  creating: boolean;
  deletingId: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const PATH = "/admin/cupones";

/** A valid create form, with the changes given. */
function createForm(changes: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "create",
    code: `c${newId().slice(-12)}`,
    discountPercent: "15",
    type: "general",
    daysValid: "30",
    maxUses: "",
    description: "",
    ...changes,
  };
}

async function couponRows(db: Database) {
  return db.select().from(coupons).orderBy(coupons.id);
}

async function couponByCode(db: Database, code: string) {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

describeEachDatabase("admin coupons", (t) => {
  let adminCookie = "";

  async function admin(): Promise<string> {
    adminCookie ||= (await adminSession(t.db)).cookie;
    return adminCookie;
  }

  const post = async (fields: Record<string, string> | string, headers: Record<string, string> = {}) =>
    callAction<Refused>(couponsRoute, formPost(PATH, fields, { cookie: await admin(), ...headers }), { db: t.db });
  const open = async (query = "") => callLoader<Page>(couponsRoute, get(`${PATH}${query}`, { cookie: await admin() }), { db: t.db });

  describe("create", () => {
    it("stores the code trimmed and upper-cased with expiry now + days, redirects with the notice, lists it, and the checkout takes it at once", async () => {
      const before = Date.now();
      const answer = await post(
        createForm({
          code: "  verano-24_b ",
          discountPercent: "15",
          daysValid: "30",
          maxUses: "100",
          description: "  Promoción de verano  ",
        }),
      );
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/admin/cupones?aviso=creado");
      const row = await couponByCode(t.db, "VERANO-24_B");
      expect(row).toMatchObject({
        discountPercent: 15,
        type: "general",
        maxUses: 100,
        usedCount: 0,
        isActive: true,
        userId: null,
        description: "Promoción de verano",
      });
      expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
      expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

      const page = await open("?aviso=creado");
      expect(page.status).toBe(200);
      expect(page.data?.notice).toBe(M.created);
      expect(page.data?.coupons[0]).toMatchObject({ code: "VERANO-24_B", owner: null, maxUses: 100 });
      expect(await checkCoupon(t.db, "verano-24_b", null)).toEqual({
        ok: true,
        value: { code: "VERANO-24_B", discountPercent: 15, description: "Promoción de verano" },
      });
    });

    it("a single-use coupon ignores max uses (the field shows without JavaScript), whatever it holds", async () => {
      const form = createForm({ type: "single-use", maxUses: "no es número" });
      expect((await post(form)).status).toBe(303);
      expect(await couponByCode(t.db, form.code!.toUpperCase())).toMatchObject({ type: "single-use", maxUses: null, description: null });
    });

    it("the edges pass: 1% and 100%, 1 day and 3650, max uses 1, a code of exactly 20 characters", async () => {
      for (const changes of [
        { discountPercent: "1", daysValid: "1", maxUses: "1" },
        { discountPercent: "100", daysValid: "3650" },
        { code: "A".repeat(19) + newId().slice(-1).toUpperCase() },
      ] as Record<string, string>[]) {
        const answer = await post(createForm(changes));
        expect({ changes, status: answer.status }).toEqual({ changes, status: 303 });
      }
    });

    const refusals: Array<[string, Record<string, string>, keyof CouponFormValues, string]> = [
      ["a missing code", { code: "" }, "code", M.codeRequired],
      ["a blank code", { code: "   " }, "code", M.codeRequired],
      ["a code of 21 characters", { code: "A".repeat(21) }, "code", M.codeTooLong],
      ["a code with a space", { code: "AB CD" }, "code", M.codeInvalid],
      ["a code with an accent", { code: "AÑO2026" }, "code", M.codeInvalid],
      ["a code with markup", { code: "<b>X</b>" }, "code", M.codeInvalid],
      ["a code with a NUL byte", { code: "AB\u0000CD" }, "code", M.codeInvalid],
      ["a missing percent", { discountPercent: "" }, "discountPercent", M.percentRequired],
      ["0%", { discountPercent: "0" }, "discountPercent", M.percentInvalid],
      ["101%", { discountPercent: "101" }, "discountPercent", M.percentInvalid],
      ["a fractional percent", { discountPercent: "10.5" }, "discountPercent", M.percentInvalid],
      ["a negative percent", { discountPercent: "-5" }, "discountPercent", M.percentInvalid],
      ["an exponent", { discountPercent: "1e2" }, "discountPercent", M.percentInvalid],
      ["words for a percent", { discountPercent: "diez" }, "discountPercent", M.percentInvalid],
      ["a missing type", { type: "" }, "type", M.typeInvalid],
      ["an unknown type", { type: "vip" }, "type", M.typeInvalid],
      ["missing days", { daysValid: "" }, "daysValid", M.daysRequired],
      ["0 days", { daysValid: "0" }, "daysValid", M.daysInvalid],
      ["3651 days", { daysValid: "3651" }, "daysValid", M.daysInvalid],
      ["fractional days", { daysValid: "1.5" }, "daysValid", M.daysInvalid],
      ["a huge number of days", { daysValid: "99999999999999999999" }, "daysValid", M.daysInvalid],
      ["0 max uses", { maxUses: "0" }, "maxUses", M.maxUsesInvalid],
      ["fractional max uses", { maxUses: "2.5" }, "maxUses", M.maxUsesInvalid],
      ["too many max uses", { maxUses: "1000001" }, "maxUses", M.maxUsesInvalid],
      ["words for max uses", { maxUses: "muchos" }, "maxUses", M.maxUsesInvalid],
      ["a description of 201 characters", { description: "x".repeat(201) }, "description", M.descriptionTooLong],
      ["a description with a control character", { description: "hola\u0007" }, "description", M.textInvalid],
    ];

    it.each(refusals)(
      "refuses %s: 400, the message next to the field, the values kept, nothing written",
      async (_name, changes, field, message) => {
        const before = await couponRows(t.db);
        const form = createForm(changes);
        const answer = await post(form);
        expect(answer.status).toBe(400);
        expect(answer.data?.intent).toBe("create");
        expect(answer.data?.fieldErrors).toEqual({ [field]: [message] });
        expect(answer.data?.values).toEqual({
          code: form.code,
          discountPercent: form.discountPercent,
          type: form.type,
          daysValid: form.daysValid,
          maxUses: form.maxUses,
          description: form.description,
        });
        expect(await couponRows(t.db)).toEqual(before);
      },
    );

    it("an empty form gets every required field's message at once; an oversized one is shown back capped", async () => {
      const empty = await post({ intent: "create" });
      expect(empty.status).toBe(400);
      expect(empty.data?.fieldErrors).toEqual({
        code: [M.codeRequired],
        discountPercent: [M.percentRequired],
        type: [M.typeInvalid],
        daysValid: [M.daysRequired],
      });
      const huge = await post(createForm({ code: "Z".repeat(100_000), description: "d".repeat(100_000) }));
      expect(huge.status).toBe(400);
      expect(huge.data?.fieldErrors).toEqual({ code: [M.codeTooLong], description: [M.descriptionTooLong] });
      expect(huge.data?.values.code?.length).toBeLessThanOrEqual(100);
      expect(huge.data?.values.description?.length).toBeLessThanOrEqual(300);
    });

    it("a code already taken (in any case) gets the message next to the code, 409, the values kept, one coupon", async () => {
      const code = `DUP${newId().slice(-8).toUpperCase()}`;
      expect((await post(createForm({ code }))).status).toBe(303);
      const again = await post(createForm({ code: ` ${code.toLowerCase()} `, discountPercent: "50" }));
      expect(again.status).toBe(409);
      expect(again.data?.fieldErrors).toEqual({ code: [M.codeTaken] });
      expect(again.data?.values).toMatchObject({ code: ` ${code.toLowerCase()} `, discountPercent: "50" });
      const [row] = await t.db.select({ n: count() }).from(coupons).where(eq(coupons.code, code));
      expect(row?.n).toBe(1);
      expect((await couponByCode(t.db, code))?.discountPercent).toBe(15);
    });

    it("eight creates of one code at once: exactly one is created, the others get the message, none fails", async () => {
      const code = `RACE${newId().slice(-8).toUpperCase()}`;
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post(createForm({ code, discountPercent: String(i + 1) }))));
      expect(answers.map((a) => a.status).sort()).toEqual([303, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409)) expect(refused.data?.fieldErrors).toEqual({ code: [M.codeTaken] });
      const [row] = await t.db.select({ n: count() }).from(coupons).where(eq(coupons.code, code));
      expect(row?.n).toBe(1);
    });
  });

  describe("activate, deactivate, delete", () => {
    it("deactivating stops the checkout from taking it; activating gives it back; each redirects with its notice", async () => {
      const code = await insertCoupon(t.db);
      const coupon = await couponByCode(t.db, code);
      const off = await post({ intent: "deactivate", couponId: coupon!.id });
      expect(off.status).toBe(303);
      expect(off.headers.get("Location")).toBe("/admin/cupones?aviso=desactivado");
      expect((await couponByCode(t.db, code))?.isActive).toBe(false);
      expect(await checkCoupon(t.db, code, null)).toEqual({ ok: false, failure: CHECKOUT_MESSAGES.couponInactive });
      expect((await open("?aviso=desactivado")).data?.notice).toBe(M.deactivated);

      const on = await post({ intent: "activate", couponId: coupon!.id });
      expect(on.headers.get("Location")).toBe("/admin/cupones?aviso=activado");
      expect((await couponByCode(t.db, code))?.isActive).toBe(true);
      // Twice is harmless: the same state, the same answer.
      expect((await post({ intent: "activate", couponId: coupon!.id })).status).toBe(303);
      expect((await checkCoupon(t.db, code, null)).ok).toBe(true);
    });

    it("deletes a coupon: gone from the list and from the checkout", async () => {
      const code = await insertCoupon(t.db);
      const coupon = await couponByCode(t.db, code);
      const answer = await post({ intent: "delete", couponId: coupon!.id });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/admin/cupones?aviso=eliminado");
      expect(await couponByCode(t.db, code)).toBeUndefined();
      expect((await open()).data?.coupons.some((c) => c.code === code)).toBe(false);
      expect(await checkCoupon(t.db, code, null)).toEqual({ ok: false, failure: CHECKOUT_MESSAGES.couponInvalid });
    });

    const badIds: Array<[string, Record<string, string> | string, number]> = [
      ["an unknown id", { couponId: "ffffffffffffffffffffffff" }, 404],
      ["no id", {}, 400],
      ["an empty id", { couponId: "" }, 400],
      ["a malformed id", { couponId: "abc" }, 400],
      ["an upper-case id", { couponId: "FFFFFFFFFFFFFFFFFFFFFFFF" }, 400],
      ["SQL", { couponId: "' or 1=1 --" }, 400],
      ["a NUL byte", { couponId: "ffffffffffffffffffffff\u0000f" }, 400],
    ];

    for (const intent of ["activate", "deactivate", "delete"] as const) {
      it.each(badIds)(`${intent} with %s: 4xx, the Spanish message, nothing changed`, async (_name, fields, status) => {
        await insertCoupon(t.db, { isActive: intent === "activate" ? false : true });
        const before = await couponRows(t.db);
        const answer = await post(typeof fields === "string" ? fields : { intent, ...fields });
        expect(answer.status).toBe(status);
        expect(answer.data).toEqual({
          intent,
          formError: intent === "delete" ? M.deleteFailed : M.updateFailed,
          fieldErrors: {},
          values: {},
        });
        expect(await couponRows(t.db)).toEqual(before);
      });
    }

    it("the id given twice: the first counts only when it is well-formed; a second one never widens the change", async () => {
      const code = await insertCoupon(t.db);
      const other = await insertCoupon(t.db);
      const [a, b] = [await couponByCode(t.db, code), await couponByCode(t.db, other)];
      const body = new URLSearchParams([
        ["intent", "deactivate"],
        ["couponId", a!.id],
        ["couponId", b!.id],
      ]).toString();
      expect((await post(body)).status).toBe(303);
      expect([(await couponByCode(t.db, code))?.isActive, (await couponByCode(t.db, other))?.isActive]).toEqual([false, true]);
    });
  });

  describe("requests that are not the screen's", () => {
    it("an unknown or missing intent, or a body that is no form: 400 'La solicitud no es válida.', nothing written", async () => {
      const before = await couponRows(t.db);
      for (const fields of [{}, { intent: "update" }, { intent: "__proto__" }, { intent: "toString" }] as Record<string, string>[]) {
        const answer = await post(fields);
        expect(answer.status).toBe(400);
        expect(answer.data).toEqual({ formError: M.invalidRequest, fieldErrors: {}, values: {} });
      }
      const json = await callAction<Refused>(
        couponsRoute,
        new Request(`http://tienda.test${PATH}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://tienda.test", cookie: await admin() },
          body: JSON.stringify({ intent: "delete" }),
        }),
        { db: t.db },
      );
      expect(json.status).toBe(400);
      expect(await couponRows(t.db)).toEqual(before);
    });
  });

  describe("the page", () => {
    it("lists a customer's coupon with whose it is; ?nuevo=1 opens the form; ?eliminar= only for a listed coupon; hostile queries are ignored", async () => {
      const customer = await insertCustomer(t.db, { name: "Rocío Cliente", email: `rocio-${newId()}@example.com` });
      const code = await insertCoupon(t.db, { userId: customer, type: "single-use" });
      const page = await open("?nuevo=1");
      expect(page.status).toBe(200);
      expect(page.data?.creating).toBe(true);
      const listed = page.data?.coupons.find((c) => c.code === code);
      expect(listed?.owner?.name).toBe("Rocío Cliente");
      expect(listed?.owner?.email).toMatch(/^rocio-/);
      expect(page.data?.total).toBeGreaterThanOrEqual(page.data?.coupons.length ?? 0);

      expect((await open(`?eliminar=${listed!.id}`)).data?.deletingId).toBe(listed!.id);
      for (const query of [
        "?eliminar=ffffffffffffffffffffffff",
        "?eliminar=%00",
        "?aviso=__proto__&nuevo=%FF",
        "?aviso=toString",
        "?nuevo=1&nuevo=0&eliminar[]=x",
      ]) {
        const answer = await open(query);
        expect({ query, status: answer.status }).toEqual({ query, status: 200 });
        expect(answer.data?.deletingId ?? null).toBeNull();
        expect(answer.data?.notice ?? null).toBeNull();
      }
    });
  });

  describe("a coupon that orders used", () => {
    it("deleted: the order keeps its code and discount, its redemption goes, and cancelling the order afterwards still gives the stock back", async () => {
      const card = await insertProduct(t.db, { priceCents: 100_000, stock: 4 });
      const code = await insertCoupon(t.db, { discountPercent: 20, maxUses: 5 });
      const placed = await placeOrder(t.db, checkoutInput(await cartWith(t.db, [{ productId: card, quantity: 2 }]), { couponCode: code }));
      const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
      expect(order?.couponCode).toBe(code);
      expect(order!.discountCents).toBeGreaterThan(0);
      const coupon = await couponByCode(t.db, code);
      expect(coupon?.usedCount).toBe(1);

      expect((await post({ intent: "delete", couponId: coupon!.id })).status).toBe(303);
      expect(await couponByCode(t.db, code)).toBeUndefined();
      expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, placed.id))).toEqual([]);
      const [kept] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
      expect({ couponCode: kept?.couponCode, discountCents: kept?.discountCents, finalTotalCents: kept?.finalTotalCents }).toEqual({
        couponCode: order!.couponCode,
        discountCents: order!.discountCents,
        finalTotalCents: order!.finalTotalCents,
      });

      expect(await stockOf(t.db, card)).toBe(2);
      const cancelled = await cancelOrder(t.db, placed.id, { reason: "Prueba", by: "admin" });
      expect(cancelled).toMatchObject({ cancelled: true, units: 2, couponReleased: false });
      expect(await stockOf(t.db, card)).toBe(4);
    });
  });
});
