/**
 * The admin's product form edits the product's variants (issue 19), JavaScript on and off: a
 * product added with two variants (without JavaScript 'Agregar variante' answers the form again
 * with what was typed, one row more), one variant's stock edited, and the dashboard's 'Productos'
 * showing each variant's units in the colour and word of the lowest one. axe on the form.
 */
import type { Page } from "@playwright/test";
import { fillProduct, uniqueWord } from "./admin-products";
import { expectNoViolations } from "./axe";
import { logInAsAdmin } from "./accounts";
import { expect, test } from "./helpers";

const variantRow = (page: Page, number: number) => page.getByRole("group", { name: `Variante ${number}`, exact: true });

async function dashboardBadge(page: Page, visit: (url: string) => Promise<unknown>, name: string, stock?: "bajo") {
  await visit(`/admin?${new URLSearchParams({ tab: "productos", q: name, ...(stock ? { stock } : {}) })}`);
  return page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) })
    .locator(".stock-badge");
}

test("the admin adds a product with two variants, edits one variant's stock, and the dashboard shows each", async ({ page, visit }) => {
  const name = `Charizard ${uniqueWord()}`;
  await logInAsAdmin(page, visit);
  await visit("/admin/agregar-producto");
  await fillProduct(page, { name, price: "1500", stock: "2", image: "https://imagenes.invalid/charizard.jpg" });
  await expect(variantRow(page, 1).getByLabel("Condición")).toHaveValue("NM");
  await expect(variantRow(page, 1).getByLabel("Idioma")).toHaveValue("en");
  await expect(page.getByRole("button", { name: "Quitar variante 1" })).toHaveCount(0);

  // One more row (without JavaScript the server answers the form again, every typed value kept).
  await page.getByRole("button", { name: "Agregar variante" }).click();
  await expect(variantRow(page, 2)).toBeVisible();
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue(name);
  await expect(variantRow(page, 1).getByLabel("Precio (MXN)")).toHaveValue("1500");
  await expect(variantRow(page, 1).getByLabel("Inventario (unidades)")).toHaveValue("2");
  await variantRow(page, 2).getByLabel("Condición").selectOption("LP");
  await variantRow(page, 2).getByLabel("Idioma").selectOption({ label: "Japonés" });
  await variantRow(page, 2).getByLabel("Precio (MXN)").fill("900");
  await variantRow(page, 2).getByLabel("Inventario (unidades)").fill("0");
  await expectNoViolations(page, "the product form with two variants");

  // The same condition and language twice is refused at the second row.
  await variantRow(page, 2).getByLabel("Condición").selectOption("NM");
  await variantRow(page, 2).getByLabel("Idioma").selectOption({ label: "Inglés" });
  await page.getByRole("button", { name: "Agregar Producto" }).click();
  const repeated = variantRow(page, 2).getByLabel("Condición");
  await expect(repeated).toHaveAttribute("aria-invalid", "true");
  await expect(repeated).toHaveAccessibleDescription(/Ya hay otra variante con esta condición e idioma/);
  await expect(variantRow(page, 2).getByLabel("Precio (MXN)")).toHaveValue("900");
  await variantRow(page, 2).getByLabel("Condición").selectOption("LP");
  await variantRow(page, 2).getByLabel("Idioma").selectOption({ label: "Japonés" });
  await page.getByRole("button", { name: "Agregar Producto" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=productos&aviso=producto-agregado$/);

  // Each variant's units, in the colour and with the word of the lowest (LP Japanese: sold out).
  let badge = await dashboardBadge(page, visit, name);
  await expect(badge).toHaveText("NM·EN 2, LP·JA 0 Variante agotada");
  await expect(badge).toHaveClass(/stock-rojo/);

  // Edit the Japanese copy's stock.
  await page.getByRole("link", { name: `Editar ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/editar-producto\/[0-9a-f]{24}$/);
  await expect(variantRow(page, 2).getByLabel("Condición")).toHaveValue("LP");
  await expect(variantRow(page, 2).getByLabel("Idioma")).toHaveValue("ja");
  await variantRow(page, 2).getByLabel("Inventario (unidades)").fill("5");
  await expectNoViolations(page, "the edit form with two variants");
  await page.getByRole("button", { name: "Actualizar Producto" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=productos&aviso=producto-actualizado$/);

  badge = await dashboardBadge(page, visit, name);
  // The lowest has 2 units: 'Stock bajo' (3 or fewer), in the yellow of 1 to 10.
  await expect(badge).toHaveText("NM·EN 2, LP·JA 5 Stock bajo");
  await expect(badge).toHaveClass(/stock-amarillo/);
  // The word and the 'Resumen' filter of low stock (1 to 3 units) are one rule.
  await expect(await dashboardBadge(page, visit, name, "bajo")).toHaveText("NM·EN 2, LP·JA 5 Stock bajo");
});

test("a sealed product offers only 'Nuevo'; a row can be taken out, never the last", async ({ page, visit, js }) => {
  const name = `Caja ${uniqueWord()}`;
  await logInAsAdmin(page, visit);
  await visit("/admin/agregar-producto");
  await fillProduct(page, { name, price: "2500", stock: "3", image: "https://imagenes.invalid/caja.jpg" });
  await page.getByLabel("Categoría").selectOption("Producto Sellado");
  await page.getByRole("button", { name: "Agregar variante" }).click();
  // Without JavaScript the answer is drawn for the category chosen; with it the rows follow the choice at once.
  await expect(variantRow(page, 2).getByLabel("Condición").locator("option")).toHaveText(["Nuevo"]);
  await expect(variantRow(page, 1).getByLabel("Condición").locator("option")).toHaveText(["Nuevo"]);
  if (js) await expect(page.getByLabel("Rareza")).toHaveCount(0);
  await variantRow(page, 2).getByLabel("Idioma").selectOption({ label: "Japonés" });
  await page.getByRole("button", { name: "Quitar variante 1" }).click();
  await expect(variantRow(page, 2)).toHaveCount(0);
  await expect(variantRow(page, 1).getByLabel("Idioma")).toHaveValue("ja");
  await expect(page.getByRole("button", { name: /Quitar variante/ })).toHaveCount(0);
  await variantRow(page, 1).getByLabel("Precio (MXN)").fill("2600");
  await variantRow(page, 1).getByLabel("Inventario (unidades)").fill("4");
  await page.getByRole("button", { name: "Agregar Producto" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=productos&aviso=producto-agregado$/);
  const badge = await dashboardBadge(page, visit, name);
  // 4 units: yellow, but not low stock (that is 3 or fewer).
  await expect(badge).toHaveText("Nuevo·JA 4 Pocas unidades");
  await expect(badge).toHaveClass(/stock-amarillo/);
  await expect(await dashboardBadge(page, visit, name, "bajo")).toHaveCount(0);
});
