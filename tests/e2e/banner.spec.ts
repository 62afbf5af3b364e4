/**
 * The loyalty banner on the product list (docs/requirements.md#catalogue): explains the 1% rule,
 * offers 'Crear Cuenta' to visitors, and once closed stays closed.
 */
import { expect, productCards, reloadPage, test } from "./helpers";

test("the banner invites visitors to create an account", async ({ page, visit }) => {
  await visit("/productos");
  const banner = page.getByRole("region", { name: "Programa de puntos" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("1% de cada compra en puntos");
  await expect(banner.getByRole("link", { name: "Crear Cuenta" })).toHaveAttribute("href", "/registro");
});

test("closing the banner is remembered", async ({ page, visit, js }) => {
  await visit("/productos?page=2");
  const banner = page.getByRole("region", { name: "Programa de puntos" });
  await expect(banner).toBeVisible();
  const before = page.url();

  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(request.url());
  });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });

  await banner.getByRole("button", { name: "Cerrar aviso de puntos" }).click();
  await expect(banner).toHaveCount(0);
  await expect(page).toHaveURL(before);
  await expect(productCards(page)).toHaveCount(24);
  if (js) {
    // Closed in place: no page load, no form post.
    expect(documents, "no navigation").toEqual([]);
    expect(posts, "no form post").toEqual([]);
  } else {
    // The form posts and the server sends the shopper back to the same page.
    expect(posts).toEqual(["/preferencias/aviso-puntos"]);
    expect(documents.map((u) => new URL(u).pathname)).toEqual(["/preferencias/aviso-puntos", "/productos"]);
  }

  await reloadPage(page, js);
  await expect(productCards(page)).toHaveCount(24);
  await expect(page.getByRole("region", { name: "Programa de puntos" })).toHaveCount(0);

  await page.getByRole("navigation", { name: "Paginación" }).getByRole("link", { name: "Página 1", exact: true }).click();
  await expect(page).toHaveURL(/\/productos$/);
  await expect(productCards(page)).toHaveCount(24);
  await expect(page.getByRole("region", { name: "Programa de puntos" })).toHaveCount(0);

  await visit("/");
  await expect(productCards(page)).toHaveCount(24);
  await expect(page.getByRole("region", { name: "Programa de puntos" })).toHaveCount(0);
});
