/**
 * The header's user menu on a slow phone: opened before the page's JavaScript has run, it stays
 * open when React takes over (hydration must not close what the shopper opened). Without
 * JavaScript it is a plain <details>.
 */
import { expect, test, waitForHydration } from "./helpers";

test("a menu opened while the page is still loading stays open once it hydrates", async ({ page, js }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Hold the app's entry script: the page is server-rendered and clickable, not yet hydrated.
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const menu = page.locator("details.user-menu");
  await page.getByLabel("Menú de usuario").click();
  await expect(menu).toHaveAttribute("open");
  await expect(page.getByRole("link", { name: "Iniciar Sesión" })).toBeVisible();

  release();
  if (js) await waitForHydration(page);
  await expect(menu).toHaveAttribute("open");
  await expect(page.getByRole("link", { name: "Iniciar Sesión" })).toBeVisible();
});
