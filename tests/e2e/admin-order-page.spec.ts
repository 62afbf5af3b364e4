/**
 * The admin's order page `/admin/pedidos/{number}` (docs/requirements.md#order-fulfilment),
 * JavaScript on and off, with axe on the page and on the packing slip:
 * - a customer's paid order marked 'Enviado' with a tracking number, which 'Mis Pedidos' then shows;
 * - a paid order cancelled with a reason: refunded, its stock back, the points it earned taken back;
 * - a manual payment on an unpaid order, and the packing slip (its lines, no prices);
 * - a guest's order shipped: the e-mail with the carrier and number, its link to 'Consulta tu pedido'.
 *
 * Each test makes its own product (through the admin's form) and its own customer, so no test
 * depends on another's data; the admin works in a browser of their own.
 */
import type { Browser, Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { expectFieldError, logInAsAdmin, register, uniqueEmail } from "./accounts";
import { waitForMailAbout } from "./mail";
import { fillProduct, uniqueWord } from "./admin-products";
import { addFromList, approve, expect, fillContactAndAddress, newShopper, openCheckout, pay, sandboxDecision, test } from "./helpers";

/** A whole journey (a product, an account, a checkout, the admin's work) takes a while without JavaScript on a busy machine. */
const JOURNEY = 180_000;

interface Admin {
  page: Page;
  visit: (url: string) => Promise<unknown>;
  close: () => Promise<void>;
}

/** The admin, signed in, in a browser of their own. */
async function adminBrowser(browser: Browser, js: boolean, baseURL: string): Promise<Admin> {
  const { context, page, visit } = await newShopper(browser, js, baseURL);
  await logInAsAdmin(page, visit);
  return { page, visit, close: () => context.close() };
}

/** A product of this test's own (price $500.00, 3 in stock), added through the admin's form; returns its name and id. */
async function newProduct(admin: Admin, word: string): Promise<{ name: string; id: string }> {
  const name = `Umbreon ${word}`;
  await admin.visit("/admin/agregar-producto");
  await fillProduct(admin.page, { name, price: "500", stock: "3", image: "https://imagenes.invalid/umbreon.jpg" });
  await admin.page.getByRole("button", { name: "Agregar Producto" }).click();
  await expect(admin.page).toHaveURL(/aviso=producto-agregado/);
  await admin.visit(`/productos?${new URLSearchParams({ search: word })}`);
  const link = admin.page.locator("main").getByRole("link", { name, exact: true }).first();
  const href = (await link.getAttribute("href")) ?? "";
  const id = /\/producto\/([0-9a-f]{24})/.exec(href)?.[1];
  expect(id, href).toBeTruthy();
  return { name, id: id! };
}

/** A new customer buys one unit of the product up to the sandbox payment page. */
async function customerCheckout(page: Page, visit: (url: string) => Promise<unknown>, js: boolean, word: string, name: string) {
  await register(page, visit, { name: "Olga Ordenes", email: uniqueEmail("order-page"), password: "secreto123" });
  await addFromList(page, visit, word, name);
  await openCheckout(page, js);
  await fillContactAndAddress(page);
  await pay(page);
}

/** A journey: the admin in a browser of their own, with a product of this test's own; the browser closed after. */
async function withAdminAndProduct(
  browser: Browser,
  js: boolean,
  baseURL: string,
  run: (admin: Admin, word: string, product: { name: string; id: string }) => Promise<void>,
): Promise<void> {
  const admin = await adminBrowser(browser, js, baseURL);
  try {
    const word = uniqueWord();
    await run(admin, word, await newProduct(admin, word));
  } finally {
    await admin.close();
  }
}

async function stockOf(admin: Admin, productId: string): Promise<string> {
  await admin.visit(`/admin/editar-producto/${productId}`);
  return admin.page.getByLabel("Inventario (unidades)").inputValue();
}

/** With E2E_SHOTS=dir set, the page at 390 and 1280 px wide, for a person to look at (docs: look at what you built). */
async function shots(page: Page, name: string, js: boolean): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${js ? "js" : "nojs"}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

const notice = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("the admin marks a paid order 'Enviado' with its tracking number; the customer's 'Mis Pedidos' shows it", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(JOURNEY);
  await withAdminAndProduct(browser, js, baseURL!, async (admin, word, product) => {
    await customerCheckout(page, visit, js, word, product.name);
    const orderNumber = await approve(page);

    await admin.visit(`/admin/pedidos/${orderNumber}`);
    const a = admin.page;
    await expect(a.getByRole("heading", { level: 2, name: `Pedido ${orderNumber}` })).toBeVisible();
    await expect(a.locator(".order-badges")).toHaveText("Procesando Pago aprobado");
    await expect(a.getByRole("region", { name: "Productos", exact: true })).toContainText(product.name);
    await expect(a.getByRole("region", { name: "Historial", exact: true })).toContainText("Pedido creado");
    await expect(a.getByRole("link", { name: /Olga Ordenes|@example\.com/ }).first()).toHaveAttribute("href", /^mailto:/);
    await expectNoViolations(a, "/admin/pedidos/{number}");

    // 'Enviado' without a tracking number: the spec's words at the field, nothing changed.
    await a.getByLabel("Estado", { exact: true }).selectOption("shipped");
    await a.getByRole("button", { name: "Actualizar estado" }).click();
    const tracking = a.getByLabel("Número de rastreo");
    await expectFieldError(tracking, "Error al actualizar: Por favor ingresa el número de rastreo antes de marcar como enviado");
    await expect(a.locator(".order-badges")).toHaveText("Procesando Pago aprobado");

    await tracking.fill("MX123456789");
    await a.getByRole("button", { name: "Actualizar estado" }).click();
    await expect(a).toHaveURL(/aviso=estado-actualizado/);
    await expect(notice(a, "Estado actualizado exitosamente")).toBeVisible();
    await expect(a.locator(".order-badges")).toHaveText("Enviado Pago aprobado");
    await expect(a.getByRole("region", { name: "Historial", exact: true })).toContainText("Número de rastreo MX123456789");

    await visit(`/mis-pedidos?pedido=${orderNumber}`);
    const entry = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Pedido ${orderNumber}`, exact: true }) });
    await expect(entry.locator(".order-badges")).toHaveText("Enviado Pago aprobado");
    await expect(entry.locator("details")).toContainText("MX123456789");
  });
});

test("the admin cancels a paid order with a reason: refunded, its stock back, the points it earned taken back", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(JOURNEY);
  await withAdminAndProduct(browser, js, baseURL!, async (admin, word, product) => {
    await customerCheckout(page, visit, js, word, product.name);
    const orderNumber = await approve(page);
    await visit("/perfil?tab=puntos");
    await expect(page.getByTestId("points-balance")).toHaveText("5"); // floor(1 % of $500.00)
    expect(await stockOf(admin, product.id)).toBe("2");

    await admin.visit(`/admin/pedidos/${orderNumber}`);
    const a = admin.page;
    const cancel = a.getByRole("region", { name: "Cancelar pedido", exact: true });
    await expect(cancel).toContainText("se reembolsa al cliente");
    await expect(cancel).toContainText("Se descuentan al cliente los 5 puntos");
    await shots(a, "paid-before-cancel", js);

    // Without the confirmation box nothing happens; the reason typed is kept.
    await cancel.getByLabel("Motivo de la cancelación").fill("Carta dañada en almacén");
    await cancel.getByRole("button", { name: "Cancelar pedido" }).click();
    await expectFieldError(cancel.getByLabel("Confirmo que quiero cancelar este pedido"), "Marca la casilla para confirmar");
    await expect(cancel.getByLabel("Motivo de la cancelación")).toHaveValue("Carta dañada en almacén");
    await expect(a.locator(".order-badges")).toHaveText("Procesando Pago aprobado");

    // The confirmation box sits on its label's line, not above it.
    const box = (await cancel.getByLabel("Confirmo que quiero cancelar este pedido").boundingBox())!;
    const label = (await cancel.locator('label[for="cancelar-confirmar"]').boundingBox())!;
    expect(label.y).toBeLessThan(box.y + box.height);
    expect(label.x).toBeGreaterThan(box.x);

    await cancel.getByLabel("Confirmo que quiero cancelar este pedido").check();
    await cancel.getByRole("button", { name: "Cancelar pedido" }).click();
    await expect(a).toHaveURL(/aviso=pedido-cancelado-reembolsado/);
    await expect(notice(a, "Pedido cancelado y pago reembolsado")).toBeVisible();
    await expect(a.locator(".order-badges")).toHaveText("Cancelado Pago reembolsado");
    const cancellation = a.getByRole("region", { name: "Cancelación", exact: true });
    await expect(cancellation).toContainText("Carta dañada en almacén");
    await expect(cancellation).toContainText("Administrador");
    await expect(a.getByRole("region", { name: "Cancelar pedido", exact: true })).toHaveCount(0);
    // The points it earned were taken back, and the summary says so.
    const summary = a.getByRole("region", { name: "Resumen", exact: true });
    await expect(summary.locator("div", { has: a.getByText("Puntos ganados", { exact: true }) }).locator("dd")).toHaveText("5, retirados");
    await expectNoViolations(a, "/admin/pedidos/{number} (cancelled)");
    await shots(a, "cancelled-points-back", js);

    expect(await stockOf(admin, product.id)).toBe("3");
    await visit("/perfil?tab=puntos");
    await expect(page.getByTestId("points-balance")).toHaveText("0");
    // The customer's order says the same.
    await visit(`/mis-pedidos?pedido=${orderNumber}`);
    await expect(
      page
        .locator("main div", { has: page.getByText("Puntos ganados", { exact: true }) })
        .last()
        .locator("dd"),
    ).toHaveText("5, retirados");
  });
});

test("the admin records a manual payment on an unpaid order, then prints its packing slip: the lines, no prices", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(JOURNEY);
  await withAdminAndProduct(browser, js, baseURL!, async (admin, word, product) => {
    await customerCheckout(page, visit, js, word, product.name);
    const orderNumber = await sandboxDecision(page, "Rechazar");

    await admin.visit(`/admin/pedidos/${orderNumber}`);
    const a = admin.page;
    await expect(a.locator(".order-badges")).toHaveText("Pendiente Pago rechazado");
    const manual = a.getByRole("region", { name: "Registrar pago manual", exact: true });
    await manual.getByLabel("Referencia").fill("x");
    await manual.getByRole("button", { name: "Registrar pago" }).click();
    await expectFieldError(manual.getByLabel("Referencia"), "La referencia debe tener de 3 a 100 caracteres");
    await expect(manual.getByText("Elige cómo se recibió el pago")).toBeVisible();

    await manual.getByLabel("Transferencia bancaria").check();
    await manual.getByLabel("Referencia").fill("SPEI 0042");
    await manual.getByRole("button", { name: "Registrar pago" }).click();
    await expect(a).toHaveURL(/aviso=pago-manual-registrado/);
    await expect(notice(a, "Pago manual registrado")).toBeVisible();
    await expect(a.locator(".order-badges")).toHaveText("Procesando Pago aprobado");
    await expect(a.getByRole("region", { name: "Pago", exact: true })).toContainText("Transferencia bancaria");
    await expect(a.getByRole("region", { name: "Historial", exact: true })).toContainText("Pago manual");

    await a.getByRole("link", { name: "Imprimir hoja de empaque" }).click();
    await expect(a).toHaveURL(/vista=empaque/);
    const slip = a.locator("article.packing-slip");
    await expect(slip.getByRole("heading", { level: 2 })).toHaveText(`Hoja de empaque · Pedido ${orderNumber}`);
    await expect(slip).toContainText("Cartas del Valle");
    await expect(slip).toContainText("Av. Juárez 10, Col. Centro");
    await expect(slip).toContainText("Tel. 5512345678");
    await expect(slip.locator("tbody tr")).toHaveCount(1);
    await expect(slip.locator("tbody tr")).toContainText(product.name);
    await expect(slip.locator("tbody tr td").first()).toHaveText("1");
    expect(await slip.innerText()).not.toContain("$");
    await expectNoViolations(a, "/admin/pedidos/{number}?vista=empaque");
    // On paper only the slip: the admin's header and navigation are not printed.
    await a.emulateMedia({ media: "print" });
    await expect(a.locator(".admin-header")).toBeHidden();
    await expect(a.locator(".site-header")).toBeHidden();
    await expect(slip).toBeVisible();
  });
});

test("a guest's paid order marked 'Enviado': the e-mail names the carrier and number and links to 'Consulta tu pedido', which shows them", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(JOURNEY);
  await withAdminAndProduct(browser, js, baseURL!, async (admin, word, product) => {
    const email = uniqueEmail("guest-shipped");
    await addFromList(page, visit, word, product.name);
    await openCheckout(page, js);
    await fillContactAndAddress(page, { name: "Gina Invitada", email });
    await pay(page);
    const orderNumber = await approve(page);

    await admin.visit(`/admin/pedidos/${orderNumber}`);
    await admin.page.getByLabel("Estado", { exact: true }).selectOption("shipped");
    await admin.page.getByLabel("Número de rastreo").fill("7012 3456 78");
    await admin.page.getByRole("button", { name: "Actualizar estado" }).click();
    await expect(admin.page).toHaveURL(/aviso=estado-actualizado/);

    const mail = await waitForMailAbout(email, "va en camino");
    expect(mail.subject).toBe(`Tu pedido ${orderNumber} va en camino - Cartas del Valle`);
    expect(mail.text).toContain("Estafeta");
    expect(mail.text).toContain("7012345678");
    // Estafeta's tracking opens on the shipment: the link carries the number.
    expect(mail.text).toContain("https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=7012345678&wayBillType=1&isShipmentDetail=False");
    const link = /https?:\/\/\S+\/consulta-pedido\?\S+/.exec(mail.text ?? "")?.[0];
    expect(link, "the e-mail links to the guest's order page").toBeTruthy();

    // The guest, on another device, opens the e-mail's link: the order is on its way, with the number and the carrier's page.
    const other = await newShopper(browser, js, baseURL!);
    try {
      const url = new URL(link!);
      await other.visit(url.pathname + url.search);
      const main = other.page.locator("main");
      await expect(other.page.getByRole("heading", { level: 1 })).toHaveText(`Pedido ${orderNumber}`);
      await expect(main.locator(".order-badges").first()).toContainText("Enviado");
      await expect(main.locator(".tracking-number").first()).toHaveText("7012345678");
      await expect(main.locator(".tracking-link").first()).toHaveAttribute(
        "href",
        "https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=7012345678&wayBillType=1&isShipmentDetail=False",
      );
      await expect(main.getByRole("button", { name: "Pagar Ahora" })).toHaveCount(0);
      await expectNoViolations(other.page, "/consulta-pedido (shipped)");
    } finally {
      await other.context.close();
    }
  });
});

test("a customer pays one order twice (a second tab): the admin sees both, and 'Cancelar pedido' refunds both payments", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(JOURNEY);
  await withAdminAndProduct(browser, js, baseURL!, async (admin, word, product) => {
    await customerCheckout(page, visit, js, word, product.name);
    // The same payment page open in a second tab before the first one pays, as a buyer unsure it went through.
    const secondTab = await page.context().newPage();
    await secondTab.goto(page.url());
    await expect(secondTab.getByRole("button", { name: "Aprobar" })).toBeVisible();
    const orderNumber = await approve(page);
    await approve(secondTab);
    await secondTab.close();

    await admin.visit(`/admin/pedidos/${orderNumber}`);
    const a = admin.page;
    await expect(a.getByText("Reembolso pendiente")).toBeVisible();
    const payments = a.getByRole("table", { name: "Pagos recibidos del pedido" });
    await expect(payments.getByRole("row").filter({ hasText: "Aprobado" })).toHaveCount(2);
    const refundForms = a.getByRole("region", { name: /^Reembolsar pago \d+$/ });
    await expect(refundForms).toHaveCount(1);
    const cancel = a.getByRole("region", { name: "Cancelar pedido", exact: true });
    await expect(cancel).toContainText("el otro pago aprobado también se reembolsa");
    await expectNoViolations(a, "/admin/pedidos/{number} (paid twice)");
    await shots(a, "paid-twice", js);

    await cancel.getByLabel("Motivo de la cancelación").fill("El cliente pagó dos veces");
    // The confirmation box sits on its label's line, not above it.
    const box = (await cancel.getByLabel("Confirmo que quiero cancelar este pedido").boundingBox())!;
    const label = (await cancel.locator('label[for="cancelar-confirmar"]').boundingBox())!;
    expect(label.y).toBeLessThan(box.y + box.height);
    expect(label.x).toBeGreaterThan(box.x);

    await cancel.getByLabel("Confirmo que quiero cancelar este pedido").check();
    await cancel.getByRole("button", { name: "Cancelar pedido" }).click();
    await expect(a).toHaveURL(/aviso=pedido-cancelado-reembolsado/);
    await expect(a.locator(".order-badges")).toHaveText("Cancelado Pago reembolsado");
    // Both payments given back; nothing left to refund, no flag.
    await expect(payments.getByRole("row").filter({ hasText: "Reembolsado" })).toHaveCount(2);
    await expect(a.getByText("Reembolso pendiente")).toHaveCount(0);
    await expect(a.getByRole("region", { name: /^Reembolsar pago/ })).toHaveCount(0);
    await expect(a.getByRole("region", { name: "Historial", exact: true }).getByText(/reembolsado: \$/)).toHaveCount(2);
  });
});

test("a delivered order whose cards did not come back: cancelled and refunded, its stock unchanged; the points it earned and the customer spent are owed, then paid", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(JOURNEY * 1.5);
  await withAdminAndProduct(browser, js, baseURL!, async (admin, word, product) => {
    await customerCheckout(page, visit, js, word, product.name);
    const delivered = await approve(page);
    // The 5 points it earned go into a second order, left unpaid.
    await addFromList(page, visit, word, product.name);
    await openCheckout(page, js);
    await page.getByLabel("Teléfono").fill("5512345678");
    await page.getByRole("switch", { name: "Usar mis puntos" }).check();
    if (!js) await page.getByRole("button", { name: "Actualizar puntos" }).click();
    await expect(page.getByTestId("checkout-points")).toHaveText("-$5.00 MXN");
    await pay(page);
    // The sandbox page's 'Pedido' names the order.
    const unpaid =
      (
        await page
          .locator("dl div", { has: page.getByText("Pedido", { exact: true }) })
          .locator("dd")
          .textContent()
      )?.trim() ?? "";
    expect(unpaid).toMatch(/^CV-/);
    expect(await stockOf(admin, product.id)).toBe("1");

    const a = admin.page;
    await admin.visit(`/admin/pedidos/${delivered}`);
    await a.getByLabel("Estado", { exact: true }).selectOption("shipped");
    await a.getByLabel("Número de rastreo").fill("MX123456789");
    await a.getByRole("button", { name: "Actualizar estado" }).click();
    await expect(a.locator(".order-badges")).toHaveText("Enviado Pago aprobado");
    await a.getByLabel("Estado", { exact: true }).selectOption("delivered");
    await a.getByRole("button", { name: "Actualizar estado" }).click();
    await expect(a.locator(".order-badges")).toHaveText("Entregado Pago aprobado");

    const cancel = a.getByRole("region", { name: "Cancelar pedido", exact: true });
    const question = cancel.getByRole("group", { name: "¿Recibiste de vuelta la mercancía?" });
    await expect(question.getByRole("radio")).toHaveCount(2);
    for (const radio of await question.getByRole("radio").all()) await expect(radio).not.toBeChecked();
    await cancel.getByLabel("Motivo de la cancelación").fill("Llegó dañada, el cliente se la queda");
    await cancel.getByLabel("Confirmo que quiero cancelar este pedido").check();
    await cancel.getByRole("button", { name: "Cancelar pedido" }).click();
    await expect(cancel.getByText("Indica si recibiste de vuelta la mercancía")).toBeVisible();
    await expect(a.locator(".order-badges")).toHaveText("Entregado Pago aprobado");
    await expectNoViolations(a, "/admin/pedidos/{number} (cancel a delivered order)");
    await shots(a, "cancel-delivered", js);

    await cancel.getByRole("radio", { name: /^No, la tiene el cliente/ }).check();
    if (!(await cancel.getByLabel("Confirmo que quiero cancelar este pedido").isChecked()))
      await cancel.getByLabel("Confirmo que quiero cancelar este pedido").check();
    await cancel.getByRole("button", { name: "Cancelar pedido" }).click();
    await expect(a).toHaveURL(/aviso=pedido-cancelado-reembolsado/);
    await expect(a.locator(".order-badges")).toHaveText("Cancelado Pago reembolsado");
    await expect(a.getByRole("region", { name: "Historial", exact: true })).toContainText("La mercancía no volvió a la tienda");
    expect(await stockOf(admin, product.id)).toBe("1");

    // The refund could not take back the 5 points: they are owed, and the customer sees it.
    await visit("/perfil?tab=puntos");
    await expect(page.getByTestId("points-balance")).toHaveText("0");
    await expect(page.getByTestId("points-owed")).toHaveText("5");
    await expect(page.locator(".points-history")).toContainText("Pendientes por reembolso");
    await expectNoViolations(page, "/perfil?tab=puntos (points owed)");
    await shots(page, "points-owed", js);

    // The unpaid order is cancelled: its 5 points come back and pay what was owed.
    await admin.visit(`/admin/pedidos/${unpaid}`);
    const cancelUnpaid = a.getByRole("region", { name: "Cancelar pedido", exact: true });
    await expect(cancelUnpaid.getByRole("group", { name: "¿Recibiste de vuelta la mercancía?" })).toHaveCount(0);
    await cancelUnpaid.getByLabel("Motivo de la cancelación").fill("Sin pago");
    await cancelUnpaid.getByLabel("Confirmo que quiero cancelar este pedido").check();
    await cancelUnpaid.getByRole("button", { name: "Cancelar pedido" }).click();
    await expect(a).toHaveURL(/aviso=pedido-cancelado/);
    expect(await stockOf(admin, product.id)).toBe("2");
    await visit("/perfil?tab=puntos");
    await expect(page.getByTestId("points-balance")).toHaveText("0");
    await expect(page.getByTestId("points-owed")).toHaveCount(0);
    await expect(page.locator(".points-history")).toContainText("Descontados");
  });
});
