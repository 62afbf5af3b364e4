/**
 * The payment return pages, /confirmacion and 'Mis Pedidos', JavaScript on and
 * off, on a 360 px phone, with axe. On this branch no page of the running shop
 * creates an order (the checkout is another branch's), so these cover what a
 * browser reaches without one: the empty states (also with a forged
 * pending-order cookie and hostile query strings), the failure page's way back
 * to the cart, and an account's empty order list. Orders themselves are
 * covered by tests/integration/order-pages.test.ts.
 */
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { logOut, register, uniqueEmail } from "./accounts";
import { expect, test } from "./helpers";

const NOT_FOUND = "No se encontró información de la orden";

test.use({ viewport: { width: 360, height: 740 } });

/** The page does not scroll sideways on a 360 px screen. */
async function expectFitsThePhone(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

const main = (page: Page) => page.locator("main");

test("/payment/success and /confirmacion without an order: the Spanish message and a way home", async ({ page, visit }) => {
  for (const path of [
    "/payment/success?collection_id=null&collection_status=approved&payment_id=null&status=approved&external_reference=CV-222222",
    "/confirmacion",
    "/confirmacion?pedido=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  ]) {
    const response = await visit(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(NOT_FOUND);
    await expectFitsThePhone(page);
    await expectNoViolations(page, path);
  }
  await main(page).getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("/payment/failure without a stored order: the four reasons, 'Intentar de nuevo' goes to the cart", async ({ page, visit }) => {
  await visit("/payment/failure?collection_id=null&collection_status=rejected&status=rejected&external_reference=null");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("El pago no se pudo procesar");
  for (const reason of [
    "Fondos insuficientes",
    "Datos de la tarjeta incorrectos",
    "Tarjeta rechazada por el banco emisor",
    "Límite de compra excedido",
  ]) {
    await expect(main(page).getByRole("listitem").filter({ hasText: reason })).toBeVisible();
  }
  await expect(main(page).getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  await expectFitsThePhone(page);
  await expectNoViolations(page, "/payment/failure");
  await main(page).getByRole("link", { name: "Intentar de nuevo" }).click();
  await expect(page).toHaveURL(/\/carrito$/);
});

test("/payment/pending without a stored order: 48 business hours, the slow methods, home and no 'my orders'", async ({ page, visit }) => {
  await visit("/payment/pending?status=pending&payment_type=ticket&external_reference=CV-222222");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pago pendiente");
  await expect(main(page)).toContainText("48 horas hábiles");
  for (const method of ["Transferencia bancaria", "Pago en efectivo en tiendas (OXXO)", "Depósito bancario"]) {
    await expect(main(page).getByRole("listitem").filter({ hasText: method })).toBeVisible();
  }
  await expect(main(page).getByRole("link", { name: "Volver al inicio" })).toBeVisible();
  await expect(main(page).getByRole("link", { name: "Ver mis pedidos" })).toHaveCount(0);
  await expectFitsThePhone(page);
  await expectNoViolations(page, "/payment/pending");
});

test("a forged pending-order cookie shows no order and is not cleared", async ({ page, visit, context, baseURL }) => {
  await context.addCookies([{ name: "pedido", value: "eyJvcmRlck51bWJlciI6IkNWLTIyMjIyMiJ9.forged", url: baseURL! }]);
  await visit("/payment/success?external_reference=CV-222222");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND);
  await visit("/payment/failure?external_reference=CV-222222");
  await expect(main(page).getByRole("link", { name: "Intentar de nuevo" })).toHaveAttribute("href", "/carrito");
  expect((await context.cookies()).some((c) => c.name === "pedido")).toBe(true);
});

test("Mis Pedidos: logged out goes to log in; a new account sees its empty list", async ({ page, visit }) => {
  const user = { name: "Olga", email: uniqueEmail("pedidos"), password: "secreto1" };
  await register(page, visit, user);
  const response = await visit("/mis-pedidos?pedido=CV-222222");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mis Pedidos");
  await expect(page.getByText("Aún no tienes pedidos.")).toBeVisible();
  await expectFitsThePhone(page);
  await expectNoViolations(page, "/mis-pedidos");
  await logOut(page);
  await visit("/mis-pedidos");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmis-pedidos$/);
});
