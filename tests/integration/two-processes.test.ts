/**
 * Two shop processes on one PostgreSQL server, on two ports and behind no proxy (docs/architecture.md
 * #operations): 20 buyers of a card with 5 in stock, split across both, get 5 orders and nothing
 * oversold; a sign-in on one is valid on the other; a price the admin changes on one shows on the
 * other's cached catalogue page at once (NOTIFY), well before the cache's 10-second TTL; a rate
 * limit counts the attempts made on both; a process with SERVER_TIMING tells a signed-in page's
 * round trips and parts in a Server-Timing header, one without it tells nothing. PostgreSQL only: the embedded database belongs to one
 * process. The periodic jobs' once-per-period claim and the outbox's once-only delivery across
 * processes are proven in job-periods.test.ts and mail.test.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { orderItems, orders, productVariants } from "#server/db/schema.ts";
import { TTL_MS } from "#server/catalog/catalog-cache.ts";
import { RATE_LIMIT_MESSAGE } from "#domain/messages.ts";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "#tests/fixtures/test-db.ts";
import { insertProduct, onlyVariantId, productFormBody } from "#tests/fixtures/products.ts";
import { checkoutFormFields } from "#tests/fixtures/checkout.ts";
import { CookieJar } from "#tests/fixtures/route-context.ts";
import { startShop, stopAllShops, type RunningShop } from "#tests/fixtures/shop-process.ts";

const ADMIN_PASSWORD = "two-processes-admin";

/** A form post as a browser without JavaScript sends it, from `ip` (each buyer its own: the shop's caps count per IP). */
function post(shop: RunningShop, path: string, body: string | Record<string, string>, jar: CookieJar, ip = "203.0.113.1") {
  return fetch(`${shop.base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: shop.base,
      cookie: jar.header,
      "x-forwarded-for": ip,
    },
    body: typeof body === "string" ? body : new URLSearchParams(body),
  }).then((res) => {
    jar.store(res.headers);
    return res;
  });
}

async function page(shop: RunningShop, path: string, jar?: CookieJar): Promise<{ status: number; html: string }> {
  const res = await fetch(`${shop.base}${path}`, { redirect: "manual", headers: jar ? { cookie: jar.header } : {} });
  jar?.store(res.headers);
  return { status: res.status, html: await res.text() };
}

// Runs only with a PostgreSQL server (TEST_DATABASE_URL); without one it is reported as skipped.
describe.skipIf(!testDatabaseKinds().includes("postgres"))(
  "two shop processes on one PostgreSQL server (skipped without TEST_DATABASE_URL)",
  () => {
    let database: TestDatabase;
    let a: RunningShop;
    let b: RunningShop;
    // Both processes write their e-mails (.eml, no SMTP_URL) here.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "two-processes-"));

    beforeAll(async () => {
      database = await openTestDatabase("postgres");
      const env = { DATABASE_URL: database.url!, ADMIN_PASSWORD, RATE_LIMIT_FACTOR: "1", DATA_DIR: dataDir };
      // Process a measures its pages (SERVER_TIMING, server/http/request-cost.ts); b runs as shops do by default.
      a = await startShop({ ...env, SERVER_TIMING: "true" });
      b = await startShop(env);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      stopAllShops();
      await database?.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("20 buyers of a card with 5 in stock, half on each process: 5 orders, nothing oversold", async () => {
      const productId = await insertProduct(database.db, { name: "Carta Dos Procesos", stock: 5 });
      const buyers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const shop = i % 2 === 0 ? a : b;
          const jar = new CookieJar();
          const ip = `203.0.113.${i + 10}`;
          expect((await post(shop, "/carrito", { intent: "add", productId, quantity: "1" }, jar, ip)).status).toBeLessThan(400);
          const token = /name="checkoutToken" value="([^"]+)"/.exec((await page(shop, "/checkout", jar)).html)?.[1];
          expect(token, "the checkout page's token").toBeDefined();
          return { shop, jar, ip, email: `comprador${i}@example.com`, token: token! };
        }),
      );
      const answers = await Promise.all(
        buyers.map((buyer) =>
          post(buyer.shop, "/checkout", checkoutFormFields({ email: buyer.email, checkoutToken: buyer.token }), buyer.jar, buyer.ip),
        ),
      );
      const placed = answers.filter((r) => r.status === 303 && /\/sandbox\/pago\/[0-9a-f]{24}$/.test(r.headers.get("location") ?? ""));
      expect(placed).toHaveLength(5);
      expect(answers.filter((r) => r.status >= 500)).toHaveLength(0);

      const variantId = await onlyVariantId(database.db, productId);
      const [variant] = await database.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, variantId));
      expect(variant!.stock).toBe(0);
      const [sold] = await database.db
        .select({
          orders: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
          units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number),
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orderItems.variantId, variantId));
      expect(sold).toEqual({ orders: 5, units: 5 });
      // The figures for the operator's notes (README: several processes).
      console.log(JSON.stringify({ twoProcesses: "checkout", buyers: 20, stock: 5, ...sold, stockLeft: variant!.stock }));
    });

    it("a sign-in on one process is valid on the other", async () => {
      const jar = new CookieJar();
      const registered = await post(
        a,
        "/registro",
        { name: "Rosa Dos", email: "rosa.dos@example.com", password: "secreto-dos" },
        jar,
        "203.0.113.50",
      );
      expect(registered.status).toBe(303);
      const profile = await page(b, "/perfil", jar);
      expect(profile.status).toBe(200);
      expect(profile.html).toContain("Rosa Dos");
      // A signed-in page: with SERVER_TIMING its header tells the round trips and parts. The cart
      // page of an empty cart costs one: the shopper's read, which its loader shares with the root's.
      const timed = await fetch(`${a.base}/carrito`, { headers: { cookie: jar.header } });
      const timing = timed.headers.get("server-timing") ?? "";
      expect(timing).toMatch(/^db;desc="1", shopper;dur=[\d.]+, loaders;dur=[\d.]+, render;dur=[\d.]+, total;dur=[\d.]+$/);
      expect((await fetch(`${b.base}/carrito`, { headers: { cookie: jar.header } })).headers.has("server-timing")).toBe(false);
      // Signed out on the other one: signed out everywhere.
      expect((await post(b, "/logout", {}, jar, "203.0.113.50")).status).toBe(303);
      expect((await page(a, "/perfil", jar)).status).toBe(302);
    });

    it("a price changed in the admin of one shows on the other's cached catalogue page at once", async () => {
      const productId = await insertProduct(database.db, {
        name: "Carta Precio Compartido",
        priceCents: 10_000,
        stock: 4,
        dateAdded: new Date(),
      });
      const variantId = await onlyVariantId(database.db, productId);
      // A cookieless visitor's page on B: B keeps it in its page cache.
      await page(b, "/productos");
      expect((await page(b, "/productos")).html).toContain("$100.00");

      const admin = new CookieJar();
      expect((await post(a, "/login", { email: "admin@cartasdelvalle.mx", password: ADMIN_PASSWORD }, admin, "203.0.113.60")).status).toBe(
        303,
      );
      const saved = await post(
        a,
        `/admin/editar-producto/${productId}`,
        productFormBody({
          name: "Carta Precio Compartido",
          id: variantId,
          price: "150.00",
          stock: "4",
          images: ["https://images.example.com/precio.jpg"],
        }),
        admin,
        "203.0.113.60",
      );
      expect(saved.status, await saved.clone().text()).toBe(303);

      const since = Date.now();
      for (;;) {
        const html = (await page(b, "/productos")).html;
        if (html.includes("$150.00")) {
          console.log(JSON.stringify({ twoProcesses: "price change", shownOnOtherAfterMs: Date.now() - since, ttlMs: TTL_MS }));
          break;
        }
        expect(Date.now() - since, "B still shows the old price").toBeLessThan(TTL_MS / 4);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });

    it("a rate limit counts the attempts made on both processes", async () => {
      const jar = new CookieJar();
      await post(a, "/registro", { name: "Luis Límite", email: "luis.limite@example.com", password: "la-buena-1" }, jar, "203.0.113.70");
      const wrong = (shop: RunningShop, i: number) =>
        post(shop, "/login", { email: "luis.limite@example.com", password: `mala-${i}` }, new CookieJar(), `203.0.113.${80 + i}`);
      // The e-mail's limit is 8 tries in 15 minutes: 4 on each process use it up.
      for (let i = 0; i < 8; i++) expect((await wrong(i % 2 === 0 ? a : b, i)).status).toBe(401);
      const refused = await wrong(b, 8);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain(RATE_LIMIT_MESSAGE);
    });
  },
);
