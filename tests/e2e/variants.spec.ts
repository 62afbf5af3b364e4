/**
 * Variants as a shopper meets them (issue 19, docs/requirements.md#variants), JavaScript on and off,
 * with axe: the admin lists a card in Near Mint English and Lightly Played Japanese; the shopper
 * chooses LP Japanese on its page (the URL names it, the price follows), adds it, and finds it in the
 * cart and in the order by its condition and language. Then an alert on a sold-out variant: asked on
 * the page, confirmed from its e-mail, restocked in the admin, received once at the test SMTP server.
 */
import type { Browser, Page } from "@playwright/test";
import { fillProduct, uniqueWord } from "./admin-products";
import { expectNoViolations } from "./axe";
import { logInAsAdmin, uniqueEmail } from "./accounts";
import { waitForMailAbout } from "./mail";
import { approve, cartPost, expect, fillContactAndAddress, newShopper, openCheckout, pay, test } from "./helpers";

const JOURNEY = 180_000;
const variantRow = (page: Page, number: number) => page.getByRole("group", { name: `Variante ${number}`, exact: true });

/** The admin, in a browser of their own, adds a card with NM English ($1,500, 2 units) and LP Japanese ($900, `lpStock`); returns its id. */
async function cardWithTwoVariants(browser: Browser, js: boolean, baseURL: string, name: string, lpStock: string) {
  const { context, page, visit } = await newShopper(browser, js, baseURL);
  await logInAsAdmin(page, visit);
  await visit("/admin/agregar-producto");
  await fillProduct(page, { name, price: "1500", stock: "2", image: "https://imagenes.invalid/umbreon.jpg" });
  await page.getByRole("button", { name: "Agregar variante" }).click();
  await variantRow(page, 2).getByLabel("Condición").selectOption("LP");
  await variantRow(page, 2).getByLabel("Idioma").selectOption({ label: "Japonés" });
  await variantRow(page, 2).getByLabel("Precio (MXN)").fill("900");
  await variantRow(page, 2).getByLabel("Inventario (unidades)").fill(lpStock);
  await page.getByRole("button", { name: "Agregar Producto" }).click();
  await expect(page).toHaveURL(/aviso=producto-agregado/);
  await visit(`/productos?${new URLSearchParams({ search: name })}`);
  const href = (await page.locator("main").getByRole("link", { name, exact: true }).first().getAttribute("href")) ?? "";
  const id = /\/producto\/([0-9a-f]{24})/.exec(href)?.[1];
  expect(id, href).toBeTruthy();
  return { id: id!, admin: { page, visit, close: () => context.close() } };
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
    await expect(page.locator(".price-large")).toHaveText("$900.00 MXN");

    await choose(page, js, "Casi nueva · Inglés");
    await expect(page).toHaveURL(/variante=nm-en/);
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
