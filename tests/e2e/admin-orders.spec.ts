/**
 * The admin's 'Órdenes' tab (docs/requirements.md#admin-area, docs/requirements.md#order-fulfilment),
 * JavaScript on and off, with axe: a guest buys a card and pays; the admin filters the tab by order
 * and payment status, searches by the buyer's name typed without accents in capitals and by e-mail,
 * is refused 'Enviado' without a tracking number (the message next to that row's field), marks the
 * order 'Enviado' with one (with JavaScript in place with the row's live message; without it after
 * the redirect, with the notice and the search kept), and downloads 'Exportar CSV' with the row.
 * Each project buys its own demo card, so no test depends on another's data.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { expectFieldError, logInAsAdmin, uniqueEmail } from "./accounts";
import { addFromList, expect, fillContactAndAddress, newShopper, openCheckout, pay, sandboxDecision, test } from "./helpers";

const panel = (page: Page) => page.locator("main");

/** The page does not scroll sideways on the phone (each order is a card). */
async function expectFitsThePhone(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** A row of the orders table, by its order number (the row header). */
function orderRow(page: Page, orderNumber: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: orderNumber, exact: true }) });
}

test("the admin filters and searches 'Órdenes', marks an order 'Enviado' with its tracking number and exports it as CSV", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const [term, card] = js ? (["031/086", "Blitzle"] as const) : (["060/086", "Antique Cover Fossil"] as const);
  const email = uniqueEmail(js ? "ordenes-js" : "ordenes-nojs");

  const guest = await newShopper(browser, js, baseURL!);
  let orderNumber = "";
  try {
    await addFromList(guest.page, guest.visit, term, card);
    await openCheckout(guest.page, js);
    await fillContactAndAddress(guest.page, { name: "Renata Ordóñez Íñiguez", email });
    await pay(guest.page);
    orderNumber = await sandboxDecision(guest.page, "Aprobar");
  } finally {
    await guest.context.close();
  }

  await logInAsAdmin(page, visit);
  await visit("/admin?tab=ordenes");
  await expect(panel(page).getByRole("heading", { level: 2 })).toHaveText("Órdenes");

  // Filters: the order's statuses now (paid: 'Procesando', 'Pago aprobado').
  await page.getByLabel("Estado del pedido", { exact: true }).selectOption({ label: "Procesando" });
  await page.getByLabel("Estado del pago", { exact: true }).selectOption({ label: "Pago aprobado" });
  await panel(page).getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/tab=ordenes.*estado=processing.*pago=approved/);
  await expect(orderRow(page, orderNumber)).toBeVisible();
  await expect(panel(page).locator(".dashboard-table tbody .badge-status-processing").first()).toBeVisible();
  await expect(panel(page).locator(".dashboard-table tbody [class*='badge-status-']:not(.badge-status-processing)")).toHaveCount(0);
  await page.getByLabel("Estado del pedido", { exact: true }).selectOption({ label: "Entregado" });
  await panel(page).getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/estado=delivered/);
  await expect(orderRow(page, orderNumber)).toHaveCount(0);

  // Search: the name without accents, in capitals (the filters cleared first).
  await panel(page).getByRole("link", { name: "Ver todas las órdenes" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=ordenes$/);
  const search = page.getByLabel("Buscar por número de pedido, nombre o correo del cliente");
  await search.fill("RENATA ORDONEZ INIGUEZ");
  await panel(page).getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/q=RENATA\+ORDONEZ\+INIGUEZ/);
  await expect(orderRow(page, orderNumber)).toContainText("Renata Ordóñez Íñiguez");

  // By e-mail: exactly this order.
  await search.fill(email);
  await panel(page).getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/q=ordenes-/);
  await expect(panel(page).locator(".dashboard-table tbody tr")).toHaveCount(1);
  if (js) {
    // With JavaScript the row is changed in place: it stays even when the list's filter no longer selects it.
    await page.getByLabel("Estado del pedido", { exact: true }).selectOption({ label: "Procesando" });
    await panel(page).getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/q=ordenes-.*&estado=processing/);
  }
  const row = orderRow(page, orderNumber);
  await expect(row).toContainText(email);
  await expect(row).toContainText("Pago aprobado");
  await expect(row.getByRole("link", { name: orderNumber })).toHaveAttribute("href", `/admin/pedidos/${orderNumber}`);
  await expectFitsThePhone(page);
  await page.screenshot({ path: test.info().outputPath("ordenes-telefono.png"), fullPage: true });
  await expectNoViolations(page, "/admin (Órdenes, búsqueda)");

  // 'Enviado' without a tracking number: refused on that row's field.
  const status = row.getByLabel(`Estado del pedido ${orderNumber}`);
  const tracking = row.getByLabel(`Número de rastreo del pedido ${orderNumber}`);
  await status.selectOption({ label: "Enviado" });
  await tracking.fill("");
  await row.getByRole("button", { name: `Actualizar el pedido ${orderNumber}` }).click();
  const refusal = "Error al actualizar: Por favor ingresa el número de rastreo antes de marcar como enviado";
  const refusedRow = orderRow(page, orderNumber);
  await expectFieldError(refusedRow.getByLabel(`Número de rastreo del pedido ${orderNumber}`), refusal);
  await expect(refusedRow.getByLabel(`Número de rastreo del pedido ${orderNumber}`)).toBeFocused();
  if (js) await expect(refusedRow.getByRole("status")).toHaveText(refusal);
  // The choice is kept.
  await expect(refusedRow.getByLabel(`Estado del pedido ${orderNumber}`)).toHaveValue("shipped");
  await expectNoViolations(page, "/admin (Órdenes, rastreo faltante)", { shownOnce: !js });

  // With the number: shipped.
  await refusedRow.getByLabel(`Número de rastreo del pedido ${orderNumber}`).fill("EST 1234 5678");
  await refusedRow.getByRole("button", { name: `Actualizar el pedido ${orderNumber}` }).click();
  const shipped = orderRow(page, orderNumber);
  if (js) {
    await expect(shipped.getByRole("status")).toHaveText("Estado actualizado exitosamente");
    // In place: the focus stays on the row's button.
    await expect(shipped.getByRole("button", { name: `Actualizar el pedido ${orderNumber}` })).toBeFocused();
    await expect(page).toHaveURL(/q=ordenes-/);
    await expect(page).not.toHaveURL(/aviso=/);
  } else {
    await expect(page).toHaveURL(/\/admin\?tab=ordenes&q=ordenes-.*&aviso=estado-actualizado$/);
    await expect(panel(page).getByRole("status").filter({ hasText: "Estado actualizado exitosamente" })).toBeVisible();
  }
  await expect(shipped.locator(".badge-status-shipped")).toHaveText("Enviado");
  await expect(shipped.getByLabel(`Número de rastreo del pedido ${orderNumber}`)).toHaveValue(/^EST\s?1234\s?5678$|^EST12345678$/);
  await expectNoViolations(page, "/admin (Órdenes, actualizado)");

  // 'Exportar CSV' of this search (the CSV keeps the list's filters: the status filter is taken off first).
  if (js) {
    await page.getByLabel("Estado del pedido", { exact: true }).selectOption({ label: "Todos" });
    await panel(page).getByRole("button", { name: "Buscar" }).click();
    await expect(page).not.toHaveURL(/estado=/);
  }
  await expect(panel(page).getByRole("link", { name: "Exportar CSV" })).toHaveAttribute("href", /^\/admin\/pedidos\.csv\?q=ordenes-[^&]+$/);
  const downloading = page.waitForEvent("download");
  await panel(page).getByRole("link", { name: "Exportar CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pedidos-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split("\r\n");
  expect(lines[0]).toBe(
    "número,fecha,cliente,correo,estado,estado del pago,id del pago,subtotal,envío,descuento,puntos usados,total,paquetería,número de rastreo",
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(
    new RegExp(`^${orderNumber},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},Renata Ordóñez Íñiguez,${email},Enviado,Pago aprobado,`),
  );
  expect(lines[1]).toMatch(/,EST12345678$/);
});
