/**
 * The admin's product screens, JavaScript on and off: a product is created, appears in the shop's
 * search, is edited and deleted (gone from the shop); an invalid form comes back with the message
 * next to its field and every value kept; the form has no axe violations.
 */
import type { Page } from "@playwright/test";
import { fillProduct, uniqueWord } from "./admin-products";
import { expectNoViolations } from "./axe";
import { logInAsAdmin } from "./accounts";
import { cardIds, expect, productCards, test } from "./helpers";

async function searchShop(page: Page, visit: (url: string) => Promise<unknown>, word: string) {
  await visit(`/productos?${new URLSearchParams({ search: word })}`);
}

test("the admin creates a product, it appears in the shop, is edited, then deleted and gone", async ({ page, visit, js }) => {
  const word = uniqueWord();
  await logInAsAdmin(page, visit);
  await visit("/admin/agregar-producto");
  await expect(page.getByRole("heading", { level: 2, name: "Agregar Producto" })).toBeVisible();
  await fillProduct(page, { name: `Pikachu ${word}`, price: "1234.50", stock: "3", image: "https://imagenes.invalid/pikachu.jpg" });
  if (js) {
    // A picture that can't load shows the placeholder.
    await expect(page.getByRole("img", { name: "Imagen 1: sin vista previa" })).toBeVisible();
  }
  await page.getByRole("button", { name: "Agregar Producto" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=productos&aviso=producto-agregado$/);
  await expect(page.getByRole("status").filter({ hasText: "Producto agregado exitosamente" })).toBeVisible();

  await searchShop(page, visit, word);
  await expect(productCards(page)).toHaveCount(1);
  await expect(productCards(page).getByRole("link", { name: `Pikachu ${word}` })).toBeVisible();
  const [id] = await cardIds(page);

  await visit(`/admin/editar-producto/${id}`);
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue(`Pikachu ${word}`);
  await expect(page.getByLabel("Precio (MXN)", { exact: true })).toHaveValue("1234.50");
  await expect(page.getByLabel("Expansión")).toHaveValue("Surging Sparks");
  await page.getByLabel("Nombre", { exact: true }).fill(`Raichu ${word}`);
  await page.getByLabel("Precio de oferta (MXN, opcional)").fill("999.99");
  await page.getByRole("button", { name: "Actualizar Producto" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=productos&aviso=producto-actualizado$/);
  await expect(page.getByRole("status").filter({ hasText: "Producto actualizado exitosamente" })).toBeVisible();

  await searchShop(page, visit, word);
  await expect(productCards(page)).toHaveCount(1);
  await expect(productCards(page).getByRole("link", { name: `Raichu ${word}` })).toBeVisible();

  if (js) {
    // With JavaScript, from the dashboard's list: 'Eliminar' asks confirm() and posts the delete.
    await visit(`/admin?${new URLSearchParams({ tab: "productos", q: word })}`);
    page.once("dialog", async (dialog) => {
      expect(dialog.message()).toBe("¿Eliminar este producto?");
      await dialog.accept();
    });
    await page.getByRole("button", { name: `Eliminar Raichu ${word}` }).click();
  } else {
    // Without JavaScript, from the dashboard's list: its 'Eliminar' link leads to the confirmation step.
    await visit(`/admin?${new URLSearchParams({ tab: "productos", q: word })}`);
    await page.getByRole("link", { name: `Eliminar Raichu ${word}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/editar-producto/${id}\\?eliminar=1$`));
    await expect(page.getByText("¿Eliminar este producto?")).toBeVisible();
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
  }
  await expect(page).toHaveURL(/\/admin\?tab=productos&aviso=producto-eliminado$/);
  await expect(page.getByRole("status").filter({ hasText: "Producto eliminado exitosamente" })).toBeVisible();

  await searchShop(page, visit, word);
  await expect(productCards(page)).toHaveCount(0);
  const gone = await visit(`/producto/${id}`);
  expect(gone.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Producto no encontrado");
});

test("an invalid product comes back with the message next to its field and every value kept", async ({ page, visit }) => {
  const word = uniqueWord();
  await logInAsAdmin(page, visit);
  await visit("/admin/agregar-producto");
  await fillProduct(page, {
    name: `Eevee ${word}`,
    price: "100",
    salePrice: "150",
    stock: "2",
    image: "https://imagenes.invalid/eevee.jpg",
  });
  await page.getByRole("button", { name: "Agregar Producto" }).click();

  const sale = page.getByLabel("Precio de oferta (MXN, opcional)");
  await expect(sale).toHaveAttribute("aria-invalid", "true");
  await expect(sale).toHaveAccessibleDescription(/El precio de oferta debe ser menor al precio normal/);
  await expect(page.locator("#producto-variante-1-salePrice-error")).toHaveText("El precio de oferta debe ser menor al precio normal");
  await expect(page).toHaveURL(/\/admin\/agregar-producto$/);
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue(`Eevee ${word}`);
  await expect(page.getByLabel("Precio (MXN)", { exact: true })).toHaveValue("100");
  await expect(sale).toHaveValue("150");
  await expect(page.getByLabel("Inventario (unidades)")).toHaveValue("2");
  await expect(page.getByLabel("Rareza")).toHaveValue("Illustration Rare");
  await expect(page.getByLabel("Expansión")).toHaveValue("Surging Sparks");
  await expect(page.getByLabel("Artista (opcional)")).toHaveValue("Yuka Morii");
  await expect(page.getByLabel("Imagen 1 (URL)")).toHaveValue("https://imagenes.invalid/eevee.jpg");
  await expectNoViolations(page, "the product form with an error");

  // Corrected, it saves.
  await sale.fill("");
  await page.getByRole("button", { name: "Agregar Producto" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=productos&aviso=producto-agregado$/);
});

test("the product form: image rows and accessibility", async ({ page, visit, js }) => {
  await logInAsAdmin(page, visit);
  await visit("/admin/agregar-producto");
  await expectNoViolations(page, "the add product form");
  if (js) {
    await expect(page.getByLabel(/^Imagen \d \(URL\)$/)).toHaveCount(1);
    await page.getByRole("button", { name: "Agregar imagen" }).click();
    await page.getByLabel("Imagen 2 (URL)").fill("https://imagenes.invalid/2.jpg");
    await page.getByRole("button", { name: "Agregar imagen" }).click();
    await expect(page.getByLabel(/^Imagen \d \(URL\)$/)).toHaveCount(3);
    await page.getByRole("button", { name: "Quitar imagen 1" }).click();
    await expect(page.getByLabel(/^Imagen \d \(URL\)$/)).toHaveCount(2);
    await expect(page.getByLabel("Imagen 1 (URL)")).toHaveValue("https://imagenes.invalid/2.jpg");
  } else {
    // Without JavaScript: five rows, blanks ignored.
    await expect(page.getByLabel(/^Imagen \d \(URL\)$/)).toHaveCount(5);
    await expect(page.getByRole("button", { name: "Agregar imagen" })).toHaveCount(0);
  }
});
