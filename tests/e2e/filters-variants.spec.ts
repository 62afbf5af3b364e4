/**
 * The list's category, condition and language filters (docs/requirements.md#catalogue), with and
 * without JavaScript, at a phone's width (the filters are a slide-over) and a desktop's (a side
 * panel). What the list shows is checked against the demo catalogue the server was seeded with: a
 * listed demo product must have such a variant (other tests may sell copies or add products
 * meanwhile, so the check is "every listed demo product could match", not an exact count).
 */
import { execFileSync } from "node:child_process";
import type { Locator, Page } from "@playwright/test";
import type { DemoProduct } from "#server/catalog/demo-catalog.ts";
import { expectNoViolations } from "./axe";
import { cardIds, expect, filterPanel, openFilters, productCards, resultCount, test, totalResults } from "./helpers";

// The demo catalogue the server seeded, built the way the server builds it (tsx reads its JSON data,
// which the test runner's own loader cannot import).
const catalog: Array<Pick<DemoProduct, "id" | "category" | "variants">> = JSON.parse(
  execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `const { buildDemoCatalog } = await import("#server/catalog/demo-catalog.ts");
       process.stdout.write(JSON.stringify(buildDemoCatalog().map(({ id, category, variants }) => ({ id, category, variants }))));`,
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  ),
);
const idsWhere = (predicate: (p: (typeof catalog)[number]) => boolean) => new Set(catalog.filter(predicate).map((p) => p.id));
const withLP = idsWhere((p) => p.variants.some((v) => v.condition === "LP"));
const withLPJapanese = idsWhere((p) => p.variants.some((v) => v.condition === "LP" && v.language === "ja"));
const sealed = idsWhere((p) => p.category === "Producto Sellado");
const accessories = idsWhere((p) => p.category === "Accesorio");

const WIDTHS = [
  { name: "phone", viewport: null },
  { name: "desktop", viewport: { width: 1280, height: 900 } },
] as const;

/** The filter panel, opened where it is a slide-over (a phone); at a desktop's width it is always shown. */
async function panelOf(page: Page, js: boolean, phone: boolean): Promise<Locator> {
  if (phone) return openFilters(page, js);
  const panel = filterPanel(page);
  await expect(panel).toBeVisible();
  return panel;
}

const group = (panel: Locator, legend: string) => panel.getByRole("group", { name: legend });
const option = (panel: Locator, legend: string, label: string) => group(panel, legend).getByRole("radio", { name: label, exact: true });

/** Chooses radios: with JavaScript each click applies at once; without, they are checked and the form applied. */
async function choose(page: Page, panel: Locator, js: boolean, choices: Array<[legend: string, label: string]>) {
  for (const [legend, label] of choices) {
    if (js) {
      const before = page.url();
      await option(panel, legend, label).click();
      await expect(page).not.toHaveURL(before);
    } else {
      await option(panel, legend, label).check();
    }
  }
  if (!js) await panel.getByRole("button", { name: "Ver resultados" }).click();
}

const demoIds = new Set(catalog.map((p) => p.id));

/**
 * Every listed demo product could match. Products other tests add while this one runs (with their
 * own variants) are not in the demo catalogue and are left out of the check.
 */
async function expectListedWithin(page: Page, allowed: Set<string>) {
  await expect(resultCount(page)).toBeVisible();
  // Retried: with JavaScript the address can change a moment before the new list is shown.
  await expect(async () => {
    const ids = (await cardIds(page)).filter((id) => demoIds.has(id));
    expect(ids.length, "the filter matches some demo products").toBeGreaterThan(0);
    for (const id of ids) expect(allowed.has(id), `product ${id} may match`).toBe(true);
  }).toPass();
}

for (const width of WIDTHS) {
  test.describe(`at a ${width.name}'s width`, () => {
    if (width.viewport) test.use({ viewport: width.viewport });
    const phone = width.viewport === null;

    test("filters by condition, then by condition and language; the panel shows the choice; 'Limpiar filtros' clears", async ({
      page,
      visit,
      js,
    }) => {
      await visit("/productos?page=2");
      const all = await totalResults(page);
      let panel = await panelOf(page, js, phone);
      await expect(option(panel, "Condición", "Todas")).toBeChecked();
      for (const label of ["Casi nueva", "Ligeramente jugada", "Moderadamente jugada", "Muy jugada", "Dañada"]) {
        await expect(option(panel, "Condición", label)).toBeVisible();
      }

      await choose(page, panel, js, [["Condición", "Ligeramente jugada"]]);
      await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.search === "?condicion=lp");
      await expectListedWithin(page, withLP);
      const lp = await totalResults(page);
      expect(lp).toBeLessThan(all);
      expect(lp).toBeLessThanOrEqual(withLP.size);

      panel = await panelOf(page, js, phone);
      await expect(option(panel, "Condición", "Ligeramente jugada")).toBeChecked();
      await choose(page, panel, js, [["Idioma", "Japonés"]]);
      await expect(page).toHaveURL((url) => url.search === "?condicion=lp&idioma=ja");
      await expectListedWithin(page, withLPJapanese);
      expect(await totalResults(page)).toBeLessThan(lp);

      panel = await panelOf(page, js, phone);
      await expect(option(panel, "Condición", "Ligeramente jugada")).toBeChecked();
      await expect(option(panel, "Idioma", "Japonés")).toBeChecked();
      await expectNoViolations(page, `/productos?condicion=lp&idioma=ja (${width.name})`);

      await panel.getByRole("link", { name: "Limpiar filtros" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.search === "");
      await expect(productCards(page)).toHaveCount(24);
      panel = await panelOf(page, js, phone);
      await expect(option(panel, "Condición", "Todas")).toBeChecked();
      await expect(option(panel, "Idioma", "Todos")).toBeChecked();
    });

    test("filters by category; with a rarity a sealed product never shows; another category replaces it", async ({ page, visit, js }) => {
      await visit("/productos");
      let panel = await panelOf(page, js, phone);
      await choose(page, panel, js, [["Categoría", "Producto sellado"]]);
      await expect(page).toHaveURL((url) => url.search === "?categoria=sellado");
      await expectListedWithin(page, sealed);
      // The demo's sealed products are among them (another test's sealed product may come first).
      await expect(
        productCards(page)
          .filter({ hasText: /Booster|Elite Trainer|Sobre|Lata|Colecci|Blister/ })
          .first(),
      ).toBeVisible();

      // Sealed products carry no rarity: with one chosen, nothing is left.
      panel = await panelOf(page, js, phone);
      await choose(page, panel, js, [["Rareza", "Rare"]]);
      await expect(page).toHaveURL((url) => url.searchParams.get("categoria") === "sellado" && url.searchParams.get("rarity") === "Rare");
      await expect(page.getByText("No se encontraron productos")).toBeVisible();
      await expect(resultCount(page)).toHaveText("Mostrando 0 de 0 resultados");

      panel = await panelOf(page, js, phone);
      if (js) {
        // Choosing the chosen rarity again clears it.
        await option(panel, "Rareza", "Rare").click();
      } else {
        await option(panel, "Rareza", "Todas").check();
      }
      await choose(page, panel, js, [["Categoría", "Accesorios"]]);
      await expect(page).toHaveURL((url) => url.search === "?categoria=accesorios");
      await expectListedWithin(page, accessories);
      expect(await totalResults(page)).toBeLessThanOrEqual(accessories.size + 5);
      panel = await panelOf(page, js, phone);
      await expect(option(panel, "Categoría", "Accesorios")).toBeChecked();
      await expect(option(panel, "Rareza", "Todas")).toBeChecked();
      await expectNoViolations(page, `/productos?categoria=accesorios (${width.name})`);
    });
  });
}

test("a hand-typed value is understood and the address bar shows the clean URL; an unknown one is dropped", async ({ page, visit }) => {
  await visit("/productos?condicion=LP&idioma=Japon%C3%A9s&categoria=Carta+Individual");
  await expect(page).toHaveURL((url) => url.search === "?categoria=cartas&condicion=lp&idioma=ja");
  await expectListedWithin(page, withLPJapanese);
  await visit("/productos?condicion=nuevo&idioma=fr&categoria=cartas-raras");
  await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.search === "");
  await expect(productCards(page)).toHaveCount(24);
});
