/**
 * Shared fixtures and page helpers for the end-to-end suite.
 *
 * Every spec imports `test` and `expect` from here. The `js` fixture says
 * whether the current project runs with JavaScript (projects `js`, `desktop`)
 * or without it (`nojs`); tests branch on it only where the two behave
 * differently by design. `visit` / `reloadPage` wait for hydration when
 * JavaScript is on, so a click never lands on the server-rendered no-JS
 * markup that hydration is about to replace.
 */
import { fillContactAndAddress } from "#tests/fixtures/checkout-form.ts";
import { test as base, devices, expect, type Browser, type BrowserContext, type Locator, type Page, type Response } from "@playwright/test";

export { expect };

type Fixtures = {
  /** True when the project runs with JavaScript enabled. */
  js: boolean;
  /** page.goto(url) and, with JavaScript, wait until the app has hydrated. */
  visit: (url: string) => Promise<Response>;
};

export const test = base.extend<Fixtures>({
  js: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  visit: async ({ page, js }, use) => {
    await use(async (url: string) => {
      const response = await page.goto(url);
      if (!response) throw new Error(`No response for ${url}`);
      if (js) await waitForHydration(page);
      return response;
    });
  },
});

/**
 * The header search form gets `novalidate` only once React has hydrated (it
 * keeps the browser's `required` check for the no-JS form), so its presence
 * means event handlers are attached. Every page, the 404 included, has it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('form[role="search"][novalidate]')).toBeAttached();
}

export async function reloadPage(page: Page, js: boolean): Promise<void> {
  await page.reload();
  if (js) await waitForHydration(page);
}

/**
 * Another shopper: a fresh browser context (no cookies) with the project's
 * phone, locale and JavaScript setting. Close `context` when done.
 */
export async function newShopper(
  browser: Browser,
  js: boolean,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page; visit: Fixtures["visit"] }> {
  const context = await browser.newContext({
    ...devices["Pixel 7"],
    baseURL,
    javaScriptEnabled: js,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
  });
  const page = await context.newPage();
  const visit = async (url: string) => {
    const response = await page.goto(url);
    if (!response) throw new Error(`No response for ${url}`);
    if (js) await waitForHydration(page);
    return response;
  };
  return { context, page, visit };
}

// ---------------------------------------------------------------------------
// Money

const moneyFormat = new Intl.NumberFormat("es-MX", {
  style: "currency",
  currency: "MXN",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1234.5 → "$1,234.50 MXN", exactly as the shop prints it. */
export function formatMoney(pesos: number): string {
  return `${moneyFormat.format(pesos)} MXN`;
}

/** The first "$1,234.50" in a text, in pesos; throws when there is none. */
export function parseMoney(text: string | null): number {
  const match = /\$\s?([\d,]+(?:\.\d{1,2})?)/.exec(text ?? "");
  if (!match?.[1]) throw new Error(`No price in ${JSON.stringify(text)}`);
  return Number(match[1].replace(/,/g, ""));
}

/** Rounds to centavos, so sums of prices compare exactly. */
export function cents(pesos: number): number {
  return Math.round(pesos * 100);
}

// ---------------------------------------------------------------------------
// The product list

/** The product cards of the list (the <article>s in the 'Productos' region). */
export function productCards(page: Page): Locator {
  return page.getByRole("region", { name: "Productos" }).getByRole("article");
}

/** The link on a card's name (the image link is aria-hidden and out of the tab order). */
export function cardNameLink(card: Locator): Locator {
  return card.getByRole("heading").getByRole("link");
}

/** The price a shopper pays on a card: the sale price when there is one (it comes first). */
export async function cardPrice(card: Locator): Promise<number> {
  return parseMoney(await card.locator(".price").textContent());
}

/** The ids (from the /producto/<id> links) of the cards on the page. */
export async function cardIds(page: Page): Promise<string[]> {
  const hrefs = await productCards(page)
    .getByRole("heading")
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((h) => h.replace(/^.*\/producto\//, ""));
}

export function resultCount(page: Page): Locator {
  return page.getByText(/^Mostrando [\d,]+ de [\d,]+ resultados$/);
}

/** Total N of 'Mostrando X de N resultados'. */
export async function totalResults(page: Page): Promise<number> {
  const text = (await resultCount(page).textContent()) ?? "";
  // es-MX groups thousands: "de 2,876 resultados".
  const match = /de ([\d,]+) resultados/.exec(text);
  if (!match?.[1]) throw new Error(`Unexpected result count ${JSON.stringify(text)}`);
  return Number(match[1].replaceAll(",", ""));
}

export function filterPanel(page: Page): Locator {
  return page.locator("#filtros");
}

/**
 * Opens the filter slide-over on a small screen: a button with aria-expanded
 * with JavaScript, a link to #filtros without. Does nothing when it is already
 * open (with JavaScript it stays open across client-side navigations).
 */
export async function openFilters(page: Page, js: boolean): Promise<Locator> {
  const panel = filterPanel(page);
  if (js) {
    const opener = page.getByRole("button", { name: "Filtros", exact: true });
    if ((await opener.getAttribute("aria-expanded")) !== "true") await opener.click();
  } else if (new URL(page.url()).hash !== "#filtros") {
    await page.getByRole("link", { name: "Filtros", exact: true }).click();
  }
  await expect(panel).toBeVisible();
  return panel;
}

/** Searches from the header box (Enter submits, with and without JavaScript). */
export async function headerSearch(page: Page, term: string): Promise<void> {
  const box = page.getByPlaceholder("Buscar productos...");
  await box.fill(term);
  await box.press("Enter");
}

/** The header cart badge. */
export function cartBadge(page: Page): Locator {
  return page.getByTestId("cart-count");
}

/**
 * Finds a product by a search that has exactly one result (e.g. a card number
 * like "191/165") and opens its detail page. Returns the product's URL.
 */
export async function openProductBySearch(page: Page, visit: Fixtures["visit"], term: string, name: string): Promise<string> {
  await visit(`/productos?${new URLSearchParams({ search: term })}`);
  const card = productCards(page).filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(card).toHaveCount(1);
  await cardNameLink(card).click();
  await expect(page).toHaveURL(/\/producto\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  return page.url();
}

/**
 * Runs an action that posts to the cart and waits until the server has
 * answered it. With JavaScript the page updates optimistically before the
 * request finishes, so a test that leaves the page right after a click must
 * wait here, or the browser may cancel the request (as it would for a
 * shopper closing the tab).
 */
export async function cartPost(page: Page, action: () => Promise<unknown>): Promise<void> {
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/carrito"));
  await action();
  const response = await answered;
  expect(response.status(), "the cart action succeeded").toBeLessThan(400);
}

/** Adds one unit from the card of a search with a single result. */
export async function addFromList(page: Page, visit: (url: string) => Promise<unknown>, term: string, name: string): Promise<void> {
  await visit(`/productos?${new URLSearchParams({ search: term })}`);
  const card = productCards(page);
  await expect(card).toHaveCount(1);
  await expect(cardNameLink(card)).toHaveText(name);
  await cartPost(page, () => card.getByRole("button", { name: `Agregar: ${name}` }).click());
  await expect(card.getByRole("button", { name: `En carrito (1): ${name}` })).toBeVisible();
}

// ---------------------------------------------------------------------------
// Checkout and the sandbox payment page

/** Opens /checkout (the cart must hold something, or a stored order must be payable). */
export async function openCheckout(page: Page, js: boolean): Promise<void> {
  await page.goto("/checkout");
  if (js) await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Finalizar compra");
}

/** Fills the contact and a new address (a guest's form, or a customer's 'new address'). */
export { fillContactAndAddress };

/** 'Continuar al Pago' on the checkout: the sandbox payment page of the order. Returns the order's id. */
export async function pay(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Continuar al Pago" }).click();
  await expect(page).toHaveURL(/\/sandbox\/pago\/[0-9a-f]{24}$/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

const SANDBOX_RETURNS = { Aprobar: "success", Rechazar: "failure", "Dejar pendiente": "pending" } as const;

/**
 * Ends the payment on the sandbox page with one of its buttons and returns the
 * order number the provider sent back (external_reference) to /payment/<result>.
 */
export async function sandboxDecision(page: Page, button: keyof typeof SANDBOX_RETURNS): Promise<string> {
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/${SANDBOX_RETURNS[button]}\\?.*external_reference=CV-`));
  const reference = new URL(page.url()).searchParams.get("external_reference");
  expect(reference).toMatch(/^CV-[0-9A-Z]{6}$/);
  return reference!;
}

/** Approves on the sandbox page and returns the order number the provider sent back (external_reference). */
export function approve(page: Page): Promise<string> {
  return sandboxDecision(page, "Aprobar");
}
