/**
 * The list's cards hydrate after the rest of the page, in short slices (docs/architecture.md,
 * "Hydration in slices"): a phone is never busy with all 24 cards in one long task. A tap on a
 * card in between must not be lost or turned into a document load: React hydrates the cards at
 * once and hands them the tap, which opens the product page as any tap with JavaScript does.
 */
import { expect, test } from "./helpers";

// A demo card (other tests add products whose pictures are at an address that does not exist).
const LIST = "/productos?search=Blowtorch";

test("a tap on a card the moment the page around it has hydrated opens the product page without reloading it", async ({ page, js }) => {
  const documents: string[] = [];
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  // The page's scripts wait until the test is watching for the header to hydrate.
  await page.route("**/assets/entry.client-*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto(LIST, { waitUntil: "domcontentloaded" });
  const name = (await page.locator(".product-card-title a").first().textContent())?.trim() ?? "";
  expect(name).not.toBe("");
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });

  if (!js) {
    await page.locator(".product-card-title a").first().click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    expect(documents).toHaveLength(1);
    return;
  }

  // Tapped from inside the task in which the header's form hydrated (`novalidate` appears):
  // the grid's own slices have not run yet.
  const tapped = page.evaluate(
    () =>
      new Promise<{ gridHydrated: boolean }>((resolve) => {
        const form = document.querySelector('form[role="search"]')!;
        const grid = document.querySelector(".product-grid")!;
        const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
        new MutationObserver((_, observer) => {
          if (!form.hasAttribute("novalidate")) return;
          observer.disconnect();
          const gridHydrated = hydrated(grid);
          grid.querySelector<HTMLAnchorElement>(".product-card-title a")!.click();
          resolve({ gridHydrated });
        }).observe(form, { attributes: true });
      }),
  );
  release();
  expect(await tapped).toEqual({ gridHydrated: false });
  await expect(page).toHaveURL(/\/producto\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  expect(documents).toEqual([]);
});
