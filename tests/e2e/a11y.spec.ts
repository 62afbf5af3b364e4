/**
 * Accessibility: axe-core finds no WCAG 2.1 A/AA violations on the public
 * pages, and keyboard focus is visible.
 */
import { expectNoViolations } from "./axe";
import { cartPost, expect, openProductBySearch, test } from "./helpers";

test("the product list has no axe violations", async ({ page, visit }) => {
  await visit("/productos");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoViolations(page, "/productos");
});

test("the information pages have no axe violations", async ({ page, visit }) => {
  for (const path of ["/terminos", "/privacidad", "/garantia", "/envios"]) {
    await visit(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page, path, { soft: true });
  }
});

test("the login and registration screens have no axe violations", async ({ page, visit }) => {
  for (const path of ["/login", "/registro"]) {
    await visit(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page, path, { soft: true });
  }
});

test("the 404 page has no axe violations", async ({ page, visit }) => {
  const response = await visit("/no-existe");
  expect(response.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
  await expectNoViolations(page, "/no-existe");
});

test("a product detail page has no axe violations", async ({ page, visit }) => {
  await openProductBySearch(page, visit, "199/165", "Charizard ex");
  await expectNoViolations(page, "product detail");
});

test("the cart, empty and with an item, has no axe violations", async ({ page, visit }) => {
  await visit("/carrito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu carrito está vacío");
  await expectNoViolations(page, "empty cart");

  await openProductBySearch(page, visit, "191/165", "Jynx ex");
  await cartPost(page, () => page.getByRole("button", { name: "Agregar al carrito" }).click());
  await visit("/carrito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carrito de compras");
  await expectNoViolations(page, "cart with an item");
});

test("keyboard focus reaches the search box and is visible", async ({ page, visit }) => {
  await visit("/productos");
  const search = page.getByPlaceholder("Buscar productos...");
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    if (await search.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(search).toBeFocused();
  const outline = await search.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style, "focused search box has an outline").not.toBe("none");
  expect(outline.width).toBeGreaterThan(0);

  // The skip link comes first and is shown when focused.
  await visit("/productos");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Saltar al contenido" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
});
