/**
 * The checkout (docs/requirements.md#checkout)
 * with JavaScript on and off: a guest pays through the sandbox and the order
 * e-mail arrives with the same number; a customer spends points earned on a
 * first order; a card bought out in another browser between cart and pay is
 * named. The /payment/* pages belong to another part: only their URL is checked.
 *
 * Each test uses its own demo cards (by card number), different per project, so
 * the js and nojs runs never buy each other's stock.
 */
import type { Browser } from "@playwright/test";
import { addFromList, approve, expect, fillContactAndAddress, formatMoney, newShopper, openCheckout, pay, test } from "./helpers";
import { register, uniqueEmail } from "./accounts";
import { waitForMail } from "./mail";
import { expectNoViolations } from "./axe";

test("a guest checks out, pays in the sandbox, and the order e-mail arrives with the same number", async ({ page, visit, js }) => {
  // The card's 'Agregar' adds the variant the card shows: Stonjourner's cheapest in stock is its LP copy ($16).
  const [term, name, price] = js ? ["081/132", "Stonjourner", 16] : ["130/132", "Switch", 12];
  const email = uniqueEmail("invitado");
  await addFromList(page, visit, term, name);
  await openCheckout(page, js);

  const summary = page.getByRole("complementary", { name: "Resumen del pedido" });
  await expect(summary.getByText(name)).toBeVisible();
  await expect(page.getByTestId("checkout-subtotal")).toHaveText(formatMoney(price));
  await expect(page.getByTestId("checkout-shipping")).toHaveText(formatMoney(150));
  await expect(page.getByTestId("checkout-total")).toHaveText(formatMoney(price + 150));
  await expect(page.getByText("Serás redirigido a Mercado Pago")).toBeVisible();
  const form = page.getByRole("form", { name: "Datos del pedido" });
  await expect(form.getByRole("link", { name: "Términos y Condiciones" })).toHaveAttribute("href", "/terminos");
  await expectNoViolations(page, "/checkout");

  // Usable on a 360 px phone: nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Submitting with the phone missing: the Spanish message next to the field, everything typed kept.
  await fillContactAndAddress(page, { name: "Ana Invitada", email });
  await page.getByLabel("Teléfono").fill("123");
  await page.getByRole("button", { name: "Continuar al Pago" }).click();
  await expect(page.locator("#checkout-telefono-error")).toHaveText("El teléfono debe tener 10 dígitos");
  await expect(page.getByLabel("Teléfono")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Calle y número")).toHaveValue("Av. Juárez 10");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);

  // DHL instead of Estafeta: the summary follows (in place with JavaScript, re-rendered without).
  await page.getByLabel("Teléfono").fill("5512345678");
  await page.getByLabel(/^DHL Express/).check();
  if (!js) await page.getByRole("button", { name: "Actualizar envío" }).click();
  await expect(page.getByTestId("checkout-shipping")).toHaveText(formatMoney(220));
  await expect(page.getByTestId("checkout-total")).toHaveText(formatMoney(price + 220));
  await expect(page.getByLabel("Calle y número")).toHaveValue("Av. Juárez 10");

  // The coupon box: empty and unknown codes are refused with the Spanish messages.
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText("Ingresa un código de cupón")).toBeVisible();
  await page.getByLabel("Código de cupón").fill("noexiste");
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText("Cupón inválido")).toBeVisible();

  await pay(page);
  await expect(page.getByText(formatMoney(price + 220)).first()).toBeVisible();
  const orderNumber = await approve(page);

  const mail = await waitForMail(email);
  expect(mail.subject).toContain(orderNumber);
  expect(mail.text).toContain(orderNumber);
});

test("a customer applies the demo coupon and spends the points a first paid order earned: the summary and the charged total follow", async ({
  page,
  visit,
  js,
}) => {
  const [first, firstName, second, secondName, secondPrice] = js
    ? ["177/132", "Mega Venusaur ex", "015/132", "Shiftry", 12.5]
    : // A card's 'Agregar' adds its cheapest copy in stock: Boss's Orders' Japanese one ($10).
      ["181/132", "Mega Latias ex", "114/132", "Boss's Orders", 10];
  const email = uniqueEmail("puntos");
  await register(page, visit, { name: "Paula Puntos", email, password: "secreto123" });

  // First order: contact prefilled, a new address (saved to the profile after the order).
  await addFromList(page, visit, first, firstName);
  await openCheckout(page, js);
  await expect(page.getByLabel("Nombre completo")).toHaveValue("Paula Puntos");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);
  await expect(page.getByText("La nueva dirección se guardará en tu perfil después de la compra.")).toBeVisible();
  await fillContactAndAddress(page);
  await pay(page);
  await approve(page);
  // 1 % of the first subtotal comes back as points (credited when the payment was approved).
  let earned = 0;
  await expect(async () => {
    await visit("/perfil?tab=puntos");
    earned = Number((await page.getByTestId("points-balance").textContent())?.replace(/\D/g, ""));
    expect(earned).toBeGreaterThan(1);
  }).toPass();

  // Second order: the saved address is preselected, the points box is there.
  await addFromList(page, visit, second, secondName);
  await openCheckout(page, js);
  await expect(page.getByRole("radio", { name: /Av\. Juárez 10/ })).toBeChecked();
  await expect(page.getByText(`Tienes ${earned} puntos disponibles`)).toBeVisible();
  await page.getByLabel("Teléfono").fill("5512345678");
  // The demo catalogue's coupon, typed in lower case: upper-cased, applied with its percent and description.
  await page.getByLabel("Código de cupón").fill("demo10");
  await page.getByRole("button", { name: "Aplicar" }).click();
  const applied = page.locator(".coupon-applied");
  await expect(applied).toContainText("DEMO10");
  await expect(applied).toContainText("10%");
  await expect(applied).toContainText("Cupón de demostración");
  // round((subtotal + shipping) × 10 / 100), in whole pesos.
  const discount = Math.round((secondPrice + 150) * 0.1);
  await expect(page.getByTestId("checkout-discount")).toHaveText(`-${formatMoney(discount)}`);
  await page.getByRole("switch", { name: "Usar mis puntos" }).check();
  if (!js) await page.getByRole("button", { name: "Actualizar puntos" }).click();
  await expect(applied).toContainText("DEMO10");
  const total = secondPrice + 150 - discount - earned;
  await expect(page.getByTestId("checkout-points")).toHaveText(`-${formatMoney(earned)}`);
  await expect(page.getByTestId("checkout-total")).toHaveText(formatMoney(total));
  await expectNoViolations(page, "/checkout (customer)");
  await pay(page);
  await expect(page.getByText(formatMoney(total)).first()).toBeVisible();
  await approve(page);
  await visit("/perfil?tab=puntos");
  // The points spent are gone (the second order earns floor(1 % of its subtotal) = 0).
  await expect(page.getByTestId("points-balance")).toHaveText("0");
});

/** Another shopper's browser buys the card (a guest checkout through to the payment page). */
async function buyOutElsewhere(browser: Browser, js: boolean, term: string, name: string, baseURL: string) {
  const { context, page: other, visit } = await newShopper(browser, js, baseURL);
  try {
    await addFromList(other, visit, term, name);
    await openCheckout(other, js);
    await fillContactAndAddress(other, { name: "Otro Comprador", email: uniqueEmail("otro") });
    await pay(other);
  } finally {
    await context.close();
  }
}

test("a card bought out in another browser between cart and pay: the checkout names it, nothing is charged", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  const [term, name] = js ? ["140/132", "Snover"] : ["141/132", "Clawitzer"];
  await addFromList(page, visit, term, name);
  await openCheckout(page, js);
  await fillContactAndAddress(page, { name: "Ana Tarde", email: uniqueEmail("tarde") });

  await buyOutElsewhere(browser, js, term, name, baseURL!);

  await page.getByRole("button", { name: "Continuar al Pago" }).click();
  await expect(page.getByRole("alert").filter({ hasText: name })).toContainText(
    `Ya no hay stock suficiente de ${name} (Casi nueva · Inglés) (agotado)`,
  );
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("complementary", { name: "Resumen del pedido" }).getByText("Agotado", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Calle y número")).toHaveValue("Av. Juárez 10");
  await expect(page.getByRole("link", { name: "Ajustar mi carrito" })).toHaveAttribute("href", "/carrito");
});
