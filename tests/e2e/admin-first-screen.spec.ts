/**
 * The admin's first screen (docs/requirements.md#admin-area, #accounts-and-sessions), JavaScript on
 * and off, on the phone the projects emulate, with axe:
 * - an admin who signs in lands on /admin; a sign-in asked with a redirectTo of its own goes there;
 *   the e2e admin's password came from ADMIN_PASSWORD, so no 'change your password' banner (the
 *   generated-password case is tests/integration/admin-first-login.test.ts);
 * - on a phone the admin's navigation is one 'Menú' (a <details>: no JavaScript needed), closed at
 *   first, opened by a tap or the keyboard, with the current page marked (aria-current), and the
 *   sandbox warning is one line: the page's own content starts on the first screen.
 */
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { ADMIN_ACCOUNT, logIn, logInAsAdmin } from "./accounts";
import { expect, test } from "./helpers";

const menu = (page: Page) => page.locator("details.admin-menu");
const menuButton = (page: Page) => menu(page).locator("summary");
const adminNav = (page: Page) => page.getByRole("navigation", { name: "Administración" });

test("an admin who signs in lands on /admin, unless the sign-in asked for a page of its own", async ({ page, visit }) => {
  await logIn(page, visit, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Panel de Administración" })).toBeVisible();
  // The operator chose this password (ADMIN_PASSWORD): nothing asks to change it.
  await expect(page.getByText("Cambia la contraseña")).toHaveCount(0);
  await expectNoViolations(page, "/admin after the admin's sign-in");

  await page.context().clearCookies();
  await visit("/login?redirectTo=%2Fadmin%2Fcupones");
  await page.getByLabel("Correo electrónico").fill(ADMIN_ACCOUNT.email);
  await page.getByLabel("Contraseña").fill(ADMIN_ACCOUNT.password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page).toHaveURL(/\/admin\/cupones$/);
  await expect(page.getByRole("heading", { level: 2, name: "Cupones de Descuento" })).toBeVisible();
});

test("on a phone the admin's navigation is a menu, closed at first, opened by tap or keyboard, the current page marked", async ({
  page,
  visit,
}) => {
  await logInAsAdmin(page, visit);
  await visit("/admin");
  // Closed: no navigation link on the first screen, and the dashboard's own tabs are on it.
  await expect(menuButton(page)).toBeVisible();
  await expect(menuButton(page)).toHaveText("Menú");
  await expect(page.getByRole("link", { name: "Cupones", exact: true })).toBeHidden();
  const warning = page.locator(".admin-sandbox-warning");
  await expect(warning).toBeVisible();
  const warningBox = await warning.boundingBox();
  expect(warningBox!.height).toBeLessThan(56);
  const tabs = page.getByRole("navigation", { name: "Secciones del panel" });
  await expect(tabs).toBeInViewport({ ratio: 1 });
  await expectNoViolations(page, "/admin on a phone, menu closed");

  // Opened by a tap: every screen, the current one marked.
  await menuButton(page).click();
  await expect(menu(page)).toHaveAttribute("open", "");
  await expect(adminNav(page).getByRole("link", { name: "Panel", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(adminNav(page).getByRole("link", { name: "Cupones", exact: true })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: "Descargar respaldo" })).toBeVisible();
  await expectNoViolations(page, "/admin on a phone, menu open");
  await adminNav(page).getByRole("link", { name: "Cupones", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/cupones$/);
  await expect(page.getByRole("heading", { level: 2, name: "Cupones de Descuento" })).toBeVisible();
  // The new page starts with the menu closed.
  await expect(menu(page)).not.toHaveAttribute("open", "");
  await expect(page.getByRole("link", { name: "Agregar Producto", exact: true })).toBeHidden();

  // Opened from the keyboard.
  await menuButton(page).focus();
  await page.keyboard.press("Enter");
  await expect(menu(page)).toHaveAttribute("open", "");
  await expect(adminNav(page).getByRole("link", { name: "Cupones", exact: true })).toHaveAttribute("aria-current", "page");
  await page.keyboard.press("Tab");
  await expect(adminNav(page).getByRole("link", { name: "Panel", exact: true })).toBeFocused();
});
