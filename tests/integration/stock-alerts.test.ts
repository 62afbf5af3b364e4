/**
 * 'Avísame cuando vuelva' (docs/requirements.md#wishlist-and-back-in-stock-alerts): the request
 * form at /alertas (one row per address and item, the same answer for a customer's and a stranger's
 * address, refusals of hostile, oversized, missing values and of an item in stock, the honeypot,
 * the rate limits); a guest's confirmation ('Confirma tu aviso': one e-mail, its link at
 * /alertas/confirmar; nothing on restock before it; bad, expired, reused links refused) and a
 * signed-in customer's own address, active at once; queueBackInStockMail, called as the stock writers will after a restock (once,
 * also when two restocks race on PostgreSQL; a later restock sends nothing more; a product-wide
 * request fires on any variant); the signed one-click unsubscribe (valid, tampered).
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as alertRoute from "#app/routes/alertas.tsx";
import * as unsubscribeRoute from "#app/routes/alertas.baja.tsx";
import * as confirmRoute from "#app/routes/alertas.confirmar.tsx";
import type { FormFailure } from "#domain/form-failure.ts";
import { RATE_LIMIT_MESSAGE } from "#domain/messages.ts";
import { STOCK_ALERT_MESSAGES } from "#domain/stock-alerts.ts";
import { newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/client.ts";
import { outbox, products, productVariants, stockAlerts } from "#server/db/schema.ts";
import type { MailPayload } from "#server/mail/outbox.server.ts";
import {
  STOCK_ALERT_CONFIRM_TTL_MS,
  queueBackInStockMail,
  stockAlertUnsubscribeUrl,
  widenAlertsOfRemovedVariants,
} from "#server/stock-alerts/index.ts";
import { insertCustomer } from "#tests/fixtures/orders.ts";
import { insertProduct, insertVariant, onlyVariantId, setProductStock } from "#tests/fixtures/products.ts";
import { TEST_ORIGIN, callAction, callLoader, formPost, routeContext, signIn } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase, lockWaiters, openTestDatabase, type TestDatabase } from "#tests/fixtures/test-db.ts";

const LINKS = { origin: "https://tienda.example", secret: routeContext(null as never).config.SESSION_SECRET };
let n = 0;
const uniqueEmail = (tag: string) => `${tag}${++n}-${Date.now()}@example.com`;
let ip = 0;
const uniqueIp = () => `10.88.${Math.floor(++ip / 250)}.${ip % 250}`;

/** Sets one variant's stock (as releaseStock, the admin or the import will) and queues the alerts in the same transaction. */
async function restock(db: Database, productId: string, variantId: string, stock: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));
    return queueBackInStockMail(tx, [productId], LINKS);
  });
}

async function mailsTo(db: Database, email: string, kind = "back-in-stock") {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, kind)))
    .orderBy(asc(outbox.createdAt));
  return rows.map((r) => ({ subject: r.subject, kind: r.kind, ...(r.payload as MailPayload) }));
}

const confirmMailsTo = (db: Database, email: string) => mailsTo(db, email, "stock-alert-confirm");

/** The path of the confirmation link in a 'Confirma tu aviso' e-mail's text. */
function confirmPath(mail: { text: string } | undefined): string {
  const path = mail?.text.match(/\/alertas\/confirmar\/[A-Za-z0-9_-]{43}/)?.[0];
  if (!path) throw new Error(`no confirmation link in ${mail?.text}`);
  return path;
}

describeEachDatabase("back-in-stock alerts", (t) => {
  const post = (fields: Record<string, string>, options: { cookie?: string; ip?: string; factor?: number } = {}) => {
    const base = routeContext(t.db);
    const context = { ...base, clientIp: options.ip ?? uniqueIp(), config: { ...base.config, RATE_LIMIT_FACTOR: options.factor ?? 1000 } };
    return callAction<FormFailure | { ok: true }>(
      alertRoute,
      formPost("/alertas", fields, options.cookie ? { cookie: options.cookie } : {}),
      { context },
    );
  };
  const alertsOf = (productId: string) => t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId));

  /** Opens (GET) or follows (POST) a confirmation link, as a guest with no cookie. */
  const openConfirm = (path: string) => {
    const token = path.split("/").pop()!;
    return callLoader<{ item: { name: string } | null }>(confirmRoute, new Request(TEST_ORIGIN + path), { db: t.db, params: { token } });
  };
  const followConfirm = (path: string) => {
    const token = path.split("/").pop()!;
    return callAction<FormFailure | { confirmed: { name: string } }>(confirmRoute, formPost(path, { confirmar: "1" }), {
      db: t.db,
      params: { token },
    });
  };

  /** A guest's request, confirmed through the link of its e-mail: what the restock tests start from. */
  async function confirmedRequest(fields: { email: string; productId: string; variantId?: string }) {
    expect((await post(fields)).status).toBe(200);
    const mails = await confirmMailsTo(t.db, fields.email);
    expect((await followConfirm(confirmPath(mails.at(-1)))).status).toBe(200);
  }

  describe("asking", () => {
    it("a guest asks for a sold-out product or variant: one 'Confirma tu aviso' e-mail, however often asked; no-JS gets a 303 to 'check your mail'", async () => {
      const card = await insertProduct(t.db, { name: "Gengar VMAX", stock: 0 });
      const email = uniqueEmail("ana");
      expect(await post({ email, productId: card })).toMatchObject({ status: 200, data: { ok: true, confirmByEmail: true } });
      expect(await post({ email: ` ${email.toUpperCase()} `, productId: card })).toMatchObject({
        status: 200,
        data: { ok: true, confirmByEmail: true },
      });
      const noJs = await post({ email, productId: card, redirectTo: "1" });
      expect(noJs.status).toBe(303);
      expect(noJs.headers.get("location")).toBe(`/alertas?producto=${card}&aviso=confirma-tu-correo`);
      const rows = await alertsOf(card);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: email.toLowerCase(), variantId: null, notifiedAt: null, userId: null, confirmedAt: null });
      const [mail, ...more] = await confirmMailsTo(t.db, email);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe("Confirma tu aviso - Cartas del Valle");
      expect(mail!.text).toContain("Confirma tu aviso");
      expect(mail!.text).toContain("Gengar VMAX");
      expect(mail!.text).toContain("7 días");
      expect(mail!.text).toContain(`${TEST_ORIGIN}${confirmPath(mail)}`);
      // The link's token is stored only as its hash.
      const token = confirmPath(mail).split("/").pop()!;
      expect(rows[0]!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]!.confirmTokenHash).not.toContain(token);

      const variantCard = await insertProduct(t.db, { stock: 3 });
      const lpJa = await insertVariant(t.db, variantCard, { condition: "LP", language: "ja", stock: 0 });
      expect((await post({ email, productId: variantCard, variantId: lpJa })).status).toBe(200);
      expect(await alertsOf(variantCard)).toMatchObject([{ variantId: lpJa, confirmedAt: null }]);
      expect(await confirmMailsTo(t.db, email)).toHaveLength(2);
    });

    it("answers a customer's address and a stranger's alike when a guest asks: both wait for confirmation", async () => {
      const card = await insertProduct(t.db, { stock: 0 });
      const customerEmail = uniqueEmail("cliente");
      await insertCustomer(t.db, { email: customerEmail });
      const stranger = uniqueEmail("extrano");
      const forCustomer = await post({ email: customerEmail, productId: card });
      const forStranger = await post({ email: stranger, productId: card });
      expect(forCustomer).toEqual(forStranger);
      expect((await alertsOf(card)).map((r) => [r.userId, r.confirmedAt])).toEqual([
        [null, null],
        [null, null],
      ]);
      expect(await confirmMailsTo(t.db, customerEmail)).toHaveLength(1);
      expect(await confirmMailsTo(t.db, stranger)).toHaveLength(1);
    });

    it("a signed-in customer's alert is for the account's own e-mail, active at once, with no e-mail; a posted address is ignored", async () => {
      const card = await insertProduct(t.db, { stock: 0 });
      const own = uniqueEmail("cuenta");
      const userId = await insertCustomer(t.db, { email: own });
      const cookie = (await signIn(t.db, userId)).cookie;
      const victim = uniqueEmail("victima");
      expect(await post({ email: victim, productId: card }, { cookie })).toMatchObject({
        status: 200,
        data: { ok: true, confirmByEmail: false },
      });
      // With no address posted at all (the form shows no field), and without JavaScript.
      const noJs = await post({ productId: card, redirectTo: "1" }, { cookie });
      expect(noJs.headers.get("location")).toBe(`/alertas?producto=${card}&aviso=alerta-registrada`);
      const rows = await alertsOf(card);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: own, userId });
      expect(rows[0]!.confirmedAt).toBeInstanceOf(Date);
      expect(rows[0]!.confirmTokenHash).toBeNull();
      expect(
        await t.db
          .select()
          .from(outbox)
          .where(inArray(outbox.recipient, [own, victim])),
      ).toEqual([]);

      // A guest's pending request for the same address is confirmed when the customer asks signed in.
      const other = await insertProduct(t.db, { stock: 0 });
      await post({ email: own.toUpperCase(), productId: other });
      expect(await alertsOf(other)).toMatchObject([{ confirmedAt: null }]);
      await post({ productId: other }, { cookie });
      const [confirmed] = await alertsOf(other);
      expect(confirmed).toMatchObject({ userId, confirmTokenHash: null });
      expect(confirmed!.confirmedAt).toBeInstanceOf(Date);
      const variant = await onlyVariantId(t.db, other);
      expect(await restock(t.db, other, variant, 1)).toBe(1);
    });

    it("refuses an item in stock, hostile, oversized and missing values, an unknown product or variant; nothing is written", async () => {
      const inStock = await insertProduct(t.db, { stock: 2 });
      const soldOut = await insertProduct(t.db, { stock: 0 });
      const otherVariant = await onlyVariantId(t.db, inStock);
      const email = uniqueEmail("rechazo");
      const cases: Array<[Record<string, string>, number, string]> = [
        [{ email, productId: inStock }, 409, STOCK_ALERT_MESSAGES.inStock],
        [{ email, productId: inStock, variantId: otherVariant }, 409, STOCK_ALERT_MESSAGES.inStock],
        [{ email, productId: soldOut, variantId: otherVariant }, 404, STOCK_ALERT_MESSAGES.productNotFound],
        [{ email, productId: newId() }, 404, STOCK_ALERT_MESSAGES.productNotFound],
        [{ email, productId: "<script>alert(1)</script>" }, 400, STOCK_ALERT_MESSAGES.productNotFound],
        [{ email, productId: soldOut, variantId: "../../etc" }, 400, STOCK_ALERT_MESSAGES.productNotFound],
        [{ email: "", productId: soldOut }, 400, "El correo electrónico es requerido"],
        [{ productId: soldOut }, 400, "El correo electrónico es requerido"],
        [{ email: "no-es-un-correo", productId: soldOut }, 400, "Ingresa un correo electrónico válido"],
        [{ email: `a\u0000b@example.com`, productId: soldOut }, 400, "Ingresa un correo electrónico válido"],
        [{ email: `${"a".repeat(300)}@example.com`, productId: soldOut }, 400, "Ingresa un correo electrónico válido"],
        [{ email: `<img src=x onerror=alert(1)>@x.com`, productId: soldOut }, 400, "Ingresa un correo electrónico válido"],
      ];
      for (const [fields, status, message] of cases) {
        const answer = await post(fields);
        const label = JSON.stringify(fields).slice(0, 100);
        expect(answer.status, label).toBe(status);
        const failure = answer.data as FormFailure;
        expect([failure.formError, ...Object.values(failure.fieldErrors).flat()], label).toContain(message);
        expect(
          Object.values(failure.values).every((v) => v.length <= 254),
          label,
        ).toBe(true);
      }
      const notAForm = await callAction<FormFailure>(
        alertRoute,
        new Request(`${TEST_ORIGIN}/alertas`, {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=x" },
          body: "{",
        }),
        { db: t.db },
      );
      expect(notAForm.status).toBe(400);
      expect([...(await alertsOf(inStock)), ...(await alertsOf(soldOut))]).toEqual([]);
      expect(await confirmMailsTo(t.db, email)).toEqual([]);
    });

    it("a filled honeypot gets a person's answer and writes nothing", async () => {
      const card = await insertProduct(t.db, { stock: 0 });
      expect(await post({ email: uniqueEmail("bot"), productId: card, sitio_web: "http://spam.example" })).toMatchObject({
        status: 200,
        data: { ok: true },
      });
      expect(await alertsOf(card)).toEqual([]);
      expect(await t.db.select().from(outbox).where(eq(outbox.kind, "stock-alert-confirm"))).not.toContainEqual(
        expect.objectContaining({ subject: expect.stringContaining("http://spam.example") }),
      );
    });

    it("is rate-limited per IP and per address (429, nothing more written)", async () => {
      const card = await insertProduct(t.db, { stock: 0 });
      const others = await Promise.all(Array.from({ length: 16 }, () => insertProduct(t.db, { stock: 0 })));
      // Per address: a customer's own (no confirmation e-mails, which have an allowance of their own).
      const email = uniqueEmail("insistente");
      const cookie = (await signIn(t.db, await insertCustomer(t.db, { email }))).cookie;
      const answers = [];
      for (const productId of others) answers.push(await post({ productId }, { factor: 1, cookie }));
      expect(answers.slice(0, 15).every((a) => a.status === 200)).toBe(true);
      expect(answers[15]!.status).toBe(429);
      expect((answers[15]!.data as FormFailure).formError).toBe(RATE_LIMIT_MESSAGE);
      expect(await alertsOf(others[15]!)).toEqual([]);

      const sameIp = uniqueIp();
      const byIp = [];
      for (let i = 0; i < 31; i++) byIp.push(await post({ email: uniqueEmail("ip"), productId: card }, { ip: sameIp, factor: 1 }));
      expect(byIp.filter((a) => a.status === 429)).toHaveLength(1);
      expect(byIp[30]!.status).toBe(429);
      expect(await alertsOf(card)).toHaveLength(30);
    });

    it("a stranger cannot flood one inbox with confirmations: at most 5 a day per mailbox, '+tags' counted as one (429, nothing written)", async () => {
      const cards = await Promise.all(Array.from({ length: 6 }, () => insertProduct(t.db, { stock: 0 })));
      const mailbox = uniqueEmail("buzon");
      const [local, domain] = mailbox.split("@");
      const answers = [];
      for (const [i, productId] of cards.entries()) {
        answers.push(await post({ email: `${local}+${i}@${domain}`, productId }, { factor: 1 }));
      }
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers[5]).toMatchObject({ status: 429, data: { formError: RATE_LIMIT_MESSAGE } });
      expect(await alertsOf(cards[5]!)).toEqual([]);
      expect(await confirmMailsTo(t.db, `${local}+5@${domain}`)).toEqual([]);
      const sent = await t.db
        .select()
        .from(outbox)
        .where(sql`${outbox.recipient} like ${`${local}+%`}`);
      expect(sent).toHaveLength(5);
    });

    it("asking again while a confirmation waits sends nothing more; after a day a new link replaces the old one", async () => {
      const card = await insertProduct(t.db, { name: "Lapras", stock: 0 });
      const email = uniqueEmail("otra-vez");
      await post({ email, productId: card });
      await post({ email, productId: card });
      const [first, ...more] = await confirmMailsTo(t.db, email);
      expect(more).toEqual([]);
      // A day later (the link is still valid 6 more days), asking again sends a new one.
      await t.db
        .update(stockAlerts)
        .set({ confirmExpiresAt: new Date(Date.now() + STOCK_ALERT_CONFIRM_TTL_MS - 25 * 60 * 60 * 1000) })
        .where(eq(stockAlerts.productId, card));
      await post({ email, productId: card });
      const mails = await confirmMailsTo(t.db, email);
      expect(mails).toHaveLength(2);
      expect((await followConfirm(confirmPath(first))).status).toBe(400);
      expect(await followConfirm(confirmPath(mails[1]))).toMatchObject({ status: 200, data: { confirmed: { name: "Lapras" } } });
    });
  });

  describe("confirming", () => {
    it("no back-in-stock e-mail before the link is followed; the link names the product, confirms once, and the restock mails", async () => {
      const card = await insertProduct(t.db, { name: "Umbreon VMAX", stock: 0 });
      const variant = await onlyVariantId(t.db, card);
      const email = uniqueEmail("confirma");
      await post({ email, productId: card });
      const path = confirmPath((await confirmMailsTo(t.db, email))[0]);

      // Restocked before confirming: nothing goes to the unconfirmed address, the request keeps waiting.
      expect(await restock(t.db, card, variant, 2)).toBe(0);
      expect(await mailsTo(t.db, email)).toEqual([]);
      expect(await alertsOf(card)).toMatchObject([{ notifiedAt: null, confirmedAt: null }]);
      await restock(t.db, card, variant, 0);

      // The GET (a mail scanner, or the guest) only asks, naming the product.
      expect(await openConfirm(path)).toMatchObject({ status: 200, data: { item: { name: "Umbreon VMAX" } } });
      expect(await alertsOf(card)).toMatchObject([{ confirmedAt: null }]);
      expect(await followConfirm(path)).toMatchObject({ status: 200, data: { confirmed: { name: "Umbreon VMAX", productId: card } } });
      const [row] = await alertsOf(card);
      expect(row!.confirmedAt).toBeInstanceOf(Date);
      expect(row!.confirmTokenHash).toBeNull();

      expect(await restock(t.db, card, variant, 1)).toBe(1);
      expect(await mailsTo(t.db, email)).toHaveLength(1);
    });

    it("confirmed after the item came back: the back-in-stock e-mail goes at once", async () => {
      const card = await insertProduct(t.db, { stock: 0 });
      const variant = await onlyVariantId(t.db, card);
      const email = uniqueEmail("tarde");
      await post({ email, productId: card });
      await restock(t.db, card, variant, 3);
      expect(await mailsTo(t.db, email)).toEqual([]);
      expect((await followConfirm(confirmPath((await confirmMailsTo(t.db, email))[0]))).status).toBe(200);
      expect(await mailsTo(t.db, email)).toHaveLength(1);
      expect(await alertsOf(card)).toMatchObject([{ notifiedAt: expect.any(Date) }]);
    });

    it("a bad, expired or reused link: 400 with what to do, nothing changed", async () => {
      const card = await insertProduct(t.db, { stock: 0 });
      const email = uniqueEmail("enlace");
      await post({ email, productId: card });
      const path = confirmPath((await confirmMailsTo(t.db, email))[0]);
      const token = path.split("/").pop()!;
      const bad = [
        "/alertas/confirmar/x",
        `/alertas/confirmar/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
        `/alertas/confirmar/${"A".repeat(43)}`,
        `/alertas/confirmar/${encodeURIComponent("<script>alert(1)</script>")}`,
        `/alertas/confirmar/${"x".repeat(5000)}`,
        `/alertas/confirmar/${token}%00`,
      ];
      const expectRefused = async (link: string) => {
        expect(await openConfirm(link), link).toMatchObject({ status: 400, data: { item: null } });
        const answer = await followConfirm(link);
        expect(answer.status, link).toBe(400);
        expect((answer.data as FormFailure).formError, link).toBe(STOCK_ALERT_MESSAGES.confirmBadLink);
      };
      for (const link of bad) await expectRefused(link);
      expect(await alertsOf(card)).toMatchObject([{ confirmedAt: null }]);

      // Expired: refused, still unconfirmed.
      const [row] = await alertsOf(card);
      await t.db
        .update(stockAlerts)
        .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(stockAlerts.id, row!.id));
      await expectRefused(path);
      expect(await alertsOf(card)).toMatchObject([{ confirmedAt: null }]);

      // The product taken out of the shop meanwhile: refused, still unconfirmed.
      await t.db
        .update(stockAlerts)
        .set({ confirmExpiresAt: new Date(Date.now() + 60_000) })
        .where(eq(stockAlerts.id, row!.id));
      await t.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, card));
      await expectRefused(path);
      expect(await alertsOf(card)).toMatchObject([{ confirmedAt: null }]);
      await t.db.update(products).set({ archivedAt: null }).where(eq(products.id, card));

      // Used once: a second use is refused and changes nothing.
      await t.db
        .update(stockAlerts)
        .set({ confirmExpiresAt: new Date(Date.now() + 60_000) })
        .where(eq(stockAlerts.id, row!.id));
      expect((await followConfirm(path)).status).toBe(200);
      const [confirmed] = await alertsOf(card);
      await expectRefused(path);
      expect(await alertsOf(card)).toEqual([confirmed]);
    });
  });

  describe("queueBackInStockMail", () => {
    it("when a variant comes back: one e-mail to each waiting address, with the variant, its price, its link and the unsubscribe link", async () => {
      const card = await insertProduct(t.db, { name: "Pikachu ex", cardNumber: "057/191", expansion: "Surging Sparks", stock: 0 });
      const nm = await onlyVariantId(t.db, card);
      const lpJa = await insertVariant(t.db, card, { condition: "LP", language: "ja", priceCents: 45_000, stock: 0 });
      const [ana, beto] = [uniqueEmail("ana"), uniqueEmail("beto")];
      await confirmedRequest({ email: ana, productId: card, variantId: lpJa });
      await confirmedRequest({ email: beto, productId: card, variantId: nm });

      expect(await restock(t.db, card, lpJa, 2)).toBe(1);
      expect(await mailsTo(t.db, beto)).toEqual([]);
      const [mail, ...more] = await mailsTo(t.db, ana);
      expect(more).toEqual([]);
      expect(mail!.kind).toBe("back-in-stock");
      expect(mail!.subject).toBe("Ya tenemos Pikachu ex de nuevo - Cartas del Valle");
      expect(mail!.text).toContain("Pikachu ex (057/191) de Surging Sparks");
      expect(mail!.text).toContain("Ligeramente jugada · Japonés");
      expect(mail!.text).toContain("$450.00 MXN");
      // The links go to the origin the request was made at, not the restock's (LINKS.origin).
      expect(mail!.text).toContain(`${TEST_ORIGIN}/producto/${card}?variante=lp-ja`);
      expect(mail!.text).not.toContain(LINKS.origin);
      const unsubscribe = stockAlertUnsubscribeUrl(TEST_ORIGIN, ana, LINKS.secret);
      expect(mail!.text).toContain(unsubscribe);
      expect(mail!.html).toContain(unsubscribe.replace(/&/g, "&amp;"));
      expect(mail!.headers).toEqual({ "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    });

    it("a later restock sends nothing more, unless asked again", async () => {
      const card = await insertProduct(t.db, { stock: 0 });
      const variant = await onlyVariantId(t.db, card);
      const email = uniqueEmail("una-vez");
      await confirmedRequest({ email, productId: card });
      expect(await restock(t.db, card, variant, 1)).toBe(1);
      expect(await restock(t.db, card, variant, 0)).toBe(0);
      expect(await restock(t.db, card, variant, 4)).toBe(0);
      expect(await mailsTo(t.db, email)).toHaveLength(1);
      // Sold out again and asked again: one more.
      await setProductStock(t.db, card, 0);
      await confirmedRequest({ email, productId: card });
      expect(await restock(t.db, card, variant, 2)).toBe(1);
      expect(await mailsTo(t.db, email)).toHaveLength(2);
    });

    it("a product-wide request fires when any variant returns, naming that variant", async () => {
      const card = await insertProduct(t.db, { name: "Snorlax", stock: 0 });
      const mpEs = await insertVariant(t.db, card, { condition: "MP", language: "es", priceCents: 8_000, stock: 0 });
      const email = uniqueEmail("cualquiera");
      await confirmedRequest({ email, productId: card });
      // Another product's restock, or nothing in stock yet, sends nothing.
      const other = await insertProduct(t.db, { stock: 0 });
      expect(await restock(t.db, other, await onlyVariantId(t.db, other), 3)).toBe(0);
      expect(await restock(t.db, card, mpEs, 0)).toBe(0);
      expect(await restock(t.db, card, mpEs, 1)).toBe(1);
      const [mail] = await mailsTo(t.db, email);
      expect(mail!.text).toContain("Moderadamente jugada · Español");
      expect(mail!.text).toContain(`/producto/${card}?variante=mp-es`);
    });

    it("a rolled-back restock sends nothing and leaves the request waiting", async () => {
      const card = await insertProduct(t.db, { stock: 0 });
      const variant = await onlyVariantId(t.db, card);
      const email = uniqueEmail("deshecho");
      await confirmedRequest({ email, productId: card });
      await expect(
        t.db.transaction(async (tx) => {
          await tx.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, variant));
          await queueBackInStockMail(tx, [card], LINKS);
          throw new Error("the restock failed");
        }),
      ).rejects.toThrow("the restock failed");
      expect(await mailsTo(t.db, email)).toEqual([]);
      expect(await alertsOf(card)).toMatchObject([{ notifiedAt: null }]);
    });
  });

  describe("unsubscribe", () => {
    const unsubscribe = (href: string, method: "GET" | "POST") => {
      const url = new URL(href);
      const path = url.pathname + url.search;
      if (method === "GET") return callLoader<{ valid: boolean }>(unsubscribeRoute, new Request(TEST_ORIGIN + path), { db: t.db });
      return callAction<FormFailure | { done: true }>(unsubscribeRoute, formPost(path, { "List-Unsubscribe": "One-Click" }), { db: t.db });
    };

    it("the signed link asks on GET (changes nothing) and removes every waiting request of the address on POST", async () => {
      const [a, b] = [await insertProduct(t.db, { stock: 0 }), await insertProduct(t.db, { stock: 0 })];
      const email = uniqueEmail("baja");
      const other = uniqueEmail("se-queda");
      await post({ email, productId: a });
      await post({ email, productId: b });
      await post({ email: other, productId: a });
      const link = stockAlertUnsubscribeUrl(TEST_ORIGIN, email.toUpperCase(), LINKS.secret);

      expect(await unsubscribe(link, "GET")).toMatchObject({ status: 200, data: { valid: true } });
      expect(await t.db.select().from(stockAlerts).where(eq(stockAlerts.email, email))).toHaveLength(2);

      expect(await unsubscribe(link, "POST")).toMatchObject({ status: 200, data: { done: true } });
      expect(await t.db.select().from(stockAlerts).where(eq(stockAlerts.email, email))).toEqual([]);
      expect(await t.db.select().from(stockAlerts).where(eq(stockAlerts.email, other))).toHaveLength(1);
      // Clicking again is fine.
      expect((await unsubscribe(link, "POST")).status).toBe(200);
    });

    it("a tampered link (another address, a changed or missing signature, a signature by another secret) changes nothing: 400", async () => {
      const card = await insertProduct(t.db, { stock: 0 });
      const email = uniqueEmail("victima");
      await post({ email, productId: card });
      const good = new URL(stockAlertUnsubscribeUrl(TEST_ORIGIN, email, LINKS.secret));
      const firma = good.searchParams.get("firma")!;
      const tampered = [
        `${TEST_ORIGIN}/alertas/baja?${new URLSearchParams({ correo: uniqueEmail("otro"), firma })}`,
        `${TEST_ORIGIN}/alertas/baja?${new URLSearchParams({ correo: email, firma: `${firma.slice(0, -1)}${firma.endsWith("A") ? "B" : "A"}` })}`,
        `${TEST_ORIGIN}/alertas/baja?${new URLSearchParams({ correo: email })}`,
        `${TEST_ORIGIN}/alertas/baja?${new URLSearchParams({ correo: email, firma: "x".repeat(5000) })}`,
        stockAlertUnsubscribeUrl(TEST_ORIGIN, email, "otro-secreto-de-treinta-y-dos-caracteres"),
      ];
      for (const link of tampered) {
        expect(await unsubscribe(link, "GET"), link).toMatchObject({ status: 400, data: { valid: false } });
        const answer = await unsubscribe(link, "POST");
        expect(answer.status, link).toBe(400);
        expect((answer.data as FormFailure).formError).toBe(STOCK_ALERT_MESSAGES.badLink);
      }
      expect(
        await t.db
          .select()
          .from(stockAlerts)
          .where(and(eq(stockAlerts.email, email), isNull(stockAlerts.notifiedAt))),
      ).toHaveLength(1);
    });
  });

  it("a variant the admin takes out: its waiting requests wait for any copy of the card (one per address), and go out when one is back", async () => {
    const card = await insertProduct(t.db, { name: "Mew ex", stock: 0 });
    const nm = await onlyVariantId(t.db, card);
    const lpJa = await insertVariant(t.db, card, { condition: "LP", language: "ja", stock: 0 });
    const mpJa = await insertVariant(t.db, card, { condition: "MP", language: "ja", stock: 0 });
    const both = uniqueEmail("ambas");
    const one = uniqueEmail("una");
    const alreadyWide = uniqueEmail("cualquiera");
    for (const [email, variantId] of [
      [both, lpJa],
      [both, mpJa],
      [one, lpJa],
      [alreadyWide, lpJa],
      [alreadyWide, null],
    ] as const) {
      await t.db.insert(stockAlerts).values({ id: newId(), email, productId: card, variantId, confirmedAt: new Date() });
    }
    // The admin removes both Japanese copies (no order names them: deleted).
    await t.db.transaction(async (tx) => {
      await widenAlertsOfRemovedVariants(tx, [lpJa, mpJa]);
      await tx.delete(productVariants).where(inArray(productVariants.id, [lpJa, mpJa]));
    });
    const waiting = await t.db
      .select()
      .from(stockAlerts)
      .where(and(eq(stockAlerts.productId, card), isNull(stockAlerts.notifiedAt)));
    expect(waiting.map((a) => [a.email, a.variantId]).sort()).toEqual(
      [
        [alreadyWide, null],
        [both, null],
        [one, null],
      ].sort(),
    );
    expect(await restock(t.db, card, nm, 2)).toBe(3);
    for (const email of [both, one, alreadyWide]) expect(await mailsTo(t.db, email)).toHaveLength(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("back-in-stock e-mails when restocks race [postgres]", () => {
  let handle: TestDatabase | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase("postgres");
  });
  afterAll(async () => handle?.destroy());
  const db = (): Database => handle!.db;

  async function waitingAlert(email: string, productId: string, variantId: string | null = null) {
    await db().insert(stockAlerts).values({ id: newId(), email, productId, variantId, confirmedAt: new Date() });
  }

  /** A transaction that restocks and queues, then stays open until released. */
  function heldRestock(productId: string, variantId: string, stock: number) {
    let release = () => {};
    let queued = (_n: number) => {};
    const done = new Promise<number>((resolve) => (queued = resolve));
    const tx = db().transaction(async (tx) => {
      await tx.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));
      queued(await queueBackInStockMail(tx, [productId], LINKS));
      await new Promise<void>((resolve) => (release = resolve));
    });
    return { queued: done, release: () => (release(), tx) };
  }

  it("two restocks of two variants at once, with a product-wide request waiting: one e-mail", async () => {
    const card = await insertProduct(db(), { stock: 0 });
    const nm = await onlyVariantId(db(), card);
    const lp = await insertVariant(db(), card, { condition: "LP", language: "en", stock: 0 });
    const email = uniqueEmail("carrera");
    await waitingAlert(email, card);

    const first = heldRestock(card, nm, 1);
    expect(await first.queued).toBe(1);
    const second = restock(db(), card, lp, 2);
    await lockWaiters(db(), 1);
    await first.release();
    expect(await second).toBe(0);
    expect(await mailsTo(db(), email)).toHaveLength(1);
  });

  it("two runs after one committed restock (the import and the admin at once): the request's row lock sends once", async () => {
    const card = await insertProduct(db(), { stock: 0 });
    const variant = await onlyVariantId(db(), card);
    const email = uniqueEmail("doble");
    await waitingAlert(email, card, variant);
    await db().update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, variant));

    const first = heldRestock(card, variant, 3);
    expect(await first.queued).toBe(1);
    const second = db().transaction((tx) => queueBackInStockMail(tx, [card], LINKS));
    await lockWaiters(db(), 1);
    await first.release();
    expect(await second).toBe(0);
    expect(await mailsTo(db(), email)).toHaveLength(1);
  });
});
