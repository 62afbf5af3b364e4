/**
 * The product page's and the list's answers to a shopper (issue 29, points 6, 7, 8 and 10), with
 * JavaScript on and off, axe on every new state:
 * - adding to the cart says so ('Agregado al carrito', with a link to the cart), and at the stock
 *   limit the button says why it is disabled;
 * - a sold-out page says 'Agotado' once, offers the alert beside it, and 'Ir al carrito' only with
 *   something in the cart; a signed-in customer's alert is one tap;
 * - sold-out products come after those in stock in every sort, and no badge covers a card's name;
 * - the search suggestions tell identical names apart and end with a link to all the results.
 *
 * Each test makes its own products through the admin's form (a word of its own in their names), so
 * no test depends on another's data; the admin works in a browser of their own.
 */
import type { Browser } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { logInAsAdmin, register, uniqueEmail } from "./accounts";
import { fillProduct, uniqueWord } from "./admin-products";
import { cardNameLink, cartPost, expect, newShopper, productCards, test } from "./helpers";

interface NewProduct {
  name: string;
  price: string;
  stock: string;
}

/** Adds the products in this order (the last is the newest) through the admin's form; answers their ids by name. */
async function addProducts(browser: Browser, js: boolean, baseURL: string, word: string, list: NewProduct[]) {
  const { context, page, visit } = await newShopper(browser, js, baseURL);
  try {
    await logInAsAdmin(page, visit);
    for (const product of list) {
      await visit("/admin/agregar-producto");
      await fillProduct(page, { ...product, image: "https://imagenes.invalid/carta.jpg" });
      await page.getByRole("button", { name: "Agregar Producto" }).click();
      await expect(page).toHaveURL(/aviso=producto-agregado/);
    }
    await visit(`/productos?${new URLSearchParams({ search: word })}`);
    const ids = new Map<string, string>();
    for (const product of list) {
      const href = (await page.locator("main").getByRole("link", { name: product.name, exact: true }).first().getAttribute("href")) ?? "";
      ids.set(product.name, /\/producto\/([0-9a-f]{24})/.exec(href)![1]!);
    }
    return ids;
  } finally {
    await context.close();
  }
}

test("sold-out products come after those in stock in every sort, and no badge covers a card's name", async ({
  page,
  visit,
  browser,
  js,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const inStock = `Lugia ${word}`;
  const soldOut = `Ho-Oh ${word}`;
  // The sold-out one is the newest, the cheapest and first by name: every sort put it first before.
  await addProducts(browser, js, baseURL!, word, [
    { name: inStock, price: "500", stock: "3" },
    { name: soldOut, price: "100", stock: "0" },
  ]);
  for (const sort of ["", "price-asc", "name-asc", "price-desc"]) {
    await visit(`/productos?${new URLSearchParams({ search: word, ...(sort ? { sort } : {}) })}`);
    await expect(cardNameLink(productCards(page)), sort || "Más recientes").toHaveText([inStock, soldOut]);
  }
  // The whole list opens on cards in stock (the catalogue has far more than a page of them).
  await visit("/productos");
  await expect(productCards(page)).toHaveCount(24);
  await expect(productCards(page).filter({ hasText: "AGOTADO" })).toHaveCount(0);

  // The badge sits on the lower half of the picture, away from the name printed at a card's top.
  await visit(`/productos?${new URLSearchParams({ search: word })}`);
  const card = productCards(page).filter({ hasText: soldOut });
  const media = (await card.locator(".product-card-media").boundingBox())!;
  const badge = (await card.getByText("AGOTADO", { exact: true }).boundingBox())!;
  expect(badge.y).toBeGreaterThan(media.y + media.height / 2);
  expect(badge.y + badge.height).toBeLessThanOrEqual(media.y + media.height + 0.5);
  await expectNoViolations(page, "the list with a sold-out card");
});

test("adding to the cart says so, with a link to the cart; at the stock limit the button says why", async ({
  page,
  visit,
  browser,
  js,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const word = uniqueWord();
  const name = `Celebi ${word}`;
  const ids = await addProducts(browser, js, baseURL!, word, [{ name, price: "300", stock: "1" }]);
  await visit(`/producto/${ids.get(name)}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("status").filter({ hasText: "Agregado al carrito" })).toHaveCount(0);
  await cartPost(page, () => main.getByRole("button", { name: "Agregar al carrito" }).click());
  const status = main.getByRole("status").filter({ hasText: "Agregado al carrito" });
  await expect(status).toBeVisible();
  await expect(status.getByRole("link", { name: "Ver carrito" })).toHaveAttribute("href", "/carrito");
  const full = main.getByRole("button", { name: "Ya tienes todas las disponibles" });
  await expect(full).toBeVisible();
  await expect(full).toBeDisabled();
  await expect(main.getByText(/Agregar más/)).toHaveCount(0);
  await expectNoViolations(page, "the product page after adding its last unit");
  await status.getByRole("link", { name: "Ver carrito" }).click();
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(page.getByRole("link", { name })).toBeVisible();
});

test("a sold-out page says 'Agotado' once, with the alert beside it; 'Ir al carrito' only with something in the cart", async ({
  page,
  visit,
  browser,
  js,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const gone = `Jirachi ${word}`;
  const other = `Deoxys ${word}`;
  const ids = await addProducts(browser, js, baseURL!, word, [
    { name: gone, price: "300", stock: "0" },
    { name: other, price: "200", stock: "2" },
  ]);
  const soldOutPage = `/producto/${ids.get(gone)}`;
  await visit(soldOutPage);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(gone);
  await expect
    .poll(async () => (await main.innerText()).toLowerCase().split("agotado").length - 1, { message: "'Agotado' on the page" })
    .toBe(1);
  await expect(main.getByRole("link", { name: "Ir al carrito" })).toHaveCount(0);
  const alert = main.getByRole("region", { name: "Avísame cuando vuelva" });
  const email = alert.getByRole("textbox", { name: "Tu correo electrónico" });
  const submit = alert.getByRole("button", { name: "Avísame cuando vuelva" });
  await expect(email).toBeVisible();
  expect((await email.boundingBox())!.width).toBeGreaterThanOrEqual((await submit.boundingBox())!.width);
  await expectNoViolations(page, "a sold-out product page, guest");

  // With something in the cart, the page offers the way to it.
  await visit(`/producto/${ids.get(other)}`);
  await cartPost(page, () => main.getByRole("button", { name: "Agregar al carrito" }).click());
  await visit(soldOutPage);
  await expect(main.getByRole("link", { name: "Ir al carrito" })).toBeVisible();

  // A signed-in customer: no address asked, one tap.
  const email2 = uniqueEmail("alerta");
  await register(page, visit, { name: "Alma Avisos", email: email2, password: "secreto123" });
  await visit(soldOutPage);
  await expect(alert.getByRole("textbox")).toHaveCount(0);
  await expect(alert).toContainText(email2);
  await alert.getByRole("button", { name: "Avísame cuando vuelva" }).click();
  await expect(page.getByText("Listo. Te escribiremos en cuanto vuelva a estar disponible.")).toBeVisible();
  await expectNoViolations(page, "a sold-out product's alert, signed in");
});

test.describe("search suggestions", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "suggestions need JavaScript");

  test("identical names show their rarity, and the last row opens all the results", async ({ page, visit }) => {
    await visit("/productos");
    const box = page.getByRole("combobox", { name: "Buscar productos" });
    await page.locator("#header-search").focus();
    await page.keyboard.type("mega charizard x");
    const options = page.getByRole("listbox", { name: "Sugerencias" }).getByRole("option");
    await expect(options.first()).toBeVisible();
    const products = options.filter({ hasText: "Mega Charizard X ex" });
    expect(await products.count()).toBeGreaterThan(1);
    for (const option of await products.all()) {
      await expect(option).toContainText("Phantasmal Flames");
      await expect(option).toContainText(/\d{3}\/094/);
      await expect(option).toContainText(/Double Rare|Ultra Rare|Special Illustration Rare|Hyper Rare/);
    }
    const all = options.last();
    await expect(all).toHaveText("Ver todos los resultados para “mega charizard x”");
    await expect(all).toHaveAttribute("href", "/productos?search=mega+charizard+x");
    await expectNoViolations(page, "the suggestions with the last row");
    // By keyboard: the arrows reach the last row (it wraps from the top), Enter opens the results.
    await page.keyboard.press("ArrowUp");
    await expect(box).toHaveAttribute("aria-activedescendant", (await all.getAttribute("id"))!);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.searchParams.get("search") === "mega charizard x");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resultados para “mega charizard x”");
  });
});
