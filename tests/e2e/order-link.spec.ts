/**
 * The order e-mail's link and a shared browser,
 * JavaScript on and off, with the real SMTP server's mails:
 * - a guest who has not paid gets 'Recibimos tu pedido' with a link that opens
 *   the order on another device (no cookie), says it awaits payment, and pays
 *   it; the page the old e-mail linked to no longer claims a payment being
 *   verified nor strands the order (/checkout still offers it);
 * - after a customer signs out, and when the next person signs in, nobody sees
 *   the previous order on /confirmacion, /payment/failure or /checkout.
 *
 * Each test buys its own demo cards (by card number), different per project.
 */
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { logOut, register, uniqueEmail } from "./accounts";
import { waitForMail } from "./mail";
import { addFromList, expect, fillContactAndAddress, newShopper, openCheckout, pay, sandboxDecision, test } from "./helpers";

const NOT_FOUND = "No se encontró información de la orden";
const AWAITING = "Tu pedido está pendiente de pago";
const LONG_JOURNEY = 150_000;

const main = (page: Page) => page.locator("main");
const fact = (page: Page, label: string) => page.locator(`.order-facts > div:has(> dt:text-is(${JSON.stringify(label)})) > dd`);

test("a guest's unpaid order: the e-mail's link opens it on another device and pays it; the old return page does not strand it", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(LONG_JOURNEY);
  const card = js ? (["138/132", "Vulpix"] as const) : (["150/132", "Steelix"] as const);
  const email = uniqueEmail("liga-correo");
  await addFromList(page, visit, card[0], card[1]);
  await openCheckout(page, js);
  await fillContactAndAddress(page, { name: "Gina Invitada", email });
  const orderId = await pay(page);
  // The buyer leaves the payment page without paying.

  const mail = await waitForMail(email);
  const orderNumber = /Recibimos tu pedido (CV-[0-9A-Z]{6})/.exec(mail.subject ?? "")?.[1] ?? "";
  expect(orderNumber).toMatch(/^CV-/);
  const href = /https?:\/\/\S+\/consulta-pedido\?\S+/.exec(mail.text ?? "")?.[0] ?? "";
  const link = new URL(href);
  // The e-mail links to 'Consulta tu pedido' (tests/e2e/order-lookup.spec.ts); /confirmacion takes
  // the same query, for e-mails sent before that page: what this test follows.
  const oldLink = `/confirmacion${link.search}`;
  expect(link.searchParams.get("pedido")).toBe(orderNumber);
  expect(link.searchParams.get("clave")).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // What the e-mail used to link to: no payment is claimed, and the order stays payable here.
  await visit(`/payment/pending?external_reference=${orderNumber}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(AWAITING);
  await expect(main(page)).not.toContainText("en proceso de verificación");
  await expect(fact(page, "Número de orden")).toHaveText(orderNumber);
  await visit("/checkout");
  await expect(page.getByRole("heading", { name: AWAITING })).toBeVisible();
  await expect(page.getByTestId("retry-order-number")).toHaveText(orderNumber);

  // The e-mail's link on another device (no cookie): the order, awaiting payment, with 'Pagar Ahora'.
  const phone = await newShopper(browser, js, baseURL!);
  try {
    const response = await phone.visit(oldLink);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    await expect(phone.page.getByRole("heading", { level: 1 })).toHaveText(AWAITING);
    await expect(main(phone.page)).not.toContainText("Pedido confirmado");
    await expect(fact(phone.page, "Número de orden")).toHaveText(orderNumber);
    await expect(main(phone.page).getByTestId("order-recap-email")).toHaveText(`Enviamos el correo de tu pedido a ${email}.`);
    await expectNoViolations(phone.page, "/confirmacion (awaiting payment)");
    await main(phone.page).getByRole("button", { name: "Pagar Ahora" }).click();
    await expect(phone.page).toHaveURL(new RegExp(`/sandbox/pago/${orderId}$`));
    expect(await sandboxDecision(phone.page, "Aprobar")).toBe(orderNumber);
    await expect(phone.page.getByRole("heading", { level: 1 })).toHaveText("¡Pago exitoso!");
    await expect(fact(phone.page, "Número de orden")).toHaveText(orderNumber);

    // The same link now confirms the paid order.
    await phone.visit(oldLink);
    await expect(phone.page.getByRole("heading", { level: 1 })).toHaveText("¡Pedido confirmado!");
  } finally {
    await phone.context.close();
  }

  // A guessed key opens nothing.
  await visit(`/confirmacion?pedido=${orderNumber}&clave=${"A".repeat(43)}`);
  const stranger = await newShopper(browser, js, baseURL!);
  try {
    await stranger.visit(`/confirmacion?pedido=${orderNumber}&clave=${"A".repeat(43)}`);
    await expect(stranger.page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND);
    await expect(main(stranger.page)).not.toContainText(orderNumber);
  } finally {
    await stranger.context.close();
  }
});

test("a shared browser: after sign-out, and when the next person signs in, nobody sees the previous order", async ({ page, visit, js }) => {
  test.setTimeout(LONG_JOURNEY);
  const [first, second] = js
    ? ([
        ["139/132", "Litleo"],
        ["145/132", "Houndstone"],
      ] as const)
    : ([
        ["151/132", "Spearow"],
        ["152/132", "Delibird"],
      ] as const);

  const expectNothingOf = async (orderNumber: string) => {
    for (const path of [
      "/confirmacion",
      `/payment/failure?external_reference=${orderNumber}`,
      `/payment/success?external_reference=${orderNumber}`,
    ]) {
      await visit(path);
      await expect(main(page), path).not.toContainText(orderNumber);
    }
    await visit("/confirmacion");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND);
    await visit("/payment/failure");
    await expect(main(page).getByRole("link", { name: "Intentar de nuevo" })).toHaveAttribute("href", "/carrito");
    await visit("/checkout");
    await expect(page).toHaveURL(/\/carrito$/);
  };

  // A customer's payment is refused: the failure page shows the order (the cookie names it).
  await register(page, visit, { name: "Carla Compradora", email: uniqueEmail("compartido-a"), password: "secreto123" });
  await addFromList(page, visit, first[0], first[1]);
  await openCheckout(page, js);
  await fillContactAndAddress(page);
  await pay(page);
  const customerOrder = await sandboxDecision(page, "Rechazar");
  await expect(main(page)).toContainText(`Tu orden ${customerOrder} fue creada`);

  await logOut(page);
  await expectNothingOf(customerOrder);

  // A guest at the same browser places an order and leaves it unpaid; then someone signs in.
  await addFromList(page, visit, second[0], second[1]);
  await openCheckout(page, js);
  await fillContactAndAddress(page, { name: "Gina Invitada", email: uniqueEmail("compartido-invitada") });
  await pay(page);
  await visit("/confirmacion");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(AWAITING);
  const guestOrder = (await fact(page, "Número de orden").textContent()) ?? "";
  expect(guestOrder).toMatch(/^CV-/);

  await register(page, visit, { name: "Beto Siguiente", email: uniqueEmail("compartido-b"), password: "secreto123" });
  await expectNothingOf(guestOrder);
  await expectNothingOf(customerOrder);
});
