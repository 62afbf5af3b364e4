/**
 * With JavaScript the list's filters answer a tap at once:
 * while the server has not answered, the controls already show the requested
 * state and the results say they are loading. The list's data requests
 * (`/productos.data?…`, React Router's client navigations) are held until the
 * test has looked at the pending state, then let through.
 * Without JavaScript these are plain form submissions and links (catalog.spec.ts).
 */
import type { Page, Route } from "@playwright/test";
import { expect, filterPanel, openFilters, productCards, test } from "./helpers";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "pending navigations exist only with JavaScript");

const LIST_DATA = /\/productos\.data(\?|$)/;

/** Holds every request for the list's data until `release()`; `requests` are their URLs. */
async function holdListData(page: Page) {
  const held: Route[] = [];
  const requests: URL[] = [];
  await page.route(LIST_DATA, (route) => {
    held.push(route);
    requests.push(new URL(route.request().url()));
  });
  return {
    requests,
    /** Lets the held requests (and any later one) through. */
    async release() {
      await page.unroute(LIST_DATA);
      // A request the app has since aborted (a newer tap replaced it) cannot be continued: that is fine.
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
  };
}

const results = (page: Page) => page.getByRole("region", { name: "Productos" });

async function expectLoading(page: Page) {
  await expect(results(page)).toHaveAttribute("aria-busy", "true");
  await expect(results(page)).toHaveClass(/\bis-loading\b/);
}

async function expectLoaded(page: Page) {
  await expect(results(page)).not.toHaveAttribute("aria-busy", "true");
  await expect(results(page)).not.toHaveClass(/\bis-loading\b/);
}

test("a rarity or type tap shows at once; a second tap on the chosen radio clears it, also while loading", async ({ page, visit, js }) => {
  await visit("/productos?page=2");
  const panel = await openFilters(page, js);
  const rarity = (name: string) => panel.getByRole("group", { name: "Rareza" }).getByRole("radio", { name, exact: true });
  const type = (name: string) => panel.getByRole("group", { name: "Tipo" }).getByRole("radio", { name, exact: true });
  await expectLoaded(page);

  const slow = await holdListData(page);
  await rarity("Illustration Rare").click();
  await expect.poll(() => slow.requests.at(-1)?.searchParams.get("rarity")).toBe("Illustration Rare");
  // The server has not answered: the radio is already checked and the results say they are loading.
  await expect(rarity("Illustration Rare")).toBeChecked();
  await expect(rarity("Todas")).not.toBeChecked();
  await expectLoading(page);
  await expect(page).toHaveURL((url) => url.searchParams.get("page") === "2");
  // The slide-over's button no longer counts the old results.
  await expect(panel.getByRole("button", { name: /^Ver / })).toHaveText("Ver resultados");

  // A second choice while the first is pending builds on the shown state, not on the loaded one.
  await type("Pokémon").click();
  await expect.poll(() => slow.requests.at(-1)?.searchParams.get("type")).toBe("Pokémon");
  expect(slow.requests.at(-1)?.searchParams.get("rarity")).toBe("Illustration Rare");
  await expect(type("Pokémon")).toBeChecked();
  await expect(rarity("Illustration Rare")).toBeChecked();

  // Choosing the chosen radio again clears it (docs/requirements.md#catalogue), though its choice has not loaded yet.
  await rarity("Illustration Rare").click();
  await expect.poll(() => slow.requests.length).toBe(3);
  expect(slow.requests.at(-1)?.searchParams.has("rarity")).toBe(false);
  await expect(rarity("Illustration Rare")).not.toBeChecked();
  await expect(rarity("Todas")).toBeChecked();
  await expect(type("Pokémon")).toBeChecked();
  await expectLoading(page);

  await slow.release();
  await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.search === `?${new URLSearchParams({ type: "Pokémon" })}`);
  await expectLoaded(page);
  await expect(rarity("Todas")).toBeChecked();
  await expect(type("Pokémon")).toBeChecked();
  await expect(productCards(page)).toHaveCount(24);
  await expect(panel.getByRole("button", { name: /^Ver / })).toHaveText(/^Ver \d{1,3}(,\d{3})* resultados$/);
  for (const tag of await productCards(page).locator(".tags").all()) await expect(tag).toContainText("Pokémon");
  // The slide-over stayed open through it all, and still closes.
  await expect(page.getByRole("dialog", { name: "Filtros" })).toBeVisible();
  await panel.getByRole("button", { name: "Cerrar filtros" }).click();
  await expect(filterPanel(page)).toBeHidden();

  // A loaded choice is cleared by a second tap too.
  await openFilters(page, js);
  await type("Pokémon").click();
  await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.search === "");
  await expect(type("Todos")).toBeChecked();
  await expect(type("Pokémon")).not.toBeChecked();
});

test("the sort, expansion and sale controls and 'Limpiar filtros' show at once", async ({ page, visit, js }) => {
  await visit("/productos?rarity=Hyper+Rare");
  const sort = page.getByLabel("Ordenar por");
  await expect(sort).toHaveValue("dateAdded-desc");

  let slow = await holdListData(page);
  await sort.selectOption({ label: "Precio: menor a mayor" });
  await expect.poll(() => slow.requests.at(-1)?.searchParams.get("sortBy")).toBe("price");
  await expect(sort).toHaveValue("price-asc");
  await expectLoading(page);
  await slow.release();
  await expect(page).toHaveURL((url) => url.searchParams.get("sortBy") === "price" && url.searchParams.get("rarity") === "Hyper Rare");
  await expect(sort).toHaveValue("price-asc");
  await expectLoaded(page);

  const panel = await openFilters(page, js);
  const expansion = panel.getByLabel("Expansión");
  const onSale = panel.getByRole("checkbox", { name: "Solo productos en oferta" });
  const hyper = panel.getByRole("radio", { name: "Hyper Rare", exact: true });

  slow = await holdListData(page);
  await expansion.selectOption("151");
  await expect.poll(() => slow.requests.at(-1)?.searchParams.get("expansion")).toBe("151");
  await expect(expansion).toHaveValue("151");
  await expectLoading(page);
  await onSale.click();
  await expect.poll(() => slow.requests.at(-1)?.searchParams.get("onSale")).toBe("true");
  await expect(onSale).toBeChecked();
  await expect(expansion).toHaveValue("151");
  await expect(sort).toHaveValue("price-asc");
  await slow.release();
  await expect(page).toHaveURL((url) => url.searchParams.get("expansion") === "151" && url.searchParams.get("onSale") === "true");
  await expectLoaded(page);
  await expect(onSale).toBeChecked();
  await expect(hyper).toBeChecked();

  slow = await holdListData(page);
  await panel.getByRole("link", { name: "Limpiar filtros" }).click();
  await expect.poll(() => slow.requests.length).toBe(1);
  await expect(hyper).not.toBeChecked();
  await expect(expansion).toHaveValue("");
  await expect(onSale).not.toBeChecked();
  await expect(sort).toHaveValue("price-asc"); // clearing the filters keeps the order
  await expectLoading(page);
  await slow.release();
  await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.search === "?sortBy=price&order=asc");
  await expectLoaded(page);
  await expect(panel.getByRole("group", { name: "Rareza" }).getByRole("radio", { name: "Todas" })).toBeChecked();
});
