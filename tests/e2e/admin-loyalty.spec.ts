/**
 * The loyalty admin /admin/loyalty (docs/requirements.md#admin-area), JavaScript
 * on and off, with axe: the admin opens it from the panel's header button, finds a customer just
 * registered (searched without accents or capitals), sees the empty history, and adjusts +25 —
 * a blank description first gets 'Ingresa el monto y la descripción' with the amount kept — then
 * sees the new balance and the 'Ajuste' transaction. With JavaScript the form is a dialog (the
 * projected balance shows as the amount is typed; Escape closes it); without, a page section.
 * Each project registers its own customer.
 */
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { logInAsAdmin, openAdminMenu, register, uniqueEmail } from "./accounts";
import { expect, newShopper, test } from "./helpers";

/** The page does not scroll sideways on the phone. */
async function expectFitsThePhone(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test("the admin finds a customer, sees the history and adjusts +25 points", async ({ page, visit, js, browser, baseURL }) => {
  test.setTimeout(90_000);
  const tag = `${js ? "js" : "nojs"}${Date.now().toString(36)}`;
  const name = `Lucía Lealtad ${tag}`;
  const email = uniqueEmail("lealtad");

  const customer = await newShopper(browser, js, baseURL!);
  try {
    await register(customer.page, customer.visit, { name, email, password: "secreto123" });
  } finally {
    await customer.context.close();
  }

  await logInAsAdmin(page, visit);
  await visit("/admin");
  await openAdminMenu(page);
  await page.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Puntos de Lealtad" }).click();
  await expect(page).toHaveURL(/\/admin\/loyalty$/);
  await expect(page.getByRole("heading", { level: 2, name: "Puntos de Lealtad" })).toBeVisible();

  // Search without the accent and in capitals.
  const search = page.getByRole("search", { name: "Buscar clientes" });
  await search.getByLabel("Buscar por nombre o correo").fill(`LUCIA lealtad ${tag}`);
  await search.getByRole("button", { name: "Buscar" }).click();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("row")).toHaveCount(2); // the header and the one customer
  await expect(row.getByRole("cell").first()).toHaveText(email);
  await expect(row.locator(".loyalty-points")).toHaveText("0");
  await expectFitsThePhone(page);
  await expectNoViolations(page, "/admin/loyalty (lista)");

  // History: empty.
  await row.getByRole("link", { name: `Ver historial de ${name}` }).click();
  await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
  await expect(page.getByText("No hay transacciones registradas")).toBeVisible();
  await page.getByRole("link", { name: "Volver a la lista" }).click();
  await expect(row).toHaveCount(1);

  // Adjust: a blank description is refused, the amount kept.
  await row.getByRole("link", { name: `Ajustar puntos de ${name}` }).click();
  const form = js
    ? page.getByRole("dialog", { name: `Ajustar puntos de ${name}` })
    : page.getByRole("region", { name: `Ajustar puntos de ${name}` });
  await expect(form).toBeVisible();
  await expect(form.getByText("Saldo actual:")).toContainText("0");
  if (js) {
    // Escape closes the dialog; the link opens it again.
    await expect(form.getByLabel("Monto (puntos)")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(form).toHaveCount(0);
    await row.getByRole("link", { name: `Ajustar puntos de ${name}` }).click();
    await expect(form).toBeVisible();
  }
  await form.getByLabel("Monto (puntos)").fill("25");
  if (js) await expect(form.getByRole("status")).toHaveText("Nuevo saldo: 25 puntos");
  await form.getByLabel("Descripción").fill("   ");
  await form.getByRole("button", { name: "Ajustar Puntos" }).click();
  await expect(form.getByText("Ingresa el monto y la descripción")).toBeVisible();
  await expect(form.getByLabel("Monto (puntos)")).toHaveValue("25");
  await expect(form.getByLabel("Descripción")).toHaveAttribute("aria-invalid", "true");
  await expectNoViolations(page, "/admin/loyalty (ajustar, con error)", { shownOnce: true });

  await form.getByLabel("Descripción").fill("Regalo de bienvenida");
  await form.getByRole("button", { name: "Ajustar Puntos" }).click();

  // The history with the notice, the new balance and the transaction.
  await expect(page.getByRole("status").getByText("Puntos ajustados exitosamente")).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
  await expect(page.getByText("Puntos disponibles:")).toContainText("25");
  const tiles = page.locator(".points-tiles");
  await expect(tiles.locator("div", { hasText: "Total ganado" }).locator("dd")).toHaveText("25");
  await expect(tiles.locator("div", { hasText: "Saldo" }).locator("dd")).toHaveText("25");
  const movement = page.getByRole("row").filter({ hasText: "Regalo de bienvenida" });
  await expect(movement).toHaveCount(1);
  // Date, type, points, description (on the phone each cell also shows its column name, not in its text).
  await expect(movement.getByRole("cell")).toHaveText([/\d{4}/, "Ajuste", "+25", "Regalo de bienvenida"]);
  await expectFitsThePhone(page);
  await expectNoViolations(page, "/admin/loyalty (historial)");
});
