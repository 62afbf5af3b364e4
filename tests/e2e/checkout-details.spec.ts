/**
 * The checkout and what follows it (issue 29, points 2, 3, 4, 5 and 12), with JavaScript on and off:
 * - the summary names which copy of a card each line is, with its thumbnail;
 * - a guest's payment return page shows the order's lines, address and the e-mail it was sent to,
 *   and links to the order's own keyed page, which another browser opens without signing in; a
 *   stranger guessing the number sees nothing;
 * - a customer's phone typed at checkout is there, editable, at the next checkout;
 * - a missing phone or colonia gets the shop's Spanish message beside the field, which takes the
 *   focus below the sticky header (never the browser's bubble); the address reads as Mexican forms
 *   write it (colonia after the street, the zip code before the city and the state).
 *
 * Demo cards by id, different per project, so the js and nojs runs never buy each other's stock.
 */
import type { Locator, Page } from "@playwright/test";
import { approve, cartPost, expect, fillContactAndAddress, formatMoney, newShopper, openCheckout, pay, test } from "./helpers";
import { register, uniqueEmail } from "./accounts";
import { expectNoViolations } from "./axe";

/** Demo singles sold in two copies (NM and LP, English), per project. */
const TWO_COPIES = {
  js: { id: "59a42abfaea1778e7c873326", name: "Durant", nm: 595, lp: 505 },
  nojs: { id: "808e9659e4c68e91f4c5f963", name: "Duosion", nm: 450, lp: 385 },
};

/** Adds the product page's chosen copy (`?variante=`) to the cart. */
async function addCopy(page: Page, visit: (url: string) => Promise<unknown>, id: string, slug: string) {
  await visit(`/producto/${id}?variante=${slug}`);
  await cartPost(page, () => page.getByRole("button", { name: "Agregar al carrito" }).click());
}

/** The bottom of the sticky site header, in the viewport's pixels. */
const headerBottom = (page: Page) => page.locator(".site-header").evaluate((el) => el.getBoundingClientRect().bottom);

/** The field is focused, in view and not under the sticky header, with its label and its message visible too. */
async function expectFocusedBelowHeader(page: Page, field: Locator, message: Locator) {
  await expect(field).toBeFocused();
  await expect(message).toBeInViewport();
  await expect(field).toBeInViewport();
  const [top, labelTop, header] = await Promise.all([
    field.evaluate((el) => el.getBoundingClientRect().top),
    field.evaluate((el) => (el.closest(".field")?.querySelector("label") ?? el).getBoundingClientRect().top),
    headerBottom(page),
  ]);
  expect(top, "the field is below the header").toBeGreaterThanOrEqual(header);
  expect(labelTop, "its label is below the header").toBeGreaterThanOrEqual(header);
}

test("the checkout's summary names which copy each line is, with its thumbnail; the address reads as Mexican forms write it", async ({
  page,
  visit,
  js,
}) => {
  const card = js ? TWO_COPIES.js : TWO_COPIES.nojs;
  await addCopy(page, visit, card.id, "nm-en");
  await addCopy(page, visit, card.id, "lp-en");
  await openCheckout(page, js);

  // Point 2: two lines of one card, each naming its condition and language, each with the card's picture.
  const summary = page.getByRole("complementary", { name: "Resumen del pedido" });
  const lines = summary.locator(".checkout-line");
  await expect(lines).toHaveCount(2);
  const nmLine = lines.filter({ hasText: "Casi nueva · Inglés" });
  const lpLine = lines.filter({ hasText: "Ligeramente jugada · Inglés" });
  await expect(nmLine).toContainText(card.name);
  await expect(nmLine).toContainText(formatMoney(card.nm));
  await expect(lpLine).toContainText(card.name);
  await expect(lpLine).toContainText(formatMoney(card.lp));
  for (const line of [nmLine, lpLine]) await expect(line.locator("img")).toHaveAttribute("src", /\/media\//);

  // Point 12: the address fields in the Mexican order, the colonia required (both carriers need it).
  const labels = await page
    .locator(".checkout-new-address label")
    .evaluateAll((els) => els.map((el) => (el.textContent ?? "").trim()).filter((t) => !t.startsWith("Referencias")));
  expect(labels).toEqual(["Calle y número", "Colonia", "Código postal", "Ciudad", "Estado", "País"]);
  await expect(page.getByText("Estafeta la necesita para la guía de envío.")).toBeVisible();
  await expectNoViolations(page, "/checkout (two copies of a card)");
});

test("after paying, a guest sees the order's lines, address and e-mail, and the order's own link opens it in another browser", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  const card = js ? TWO_COPIES.js : TWO_COPIES.nojs;
  const email = uniqueEmail("copias");
  await addCopy(page, visit, card.id, "nm-en");
  await addCopy(page, visit, card.id, "lp-en");
  await openCheckout(page, js);
  await fillContactAndAddress(page, { name: "Ana Copias", email });
  await pay(page);
  const orderNumber = await approve(page);

  // Point 3: the return page shows the lines, the address (Mexican order) and the e-mail; the guest's link is the order's own.
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("¡Pago exitoso!");
  const recap = main.locator(".recap-line");
  await expect(recap).toHaveCount(2);
  await expect(recap.filter({ hasText: "Casi nueva · Inglés" })).toContainText(card.name);
  await expect(recap.filter({ hasText: "Ligeramente jugada · Inglés" })).toContainText(card.name);
  await expect(main.locator("address")).toContainText("Av. Juárez 10, Col. Centro");
  await expect(main.locator("address")).toContainText("C.P. 72000, Puebla, Puebla");
  await expect(main.getByTestId("order-recap-email")).toHaveText(`Enviamos el correo de tu pedido a ${email}.`);
  await expect(main.getByRole("link", { name: "Ver mis pedidos" })).toHaveCount(0);
  const own = main.getByRole("link", { name: "Ver mi pedido", exact: true });
  const href = (await own.getAttribute("href")) ?? "";
  expect(href).toMatch(new RegExp(`^/consulta-pedido\\?pedido=${orderNumber}&clave=[A-Za-z0-9_-]{43}$`));
  await expect(main.getByRole("link", { name: `Consultar mi pedido ${orderNumber}` })).toHaveAttribute("href", href);
  // (Shown once: the page cleared the stored order, so without JavaScript axe checks the markup this page got.)
  await expectNoViolations(page, "/payment/success (guest)", { shownOnce: true });

  // Another browser, never signed in: the link opens the order; the number alone opens nothing.
  const other = await newShopper(browser, js, baseURL!);
  try {
    await other.visit(href);
    await expect(other.page.getByRole("heading", { level: 1 })).toHaveText(`Pedido ${orderNumber}`);
    await expect(other.page.getByText("Ligeramente jugada · Inglés")).toBeVisible();
    await expect(other.page).toHaveURL(/\/consulta-pedido\?/);
    await other.visit(`/confirmacion?pedido=${orderNumber}`);
    await expect(other.page.getByRole("heading", { level: 1 })).toHaveText("No se encontró información de la orden");
    await expect(other.page.getByText("Juárez 10")).toHaveCount(0);
  } finally {
    await other.context.close();
  }
});

test("a customer's phone typed at the first checkout is prefilled, and editable, at the next one", async ({ page, visit, js }) => {
  const [id, name] = js ? ["7ff5e88c72299b46067c0940", "Throh"] : ["ada395b6da3db5ca07aaccbc", "Klink"];
  await register(page, visit, { name: "Teo Teléfono", email: uniqueEmail("telefono"), password: "secreto123" });

  await addCopy(page, visit, id, "nm-en");
  await openCheckout(page, js);
  await expect(page.getByLabel("Teléfono")).toHaveValue("");
  await fillContactAndAddress(page);
  await page.getByLabel("Teléfono").fill("55 8765 4321");
  await pay(page);
  await approve(page);

  await addCopy(page, visit, id, "nm-en");
  await openCheckout(page, js);
  await expect(page.getByRole("complementary", { name: "Resumen del pedido" })).toContainText(name);
  await expect(page.getByLabel("Teléfono")).toHaveValue("5587654321");
  await expect(page.getByLabel("Teléfono")).toBeEditable();
});

test("a missing phone and colonia: the Spanish message beside each field, the first one focused below the sticky header", async ({
  page,
  visit,
  js,
}) => {
  const id = js ? "3a9b05123729d56276e0dd9b" : "2922a07148e10f1c5ee53c62";
  await addCopy(page, visit, id, "nm-en");
  await openCheckout(page, js);
  await fillContactAndAddress(page, { name: "Sara Sinteléfono", email: uniqueEmail("sintel") });
  await page.getByLabel("Teléfono").fill("");
  await page.getByLabel("Colonia", { exact: true }).fill("");
  await expect(page.getByLabel("Colonia", { exact: true })).toHaveAttribute("required", "");

  // The shopper is at the bottom of the page (the button), far below the phone.
  await page.getByRole("button", { name: "Continuar al Pago" }).scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Continuar al Pago" }).click();

  const phone = page.getByLabel("Teléfono");
  const phoneError = page.locator("#checkout-telefono-error");
  await expect(phoneError).toHaveText("El teléfono es requerido");
  await expect(page.locator("#checkout-colonia-error")).toHaveText("Escribe la colonia: Estafeta la necesita para la guía de envío");
  await expect(page.getByLabel("Colonia", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectFocusedBelowHeader(page, phone, phoneError);
  await expect(page.getByLabel("Calle y número")).toHaveValue("Av. Juárez 10");
  await expect(page).toHaveURL(/\/checkout$/);

  // The phone given, the colonia still missing (and DHL chosen): its message names the carrier, and the colonia takes the focus.
  await phone.fill("5512345678");
  await page.getByLabel(/^DHL Express/).check();
  await page.getByRole("button", { name: "Continuar al Pago" }).scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Continuar al Pago" }).click();
  const colonia = page.getByLabel("Colonia", { exact: true });
  const coloniaError = page.locator("#checkout-colonia-error");
  await expect(coloniaError).toHaveText("Escribe la colonia: DHL Express la necesita para la guía de envío");
  await expect(page.locator("#checkout-telefono-error")).toHaveCount(0);
  await expectFocusedBelowHeader(page, colonia, coloniaError);
  await expectNoViolations(page, "/checkout (refused)");

  await colonia.fill("Centro");
  await pay(page);
});
