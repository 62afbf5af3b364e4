/**
 * Account steps shared by the end-to-end specs: register through the form,
 * open the user menu, log out; a field's refusal shown next to it.
 */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./helpers";

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The field is marked invalid and its description (its hint, then its messages) includes the message. */
export async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
}

export async function openUserMenu(page: Page) {
  // After a client-side navigation the header closes its menu once the new page has rendered, which
  // can come a moment after the address the test waited for: click again until the menu stays open.
  // (Hydration itself keeps an open menu open: header-menu.spec.ts.)
  const summary = page.getByLabel("Menú de usuario");
  const menu = page.locator("details.user-menu");
  await expect(async () => {
    if ((await menu.getAttribute("open")) === null) await summary.click();
    await expect(menu).toHaveAttribute("open", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Registers through /registro and waits for the home page. */
export async function register(
  page: Page,
  visit: (url: string) => Promise<unknown>,
  user: { name: string; email: string; password: string },
) {
  await visit("/registro");
  await page.getByLabel("Nombre").fill(user.name);
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Crear Cuenta" }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function logOut(page: Page) {
  await openUserMenu(page);
  await page.getByRole("button", { name: "Cerrar Sesión" }).click();
  await expect(page).toHaveURL(/\/$/);
  // Logged out once the account links are gone (the page may already have been "/").
  await expect(page.getByRole("link", { name: "Mi Perfil" })).toHaveCount(0);
  await openUserMenu(page);
  await expect(page.getByRole("link", { name: "Iniciar Sesión" })).toBeVisible();
}

export async function logIn(page: Page, visit: (url: string) => Promise<unknown>, email: string, password: string) {
  await visit("/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
}

/** The greeting in the open user menu, which only a signed-in visitor has. */
export async function expectSignedInAs(page: Page, name: string) {
  // Wait for the signed-in menu (closed) first: a click on the guest menu just before the header
  // re-renders with the account's menu would leave the new one closed.
  await expect(page.getByText(`Hola, ${name}`)).toBeAttached();
  await openUserMenu(page);
  await expect(page.getByText(`Hola, ${name}`)).toBeVisible();
}

/** The admin account the e2e server's first start creates (playwright.config.ts). */
export const ADMIN_ACCOUNT = { email: "admin@tienda.test", password: "admin-e2e-2026" } as const;

/** Signs in as the shop's admin and waits until the session is in place (an admin lands on /admin). */
export async function logInAsAdmin(page: Page, visit: (url: string) => Promise<unknown>) {
  await logIn(page, visit, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
  await expect(page).toHaveURL(/\/admin$/);
}

/** Opens the admin's 'Menú' where it is one (a phone's width); the links are in a row elsewhere. */
export async function openAdminMenu(page: Page) {
  const menu = page.locator("details.admin-menu");
  if (!(await menu.locator("summary").isVisible())) return;
  await expect(async () => {
    if ((await menu.getAttribute("open")) === null) await menu.locator("summary").click();
    await expect(menu).toHaveAttribute("open", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
