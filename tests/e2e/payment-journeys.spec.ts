/**
 * Whole payment journeys across the checkout, the sandbox payment page, the
 * return pages and 'Mis Pedidos' (docs/requirements.md#payments), JavaScript on
 * and off, with axe on each return page that shows an order:
 * - a guest approves: the success page, the emptied cart, the cookie cleared;
 * - a customer is refused, tries again from the failure page and pays: points
 *   in the header chip and /perfil, the order paid in Mis Pedidos;
 * - a customer leaves the payment pending, then pays with 'Pagar Ahora';
 * - another customer, and a guest, see nothing of someone else's order.
 *
 * Each test registers its own account and buys its own demo cards (by card
 * number), different per project, so no test depends on another's data.
 */
import type { Locator, Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { register, uniqueEmail } from "./accounts";
import {
  addFromList,
  cartBadge,
  expect,
  fillContactAndAddress,
  formatMoney,
  newShopper,
  openCheckout,
  pay,
  reloadPage,
  sandboxDecision,
  test,
} from "./helpers";

const NOT_FOUND = "No se encontró información de la orden";
const FAILURE_REASONS = [
  "Fondos insuficientes",
  "Datos de la tarjeta incorrectos",
  "Tarjeta rechazada por el banco emisor",
  "Límite de compra excedido",
];
const SHIPPING = 150; // Estafeta, under $2,000

const main = (page: Page) => page.locator("main");

/** The longer journeys (an account, two payments) take ~40 s without JavaScript on a busy 2-core machine. */
const LONG_JOURNEY = 150_000;

/** The value next to a label in a result page's facts (a <dt>/<dd> pair). */
function fact(scope: Page | Locator, label: string): Locator {
  return scope.locator(`.order-facts > div:has(> dt:text-is(${JSON.stringify(label)})) > dd`);
}

/** A customer's order in Mis Pedidos. */
function orderEntry(page: Page, orderNumber: string): Locator {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Pedido ${orderNumber}`, exact: true }) });
}

/** Registers a new customer and places an order for one card through the checkout, up to the sandbox page. */
async function customerOrder(
  page: Page,
  visit: (url: string) => Promise<unknown>,
  js: boolean,
  tag: string,
  card: readonly [string, string],
) {
  const email = uniqueEmail(tag);
  await register(page, visit, { name: "Carla Compradora", email, password: "secreto123" });
  await addFromList(page, visit, card[0], card[1]);
  await openCheckout(page, js);
  await fillContactAndAddress(page);
  const orderId = await pay(page);
  return { email, orderId };
}

test("a guest approves the payment: the success page shows the order once, the cart is empty", async ({ page, visit, js }) => {
  // A card's 'Agregar' adds the variant the card shows, its cheapest in stock (Strange Timepiece: the LP copy).
  const [term, name, price] = js ? (["073/132", "Hariyama", 30.5] as const) : (["128/132", "Strange Timepiece", 18.5] as const);
  await addFromList(page, visit, term, name);
  await openCheckout(page, js);
  await fillContactAndAddress(page, { name: "Gina Invitada", email: uniqueEmail("guest-journey") });
  await pay(page);
  const orderNumber = await sandboxDecision(page, "Aprobar");

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Pago exitoso!");
  await expect(fact(page, "Número de orden")).toHaveText(orderNumber);
  // The total paid with 2 decimals (e.g. $180.50 MXN).
  await expect(fact(page, "Total pagado")).toHaveText(formatMoney(price + SHIPPING));
  await expect(fact(page, "Total pagado")).toHaveText(/\.\d{2} MXN$/);
  // The webhook was applied before the return: the sandbox's 11-digit payment id.
  await expect(fact(page, "ID de pago")).toHaveText(/^\d{11}$/);
  await expect(main(page).getByRole("listitem").filter({ hasText: "número de rastreo" })).toBeVisible();
  // Points only for a signed-in buyer.
  await expect(main(page).getByText(/Ganaste .* puntos/)).toHaveCount(0);
  await expect(main(page).getByRole("link", { name: "Seguir comprando" })).toHaveAttribute("href", "/");
  // A guest's way back to the order is its own keyed page (issue 29), never a sign-in page.
  await expect(main(page).getByRole("link", { name: "Ver mis pedidos" })).toHaveCount(0);
  await expect(main(page).getByRole("link", { name: "Ver mi pedido", exact: true })).toHaveAttribute(
    "href",
    new RegExp(`^/consulta-pedido\\?pedido=${orderNumber}&clave=`),
  );
  await expect(cartBadge(page)).toHaveText("0");
  // (A page shown once: without JavaScript axe checks the markup this page got, not a second request's.)
  await expectNoViolations(page, "/payment/success (guest)", { shownOnce: true });

  // The stored order was cleared: the same URL again shows no order.
  await reloadPage(page, js);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND);
  await expect(main(page)).not.toContainText(orderNumber);
});

test("a customer's payment is refused, tried again from the failure page and approved: points and a paid order", async ({
  page,
  visit,
  js,
}) => {
  test.setTimeout(LONG_JOURNEY);
  const card = js ? (["137/132", "Ninjask"] as const) : (["143/132", "Helioptile"] as const);
  // A card's 'Agregar' adds the variant the card shows: Helioptile's cheapest in stock is its Japanese copy.
  const [price, variant] = js ? [220, "Casi nueva · Inglés"] : [205, "Casi nueva · Japonés"];
  const earned = 2; // floor(1 % of the subtotal)
  const total = formatMoney(price + SHIPPING);
  const { email } = await customerOrder(page, visit, js, "retry-journey", card);

  const orderNumber = await sandboxDecision(page, "Rechazar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("El pago no se pudo procesar");
  for (const reason of FAILURE_REASONS) await expect(main(page).getByRole("listitem").filter({ hasText: reason })).toBeVisible();
  await expect(main(page)).toContainText(`Tu orden ${orderNumber} fue creada, pero el pago no se procesó.`);
  await expect(main(page).getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  await expectNoViolations(page, "/payment/failure (stored order)");

  // 'Intentar de nuevo': the checkout offers the stored order (the cart is empty now).
  await main(page).getByRole("link", { name: "Intentar de nuevo" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { name: "Tu pedido está pendiente de pago" })).toBeVisible();
  await expect(page.getByTestId("retry-order-number")).toHaveText(orderNumber);
  await expect(main(page).getByText(total)).toBeVisible();
  await pay(page);
  expect(await sandboxDecision(page, "Aprobar")).toBe(orderNumber);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Pago exitoso!");
  await expect(fact(page, "Número de orden")).toHaveText(orderNumber);
  await expect(fact(page, "Total pagado")).toHaveText(total);
  const paymentId = (await fact(page, "ID de pago").textContent()) ?? "";
  expect(paymentId).toMatch(/^\d{11}$/);
  await expect(main(page)).toContainText(`Ganaste ${earned} puntos de lealtad con esta compra.`);
  await expect(main(page).getByRole("link", { name: "Ver mis puntos" })).toHaveAttribute("href", /^\/perfil/);
  await expect(page.getByRole("link", { name: `Tus puntos: ${earned}` })).toBeVisible();
  await expect(cartBadge(page)).toHaveText("0");
  await expectNoViolations(page, "/payment/success (customer)");

  await main(page).getByRole("link", { name: "Ver mis puntos" }).click();
  await expect(page).toHaveURL(/\/perfil/);
  await expect(page.getByTestId("points-balance")).toHaveText(String(earned));

  await visit(`/mis-pedidos?pedido=${orderNumber}`);
  const entry = orderEntry(page, orderNumber);
  await expect(entry.locator(".order-badges")).toHaveText("Procesando Pago aprobado");
  await expect(entry).toContainText(`1 artículo · ${total}`);
  await expect(entry.getByRole("button", { name: "Pagar Ahora" })).toHaveCount(0);
  // ?pedido= opens that order's detail (without JavaScript too).
  const detail = entry.locator("details");
  await expect(detail).toHaveAttribute("open", "");
  await expect(detail.locator(".order-line-name")).toHaveText(`${card[1]}${variant}`);
  await expect(detail.locator(".order-line-variant")).toHaveText(variant);
  await expect(detail.getByText("Av. Juárez 10, Col. Centro")).toBeVisible();
  await expect(fact(detail, "ID de pago")).toHaveText(paymentId);
  await expect(detail.locator(".order-totals .order-total dd")).toHaveText(total);
  await expect(detail.getByText(`Puntos ganados`)).toBeVisible();
  await expect(detail.getByText(email)).toBeVisible();
  await expectNoViolations(page, "/mis-pedidos (paid order)");
});

test("a customer leaves the payment pending, then pays it from Mis Pedidos with 'Pagar Ahora'", async ({ page, visit, js }) => {
  test.setTimeout(LONG_JOURNEY);
  const card = js ? (["040/159", "Wailmer"] as const) : (["075/159", "Alcremie ex"] as const);
  const price = js ? 21 : 41;
  const total = formatMoney(price + SHIPPING);
  const { orderId } = await customerOrder(page, visit, js, "pending-journey", card);

  const orderNumber = await sandboxDecision(page, "Dejar pendiente");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pago pendiente");
  await expect(fact(page, "Número de orden")).toHaveText(orderNumber);
  await expect(fact(page, "Total")).toHaveText(total);
  await expect(main(page)).toContainText("48 horas hábiles");
  await expectNoViolations(page, "/payment/pending (stored order)");

  await main(page).getByRole("link", { name: "Ver mis pedidos" }).click();
  await expect(page).toHaveURL(new RegExp(`/mis-pedidos\\?pedido=${orderNumber}$`));
  const entry = orderEntry(page, orderNumber);
  await expect(entry.locator(".order-badges")).toHaveText("Pendiente Pago pendiente");
  await entry.getByRole("button", { name: "Pagar Ahora" }).click();
  // The sandbox page of the same order.
  await expect(page).toHaveURL(new RegExp(`/sandbox/pago/${orderId}$`));
  await expect(main(page)).toContainText(orderNumber);
  expect(await sandboxDecision(page, "Aprobar")).toBe(orderNumber);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Pago exitoso!");
  await expect(fact(page, "Número de orden")).toHaveText(orderNumber);

  await visit("/mis-pedidos");
  await expect(orderEntry(page, orderNumber).locator(".order-badges")).toHaveText("Procesando Pago aprobado");
  await expect(orderEntry(page, orderNumber).getByRole("button", { name: "Pagar Ahora" })).toHaveCount(0);
});

test("another customer and a guest see nothing of someone else's order, by number or by id", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(LONG_JOURNEY);
  const card = js ? (["129/132", "Surfing Beach"] as const) : (["105/182", "Hippopotas"] as const);
  const { orderId } = await customerOrder(page, visit, js, "owner-journey", card);
  const orderNumber = await sandboxDecision(page, "Aprobar");
  await expect(fact(page, "Número de orden")).toHaveText(orderNumber);

  const pages = [`/confirmacion?pedido=${orderNumber}`, `/payment/success?external_reference=${orderNumber}`];

  const other = await newShopper(browser, js, baseURL!);
  try {
    await register(other.page, other.visit, { name: "Otra Clienta", email: uniqueEmail("other-journey"), password: "secreto123" });
    await other.visit(`/mis-pedidos?pedido=${orderNumber}`);
    await expect(other.page.getByRole("heading", { level: 1 })).toHaveText("Mis Pedidos");
    await expect(other.page.getByText("Aún no tienes pedidos.")).toBeVisible();
    await expect(main(other.page)).not.toContainText(orderNumber);
    for (const path of pages) {
      await other.visit(path);
      await expect(other.page.getByRole("heading", { level: 1 }), path).toHaveText(NOT_FOUND);
      await expect(main(other.page), path).not.toContainText(orderNumber);
    }
    // 'Pagar Ahora' for the first customer's order id: not found.
    const response = await other.context.request.post("/mis-pedidos", {
      form: { intent: "pay", orderId },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(404);
  } finally {
    await other.context.close();
  }

  const guest = await newShopper(browser, js, baseURL!);
  try {
    for (const path of pages) {
      await guest.visit(path);
      await expect(guest.page.getByRole("heading", { level: 1 }), path).toHaveText(NOT_FOUND);
      await expect(main(guest.page), path).not.toContainText(orderNumber);
    }
    await guest.visit(`/mis-pedidos?pedido=${orderNumber}`);
    await expect(guest.page).toHaveURL(/\/login\?redirectTo=/);
  } finally {
    await guest.context.close();
  }
});
