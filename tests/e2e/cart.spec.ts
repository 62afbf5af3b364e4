/**
 * The cart (docs/requirements.md#cart): the whole shopping journey with and without
 * JavaScript, the summary arithmetic (free shipping at $2,000), persistence,
 * the list's add buttons and the stock cap.
 *
 * Products come from the deterministic demo catalogue, found by their card
 * numbers (each search has exactly one result):
 *   191/165 Jynx ex (151, Ultra Rare) — stock 3, cheap: shipping is charged;
 *   199/165 Charizard ex (151) — expensive: free shipping;
 *   205/165 Mew ex (151, Hyper Rare) — stock 1.
 */
import type { Locator, Page } from "@playwright/test";
import {
  addFromList,
  cartBadge,
  cartPost,
  cardNameLink,
  cents,
  expect,
  formatMoney,
  headerSearch,
  openFilters,
  openProductBySearch,
  parseMoney,
  productCards,
  reloadPage,
  test,
  waitForHydration,
} from "./helpers";

const FREE_SHIPPING_FROM = 2000;
const SHIPPING = 150;

function cartLine(page: Page, name: string): Locator {
  return page
    .getByRole("region", { name: "Productos en tu carrito" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading").getByRole("link", { name, exact: true }),
    });
}

/** Subtotal, shipping ($150.00 MXN under $2,000, else 'Gratis'), total and the free-shipping hint. */
async function expectSummary(page: Page, subtotal: number): Promise<void> {
  const free = cents(subtotal) >= cents(FREE_SHIPPING_FROM);
  await expect(page.getByTestId("cart-subtotal")).toHaveText(formatMoney(subtotal));
  await expect(page.getByTestId("cart-shipping")).toHaveText(free ? "Gratis" : formatMoney(SHIPPING));
  await expect(page.getByTestId("cart-total")).toHaveText(formatMoney(free ? subtotal : subtotal + SHIPPING));
  const summary = page.getByRole("complementary", { name: "Resumen del pedido" });
  await expect(summary.getByText("Envío", { exact: true })).toBeVisible();
  if (free) {
    await expect(summary.getByText("¡Tu pedido tiene envío gratis!")).toBeVisible();
    await expect(summary.getByText(/^Agrega .* más para envío gratis$/)).toHaveCount(0);
  } else {
    await expect(summary.getByText(/^Agrega .* más para envío gratis$/)).toHaveText(
      `Agrega ${formatMoney((cents(FREE_SHIPPING_FROM) - cents(subtotal)) / 100)} más para envío gratis`,
    );
  }
}

async function expectEmptyCart(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu carrito está vacío");
  await expect(page.getByRole("main").getByRole("link", { name: "Ir a la tienda" })).toHaveAttribute("href", "/productos");
  await expect(cartBadge(page)).toHaveText("0");
}

test("the whole journey: browse, filter, search, add, change quantities, remove", async ({ page, visit, js }) => {
  // Browse.
  await visit("/");
  await expect(productCards(page)).toHaveCount(24);
  await expect(cartBadge(page)).toHaveText("0");

  // Filter by expansion.
  const panel = await openFilters(page, js);
  await panel.getByLabel("Expansión").selectOption("151");
  if (!js) await panel.getByRole("button", { name: "Ver resultados" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("expansion") === "151");
  await expect(productCards(page).first().getByText("151", { exact: true })).toBeVisible();
  if (js) {
    await panel.getByRole("button", { name: "Cerrar filtros" }).click();
    await expect(panel).toBeHidden();
  }

  // Search and open the product.
  await headerSearch(page, "191/165");
  await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.searchParams.get("search") === "191/165");
  await expect(productCards(page)).toHaveCount(1);
  await cardNameLink(productCards(page)).click();
  await expect(page).toHaveURL(/\/producto\/[0-9a-f]{24}$/);
  const productPath = new URL(page.url()).pathname;
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Jynx ex");
  await expect(main.locator(".stock-line")).toHaveText("¡Últimas piezas! Solo 3 disponibles");
  // It opens on its best condition in stock, named beside the add button.
  await expect(main.locator("#variante-elegida")).toHaveText("Casi nueva · Inglés");
  const unit = parseMoney(await main.locator(".price-large").textContent());
  const rarity = ((await main.locator(".product-info .tag-rarity").textContent()) ?? "").trim();

  // Add 2 with the quantity field.
  await main.getByRole("spinbutton", { name: "Cantidad" }).fill("2");
  await cartPost(page, () => main.getByRole("button", { name: "Agregar al carrito" }).click());
  await expect(cartBadge(page)).toHaveText("2");
  await expect(main.getByRole("button", { name: "Agregar más (2 en carrito)" })).toBeEnabled();
  // Without JavaScript the post comes back to the page with the notice that it was added.
  await expect(page).toHaveURL(new RegExp(`${productPath}${js ? "" : "\\?aviso=agregado-al-carrito"}$`));
  await expect(main.getByRole("status").filter({ hasText: "Agregado al carrito" })).toBeVisible();

  // The cart line.
  await main.getByRole("link", { name: "Ir al carrito" }).click();
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carrito de compras");
  const line = cartLine(page, "Jynx ex");
  await expect(line).toHaveCount(1);
  // The line links to the variant it holds (the one the page opened on: its best condition in stock).
  await expect(line.getByRole("link", { name: "Jynx ex", exact: true })).toHaveAttribute(
    "href",
    new RegExp(`^${productPath}\\?variante=[a-z]+-[a-z]{2}$`),
  );
  await expect(line.getByText("151", { exact: true })).toBeVisible();
  await expect(line.getByText("Pokémon", { exact: true })).toBeVisible();
  await expect(line.getByText(rarity, { exact: true })).toBeVisible();
  const quantity = line.locator("output");
  await expect(quantity).toHaveText("2");
  await expect(line.locator(".cart-line-total")).toContainText(formatMoney(2 * unit));
  await expectSummary(page, 2 * unit);

  // '+' up to the stock, where it is disabled.
  // The line's buttons name the card and the variant it holds: the product page's default, its best
  // condition in stock (Near Mint), not its cheaper Lightly Played copy.
  const title = "Jynx ex (Casi nueva · Inglés)";
  await expect(line).toContainText("Casi nueva · Inglés");
  const plus = line.getByRole("button", { name: `Agregar uno de ${title}` });
  const minus = line.getByRole("button", { name: `Quitar uno de ${title}` });
  await cartPost(page, () => plus.click());
  await expect(quantity).toHaveText("3");
  await expect(plus).toBeDisabled();
  await expect(cartBadge(page)).toHaveText("3");
  await expect(line.locator(".cart-line-total")).toContainText(formatMoney(3 * unit));
  await expectSummary(page, 3 * unit);

  // '−' back to 2.
  await cartPost(page, () => minus.click());
  await expect(quantity).toHaveText("2");
  await expect(plus).toBeEnabled();
  await expect(cartBadge(page)).toHaveText("2");
  await expectSummary(page, 2 * unit);

  // 'Eliminar' removes the line.
  await cartPost(page, () => line.getByRole("button", { name: `Eliminar ${title} del carrito` }).click());
  await expectEmptyCart(page);
});

test("free shipping from $2,000, and 'Vaciar carrito' empties the cart", async ({ page, visit }) => {
  await addFromList(page, visit, "199/165", "Charizard ex");
  await expect(cartBadge(page)).toHaveText("1");
  await addFromList(page, visit, "191/165", "Jynx ex");
  await expect(cartBadge(page)).toHaveText("2");

  await page.getByRole("link", { name: /^Carrito, 2 artículos$/ }).click();
  await expect(page).toHaveURL(/\/carrito$/);
  const lines = page.getByRole("region", { name: "Productos en tu carrito" }).getByRole("listitem");
  await expect(lines).toHaveCount(2);
  let subtotal = 0;
  for (const name of ["Charizard ex", "Jynx ex"]) {
    const line = cartLine(page, name);
    await expect(line.locator("output")).toHaveText("1");
    subtotal += parseMoney(await line.locator(".cart-line-total .price").textContent());
  }
  expect(subtotal).toBeGreaterThanOrEqual(FREE_SHIPPING_FROM);
  await expectSummary(page, subtotal);
  await expect(page.getByText(/^Subtotal \(2 artículos\)$/)).toBeVisible();

  await cartPost(page, () => page.getByRole("button", { name: "Vaciar carrito" }).click());
  await expectEmptyCart(page);
  await page.getByRole("main").getByRole("link", { name: "Ir a la tienda" }).click();
  await expect(page).toHaveURL(/\/productos$/);
  await expect(productCards(page)).toHaveCount(24);
});

test("adding from a product card marks it 'En carrito (1)' and updates the badge", async ({ page, visit }) => {
  await visit("/productos");
  const card = productCards(page)
    .filter({ has: page.getByRole("button", { name: /^Agregar: / }) })
    .first();
  const href = (await cardNameLink(card).getAttribute("href")) ?? "";
  const name = ((await cardNameLink(card).textContent()) ?? "").trim();
  expect(href).toMatch(/^\/producto\/[0-9a-f]{24}$/);
  // The same card after the page may have reloaded (no JS): found by its link.
  const sameCard = productCards(page).filter({ has: page.locator(`h2 a[href="${href}"]`) });

  await cartPost(page, () => sameCard.getByRole("button", { name: `Agregar: ${name}` }).click());
  await expect(sameCard.getByRole("button", { name: `En carrito (1): ${name}` })).toBeVisible();
  await expect(sameCard.getByRole("button", { name: `En carrito (1): ${name}` })).toHaveText("En carrito (1)");
  await expect(cartBadge(page)).toHaveText("1");
  await expect(page).toHaveURL(/\/productos$/);
});

test("the cart survives a reload and a new page", async ({ page, visit, js, context }) => {
  await addFromList(page, visit, "191/165", "Jynx ex");
  const response = await visit("/carrito");
  await expect(cartLine(page, "Jynx ex").locator("output")).toHaveText("1");
  // The page itself is never cached: a shared or back-button copy would show a stale cart.
  expect(response.headers()["cache-control"]).toBe("private, no-store");

  await reloadPage(page, js);
  await expect(cartLine(page, "Jynx ex").locator("output")).toHaveText("1");
  await expect(cartBadge(page)).toHaveText("1");

  const other = await context.newPage();
  await other.goto("/carrito");
  if (js) await waitForHydration(other);
  await expect(cartLine(other, "Jynx ex").locator("output")).toHaveText("1");
  await expect(cartBadge(other)).toHaveText("1");
  await other.goto("/productos");
  await expect(cartBadge(other)).toHaveText("1");
  await other.close();
});

test("a product with stock 1 stays at quantity 1 when added twice", async ({ page, visit, js, context }) => {
  const url = await openProductBySearch(page, visit, "205/165", "Mew ex");
  await expect(page.locator(".stock-line")).toHaveText("¡Últimas piezas! Solo 1 disponible");

  // A second tab still shows the product before it is in the cart.
  const other = await context.newPage();
  await other.goto(url);
  if (js) await waitForHydration(other);
  const staleAdd = other.getByRole("button", { name: "Agregar al carrito" });
  await expect(staleAdd).toBeEnabled();

  await cartPost(page, () => page.getByRole("button", { name: "Agregar al carrito" }).click());
  await expect(cartBadge(page)).toHaveText("1");
  await expect(page.getByRole("button", { name: "Ya tienes todas las disponibles" })).toBeDisabled();

  await cartPost(other, () => staleAdd.click());
  await expect(other.getByRole("button", { name: "Ya tienes todas las disponibles" })).toBeDisabled();
  await expect(cartBadge(other)).toHaveText("1");
  await other.close();

  await visit("/carrito");
  const line = cartLine(page, "Mew ex");
  await expect(line.locator("output")).toHaveText("1");
  await expect(line.getByRole("button", { name: "Agregar uno de Mew ex" })).toBeDisabled();
  await expect(cartBadge(page)).toHaveText("1");
});

test("a product page fetches the cart's module and stylesheet ahead, so 'Agregar al carrito' does not wait for them; without JavaScript nothing", async ({
  page,
  visit,
  js,
}) => {
  const assets: string[] = [];
  page.on("requestfinished", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/assets/")) assets.push(path);
  });
  // From the list, as a shopper goes: with JavaScript a client-side visit.
  await openProductBySearch(page, visit, "191/165", "Jynx ex");
  if (!js) {
    // The cart's files serve only a client-side visit (decision 026).
    expect(assets).toEqual([]);
    return;
  }
  // 'Agregar al carrito' posts to the cart's route, whose module React Router loads before it uses the answer.
  // Its stylesheet, for 'Ir al carrito' (the route names it in its handle, which React Router's prefetch does not know).
  await expect.poll(() => assets.filter((path) => /^\/assets\/(carrito-[\w-]+\.js|cart-[\w-]+\.css)$/.test(path)).length).toBe(2);
  // Neither comes from the network again on the way to the cart: the browser has them.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const fromNetwork: string[] = [];
  cdp.on("Network.responseReceived", ({ response }) => {
    const path = new URL(response.url).pathname;
    if (/^\/assets\/(carrito|cart)-/.test(path) && !response.fromDiskCache && !response.fromPrefetchCache) fromNetwork.push(path);
  });
  await cartPost(page, () => page.getByRole("button", { name: "Agregar al carrito" }).click());
  await expect(cartBadge(page)).toHaveText("1");
  await page.getByRole("link", { name: "Ir al carrito" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carrito de compras");
  await expect(page.locator('link[rel="stylesheet"][href^="/assets/cart-"]')).toHaveCount(1);
  expect(fromNetwork).toEqual([]);
});

test("a product page loaded as a document asks for the cart's files once, through its loader, and not for the cart's data", async ({
  page,
  visit,
  js,
}) => {
  await openProductBySearch(page, visit, "191/165", "Jynx ex");
  const productUrl = page.url();
  const asked: string[] = [];
  const fresh = await page.context().newPage();
  fresh.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/assets\/(carrito|cart)-/.test(path) || path === "/carrito.data") asked.push(path);
  });
  await fresh.goto(productUrl, { waitUntil: "load" });
  if (js) await waitForHydration(fresh);
  await fresh.waitForLoadState("networkidle");
  if (!js) {
    expect(asked).toEqual([]);
    return;
  }
  // The module and the sheet, each once (the page came with the document: the browser-side prefetch stays out).
  expect(asked.filter((path) => /^\/assets\/carrito-[\w-]+\.js$/.test(path))).toHaveLength(1);
  expect(asked.filter((path) => /^\/assets\/cart-[\w-]+\.css$/.test(path))).toHaveLength(1);
  expect(asked).not.toContain("/carrito.data");
  await fresh.close();
});

test("the cart fetches the checkout's scripts and stylesheet ahead, not its data (without JavaScript nothing), and 'Proceder al pago' opens a checkout with the cart's line", async ({
  page,
  visit,
  js,
}) => {
  await addFromList(page, visit, "191/165", "Jynx ex");
  if (!js) {
    // Without JavaScript the cart names nothing for the browser to fetch ahead (decision 026).
    const assets: string[] = [];
    page.on("requestfinished", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/assets/") || path.endsWith(".data")) assets.push(path);
    });
    await visit("/carrito");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carrito de compras");
    expect(assets).toEqual([]);
    await page.getByRole("link", { name: "Proceder al pago" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Finalizar compra");
    return;
  }
  const dataAhead = page.waitForResponse((r) => new URL(r.url()).pathname === "/checkout.data" && r.request().method() === "GET");
  const scriptsAhead = page.waitForResponse((r) => /\/assets\/checkout-[\w-]+\.js$/.test(new URL(r.url()).pathname));
  // Its stylesheet too (named in the route's handle, which React Router's prefetch does not know).
  const sheetAhead = page.waitForResponse((r) => /\/assets\/checkout-[\w-]+\.css$/.test(new URL(r.url()).pathname));
  await visit("/carrito");
  // The browser's prefetch of the data is answered empty (server/http/speculative-data.ts); the checkout's module is fetched.
  const prefetched = await dataAhead;
  expect(prefetched.status()).toBe(204);
  expect(await prefetched.request().headerValue("sec-purpose")).toContain("prefetch");
  expect((await scriptsAhead).status()).toBe(200);
  expect((await sheetAhead).status()).toBe(200);

  const dataOnTap = page.waitForResponse((r) => new URL(r.url()).pathname === "/checkout.data" && r.request().method() === "GET");
  await page.getByRole("link", { name: "Proceder al pago" }).click();
  expect((await dataOnTap).status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Finalizar compra");
  await expect(page.getByRole("complementary", { name: "Resumen del pedido" })).toContainText("Jynx ex");
});
