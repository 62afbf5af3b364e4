/**
 * Variants as a shopper meets them (issue 19, docs/requirements.md#variants), JavaScript on and off,
 * with axe: the admin lists a card in Near Mint English and Lightly Played Japanese; the shopper
 * chooses LP Japanese on its page (the URL names it, the price follows), adds it, and finds it in the
 * cart and in the order by its condition and language. A card whose cheapest copy is a played one
 * opens on its best copy in stock, Near Mint in English before Japanese (issue 29), names it beside
 * 'Agregar al carrito', and adds that one. Then an alert on a sold-out variant: asked on
 * the page, confirmed from its e-mail, restocked in the admin, received once at the test SMTP server.
 */
import type { Browser, Page } from "@playwright/test";
import { fillProduct, uniqueWord } from "./admin-products";
import { expectNoViolations } from "./axe";
import { logInAsAdmin, uniqueEmail } from "./accounts";
import { waitForMailAbout } from "./mail";
import { approve, cartPost, expect, fillContactAndAddress, newShopper, openCheckout, pay, productCards, test } from "./helpers";

const JOURNEY = 180_000;
const variantRow = (page: Page, number: number) => page.getByRole("group", { name: `Variante ${number}`, exact: true });

interface ExtraVariant {
  condition: "NM" | "LP" | "MP" | "HP" | "DMG";
  language: "Español" | "Inglés" | "Japonés";
  price: string;
  stock: string;
}

/**
 * The admin, in a browser of their own, adds a card whose first variant is NM English at `price`
 * with `stock`, and the `extra` variants after it; returns its id and the admin's page.
 */
async function cardWithVariants(
  browser: Browser,
  js: boolean,
  baseURL: string,
  card: { name: string; price: string; stock: string },
  extra: readonly ExtraVariant[],
) {
  const { context, page, visit } = await newShopper(browser, js, baseURL);
  await logInAsAdmin(page, visit);
  await visit("/admin/agregar-producto");
  await fillProduct(page, { ...card, image: "https://imagenes.invalid/umbreon.jpg" });
  for (const [i, v] of extra.entries()) {
    await page.getByRole("button", { name: "Agregar variante" }).click();
    const row = variantRow(page, i + 2);
    await row.getByLabel("Condición").selectOption(v.condition);
    await row.getByLabel("Idioma").selectOption({ label: v.language });
    await row.getByLabel("Precio (MXN)").fill(v.price);
    await row.getByLabel("Inventario (unidades)").fill(v.stock);
  }
  await page.getByRole("button", { name: "Agregar Producto" }).click();
  await expect(page).toHaveURL(/aviso=producto-agregado/);
  await visit(`/productos?${new URLSearchParams({ search: card.name })}`);
  const href = (await page.locator("main").getByRole("link", { name: card.name, exact: true }).first().getAttribute("href")) ?? "";
  const id = /\/producto\/([0-9a-f]{24})/.exec(href)?.[1];
  expect(id, href).toBeTruthy();
  return { id: id!, admin: { page, visit, close: () => context.close() } };
}

/** A card with NM English ($1,500, 2 units) and LP Japanese ($900, `lpStock`). */
function cardWithTwoVariants(browser: Browser, js: boolean, baseURL: string, name: string, lpStock: string) {
  return cardWithVariants(browser, js, baseURL, { name, price: "1500", stock: "2" }, [
    { condition: "LP", language: "Japonés", price: "900", stock: lpStock },
  ]);
}

/** Chooses a variant on the product page: with JavaScript the radio alone, without it the form's button. */
async function choose(page: Page, js: boolean, label: string) {
  const radio = page.getByRole("radio", { name: new RegExp(`^${label}`) });
  await radio.click();
  if (!js) await page.getByRole("button", { name: "Ver opción elegida" }).click();
  await expect(page.getByRole("radio", { name: new RegExp(`^${label}`) })).toBeChecked();
}

test("a shopper chooses Lightly Played Japanese, adds it, and sees it in the cart and the order", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(JOURNEY);
  const name = `Umbreon ${uniqueWord()}`;
  const { id, admin } = await cardWithTwoVariants(browser, js, baseURL!, name, "3");
  try {
    await visit(`/producto/${id}`);
    const picker = page.getByRole("group", { name: "Condición e idioma" });
    await expect(picker.getByRole("radio")).toHaveCount(2);
    await expect(picker).toContainText("Casi nueva · Inglés");
    await expect(picker).toContainText("Ligeramente jugada · Japonés");
    // The page opens on the best condition in stock, not on the cheaper played copy.
    await expect(page.getByRole("radio", { name: /^Casi nueva · Inglés/ })).toBeChecked();
    await expect(page.locator(".price-large")).toHaveText("$1,500.00 MXN");
    await expect(page.locator(".stock-line")).toHaveText("¡Últimas piezas! Solo 2 disponibles");

    await choose(page, js, "Ligeramente jugada · Japonés");
    await expect(page).toHaveURL(/variante=lp-ja/);
    await expect(page.locator(".price-large")).toHaveText("$900.00 MXN");
    await expect(page.locator(".stock-line")).toHaveText("¡Últimas piezas! Solo 3 disponibles");
    await expectNoViolations(page, "/producto/{id}?variante=lp-ja");

    // A shared link opens the same choice.
    await visit(`/producto/${id}?variante=lp-ja`);
    await expect(page.getByRole("radio", { name: /^Ligeramente jugada · Japonés/ })).toBeChecked();

    await cartPost(page, () => page.getByRole("button", { name: "Agregar al carrito" }).click());
    await expect(page.getByRole("button", { name: "Agregar más (1 en carrito)" })).toBeVisible();

    await visit("/carrito");
    const line = page.locator(".cart-line").filter({ hasText: name });
    await expect(line).toContainText("Ligeramente jugada · Japonés");
    await expect(line.getByRole("button", { name: `Eliminar ${name} (Ligeramente jugada · Japonés) del carrito` })).toBeVisible();
    await expect(page.getByTestId("cart-subtotal")).toHaveText("$900.00 MXN");
    await expectNoViolations(page, "/carrito with a variant");

    await openCheckout(page, js);
    await fillContactAndAddress(page, { name: "Iris Variantes", email: uniqueEmail("variantes") });
    await pay(page);
    const orderNumber = await approve(page);

    // The order, as the admin reads it, keeps what was sold.
    await admin.visit(`/admin/pedidos/${orderNumber}`);
    const lines = admin.page.getByRole("region", { name: "Productos", exact: true });
    await expect(lines).toContainText(name);
    await expect(lines).toContainText("Ligeramente jugada · Japonés");
    // The Japanese copy's stock went down, the English one's did not.
    await visit(`/producto/${id}?variante=lp-ja`);
    await expect(page.getByRole("radio", { name: /^Ligeramente jugada · Japonés/ })).toBeChecked();
    await expect(page.getByRole("group", { name: "Condición e idioma" })).toContainText("2 disponibles");
  } finally {
    await admin.close();
  }
});

test("the page opens on the best copy in stock, not the cheapest, names it beside the button, and adds that one", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(JOURNEY);
  const name = `Zapdos ${uniqueWord()}`;
  // NM English $1,500 (1); NM Japanese $1,300 (2); MP English $700 (2), the cheapest.
  const { id, admin } = await cardWithVariants(browser, js, baseURL!, { name, price: "1500", stock: "1" }, [
    { condition: "NM", language: "Japonés", price: "1300", stock: "2" },
    { condition: "MP", language: "Inglés", price: "700", stock: "2" },
  ]);
  await admin.close();

  // The list keeps its lowest price.
  await visit(`/productos?${new URLSearchParams({ search: name })}`);
  await expect(productCards(page)).toHaveCount(1);
  await expect(productCards(page).locator(".price")).toHaveText("desde $700.00 MXN");

  // The page: Near Mint, in English (the shop's main language) before the Japanese copy of the same condition.
  await visit(`/producto/${id}`);
  const best = page.getByRole("radio", { name: /^Casi nueva · Inglés/ });
  await expect(best).toBeChecked();
  await expect(page.locator(".price-large")).toHaveText("$1,500.00 MXN");
  const add = page.getByRole("button", { name: "Agregar al carrito" });
  const picked = page.locator("#variante-elegida");
  await expect(picked).toHaveText("Casi nueva · Inglés");
  await expect(add).toHaveAccessibleDescription("Casi nueva · Inglés");
  // Beside the button: on its row, or right under it when the row is full.
  const [button, note] = [await add.boundingBox(), await picked.boundingBox()];
  expect(button && note, "the button and its note are shown").toBeTruthy();
  expect(note!.y + note!.height).toBeGreaterThan(button!.y);
  expect(note!.y).toBeLessThan(button!.y + button!.height + 16);
  await expectNoViolations(page, "/producto/{id} opened on its best variant");

  // Another choice: with JavaScript the line follows at once; without it, the page keeps adding
  // what it was rendered with until 'Ver opción elegida' reloads it.
  await page.getByRole("radio", { name: /^Moderadamente jugada · Inglés/ }).click();
  if (js) {
    await expect(picked).toHaveText("Moderadamente jugada · Inglés");
  } else {
    await expect(picked).toHaveText("Casi nueva · Inglés");
    await page.getByRole("button", { name: "Ver opción elegida" }).click();
    await expect(picked).toHaveText("Moderadamente jugada · Inglés");
  }
  await expect(page).toHaveURL(/variante=mp-en/);
  await expect(add).toHaveAccessibleDescription("Moderadamente jugada · Inglés");

  // Back to the plain address: the page's own choice again, and one click adds that copy.
  await visit(`/producto/${id}`);
  await expect(best).toBeChecked();
  await expect(picked).toHaveText("Casi nueva · Inglés");
  await cartPost(page, () => add.click());
  // Its one unit is in the cart: the button says so, disabled.
  await expect(page.getByRole("button", { name: "Ya tienes todas las disponibles" })).toBeDisabled();
  await visit("/carrito");
  const line = page.locator(".cart-line").filter({ hasText: name });
  await expect(line).toContainText("Casi nueva · Inglés");
  await expect(line.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/producto/${id}?variante=nm-en`);
  await expect(page.getByTestId("cart-subtotal")).toHaveText("$1,500.00 MXN");
});

test("an alert on a sold-out variant: asked on its page, confirmed by e-mail, restocked in the admin, one e-mail", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(JOURNEY);
  const name = `Espeon ${uniqueWord()}`;
  const email = uniqueEmail("alerta");
  const { id, admin } = await cardWithTwoVariants(browser, js, baseURL!, name, "0");
  try {
    await visit(`/producto/${id}?variante=lp-ja`);
    await expect(page.locator(".stock-line")).toHaveText("Agotado");
    await page.getByLabel("Tu correo electrónico").fill(email);
    await page.getByRole("button", { name: "Avísame cuando vuelva" }).click();
    await expect(
      page.getByText("Revisa tu correo y abre el enlace que te enviamos para confirmar tu aviso.", { exact: false }),
    ).toBeVisible();
    await expectNoViolations(page, "the alert's answer");

    // The guest confirms from the e-mail (the copy asked for is named).
    const confirm = await waitForMailAbout(email, "Confirma tu aviso");
    expect(confirm.text).toContain(`${name} (Ligeramente jugada · Japonés)`);
    const link = /https?:\/\/\S+(\/alertas\/confirmar\/[A-Za-z0-9_-]{43})/.exec(confirm.text ?? "")?.[1] ?? "";
    await visit(link);
    await page.getByRole("button", { name: "Confirmar mi aviso" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aviso confirmado");

    // The admin restocks the Japanese copy.
    await admin.visit(`/admin/editar-producto/${id}`);
    await variantRow(admin.page, 2).getByLabel("Inventario (unidades)").fill("4");
    await admin.page.getByRole("button", { name: "Actualizar Producto" }).click();
    await expect(admin.page).toHaveURL(/aviso=producto-actualizado/);

    const mail = await waitForMailAbout(email, `Ya tenemos ${name} de nuevo`);
    expect(mail.text).toContain("Ligeramente jugada · Japonés");
    expect(mail.text).toMatch(new RegExp(`/producto/${id}\\?variante=lp-ja`));
  } finally {
    await admin.close();
  }
});
