/**
 * The coupon admin /admin/cupones (docs/requirements.md#coupons), JavaScript on and off,
 * on the phone, with axe: the admin opens it from the header button, creates a coupon (listed
 * with its status and type badges, discount, usage and expiry), is refused a second coupon with
 * the same code (the message next to the code, the values kept), deactivates it and deletes it
 * (confirm() with JavaScript, a confirmation step without). Each project makes its own coupon
 * code; validation and access rules are proved by tests/integration/admin-coupons.test.ts.
 */
import type { Page } from "@playwright/test";
import { logInAsAdmin, openAdminMenu } from "./accounts";
import { expectNoViolations } from "./axe";
import { expect, test } from "./helpers";

/** The page does not scroll sideways on the phone. */
async function expectFitsThePhone(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** "22 de noviembre de 2026", as the shop writes dates (es-MX, Mexico City). */
const shopDate = (date: Date) =>
  new Intl.DateTimeFormat("es-MX", { day: "numeric", month: "long", year: "numeric", timeZone: "America/Mexico_City" }).format(date);

test("admin creates a coupon, sees its badges, is refused a duplicate code, deactivates and deletes it", async ({ page, visit, js }) => {
  const typed = `e2e-${test.info().project.name}-${Date.now().toString(36)}`.slice(0, 20);
  const code = typed.toUpperCase();
  await logInAsAdmin(page, visit);
  await visit("/admin");
  await openAdminMenu(page);
  await page.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Cupones" }).click();
  await expect(page).toHaveURL(/\/admin\/cupones$/);
  await expect(page.getByRole("heading", { level: 2, name: "Cupones de Descuento" })).toBeVisible();

  // 'Nuevo Cupón' opens the form (a link, with or without JavaScript); it becomes 'Cancelar'.
  await page.getByRole("link", { name: "Nuevo Cupón" }).click();
  const form = page.getByRole("form", { name: "Nuevo Cupón" });
  await expect(form).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancelar" })).toBeVisible();
  await expect(form.getByLabel("Días de validez")).toHaveValue("7");
  await expect(form.getByLabel("Tipo")).toHaveValue("general");
  const maxUses = form.getByLabel("Máximo de usos (opcional)");
  if (js) {
    // Max uses only for a general coupon.
    await form.getByLabel("Tipo").selectOption({ label: "Uso Único" });
    await expect(maxUses).toBeHidden();
    await form.getByLabel("Tipo").selectOption({ label: "General" });
  }
  await expect(maxUses).toBeVisible();

  await form.getByLabel("Código").fill(typed);
  await form.getByLabel("Descuento (%)").fill("15");
  await maxUses.fill("5");
  await form.getByLabel("Descripción (opcional)").fill("Cupón de la prueba e2e");
  await form.getByRole("button", { name: "Crear Cupón" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cupón creado exitosamente" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Nuevo Cupón" })).toHaveCount(0);

  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: code, exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card.locator(".coupon-badge")).toHaveText(["Activo", "General"]);
  await expect(card).toContainText("15% de descuento");
  await expect(card).toContainText("0 / 5 usos");
  await expect(card).toContainText("Cupón de la prueba e2e");
  const expires = card.locator("time");
  const expected = [shopDate(new Date(Date.now() + 7 * 86_400_000)), shopDate(new Date(Date.now() + 7 * 86_400_000 + 60_000))];
  expect(expected).toContain(await expires.textContent());

  // The same code again (typed in lower case): the message next to the code, every value kept.
  await page.getByRole("link", { name: "Nuevo Cupón" }).click();
  await form.getByLabel("Código").fill(typed);
  await form.getByLabel("Descuento (%)").fill("20");
  await form.getByRole("button", { name: "Crear Cupón" }).click();
  await expect(page.getByRole("alert")).toHaveText("Revisa los campos marcados.");
  const codeInput = form.getByLabel("Código");
  await expect(codeInput).toHaveAttribute("aria-invalid", "true");
  await expect(codeInput).toHaveAccessibleDescription(/Ya existe un cupón con ese código/);
  await expect(codeInput).toHaveValue(typed);
  await expect(form.getByLabel("Descuento (%)")).toHaveValue("20");
  await expectFitsThePhone(page);
  await expectNoViolations(page, "/admin/cupones (form open)");
  await page.getByRole("link", { name: "Cancelar" }).click();
  await expect(page.getByRole("form", { name: "Nuevo Cupón" })).toHaveCount(0);

  // Deactivate: the badge reads 'Inactivo' and the button becomes 'Activar'.
  await card.getByRole("button", { name: `Desactivar cupón ${code}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cupón desactivado" })).toBeVisible();
  await expect(card.locator(".coupon-badge").first()).toHaveText("Inactivo");
  await expect(card.getByRole("button", { name: `Activar cupón ${code}` })).toBeVisible();
  await expectFitsThePhone(page);

  // Delete: confirm() with JavaScript (dismissed first: nothing happens), a confirmation step without.
  if (js) {
    page.once("dialog", (dialog) => void dialog.dismiss());
    await card.getByRole("button", { name: `Eliminar cupón ${code}` }).click();
    await expect(card).toHaveCount(1);
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await card.getByRole("button", { name: `Eliminar cupón ${code}` }).click();
    await expect.poll(() => asked).toBe("¿Eliminar este cupón?");
  } else {
    await card.getByRole("link", { name: `Eliminar cupón ${code}` }).click();
    await expect(card.getByText("¿Eliminar este cupón?")).toBeVisible();
    await card.getByRole("button", { name: `Eliminar cupón ${code}` }).click();
  }
  await expect(page.getByRole("status").filter({ hasText: "Cupón eliminado exitosamente" })).toBeVisible();
  await expect(card).toHaveCount(0);
});
