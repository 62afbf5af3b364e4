/**
 * Every form answers its refusals in one shape (docs/architecture.md, "Forms"):
 * EVERY route module with an action, found by walking the route config
 * (app/routes.ts), so a new screen that answers its own way fails here. Each is
 * posted, as the visitor the screen is for (the admin under /admin, a signed-in
 * customer on the account pages, a guest holding a cart elsewhere):
 *   - a body that is not a form, and
 *   - a form of hostile values (an unknown intent, control characters, a
 *     malformed e-mail, a negative price, a wrong id…),
 * and must answer a 4xx whose data is a FormFailure with a message to show.
 */
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { isFormFailure } from "#domain/form-failure.ts";
import { cartCookie } from "#server/cart/cart-cookie.server.ts";
import { newId } from "#server/db/ids.ts";
import { users } from "#server/db/schema.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { cartWith } from "#tests/fixtures/checkout.ts";
import { insertProduct } from "#tests/fixtures/products.ts";
import { TEST_ORIGIN, routeContext, settle, signIn } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

interface RouteModule {
  action?: (args: unknown) => Promise<unknown>;
}

/** Every route file with the full path pattern it answers at. */
function routeFiles(entries: readonly RouteEntry[], parent = ""): Array<{ file: string; pattern: string }> {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const children = routeFiles(entry.children ?? [], pattern);
    return [{ file: entry.file, pattern }, ...children];
  });
}

/** Actions that are not a form a person fills, and why each is left out. */
const NOT_A_FORM: Record<string, string> = {
  "routes/api.webhooks.mercadopago.ts": "the payment provider's JSON notification (tests/integration/payments-http.test.ts)",
  "routes/logout.ts": "a button with no field: any post signs out, the body is never read",
};
/** Actions with no field to get wrong: any form is valid (the body that is not a form is still refused). */
const NO_FIELDS: Record<string, string> = {
  "routes/preferencias.aviso-puntos.ts": "closing the banner takes only a redirect path, made safe",
};

const HOSTILE_FORM = {
  intent: "<script>alert(1)</script>",
  name: "\u0000",
  email: "no-es-un-correo",
  password: "x",
  currentPassword: "",
  newPassword: "1",
  confirmPassword: "2",
  phone: "abc",
  street: "",
  city: "\u0007",
  state: "Atlántida",
  zipCode: "1",
  price: "-1",
  stock: "muchos",
  code: "💥".repeat(30),
  quantity: "NaN",
  productId: "zzz",
  addressId: "../../etc/passwd",
  userId: "0",
  amount: "1e999",
  shippingMethod: "dron",
  checkoutToken: "x",
};

const ADMIN_FILES = /^routes\/admin\//;
const CUSTOMER_FILES = new Set(["routes/perfil.tsx", "routes/mis-pedidos.tsx"]);

/** The route modules with an action (loaded here, so each gets a test of its own). */
const MODULES: Array<{ file: string; pattern: string; action: NonNullable<RouteModule["action"]> }> = [];
for (const entry of routeFiles(routes as readonly RouteEntry[])) {
  const mod = (await import(path.resolve("app", entry.file))) as RouteModule;
  if (mod.action && !(entry.file in NOT_A_FORM) && !MODULES.some((m) => m.file === entry.file))
    MODULES.push({ ...entry, action: mod.action });
}

describeEachDatabase("every action refuses a bad form in the one FormFailure shape", (t) => {
  const cookies = { admin: "", customer: "", guestWithCart: "" };

  beforeAll(async () => {
    const id = newId();
    await t.db.insert(users).values({ id, name: "Forma customer", email: `forma-customer-${id}@example.com`, passwordHash: "x" });
    cookies.customer = (await signIn(t.db, id)).cookie;
    cookies.admin = (await adminSession(t.db, { name: "Forma admin" })).cookie;
    const productId = await insertProduct(t.db, { name: "Carta de la forma", stock: 5 });
    const cartId = await cartWith(t.db, [{ productId, quantity: 1 }]);
    cookies.guestWithCart = (await cartCookie(routeContext(t.db).config).serialize(cartId)).split(";")[0]!;
  });

  function cookieFor(file: string): string {
    if (ADMIN_FILES.test(file)) return cookies.admin;
    if (CUSTOMER_FILES.has(file)) return cookies.customer;
    return cookies.guestWithCart;
  }

  function urlOf(pattern: string): { url: string; params: Record<string, string> } {
    const params: Record<string, string> = {};
    const url = pattern.replace(/:(\w+)\??/g, (_, name: string) => (params[name] = name === "token" ? "token-falso" : newId()));
    return { url: `${TEST_ORIGIN}/${url}`, params };
  }

  const post = (url: string, cookie: string, body: string, type: string) =>
    new Request(url, { method: "POST", headers: { "content-type": type, origin: TEST_ORIGIN, cookie }, body });

  function expectFailure(label: string, result: { status: number; data: unknown }) {
    expect(result.status, `${label}: a 4xx`).toBeGreaterThanOrEqual(400);
    expect(result.status, `${label}: a 4xx`).toBeLessThan(500);
    expect(isFormFailure(result.data), `${label}: answers a FormFailure, got ${JSON.stringify(result.data)}`).toBe(true);
    const failure = result.data as { formError?: string; fieldErrors: Record<string, string[]>; values: Record<string, string> };
    // Exactly the one shape: no key of a form's own, every field's messages a list, the typed values text.
    expect(
      Object.keys(failure).filter((key) => !["intent", "formError", "fieldErrors", "values"].includes(key)),
      label,
    ).toEqual([]);
    for (const messages of Object.values(failure.fieldErrors)) {
      expect(Array.isArray(messages) && messages.every((m) => typeof m === "string"), `${label}: fieldErrors hold lists of text`).toBe(
        true,
      );
    }
    expect(
      Object.values(failure.values).every((v) => typeof v === "string"),
      `${label}: values are text`,
    ).toBe(true);
    const messages = [failure.formError, ...Object.values(failure.fieldErrors).flat()].filter(Boolean);
    expect(messages.length, `${label}: has a message to show`).toBeGreaterThan(0);
  }

  it("finds the route modules with an action", () => {
    const withAction = MODULES.map((m) => m.file);
    expect(withAction).toEqual(expect.arrayContaining(["routes/checkout.tsx", "routes/perfil.tsx", "routes/admin/cupones.tsx"]));
    expect(withAction.length).toBeGreaterThanOrEqual(13);
  });

  for (const { file, pattern, action } of MODULES) {
    it(`${file}: a body that is not a form, and a form of hostile values, get a FormFailure and a 4xx`, async () => {
      const { url, params } = urlOf(pattern);
      const cookie = cookieFor(file);
      const notAForm = await settle(() =>
        action({ request: post(url, cookie, '{"a":', "multipart/form-data; boundary=x"), context: routeContext(t.db), params }),
      );
      expectFailure(`${file} (not a form)`, notAForm);
      if (file in NO_FIELDS) return;
      const hostile = await settle(() =>
        action({
          request: post(url, cookie, new URLSearchParams(HOSTILE_FORM).toString(), "application/x-www-form-urlencoded"),
          context: routeContext(t.db),
          params,
        }),
      );
      expectFailure(`${file} (hostile form)`, hostile);
      const { intent: _intent, ...withoutIntent } = HOSTILE_FORM;
      const noIntent = await settle(() =>
        action({
          request: post(url, cookie, new URLSearchParams(withoutIntent).toString(), "application/x-www-form-urlencoded"),
          context: routeContext(t.db),
          params,
        }),
      );
      expectFailure(`${file} (hostile form without an intent)`, noIntent);
    });
  }
});
