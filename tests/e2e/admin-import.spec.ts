/**
 * CSV import (docs/requirements.md#admin-area), with JavaScript (the browser previews
 * the picked file) and without it (the server previews the uploaded file, 'Importar' confirms):
 * the admin sees the first rows, then the result with the bad row's error, and an imported product
 * is in the shop's search.
 */
import { expectNoViolations } from "./axe";
import { logInAsAdmin } from "./accounts";
import { expect, productCards, test } from "./helpers";

const HEADER = "name,expansion,price,stock,rarity,type,images,cardNumber,description";
const IMAGE = "/media/demo/000000000000000000000000-front.webp";

test("the admin imports a CSV with one bad row: preview, result with the error, product in the shop", async ({ page, visit, js }) => {
  const tag = `imp${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const good = `Importada ${tag}`;
  const csv = [
    HEADER,
    `${good},Surging Sparks,123.45,4,Rare,Pokémon,${IMAGE},001/191,"Descripción, con coma"`,
    `Mala ${tag},Surging Sparks,caro,4,Rare,Pokémon,${IMAGE},002/191,`,
    `Otra ${tag},Surging Sparks,10.00,1,Promo,Item,${IMAGE},,`,
  ].join("\n");

  await logInAsAdmin(page, visit);
  await visit("/admin/importar-productos");
  await expect(page.getByRole("heading", { name: "Importar productos" })).toBeVisible();
  await expectNoViolations(page, "the import form");

  await page.getByLabel("Archivo CSV").setInputFiles({ name: `productos-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
  // Without JavaScript the server shows the preview after the upload.
  if (!js) await page.getByRole("button", { name: "Ver vista previa" }).click();
  const preview = page.getByRole("region", { name: "Primeras filas del archivo" });
  await expect(preview.getByRole("row")).toHaveCount(4); // the header and the 3 rows
  await expect(preview.getByRole("row").nth(1)).toContainText(good);
  await expect(preview.getByRole("row").nth(2)).toContainText("caro");
  await expect(page.getByText("3 filas de productos")).toBeVisible();
  await expectNoViolations(page, "the preview");

  await page.getByRole("button", { name: "Importar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/importar-productos\?corrida=[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { name: "Resultado de la importación" })).toBeVisible({ timeout: 20_000 });
  const totals = page.locator(".import-totals");
  await expect(totals).toContainText("Total3");
  await expect(totals).toContainText("Importados2");
  await expect(totals).toContainText("Con errores1");
  const errors = page.getByRole("region", { name: "Filas con errores" });
  await expect(errors.getByRole("row")).toHaveCount(2);
  const bad = errors.getByRole("row").nth(1);
  await expect(bad.getByRole("rowheader")).toHaveText("3");
  await expect(bad).toContainText("price: El precio debe ser un número mayor o igual a 0, con hasta 2 decimales");
  await expect(bad).toContainText(`Mala ${tag}`);
  const imported = page.getByRole("region", { name: "Productos importados" });
  await expect(imported.getByRole("row").filter({ hasText: good }).getByRole("link")).toHaveAttribute("href", /^\/producto\/[0-9a-f]{24}$/);
  await expectNoViolations(page, "the import result");
  await expect(page.getByRole("link", { name: "Importar otro archivo" })).toHaveAttribute("href", "/admin/importar-productos");

  await visit(`/productos?${new URLSearchParams({ search: tag })}`);
  await expect(productCards(page)).toHaveCount(2);
  await expect(productCards(page).getByRole("link", { name: good, exact: true })).toBeVisible();
});

test("a file that is not a CSV is refused with the Spanish message, and nothing is imported", async ({ page, visit, js }) => {
  await logInAsAdmin(page, visit);
  await visit("/admin/importar-productos");
  await page.getByLabel("Archivo CSV").setInputFiles({ name: "productos.txt", mimeType: "text/plain", buffer: Buffer.from(`${HEADER}\n`) });
  if (!js) await page.getByRole("button", { name: "Ver vista previa" }).click();
  await expect(page.getByRole("alert")).toHaveText("Por favor selecciona un archivo CSV");
  await expect(page.getByRole("region", { name: "Primeras filas del archivo" })).toHaveCount(0);
  if (js) await expect(page.getByRole("button", { name: "Importar", exact: true })).toBeDisabled();
});
