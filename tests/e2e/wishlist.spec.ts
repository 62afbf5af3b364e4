/**
 * The wishlist and 'Avísame cuando vuelva' (docs/requirements.md#wishlist-and-back-in-stock-alerts),
 * JavaScript on and off, with axe: a customer hearts a card (the heart says it is pressed), finds
 * it in the profile's 'Lista de deseos' tab and takes it out; a guest's heart leads to sign in and
 * back; anyone asks for an alert on a sold-out card's page and gets the one answer.
 */
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { register, uniqueEmail } from "./accounts";
import { expect, test } from "./helpers";

const ADD = "Agregar a la lista de deseos";
const REMOVE = "Quitar de la lista de deseos";

/** The first card of the list whose picture carries the 'AGOTADO' badge: its link (pages 1 to 12 of the demo catalogue). */
async function soldOutCard(page: Page, visit: (url: string) => Promise<unknown>) {
  for (let n = 1; n <= 12; n++) {
    await visit(n === 1 ? "/productos" : `/productos?page=${n}`);
    const card = page.locator("article.product-card").filter({ has: page.locator(".badge-soldout") });
    if ((await card.count()) > 0) return card.first().getByRole("heading", { level: 2 }).getByRole("link");
  }
  throw new Error("no sold-out card on the first 12 pages of the demo catalogue");
}

test("a customer hearts a card, finds it in 'Lista de deseos' and takes it out", async ({ page, visit }) => {
  await register(page, visit, { name: "Dalia", email: uniqueEmail("deseos"), password: "secreto1" });
  await visit("/productos");
  const firstCard = page.locator("article.product-card").first();
  const name = (await firstCard.getByRole("heading", { level: 2 }).textContent())!.trim();
  const heart = firstCard.getByRole("button", { name: `${ADD}: ${name}` });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  const pressed = page
    .locator("article.product-card")
    .first()
    .getByRole("button", { name: `${REMOVE}: ${name}` });
  await expect(pressed).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\/productos$/);
  await expectNoViolations(page, "/productos with a heart pressed");

  // It stays pressed on a fresh page, and the product's own page says so too.
  await visit("/productos");
  await expect(
    page
      .locator("article.product-card")
      .first()
      .getByRole("button", { name: `${REMOVE}: ${name}` }),
  ).toHaveAttribute("aria-pressed", "true");
  await page.locator("article.product-card").first().getByRole("heading", { level: 2 }).getByRole("link").click();
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

test("anyone asks for an alert on a sold-out card, in one step", async ({ page, visit, js }) => {
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

  await field.fill(uniqueEmail("alerta"));
  await page.getByRole("button", { name: "Avísame cuando vuelva" }).click();
  await expect(page.getByText("Listo. Te escribiremos en cuanto vuelva a estar disponible.")).toBeVisible();
  if (!js) {
    await expect(page).toHaveURL(/\/alertas\?producto=[0-9a-f]{24}&aviso=alerta-registrada$/);
    await expect(page.getByRole("link", { name: "Volver al producto" })).toBeVisible();
  }
  await expectNoViolations(page, "the alert's answer");
});
