/**
 * Search as you type (docs/requirements.md#catalogue): with JavaScript the header's search box is
 * an ARIA 1.2 combobox offering suggestions from the demo catalogue, by keyboard alone, by a tap,
 * with the count said in a polite live region; without JavaScript the plain form is unchanged.
 */
import type { Page, Request } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { expect, test } from "./helpers";

const box = (page: Page) => page.getByRole("combobox", { name: "Buscar productos" });
const listbox = (page: Page) => page.getByRole("listbox", { name: "Sugerencias" });
const allOptions = (page: Page) => listbox(page).getByRole("option");
/** The products' options (the last option is 'Ver todos los resultados para “…”'). */
const options = (page: Page) => allOptions(page).filter({ has: page.locator(".search-suggestion-name") });
const liveRegion = (page: Page) => page.locator("#header-search-status");
const suggestionRequests = (page: Page) => {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/buscar/sugerencias")) seen.push(new URL(request.url()).searchParams.get("q") ?? "");
  });
  return seen;
};

/** Tab from the top of the page to the search box, as a keyboard user does. */
async function tabToSearch(page: Page) {
  const input = page.locator("#header-search");
  for (let i = 0; i < 6 && !(await input.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(input).toBeFocused();
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "suggestions need JavaScript");

  test("by keyboard only: type, hear the count, arrow down, Enter opens the product", async ({ page, visit }) => {
    const chunks: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/SearchSuggestions-[^/]*\.js$/.test(request.url())) chunks.push(request.url());
    });
    const asked = suggestionRequests(page);
    await visit("/productos");
    // The suggestions' code is not part of the page: it comes with the box's first focus.
    expect(chunks).toEqual([]);
    await expect(page.locator("#header-search")).not.toHaveAttribute("role", "combobox");

    await tabToSearch(page);
    await expect(box(page)).toHaveAttribute("aria-expanded", "false");
    expect(chunks).toHaveLength(1);
    await expect(box(page)).toHaveAttribute("aria-controls", "header-search-listbox");
    await expect(box(page)).toHaveAttribute("aria-autocomplete", "list");

    // One character asks nothing; a misspelt name finds the Charizards.
    await page.keyboard.type("c");
    await page.keyboard.type("harizrd");
    await expect(options(page).first()).toBeVisible();
    const count = await options(page).count();
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThanOrEqual(6);
    await expect(liveRegion(page)).toHaveText(new RegExp(`^${count} sugerencias disponibles\\s*$`));
    await expect(box(page)).toHaveAttribute("aria-expanded", "true");
    // Debounced: fewer requests than the 7 letters typed after the first (on an idle machine 1–3;
    // a loaded one may space the key presses past the debounce now and then), never for one character.
    expect(asked).not.toContain("c");
    expect(asked.length).toBeLessThan("harizrd".length);
    expect(asked.at(-1)).toBe("charizrd");
    for (const option of await options(page).all()) {
      await expect(option.locator(".search-suggestion-name")).toContainText("Charizard");
      await expect(option).toContainText(/\$[\d,]+\.\d{2} MXN$/);
      // A finger-sized target.
      expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await expectNoViolations(page, "the header's suggestions, open");

    // The arrows move the active option (wrapping), the focus stays in the box.
    await expect(box(page)).not.toHaveAttribute("aria-activedescendant", /.+/);
    await page.keyboard.press("ArrowDown");
    await expect(box(page)).toHaveAttribute("aria-activedescendant", "header-search-option-0");
    await expect(options(page).nth(0)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(box(page)).toHaveAttribute("aria-activedescendant", "header-search-option-1");
    await expect(options(page).nth(0)).toHaveAttribute("aria-selected", "false");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    // Up from the first: the last row, every result.
    await expect(box(page)).toHaveAttribute("aria-activedescendant", `header-search-option-${count}`);
    await expect(allOptions(page).last()).toHaveText("Ver todos los resultados para “charizrd”");
    await page.keyboard.press("ArrowDown");
    await expect(box(page)).toHaveAttribute("aria-activedescendant", "header-search-option-0");
    await expect(box(page)).toBeFocused();

    // Enter opens the active option's product.
    const name = (await options(page).nth(0).locator(".search-suggestion-name").textContent())!;
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/producto\/[0-9a-f]{24}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.locator("#header-search")).toHaveValue("");
    await expect(listbox(page)).toBeHidden();
  });

  test("Escape closes the list, a second Escape clears the box; Enter without a choice runs the full search", async ({ page, visit }) => {
    await visit("/productos");
    await tabToSearch(page);
    await page.keyboard.type("199/165");
    await expect(options(page)).toHaveCount(1);
    await expect(liveRegion(page)).toHaveText(/^1 sugerencia disponible\s*$/);
    await expect(options(page).first()).toContainText("Charizard ex");
    await expect(options(page).first()).toContainText("151 · 199/165");

    await page.keyboard.press("Escape");
    await expect(listbox(page)).toBeHidden();
    await expect(box(page)).toHaveAttribute("aria-expanded", "false");
    await expect(box(page)).toHaveValue("199/165");
    await page.keyboard.press("Escape");
    await expect(box(page)).toHaveValue("");

    // Nothing found is said, and shown.
    await page.keyboard.type("zzzzqqq");
    await expect(liveRegion(page)).toHaveText(/^Sin sugerencias\s*$/);
    await expect(page.getByText("Sin sugerencias", { exact: true }).first()).toBeVisible();
    await expect(box(page)).toHaveAttribute("aria-expanded", "false");

    // Enter without choosing: the full search, as without suggestions.
    await page.keyboard.press("Control+A");
    await page.keyboard.type("charizard");
    await expect(options(page).first()).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.searchParams.get("search") === "charizard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resultados para “charizard”");
    await expect(listbox(page)).toBeHidden();
    await expect(page.locator("#header-search")).toHaveValue("");
  });

  test("an answer overtaken by later typing is dropped; a tap opens a suggestion", async ({ page, visit }) => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let landed: () => void = () => {};
    const slowAnswered = new Promise<void>((resolve) => (landed = resolve));
    await page.route("**/buscar/sugerencias?*", async (route) => {
      const slowOne = new URL(route.request().url()).searchParams.get("q") === "mew";
      if (slowOne) await released;
      await route.continue().catch(() => {}); // the page may have dropped it meanwhile
      if (slowOne) landed();
    });
    await visit("/productos");
    await page.locator("#header-search").focus();
    const slow: Promise<Request> = page.waitForRequest((r) => r.url().includes("q=mew") && !r.url().includes("mewtwo"));
    await page.keyboard.type("mew");
    await slow;
    await page.keyboard.type("two");
    await expect(options(page).first()).toBeVisible();
    const mewtwoOnly = async () => {
      for (const option of await options(page).all()) await expect(option.locator(".search-suggestion-name")).toContainText("Mewtwo");
    };
    await mewtwoOnly();
    // The slow answer for 'mew' (Mew ex among them) now lands: the list still answers 'mewtwo'.
    release();
    await slowAnswered;
    await mewtwoOnly();
    await expect(box(page)).toHaveValue("mewtwo");

    const second = options(page).nth(1);
    const name = (await second.locator(".search-suggestion-name").textContent())!;
    await second.tap();
    await expect(page).toHaveURL(/\/producto\/[0-9a-f]{24}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });
});

test("without JavaScript the plain search form is unchanged", async ({ page, visit, js }) => {
  test.skip(js, "the no-JS form");
  await visit("/productos");
  const input = page.locator("#header-search");
  await expect(input).not.toHaveAttribute("role", "combobox");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await input.fill("charizrd");
  await input.press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.searchParams.get("search") === "charizrd");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resultados para “charizrd”");
});
