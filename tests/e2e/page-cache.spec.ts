/**
 * Catalogue pages for cookieless visitors are rendered once and kept (server/http/page-cache.ts):
 * a kept page still runs its scripts (each answer carries its own CSP nonce), an admin's edit shows
 * at once, and a shopper with a cart always gets a page with their own badge.
 */
import { fillProduct, uniqueWord } from "./admin-products";
import { logInAsAdmin } from "./accounts";
import { cardIds, cartBadge, cartPost, expect, newShopper, productCards, test } from "./helpers";

test("a kept page carries each visitor's own nonce, and runs its scripts", async ({ request }) => {
  const answers = [];
  for (let i = 0; i < 3; i++) {
    const reply = await request.get("/productos?page=2");
    expect(reply.status()).toBe(200);
    const csp = reply.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const html = await reply.text();
    const nonces = [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(nonces.length).toBeGreaterThan(1);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
    answers.push({ nonce, page: html.replaceAll(nonce!, "") });
  }
  expect(new Set(answers.map((a) => a.nonce)).size).toBe(3);
  // The second and third answers are the first page kept: the same document but for the nonce.
  expect(answers[2]!.page).toBe(answers[1]!.page);
});

test("cookieless visitors see an admin's edit at once; a shopper with a cart gets their own badge", async ({
  browser,
  page,
  visit,
  js,
  baseURL,
}) => {
  const word = uniqueWord();
  await logInAsAdmin(page, visit);
  await visit("/admin/agregar-producto");
  await fillProduct(page, { name: `Eevee ${word}`, price: "1234.50", stock: "3", image: "https://imagenes.invalid/eevee.jpg" });
  await page.getByRole("button", { name: "Agregar Producto" }).click();
  await expect(page).toHaveURL(/aviso=producto-agregado$/);
  await visit(`/productos?search=${word}`);
  const [id] = await cardIds(page);

  const guest = await newShopper(browser, js, baseURL!);
  const other = await newShopper(browser, js, baseURL!);
  try {
    // Twice: the second visit is the kept page (with JavaScript, `visit` waits for hydration).
    for (let i = 0; i < 2; i++) {
      await guest.visit(`/producto/${id}`);
      await expect(guest.page.locator(".price").first()).toHaveText("$1,234.50 MXN");
    }
    await guest.visit(`/productos?search=${word}`);
    await expect(productCards(guest.page)).toHaveCount(1);

    await visit(`/admin/editar-producto/${id}`);
    await page.getByLabel("Precio de oferta (MXN, opcional)").fill("999.99");
    await page.getByRole("button", { name: "Actualizar Producto" }).click();
    await expect(page).toHaveURL(/aviso=producto-actualizado$/);

    await guest.visit(`/producto/${id}`);
    await expect(guest.page.locator(".price").first()).toContainText("$999.99 MXN");
    await guest.visit(`/productos?search=${word}`);
    await expect(productCards(guest.page).locator(".price")).toContainText("$999.99 MXN");

    // The guest adds the card: from now on they have a cart cookie and their own pages.
    await cartPost(guest.page, () =>
      productCards(guest.page)
        .getByRole("button", { name: `Agregar: Eevee ${word}` })
        .click(),
    );
    await expect(cartBadge(guest.page)).toHaveText("1");
    await guest.visit(`/productos?search=${word}`);
    await expect(cartBadge(guest.page)).toHaveText("1");
    await expect(productCards(guest.page).getByRole("button", { name: `En carrito (1): Eevee ${word}` })).toBeVisible();

    // Another first visit gets the shared page, with an empty cart.
    await other.visit(`/productos?search=${word}`);
    await expect(cartBadge(other.page)).toHaveText("0");
    await expect(productCards(other.page).getByRole("button", { name: `Agregar: Eevee ${word}` })).toBeVisible();
  } finally {
    await guest.context.close();
    await other.context.close();
  }
});
