/**
 * The header's user menu on a slow phone: opened before the page's JavaScript has run, it stays
 * open when React takes over (hydration must not close what the shopper opened). Without
 * JavaScript it is a plain <details>. At 360 px the header's first row (the brand, the points, the
 * cart, the menu) stays one line in every state (docs/requirements.md#phones).
 */
import type { Browser, Page } from "@playwright/test";
import { MAX_POINTS_ADJUSTMENT } from "#domain/loyalty.ts";
import { logInAsAdmin, register, uniqueEmail } from "./accounts";
import { expectNoViolations } from "./axe";
import { cartBadge, cartPost, expect, newShopper, openProductBySearch, test, waitForHydration } from "./helpers";

test("a menu opened while the page is still loading stays open once it hydrates", async ({ page, js }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Hold the app's entry script: the page is server-rendered and clickable, not yet hydrated.
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const menu = page.locator("details.user-menu");
  await page.getByLabel("Menú de usuario").click();
  await expect(menu).toHaveAttribute("open");
  await expect(page.getByRole("link", { name: "Iniciar Sesión" })).toBeVisible();

  release();
  if (js) await waitForHydration(page);
  await expect(menu).toHaveAttribute("open");
  await expect(page.getByRole("link", { name: "Iniciar Sesión" })).toBeVisible();
});

/**
 * What breaks the header's first row at 360 px, as readable lines (empty when it is one line): the
 * brand's text wraps (its rects sit on more than one line), or the actions drop below the brand.
 */
async function headerRowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const brand = document.querySelector(".logo-text");
    const actions = document.querySelector(".header-actions");
    if (!brand || !actions) return ["no brand or no actions"];
    const range = document.createRange();
    range.selectNodeContents(brand);
    const lineTops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    const lineHeight = parseFloat(getComputedStyle(brand).fontSize) * 1.5;
    const box = brand.getBoundingClientRect();
    if (lineTops.size !== 1 || box.height > lineHeight)
      problems.push(`the brand takes ${lineTops.size} lines, ${Math.round(box.height)}px`);
    const a = actions.getBoundingClientRect();
    const logo = document.querySelector(".logo")!.getBoundingClientRect();
    if (a.top >= logo.bottom || a.bottom <= logo.top) problems.push("the actions are not beside the brand");
    if (a.right > 360.5 || logo.left < -0.5) problems.push(`the row spans ${Math.round(logo.left)}..${Math.round(a.right)}px`);
    return problems;
  });
}

test.describe("the header at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("is one line for a guest, with items in the cart, signed in with points and as the admin", async ({
    page,
    visit,
    js,
    browser,
    baseURL,
  }) => {
    test.slow();
    const oneLine = async (state: string) => expect.poll(() => headerRowProblems(page), { message: state }).toEqual([]);
    await visit("/");
    await oneLine("guest");

    // A customer with the most points an adjustment gives (a six-digit balance) and a card in the cart.
    const name = `Pilar Puntos ${Date.now().toString(36)}`;
    const email = uniqueEmail("puntos360");
    await register(page, visit, { name, email, password: "secreto1" });
    await giveAdminPoints(browser, baseURL!, email, MAX_POINTS_ADJUSTMENT);
    await openProductBySearch(page, visit, "199/165", "Charizard ex");
    await cartPost(page, () => page.getByRole("button", { name: "Agregar al carrito" }).click());
    await visit("/");
    await expect(page.getByRole("link", { name: /^Tus puntos: 100,000$/ })).toBeVisible();
    await expect(cartBadge(page)).not.toHaveText("0");
    await oneLine("signed in with points and a cart");
    await expectNoViolations(page, "/ (con puntos, 360 px)");

    // The admin.
    const admin = await newShopper(browser, js, baseURL!);
    try {
      await admin.page.setViewportSize({ width: 360, height: 740 });
      await logInAsAdmin(admin.page, admin.visit);
      await expect.poll(() => headerRowProblems(admin.page), { message: "admin" }).toEqual([]);
    } finally {
      await admin.context.close();
    }
  });
});

/** The admin adds `amount` points to the customer with this e-mail (/admin/loyalty's adjust form, without JavaScript). */
async function giveAdminPoints(browser: Browser, baseURL: string, email: string, amount: number): Promise<void> {
  const admin = await newShopper(browser, false, baseURL);
  try {
    await logInAsAdmin(admin.page, admin.visit);
    await admin.visit(`/admin/loyalty?${new URLSearchParams({ q: email })}`);
    await admin.page.getByRole("link", { name: /^Ajustar puntos de / }).click();
    await admin.page.getByLabel("Monto (puntos)").fill(String(amount));
    await admin.page.getByLabel("Descripción").fill("Prueba del encabezado");
    await admin.page.getByRole("button", { name: "Ajustar Puntos" }).click();
    await expect(admin.page.getByText("Puntos ajustados exitosamente")).toBeVisible();
  } finally {
    await admin.context.close();
  }
}
