/**
 * Nothing moves when the page comes alive (CLS 0): on a phone the server's
 * HTML (what a shopper sees before JavaScript arrives, and all they see
 * without it) and the hydrated page put the product list at the same place.
 * The no-JS 'Ordenar' button used to wrap onto a second line at phone widths
 * and vanish at hydration, lifting the whole list (Lighthouse: CLS 0.031).
 */
import { devices, type Browser } from "@playwright/test";
import { expect, test } from "./helpers";

const PHONE = devices["Pixel 7"];

async function listTop(browser: Browser, baseURL: string, width: number, javaScriptEnabled: boolean): Promise<number> {
  const context = await browser.newContext({ ...PHONE, viewport: { width, height: 800 }, javaScriptEnabled, baseURL });
  try {
    const page = await context.newPage();
    await page.goto("/productos");
    // Hydrated: the filters opener is a button (a link to #filtros without JavaScript).
    await expect(page.locator(javaScriptEnabled ? "button.filters-toggle" : "a.filters-toggle")).toBeVisible();
    const box = await page.locator(".catalog-layout").boundingBox();
    expect(box).not.toBeNull();
    return box!.y;
  } finally {
    await context.close();
  }
}

for (const width of [360, 390, 412]) {
  test(`at ${width} px the product list does not move when the page hydrates`, async ({ browser, baseURL }) => {
    const withoutJs = await listTop(browser, baseURL!, width, false);
    const withJs = await listTop(browser, baseURL!, width, true);
    expect(Math.abs(withJs - withoutJs)).toBeLessThan(0.5);
  });
}
