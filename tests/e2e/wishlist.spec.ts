/**
 * The wishlist and 'Avísame cuando vuelva' (docs/requirements.md#wishlist-and-back-in-stock-alerts),
 * JavaScript on and off, with axe: a customer hearts a card (the heart says it is pressed), finds
 * it in the profile's 'Lista de deseos' tab and takes it out; a guest's heart leads to sign in and
 * back; a guest asks for an alert on a sold-out card's page, is told to confirm it by e-mail, reads
 * 'Confirma tu aviso' from the test SMTP server and follows its link; a signed-in customer's alert
 * needs no address and no confirmation.
 */
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { register, uniqueEmail } from "./accounts";
import { waitForMailAbout } from "./mail";
import { PAGE_SIZE } from "#domain/catalog.ts";
import { expect, resultCount, test, totalResults } from "./helpers";

const ADD = "Agregar a la lista de deseos";
const REMOVE = "Quitar de la lista de deseos";
const CHECK_EMAIL = "Revisa tu correo y abre el enlace que te enviamos para confirmar tu aviso. Sin confirmarlo no podremos avisarte.";

/**
 * A card whose picture carries the 'AGOTADO' badge: its link. Sold-out products come after those in
 * stock in every sort, so the list's last page holds the oldest of them (products the other tests
 * add or sell out come before them).
 */
async function soldOutCard(page: Page, visit: (url: string) => Promise<unknown>) {
  await visit("/productos");
  await expect(resultCount(page)).toBeVisible();
  const total = await totalResults(page);
  await visit(`/productos?page=${Math.ceil(total / PAGE_SIZE)}`);
  const card = page.locator("article.product-card").filter({ has: page.locator(".badge-soldout") });
  await expect(card.first()).toBeVisible();
  return card.first().getByRole("heading", { level: 2 }).getByRole("link");
}

test("a customer hearts a card, finds it in 'Lista de deseos' and takes it out", async ({ page, visit }) => {
  await register(page, visit, { name: "Dalia", email: uniqueEmail("deseos"), password: "secreto1" });
  // A demo card from the list's second page: other tests add products (which come first, on page 1)
  // and delete them; from here on the card is found by its name.
  const list = "/productos?page=2";
  await visit(list);
  const name = (await page.locator("article.product-card").first().getByRole("heading", { level: 2 }).textContent())!.trim();
  const card = page
    .locator("article.product-card")
    .filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) })
    .first();
  const heart = card.getByRole("button", { name: `${ADD}: ${name}` });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  const pressed = card.getByRole("button", { name: `${REMOVE}: ${name}` });
  await expect(pressed).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\/productos\?page=2$/);
  await expectNoViolations(page, "/productos with a heart pressed");

  // It stays pressed on a fresh page, and the product's own page says so too.
  await visit(list);
  await expect(card.getByRole("button", { name: `${REMOVE}: ${name}` })).toHaveAttribute("aria-pressed", "true");
  await card.getByRole("heading", { level: 2 }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByRole("button", { name: REMOVE })).toHaveAttribute("aria-pressed", "true");

  await visit("/perfil?tab=lista-de-deseos");
  await expect(
    page.getByRole("navigation", { name: "Secciones de mi perfil" }).getByRole("link", { name: "Lista de deseos" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 2, name: "Lista de deseos" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
  await expectNoViolations(page, "/perfil?tab=lista-de-deseos");
  await page.getByRole("button", { name: `${REMOVE}: ${name}` }).click();
  await expect(page.getByText("Tu lista de deseos está vacía.")).toBeVisible();
  await expect(page).toHaveURL(/\/perfil\?tab=lista-de-deseos$/);
});

test("a guest's heart leads to sign in and back to the page", async ({ page, visit }) => {
  await visit("/productos");
  const heart = page
    .locator("article.product-card")
    .first()
    .getByRole("button", { name: new RegExp(`^${ADD}: `) });
  await heart.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproductos$/);
});

test("a guest asks for an alert on a sold-out card and confirms it from the e-mail", async ({ page, visit, js }) => {
  const link = await soldOutCard(page, visit);
  await link.click();
  await expect(page.locator("p", { hasText: /^Agotado$/ })).toBeVisible();
  const alert = page.getByRole("region", { name: "Avísame cuando vuelva" });
  await expect(alert).toBeVisible();
  await expectNoViolations(page, "a sold-out product page");

  const field = page.getByLabel("Tu correo electrónico");
  if (js) {
    // A malformed address is refused next to the field, what was typed kept (without JavaScript
    // the browser's own check of the e-mail field stops it first).
    await field.fill("no-es-un-correo");
    await alert.getByRole("button", { name: "Avísame cuando vuelva" }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(/Ingresa un correo electrónico válido/);
    await expect(field).toHaveValue("no-es-un-correo");
  }

  const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  const email = uniqueEmail("alerta");
  await field.fill(email);
  await page.getByRole("button", { name: "Avísame cuando vuelva" }).click();
  await expect(page.getByText(CHECK_EMAIL)).toBeVisible();
  if (!js) {
    await expect(page).toHaveURL(/\/alertas\?producto=[0-9a-f]{24}&aviso=confirma-tu-correo$/);
    await expect(page.getByRole("link", { name: "Volver al producto" })).toBeVisible();
  }
  await expectNoViolations(page, "the alert's answer");

  // The e-mail's link asks first (naming the card), then confirms; it works once.
  const mail = await waitForMailAbout(email, "Confirma tu aviso");
  expect(mail.text).toContain(name);
  const confirmLink = new URL(/https?:\/\/\S+\/alertas\/confirmar\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")?.[0] ?? "");
  await visit(confirmLink.pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirma tu aviso");
  await expect(page.getByText(`¿Quieres que te escribamos una sola vez cuando vuelva ${name}?`)).toBeVisible();
  await expectNoViolations(page, "the confirmation page");
  await page.getByRole("button", { name: "Confirmar mi aviso" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aviso confirmado");
  await expect(page.getByText(`Listo. Te escribiremos una sola vez cuando vuelva ${name}.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver al producto" })).toBeVisible();
  // The answer to the POST: a second request to the spent link would not show it.
  await expectNoViolations(page, "the confirmed alert", { shownOnce: true });

  await visit(confirmLink.pathname);
  await expect(page.getByRole("alert")).toContainText("Este enlace de confirmación no es válido");
});

test("a signed-in customer's alert goes to the account's e-mail, at once", async ({ page, visit }) => {
  const email = uniqueEmail("cuenta-alerta");
  await register(page, visit, { name: "Elisa", email, password: "secreto1" });
  const link = await soldOutCard(page, visit);
  await link.click();
  const alert = page.getByRole("region", { name: "Avísame cuando vuelva" });
  await expect(alert.getByText(`Te escribiremos una sola vez a ${email} cuando vuelva a estar disponible.`)).toBeVisible();
  await expect(alert.getByRole("textbox")).toHaveCount(0);
  await alert.getByRole("button", { name: "Avísame cuando vuelva" }).click();
  await expect(page.getByText("Listo. Te escribiremos en cuanto vuelva a estar disponible.")).toBeVisible();
  await expectNoViolations(page, "a customer's alert");
});
