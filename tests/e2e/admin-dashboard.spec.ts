/**
 * The admin dashboard /admin (docs/requirements.md#admin-area,
 * docs/requirements.md#access-and-roles), JavaScript on and off, with axe:
 * - a guest and a customer asking for /admin land on the home page;
 * - the admin reaches it from the user menu's 'Panel Admin', sees 'Resumen' (today's sales include
 *   a payment just approved), follows the out-of-stock link, searches the demo catalogue in
 *   'Productos' (by artist, and by a name typed without its accent) with the stock words, and
 *   finds the order in 'Órdenes'.
 * - 'Descargar respaldo' (a button: a form post) in the admin's header downloads the whole database as a compressed SQL dump.
 * Each project buys its own demo card (by card number), so no test depends on another's data.
 */
import fs from "node:fs";
import zlib from "node:zlib";
import type { Locator, Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { logInAsAdmin, openAdminMenu, openUserMenu, register, uniqueEmail } from "./accounts";
import { addFromList, expect, fillContactAndAddress, newShopper, openCheckout, pay, sandboxDecision, test } from "./helpers";

const panel = (page: Page) => page.locator("main");

/** The page does not scroll sideways on the phone (the tables scroll inside their own box). */
async function expectFitsThePhone(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

function tab(page: Page, name: string): Locator {
  return page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name, exact: true });
}

/** A row of the dashboard's tables, by the text of its row header (product name or order number). */
function row(page: Page, header: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: header, exact: true }) });
}

test("a guest and a customer asking for /admin land on the home page", async ({ page, visit }) => {
  await visit("/admin");
  await expect(page).toHaveURL(/\/$/);
  await register(page, visit, { name: "Clara Clienta", email: uniqueEmail("admin-denied"), password: "secreto123" });
  for (const path of ["/admin", "/admin?tab=productos", "/admin?tab=ordenes"]) {
    await visit(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Panel de Administración" })).toHaveCount(0);
  }
  await openUserMenu(page);
  await expect(page.getByRole("link", { name: "Panel Admin" })).toHaveCount(0);
});

/** A product's stock on the dashboard: each variant's units ('NM·EN 3, LP·JA 0'), then the word of the lowest one. */
const VARIANT_STOCK =
  /^(NM|LP|MP|HP|DMG|Nuevo)·(ES|EN|JA) \d+(, (NM|LP|MP|HP|DMG|Nuevo)·(ES|EN|JA) \d+)* (Disponible|Pocas unidades|Stock bajo|Agotado|Variantes? agotadas?)$/;

test("the admin sees Resumen, the stock alerts, searches Productos with stock words and finds the order in Órdenes", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const [term, card, artist] = js
    ? (["010/086", "Virizion", "felicia chen"] as const)
    : (["024/086", "Basculin", "keiichiro ito"] as const);

  // A guest buys the card and pays (another browser).
  const guest = await newShopper(browser, js, baseURL!);
  let orderNumber = "";
  try {
    await addFromList(guest.page, guest.visit, term, card);
    await openCheckout(guest.page, js);
    await fillContactAndAddress(guest.page, { name: "Gina Invitada", email: uniqueEmail("admin-dashboard") });
    await pay(guest.page);
    orderNumber = await sandboxDecision(guest.page, "Aprobar");
  } finally {
    await guest.context.close();
  }

  await logInAsAdmin(page, visit);
  await openUserMenu(page);
  await page.getByRole("link", { name: "Panel Admin" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Panel de Administración");

  // Resumen
  await expect(tab(page, "Resumen")).toHaveAttribute("aria-current", "page");
  await expect(panel(page).getByRole("heading", { level: 2 })).toHaveText("Resumen");
  const today = panel(page)
    .locator(".dashboard-figures > div")
    .filter({ has: page.locator("dt", { hasText: /^Hoy$/ }) })
    .locator("dd");
  await expect(today).toHaveText(/^\$[\d,]+\.\d{2} MXN$/);
  await expect(today).not.toHaveText("$0.00 MXN");
  for (const label of ["Pendiente", "Procesando", "Enviado", "Entregado", "Cancelado", "Pagos pendientes"]) {
    await expect(panel(page).locator("dt", { hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  await expect(panel(page).getByRole("heading", { name: "Últimas órdenes" })).toBeVisible();
  await expectFitsThePhone(page);
  await expectNoViolations(page, "/admin (Resumen)");

  // The out-of-stock link opens Productos filtered to them.
  await panel(page)
    .getByRole("link", { name: /productos? con alguna variante agotada/ })
    .click();
  await expect(page).toHaveURL(/\/admin\?tab=productos&stock=agotado$/);
  await expect(tab(page, "Productos")).toHaveAttribute("aria-current", "page");
  await expect(panel(page).getByText("Productos con alguna variante agotada:")).toBeVisible();
  // Each product listed has a variant at 0 units: red, with the word.
  await expect(panel(page).locator(".stock-badge").first()).toHaveText(/(Agotado|Variantes? agotadas?)$/);
  await expect(panel(page).locator(".stock-badge").first()).toContainText(/·(ES|EN|JA) 0\b/);
  await expect(
    panel(page)
      .locator(".stock-badge")
      .filter({ hasNotText: /Agotado|agotada/ }),
  ).toHaveCount(0);

  // Productos: search by artist, then by a name typed without its accent.
  await tab(page, "Productos").click();
  await expect(page).toHaveURL(/\/admin\?tab=productos$/);
  const search = page.getByLabel("Buscar por nombre, expansión, categoría, número o artista");
  await search.fill(artist);
  await panel(page).getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(new RegExp(`tab=productos&q=${artist.replace(" ", "\\+")}`));
  const found = row(page, card);
  await expect(found).toBeVisible();
  // The demo card's variants, each with its units, and the word of the lowest one.
  await expect(found.locator(".stock-badge")).toHaveText(VARIANT_STOCK);
  await expect(found.getByRole("link", { name: `Editar ${card}` })).toHaveAttribute("href", /^\/admin\/editar-producto\/[0-9a-f]{24}$/);
  if (js) {
    // With JavaScript 'Eliminar' asks confirm() first; dismissed, nothing is deleted.
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await found.getByRole("button", { name: `Eliminar ${card}` }).click();
    await expect.poll(() => asked).toBe("¿Eliminar este producto?");
    await expect(found).toBeVisible();
  } else {
    await expect(found.getByRole("link", { name: `Eliminar ${card}` })).toHaveAttribute(
      "href",
      /^\/admin\/editar-producto\/[0-9a-f]{24}\?eliminar=1$/,
    );
  }
  await expectFitsThePhone(page);
  await expectNoViolations(page, "/admin (Productos)");

  await search.fill("CAFE MASTER");
  await panel(page).getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/q=CAFE\+MASTER/);
  const cafe = row(page, "Café Master");
  await expect(cafe).toBeVisible();
  await expect(cafe).toContainText("Brilliant Stars");
  await expect(cafe).toContainText("TG25/TG30");
  // Each variant's units ('NM·EN 3, LP·JA 0'), then the word of the lowest one.
  await expect(cafe.locator(".stock-badge")).toHaveText(VARIANT_STOCK);

  // Órdenes: the guest's order, paid.
  await tab(page, "Órdenes").click();
  await expect(page).toHaveURL(/\/admin\?tab=ordenes$/);
  await expect(panel(page).getByRole("heading", { level: 2 })).toHaveText("Órdenes");
  const order = row(page, orderNumber);
  await expect(order).toContainText("Gina Invitada");
  await expect(order).toContainText("1 artículo");
  await expect(order).toContainText("Pago aprobado");
  await expectFitsThePhone(page);
  await expectNoViolations(page, "/admin (Órdenes)");
});

test("'Descargar respaldo' downloads the database as a compressed SQL dump", async ({ page, visit }) => {
  await logInAsAdmin(page, visit);
  await visit("/admin");
  const downloading = page.waitForEvent("download");
  await openAdminMenu(page);
  await page.getByRole("button", { name: "Descargar respaldo" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^respaldo-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sql\.gz$/);
  const dump = zlib.gunzipSync(fs.readFileSync((await download.path())!)).toString("utf8");
  expect(dump).toContain("CREATE TABLE public.products");
  expect(dump).toContain("INSERT INTO public.products");
  await expectNoViolations(page, "/admin (Descargar respaldo)");
});
