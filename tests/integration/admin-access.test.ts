/**
 * The authorization matrix of the admin area (docs/requirements.md#access-and-roles): EVERY route module
 * under app/routes/admin, found by walking the route config (app/routes.ts), so an admin screen
 * added without the guard fails here. Each module's loader (GET) and action (POST, a form body
 * with the shop's Origin) is called as a guest, a customer and the admin:
 *   - guest and customer GET → redirect to "/" (docs/requirements.md#access-and-roles);
 *   - guest and customer POST → 403, and nothing written;
 *   - admin GET → answered (not sent away to "/"); admin POST → let through the guard (not 403).
 * A module without an action is checked for its loader only.
 */
import path from "node:path";
import { count } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { newId } from "#server/db/ids.ts";
import {
  couponRedemptions,
  coupons,
  imageVariants,
  images,
  importRuns,
  loyaltyAccounts,
  loyaltyTransactions,
  orders,
  products,
  users,
} from "#server/db/schema.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { insertOrder } from "#tests/fixtures/orders.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { formPost, get, routeContext, settle, signIn } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

interface AdminModuleEntry {
  file: string;
  /** The URL path with its parameters, e.g. "admin/editar-producto/:id". */
  pattern: string;
}

/** Every route module under routes/admin/, with the full path pattern it answers. */
function adminModules(entries: readonly RouteEntry[], parent = ""): AdminModuleEntry[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const children = adminModules(entry.children ?? [], pattern);
    // A pathless layout answers at its children's paths: it is asked at the first one.
    const at = entry.path === undefined && children.length > 0 ? children[0]!.pattern : pattern;
    const own = entry.file.startsWith("routes/admin/") ? [{ file: entry.file, pattern: at }] : [];
    return [...own, ...children];
  });
}

const MODULES = adminModules(routes as readonly RouteEntry[]);

interface RouteModule {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
}

/** A form that WOULD change things if a guard let it through: a whole product, a delete. */
const HOSTILE_FORM = {
  intent: "delete",
  name: "Producto intruso",
  description: "No debería existir",
  price: "1.00",
  stock: "7",
  category: "Carta Individual",
  rarity: "Rare",
  type: "Pokémon",
  expansion: "151",
  cardNumber: "001/165",
  images: "https://example.com/intruso.png",
  code: "INTRUSO",
  amount: "1000",
};

it("finds the admin screens in the route config", () => {
  const files = MODULES.map((m) => m.file);
  expect(files).toEqual(expect.arrayContaining(["routes/admin/layout.tsx", "routes/admin/dashboard.tsx"]));
  expect(files.length).toBeGreaterThanOrEqual(6);
  expect(MODULES.every((m) => m.pattern === "admin" || m.pattern.startsWith("admin/"))).toBe(true);
});

describeEachDatabase("admin authorization matrix", (t) => {
  let productId = "";
  let orderNumber = "";
  const couponId = newId();
  let customerId = "";
  const cookies = { guest: "", customer: "", admin: "" };

  beforeAll(async () => {
    productId = await insertProduct(t.db, { name: "Carta de la matriz", stock: 4 });
    orderNumber = (await insertOrder(t.db)).orderNumber;
    // A coupon the hostile form's `intent=delete` names: a screen let through would delete it.
    await t.db.insert(coupons).values({ id: couponId, code: "MATRIZ", discountPercent: 10, expiresAt: new Date(Date.now() + 86_400_000) });
    customerId = newId();
    await t.db
      .insert(users)
      .values({ id: customerId, name: "Matriz customer", email: `matriz-customer-${customerId}@example.com`, passwordHash: "x" });
    cookies.customer = (await signIn(t.db, customerId)).cookie;
    cookies.admin = (await adminSession(t.db, { name: "Matriz admin" })).cookie;
  });

  /** A sample value for each path parameter an admin route has; a new parameter needs one here. */
  function urlOf(pattern: string): { url: string; params: Record<string, string> } {
    const params: Record<string, string> = {};
    const url = pattern.replace(/:(\w+)\??/g, (_, name: string) => {
      const samples: Record<string, string> = { id: productId, number: orderNumber };
      const value = samples[name];
      if (!value) throw new Error(`admin-access.test.ts: give the path parameter ":${name}" of "${pattern}" a sample value`);
      params[name] = value;
      return value;
    });
    return { url: `/${url}`, params };
  }

  async function load(file: string): Promise<RouteModule> {
    return (await import(path.resolve("app", file))) as RouteModule;
  }

  /** What nothing-written means: every product, coupon and loyalty account as it is, and the counts of the admin's other tables. */
  async function snapshot() {
    const tally = async (
      table: typeof images | typeof imageVariants | typeof importRuns | typeof orders | typeof products | typeof loyaltyTransactions,
    ) => (await t.db.select({ n: count() }).from(table))[0]!.n;
    return {
      products: await t.db.select().from(products).orderBy(products.id),
      coupons: await t.db.select().from(coupons).orderBy(coupons.id),
      couponRedemptions: await t.db.select().from(couponRedemptions).orderBy(couponRedemptions.id),
      loyaltyAccounts: await t.db.select().from(loyaltyAccounts).orderBy(loyaltyAccounts.userId),
      loyaltyTransactions: await tally(loyaltyTransactions),
      images: await tally(images),
      variants: await tally(imageVariants),
      importRuns: await tally(importRuns),
      orders: await tally(orders),
    };
  }

  for (const { file, pattern } of MODULES) {
    it(`${file}: a guest or a customer asking for the page is sent to /`, async () => {
      const mod = await load(file);
      expect(mod.loader, `${file} has no loader: every admin module guards its data`).toBeTypeOf("function");
      const { url, params } = urlOf(pattern);
      for (const role of ["guest", "customer"] as const) {
        const headers: Record<string, string> = role === "guest" ? {} : { cookie: cookies[role] };
        const result = await settle(() => mod.loader!({ request: get(url, headers), context: routeContext(t.db), params }));
        expect({ role, status: result.status, location: result.headers.get("location") }).toEqual({ role, status: 302, location: "/" });
      }
    });

    it(`${file}: the admin gets the page`, async () => {
      const mod = await load(file);
      const { url, params } = urlOf(pattern);
      const result = await settle(() => mod.loader!({ request: get(url, { cookie: cookies.admin }), context: routeContext(t.db), params }));
      expect(result.status).toBeLessThan(400);
      expect(result.headers.get("location")).not.toBe("/");
    });

    it(`${file}: a guest or a customer posting gets 403 and nothing is written`, async () => {
      const mod = await load(file);
      if (!mod.action) return; // No action: nothing to post to (the loader is checked above).
      const { url, params } = urlOf(pattern);
      const before = await snapshot();
      // The same form once more as a valid points adjustment (the loyalty screen's intent), for the customer themself.
      const forms = [
        { ...HOSTILE_FORM, couponId },
        { ...HOSTILE_FORM, couponId, intent: "adjust", userId: customerId, description: "Puntos intrusos" },
      ];
      for (const role of ["guest", "customer"] as const) {
        const headers: Record<string, string> = role === "guest" ? {} : { cookie: cookies[role] };
        for (const form of forms) {
          const result = await settle(() => mod.action!({ request: formPost(url, form, headers), context: routeContext(t.db), params }));
          expect({ role, intent: form.intent, status: result.status }).toEqual({ role, intent: form.intent, status: 403 });
        }
      }
      expect(await snapshot()).toEqual(before);
    });

    it(`${file}: the admin's post passes the guard`, async () => {
      const mod = await load(file);
      if (!mod.action) return;
      const { url, params } = urlOf(pattern);
      // A form without an intent or fields the screen knows: the guard lets it through, the screen
      // answers (a validation error at most). Nothing here is meant to be written.
      const result = await settle(() =>
        mod.action!({ request: formPost(url, { matriz: "1" }, { cookie: cookies.admin }), context: routeContext(t.db), params }),
      );
      expect(result.status).not.toBe(403);
    });
  }
});
