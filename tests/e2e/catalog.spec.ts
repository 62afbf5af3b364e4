/**
 * The product list (docs/requirements.md#catalogue): listing, pagination,
 * filters, sorting, header search and hostile query strings, with and
 * without JavaScript.
 */
import {
  cardIds,
  cardNameLink,
  cardPrice,
  expect,
  filterPanel,
  headerSearch,
  openFilters,
  productCards,
  resultCount,
  test,
  totalResults,
} from "./helpers";

const TITLE = "Cartas Pokémon TCG originales";

// A combination with results in the demo catalogue (13 products on sale).
const RARITY = "Illustration Rare";
const TYPE = "Pokémon";
const EXPANSION = "White Flare";

for (const path of ["/", "/productos"]) {
  test(`${path} lists 24 products with pagination`, async ({ page, visit }) => {
    await visit(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
    await expect(resultCount(page)).toHaveText(/^Mostrando 24 de \d{1,3}(,\d{3})* resultados$/);
    expect(await totalResults(page)).toBeGreaterThan(2000);
    await expect(productCards(page)).toHaveCount(24);

    const pagination = page.getByRole("navigation", { name: "Paginación" });
    await expect(pagination.getByText("Anterior")).toBeVisible();
    await expect(pagination.getByText("Anterior")).toHaveAttribute("aria-disabled", "true");
    await expect(pagination.locator('[aria-current="page"]')).toHaveText(/1/);
    await expect(pagination.getByRole("link", { name: "Página 2" })).toBeVisible();
    await expect(pagination.getByRole("link", { name: "Siguiente" })).toBeVisible();

    const firstPage = await cardIds(page);
    await pagination.getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL((url) => url.pathname === path && url.searchParams.get("page") === "2");
    await expect(pagination.locator('[aria-current="page"]')).toHaveText(/2/);
    await expect(pagination.getByRole("link", { name: "Anterior" })).toBeVisible();
    await expect(productCards(page)).toHaveCount(24);
    await expect
      .poll(async () => (await cardIds(page)).filter((id) => firstPage.includes(id)).length, {
        message: "page 2 shows different products than page 1",
      })
      .toBe(0);
  });
}

test("a card opens its product page (with JavaScript without loading a new document) and Back returns to the list", async ({
  page,
  visit,
  js,
}) => {
  await visit("/productos?page=2");
  const card = productCards(page).nth(3);
  const name = ((await cardNameLink(card).textContent()) ?? "").trim();
  const href = (await cardNameLink(card).getAttribute("href")) ?? "";
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });

  // The whole card is the link's click target (the title's link covers it): a tap on the picture.
  await card.click({ position: { x: 40, y: 40 } });
  await expect(page).toHaveURL((url) => url.pathname === href);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  // With JavaScript only the page's data is fetched; without it the browser loads the page.
  expect(documents).toEqual(js ? [] : [href]);

  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.searchParams.get("page") === "2");
  await expect(productCards(page)).toHaveCount(24);
  await expect(cardNameLink(productCards(page).nth(3))).toHaveText(name);
});

test.describe("on a phone whose cards show a smaller file of the picture than the product page", () => {
  // The phone bench's Moto G Power: a card takes the 360 px file, the product page the 720 px one.
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

  test("a tap on a card asks for the product page's picture before the page's data has arrived", async ({ page, visit, js }) => {
    // A demo card: other tests add products whose pictures are not the shop's own files.
    await visit("/productos?search=Blowtorch");
    const card = productCards(page).first();
    const name = ((await cardNameLink(card).textContent()) ?? "").trim();
    const events: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/media/")) events.push(`picture ${url.pathname}${url.search}`);
    });
    page.on("requestfinished", (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === "document" || url.pathname.endsWith(".data")) events.push("page arrived");
    });
    await cardNameLink(card).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const main = page.locator(".gallery-main img");
    await expect.poll(() => main.evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
    const shown = await main.evaluate((img) => {
      const url = new URL((img as HTMLImageElement).currentSrc);
      return `picture ${url.pathname}${url.search}`;
    });
    expect(shown).toMatch(/w=720$/);
    const asked = events.indexOf(shown);
    const arrived = events.indexOf("page arrived");
    expect(asked).toBeGreaterThanOrEqual(0);
    expect(arrived).toBeGreaterThanOrEqual(0);
    // With JavaScript the tap preloads it beside the data (decision 026), not once the page has
    // rendered. (A document's preload scanner asks for it while the document is still arriving.)
    if (js) expect(asked).toBeLessThan(arrived);
  });
});

test("the list asks ahead for the product page's script and stylesheet once it has loaded, so a tap on a card takes them from the browser's cache", async ({
  page,
  visit,
  js,
}) => {
  const fetched: string[] = [];
  page.on("requestfinished", (request) => fetched.push(new URL(request.url()).pathname));
  await visit("/productos");
  const links = page.locator('head link[rel="prefetch"]');
  if (!js) {
    // Without JavaScript they are of no use (the product page brings its CSS in its HTML): nothing
    // is fetched ahead, nor any script (decision 026).
    await expect(links).toHaveCount(0);
    expect(fetched.filter((path) => path.startsWith("/assets/"))).toEqual([]);
    return;
  }
  // The page's loader names them once the page has loaded, after its own scripts (decision 026).
  await expect(links).not.toHaveCount(0);
  const prefetched = await links.evaluateAll((all) => all.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(prefetched.filter((href) => /^\/assets\/.+\.js$/.test(href)).length).toBeGreaterThan(0);
  expect(prefetched.filter((href) => /^\/assets\/.+\.css$/.test(href))).toHaveLength(1);
  // The browser fetches them while the shopper looks at the list.
  await expect.poll(() => prefetched.filter((href) => !fetched.includes(href))).toEqual([]);

  // They are the product route's own files: its module, its imports the list has not loaded, its
  // sheet. The browser learns the route once the cards' links are discovered (/__manifest).
  const productModule = () =>
    page.evaluate(
      () =>
        (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string } | undefined> } }).__reactRouterManifest
          .routes["routes/producto"]?.module,
    );
  await expect.poll(productModule).toMatch(/^\/assets\/.+\.js$/);
  expect(prefetched).toContain(await productModule());
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const fromNetwork: string[] = [];
  cdp.on("Network.responseReceived", ({ response }) => {
    const path = new URL(response.url).pathname;
    if (prefetched.includes(path) && !response.fromDiskCache && !response.fromPrefetchCache) fromNetwork.push(path);
  });
  const card = productCards(page).first();
  const name = ((await cardNameLink(card).textContent()) ?? "").trim();
  await cardNameLink(card).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.locator(`link[rel="stylesheet"][href="${prefetched.find((href) => href.endsWith(".css"))}"]`)).toHaveCount(1);
  expect(fromNetwork).toEqual([]);
});

test("a Ctrl-click on a card opens the product in a new tab and leaves the list as it is", async ({ page, visit, context }) => {
  await visit("/productos");
  const link = cardNameLink(productCards(page).first());
  const href = (await link.getAttribute("href")) ?? "";
  const [tab] = await Promise.all([context.waitForEvent("page"), link.click({ modifiers: ["ControlOrMeta"] })]);
  await expect(tab).toHaveURL((url) => url.pathname === href);
  await expect(page).toHaveURL((url) => url.pathname === "/productos");
  await expect(productCards(page)).toHaveCount(24);
  await tab.close();
});

test("filters by rarity, type, expansion and sale; 'Limpiar filtros' clears them", async ({ page, visit, js }) => {
  await visit("/productos?page=2");
  const panel = await openFilters(page, js);
  const rarity = panel.getByRole("group", { name: "Rareza" }).getByRole("radio", { name: RARITY, exact: true });
  const type = panel.getByRole("group", { name: "Tipo" }).getByRole("radio", { name: TYPE, exact: true });
  const expansion = panel.getByLabel("Expansión");
  const onSale = panel.getByRole("checkbox", { name: "Solo productos en oferta" });

  if (js) {
    // Every change applies at once, and the page goes back to 1.
    await rarity.click();
    await expect(page).toHaveURL((url) => url.searchParams.get("rarity") === RARITY && !url.searchParams.has("page"));
    await expect(rarity).toBeChecked();
    await type.click();
    await expect(page).toHaveURL((url) => url.searchParams.get("rarity") === RARITY && url.searchParams.get("type") === TYPE);
    await expect(type).toBeChecked();
    await expansion.selectOption(EXPANSION);
    await expect(page).toHaveURL((url) => url.searchParams.get("expansion") === EXPANSION && url.searchParams.get("type") === TYPE);
    await expect(expansion).toHaveValue(EXPANSION);
    await onSale.click();
    await expect(page).toHaveURL((url) => url.searchParams.get("onSale") === "true");
    await expect(onSale).toBeChecked();
  } else {
    // A GET form: pick everything, then apply; the server redirects to the canonical URL.
    await rarity.check();
    await type.check();
    await expansion.selectOption(EXPANSION);
    await onSale.check();
    await panel.getByRole("button", { name: "Ver resultados" }).click();
  }
  await expect(page).toHaveURL((url) => {
    const p = url.searchParams;
    return (
      url.pathname === "/productos" &&
      p.get("rarity") === RARITY &&
      p.get("type") === TYPE &&
      p.get("expansion") === EXPANSION &&
      p.get("onSale") === "true" &&
      !p.has("page") &&
      !p.has("sort")
    );
  });

  const cards = productCards(page);
  await expect(resultCount(page)).toHaveText(/^Mostrando (\d+) de \1 resultados$/);
  const shown = await cards.count();
  expect(shown, "the chosen filters match some demo products").toBeGreaterThan(0);
  await expect(resultCount(page)).toHaveText(`Mostrando ${shown} de ${shown} resultados`);
  for (const card of await cards.all()) {
    await expect(card.locator(".tag-rarity")).toHaveText(RARITY);
    await expect(card.locator(".tags")).toContainText(TYPE);
    await expect(card.getByText(EXPANSION, { exact: true })).toBeVisible();
    await expect(card.getByText("OFERTA", { exact: true })).toBeVisible();
  }

  // The form shows the applied state (also after a full page load without JS).
  await openFilters(page, js);
  await expect(rarity).toBeChecked();
  await expect(type).toBeChecked();
  await expect(expansion).toHaveValue(EXPANSION);
  await expect(onSale).toBeChecked();

  await panel.getByRole("link", { name: "Limpiar filtros" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.search === "");
  await expect(resultCount(page)).toHaveText(/^Mostrando 24 de \d{1,3}(,\d{3})* resultados$/);
  expect(await totalResults(page)).toBeGreaterThan(2000);
});

// With JS choosing the selected radio clears it (docs/requirements.md#catalogue); a plain HTML radio
// cannot be unselected, so without JS the 'Todas' option does it.
test("the selected rarity can be cleared from the panel", async ({ page, visit, js }) => {
  await visit(`/productos?${new URLSearchParams({ rarity: "Hyper Rare" })}`);
  const panel = await openFilters(page, js);
  const hyper = panel.getByRole("radio", { name: "Hyper Rare", exact: true });
  await expect(hyper).toBeChecked();
  if (js) {
    await hyper.click();
  } else {
    await panel.getByRole("group", { name: "Rareza" }).getByRole("radio", { name: "Todas" }).check();
    await panel.getByRole("button", { name: "Ver resultados" }).click();
  }
  await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.search === "");
  await openFilters(page, js);
  await expect(hyper).not.toBeChecked();
  await expect(panel.getByRole("group", { name: "Rareza" }).getByRole("radio", { name: "Todas" })).toBeChecked();
});

test("sorts by price, lowest first", async ({ page, visit, js }) => {
  await visit("/productos");
  const sort = page.getByLabel("Ordenar por");
  await sort.selectOption({ label: "Precio: menor a mayor" });
  if (!js) await page.getByRole("button", { name: "Ordenar", exact: true }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get("sortBy") === "price" && url.searchParams.get("order") === "asc" && !url.searchParams.has("sort"),
  );
  await expect(sort).toHaveValue("price-asc");
  await expect(productCards(page)).toHaveCount(24);
  await expect
    .poll(
      async () => {
        const prices: number[] = [];
        for (const card of await productCards(page).all()) prices.push(await cardPrice(card));
        return prices.every((price, i) => i === 0 || (prices[i - 1] ?? 0) <= price) && prices.length === 24;
      },
      { message: "page 1 prices (sale price when present) are non-decreasing" },
    )
    .toBe(true);
});

test.describe("header search", () => {
  test("finds cards by a misspelt name, a card number and an unaccented word", async ({ page, visit }) => {
    const box = page.getByPlaceholder("Buscar productos...");
    await visit("/productos");

    // A typo still finds the card.
    await headerSearch(page, "charizrd");
    await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.searchParams.get("search") === "charizrd");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resultados para “charizrd”");
    await expect(cardNameLink(productCards(page).first())).toContainText("Charizard");
    // The box is empty again after searching (cleared with JS; a fresh page without).
    await expect(box).toHaveValue("");

    // A card number finds exactly that card.
    await headerSearch(page, "199/165");
    await expect(page).toHaveURL((url) => url.searchParams.get("search") === "199/165");
    await expect(productCards(page)).toHaveCount(1);
    await expect(cardNameLink(productCards(page).first())).toHaveText("Charizard ex");
    await expect(box).toHaveValue("");

    // Without the accent it finds names with 'Pokémon'.
    await headerSearch(page, "pokemon");
    await expect(page).toHaveURL((url) => url.searchParams.get("search") === "pokemon");
    await expect(productCards(page).getByRole("heading").filter({ hasText: "Pokémon" }).first()).toBeVisible();
    await expect(box).toHaveValue("");
  });

  test("a blank search does nothing; a search without results says so", async ({ page, visit }) => {
    await visit("/productos?page=2");
    const before = page.url();
    const searches: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("search=")) searches.push(request.url());
    });
    await headerSearch(page, "   ");
    await expect(page).toHaveURL(before);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
    expect(searches, "no search request was made").toEqual([]);

    await headerSearch(page, "zzzzqqq");
    await expect(page).toHaveURL((url) => url.searchParams.get("search") === "zzzzqqq" && !url.searchParams.has("page"));
    await expect(page.getByText("No se encontraron productos")).toBeVisible();
    await expect(resultCount(page)).toHaveText("Mostrando 0 de 0 resultados");
    await expect(productCards(page)).toHaveCount(0);
  });
});

test("on a small screen the filters are a slide-over", async ({ page, visit, js }) => {
  await visit("/productos");
  const panel = filterPanel(page);
  await expect(panel).toBeHidden();
  if (js) {
    const opener = page.getByRole("button", { name: "Filtros", exact: true });
    await expect(opener).toHaveAttribute("aria-expanded", "false");
    await opener.click();
    await expect(opener).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Filtros" })).toBeVisible();
    await panel.getByRole("button", { name: "Cerrar filtros" }).click();
    await expect(panel).toBeHidden();
    await expect(opener).toHaveAttribute("aria-expanded", "false");
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  } else {
    const opener = page.getByRole("link", { name: "Filtros", exact: true });
    await expect(opener).toHaveAttribute("href", "#filtros");
    await opener.click();
    await expect(page).toHaveURL(/#filtros$/);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("button", { name: "Ver resultados" })).toBeVisible();
    await panel.getByRole("link", { name: "Cerrar filtros" }).click();
    await expect(panel).toBeHidden();
  }
});

test("a link with the parameters in another order is answered at once, naming the canonical URL", async ({ page, visit, baseURL }) => {
  const reordered = `/productos?${new URLSearchParams({ type: TYPE, page: "2", rarity: RARITY })}`;
  const response = await visit(reordered);
  expect(response.status()).toBe(200);
  expect(response.request().redirectedFrom(), "no redirect round trip").toBeNull();
  expect(page.url()).toContain(reordered);
  const canonical = `/productos?${new URLSearchParams({ rarity: RARITY, type: TYPE, page: "2" })}`;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new URL(canonical, baseURL).href);
  const pagination = page.getByRole("navigation", { name: "Paginación" });
  await expect(pagination.locator('[aria-current="page"]')).toHaveText(/2/);
  await expect(productCards(page).first()).toBeVisible();
  for (const card of await productCards(page).all()) await expect(card.locator(".tag-rarity")).toHaveText(RARITY);
});

test.describe("hostile query strings never fail", () => {
  test("malformed page, sort and filter values fall back to defaults", async ({ page, visit }) => {
    for (const query of [
      "page=abc",
      "page=-5",
      "sortBy=evil&order=sideways",
      "rarity=<script>",
      "page=99999999999",
      "expansion=151&expansion=Nope&onSale=maybe",
    ]) {
      const response = await visit(`/productos?${query}`);
      expect(response.status(), query).toBeLessThan(500);
      await expect(page.getByRole("heading", { level: 1 }), query).toBeVisible();
      await expect(resultCount(page), query).toBeVisible();
    }
  });

  test("a search term is shown back escaped", async ({ page, visit }) => {
    const response = await visit(`/productos?search=%25%27%22<b>`);
    expect(response.status()).toBeLessThan(500);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Resultados para “%'"<b>”`);
    await expect(page.locator("b")).toHaveCount(0);
    await expect(page).toHaveTitle(/%'"<b>/);
  });
});
