/**
 * Product detail (docs/requirements.md#catalogue): content, gallery, sale and
 * sold-out states, SEO tags, and the not-found pages.
 */
import { cardNameLink, expect, openProductBySearch, parseMoney, productCards, test } from "./helpers";

test("opening a product from the list shows its detail", async ({ page, visit }) => {
  await visit("/productos");
  // A single (a sealed product or an accessory carries no type or rarity).
  const card = productCards(page)
    .filter({ has: page.locator(".tag-rarity") })
    .first();
  const name = ((await cardNameLink(card).textContent()) ?? "").trim();
  const type = ((await card.locator(".tag").first().textContent()) ?? "").trim();
  const rarity = ((await card.locator(".tag-rarity").textContent()) ?? "").trim();
  expect(name).not.toBe("");

  await cardNameLink(card).click();
  await expect(page).toHaveURL(/\/producto\/[0-9a-f]{24}$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(main.locator(".price-large")).toHaveText(/\$[\d,]+\.\d{2} MXN/);
  await expect(main.locator(".product-info .tags")).toContainText(type);
  await expect(main.locator(".product-info .tag-rarity")).toHaveText(rarity);
  await expect(main.locator(".stock-line")).toHaveText(/^(\d+ disponibles|¡Últimas piezas! Solo \d+ disponibles?|Agotado)$/);
  // 'Ir al carrito' only once the cart holds something.
  await expect(main.getByRole("link", { name: "Ir al carrito" })).toHaveCount(0);

  const chat = main.getByRole("link", { name: /WhatsApp/ });
  const href = (await chat.getAttribute("href")) ?? "";
  expect(href.startsWith("https://wa.me/"), href).toBe(true);
  expect(new URL(href).searchParams.get("text")).toContain(name);

  const guarantee = main.getByRole("region", { name: "Garantía de autenticidad" });
  await expect(guarantee).toBeVisible();
  await expect(guarantee).toContainText("100% original");

  const back = main.getByRole("link", { name: /Volver/ });
  await expect(back).toBeVisible();
  await back.click();
  // With JS it goes back in history (to /), without it is a link to /productos.
  await expect(page).toHaveURL(/\/(productos)?$/);
  await expect(productCards(page)).toHaveCount(24);
});

test("the whole card opens the product: its picture too, with one link per card", async ({ page, visit }) => {
  await visit("/productos");
  const card = productCards(page).nth(1);
  const name = ((await cardNameLink(card).textContent()) ?? "").trim();
  await expect(card.getByRole("link")).toHaveCount(1);
  // The title's link covers the picture (Playwright sees it "intercept" the click): click where
  // the picture is, as a thumb would, and let the topmost element take it.
  await card.locator("img").click({ force: true });
  await expect(page).toHaveURL(/\/producto\/[0-9a-f]{24}$/);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(name);
});

test("the gallery shows the second image", async ({ page, visit, js }) => {
  const url = await openProductBySearch(page, visit, "199/165", "Charizard ex");
  const main = page.getByRole("main");
  await expect(main.getByRole("img", { name: "Charizard ex, imagen 1 de 2" })).toBeVisible();
  const thumbs = main.getByRole("list", { name: "Imágenes del producto" });
  const second = thumbs.getByRole("link", { name: "Ver imagen 2" });
  await expect(second).toHaveAttribute("href", /\?img=1$/);
  await second.click();
  await expect(main.getByRole("img", { name: "Charizard ex, imagen 2 de 2" })).toBeVisible();
  await expect(second).toHaveAttribute("aria-current", "true");
  // Without JS the thumbnail is a link to ?img=1; with JS it switches in place.
  if (js) await expect(page).toHaveURL(url);
  else await expect(page).toHaveURL(`${url}?img=1`);

  await thumbs.getByRole("link", { name: "Ver imagen 1" }).click();
  await expect(main.getByRole("img", { name: "Charizard ex, imagen 1 de 2" })).toBeVisible();
});

test("a product on sale shows the old price and the percent off", async ({ page, visit }) => {
  await visit("/productos?onSale=true");
  const card = productCards(page).first();
  await expect(card.getByText("OFERTA", { exact: true })).toBeVisible();
  const name = ((await cardNameLink(card).textContent()) ?? "").trim();
  await cardNameLink(card).click();
  await expect(page).toHaveURL(/\/producto\/[0-9a-f]{24}$/);

  const info = page.locator(".product-info");
  await expect(info.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(info.getByText("OFERTA", { exact: true })).toBeVisible();
  const price = info.locator(".price-large");
  const old = price.locator("s");
  await expect(old).toHaveText(/\$[\d,]+\.\d{2} MXN/);
  const regular = parseMoney(await old.textContent());
  const sale = parseMoney(await price.locator(".price-sale").textContent());
  expect(sale).toBeLessThan(regular);
  const percent = Math.round(((regular - sale) / regular) * 100);
  await expect(price.getByText(/^-\d+%$/)).toHaveText(`-${percent}%`);
});

test("a sold-out product cannot be added", async ({ page, visit }) => {
  // Walk one expansion's list until a card carries AGOTADO (the demo catalogue's 151 has one, after those in stock).
  let found = false;
  for (let p = 1; p <= 5 && !found; p++) {
    await visit(`/productos?expansion=151&page=${p}`);
    const soldOut = productCards(page).filter({ hasText: "AGOTADO" });
    if ((await soldOut.count()) === 0) continue;
    const card = soldOut.first();
    await expect(card.getByRole("button", { name: /^Agotado/ })).toBeDisabled();
    const name = ((await cardNameLink(card).textContent()) ?? "").trim();
    await cardNameLink(card).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    found = true;
  }
  expect(found, "a sold-out product in the first pages of the list").toBe(true);
  const main = page.getByRole("main");
  await expect(main.locator(".stock-line")).toHaveText("Agotado");
  // 'Agotado' is said once: no add button, the alert in its place.
  await expect(main.getByRole("button", { name: /^(Agregar al carrito|Agotado)$/ })).toHaveCount(0);
  await expect(main.getByRole("region", { name: "Avísame cuando vuelva" })).toBeVisible();
  await expect(main.getByRole("spinbutton", { name: "Cantidad" })).toHaveCount(0);
});

test("the page carries canonical, Open Graph and JSON-LD", async ({ page, visit }) => {
  const url = await openProductBySearch(page, visit, "199/165", "Charizard ex");
  const id = url.replace(/^.*\/producto\//, "");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/producto/${id}$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Charizard ex/);
  await expect(page).toHaveTitle(/Charizard ex/);
  const jsonLd = page.locator('script[type="application/ld+json"]');
  await expect(jsonLd).toHaveCount(1);
  const data = JSON.parse((await jsonLd.textContent()) ?? "{}") as {
    "@type"?: string;
    name?: string;
    offers?: Array<{ priceCurrency?: string; price?: string; availability?: string; itemCondition?: string; url?: string }>;
  };
  expect(data["@type"]).toBe("Product");
  expect(data.name).toBe("Charizard ex");
  // One Offer per variant, each with its page, condition and availability; the one shown is the page's price.
  const radios = page.getByRole("group", { name: "Condición e idioma" }).getByRole("radio");
  expect(data.offers).toHaveLength(await radios.count());
  for (const offer of data.offers ?? []) {
    expect(offer.priceCurrency).toBe("MXN");
    expect(offer.url).toMatch(new RegExp(`/producto/${id}\\?variante=[a-z]+-(es|en|ja)$`));
    expect(offer.itemCondition).toMatch(/^https:\/\/schema\.org\/(Used|New|Damaged)Condition$/);
  }
  const shown = await radios.and(page.locator(":checked")).getAttribute("value");
  const offer = data.offers?.find((o) => o.url?.endsWith(`variante=${shown}`));
  expect(Number(offer?.price)).toBe(parseMoney(await page.locator(".price-large").textContent()));
  expect(offer?.availability).toBe("https://schema.org/InStock");
});

for (const path of ["/producto/000000000000000000000000", "/producto/not-an-id"]) {
  test(`${path} is a 404 'Producto no encontrado'`, async ({ page, visit }) => {
    const response = await visit(path);
    expect(response.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Producto no encontrado");
    const home = page.getByRole("main").getByRole("link", { name: "Volver al inicio" });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(productCards(page)).toHaveCount(24);
  });
}

test("an unknown path is a 404 'Página no encontrada'", async ({ page, visit }) => {
  const response = await visit("/no-existe");
  expect(response.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
  await expect(page.getByRole("main").getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  await expect(page).toHaveTitle(/Página no encontrada/);
});
