/**
 * A page's scripts load once its first paint is on screen (docs/decisions/026-scripts-after-the-first-paint.md):
 * on a phone's slow link the list's first picture does not share the bandwidth with the scripts.
 * The document names no script for the browser to fetch while it reads it; a small loader starts
 * them once the page's priority picture has loaded (or after a few seconds without it). Without
 * JavaScript no script is downloaded at all.
 */
import type { Page, Request } from "@playwright/test";
import { expect, productCards, test, waitForHydration } from "./helpers";

const LIST = "/productos?search=Blowtorch";

/** Every script the page asks for, in order. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request: Request) => {
    if (request.resourceType() === "script") urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

test("the list's scripts start after its first picture has arrived; without JavaScript none is downloaded", async ({ page, js }) => {
  const scripts = scriptRequests(page);
  // A demo card (other tests add products whose pictures are at an address that does not exist).
  await page.goto(LIST, { waitUntil: "load" });
  await expect(productCards(page).first()).toBeVisible();
  if (!js) {
    expect(scripts).toEqual([]);
    return;
  }
  await waitForHydration(page);
  expect(scripts).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/entry\.client-/)]));
  // The browser's own clock: the first script was asked for once the priority picture had arrived.
  const timing = await page.evaluate(() => {
    const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')!;
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const pictureEnd = entries.find((e) => e.name === picture.currentSrc)?.responseEnd ?? NaN;
    // (The product page's files the list fetches ahead, at the lowest priority, are not the list's own.)
    const ahead = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.href));
    const own = entries.filter((e) => /\/assets\/[^?]*\.js$/.test(e.name) && !ahead.has(e.name));
    const firstScript = Math.min(...own.map((e) => e.startTime));
    return { pictureEnd, firstScript };
  });
  expect(timing.pictureEnd).toBeGreaterThan(0);
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.pictureEnd);
});

test("a picture that never arrives does not keep the page from working", async ({ page, js }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Every picture, wherever it is.
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() === "image") await held;
    await route.continue().catch(() => {});
  });
  const scripts = scriptRequests(page);
  await page.goto(LIST, { waitUntil: "domcontentloaded" });
  await expect(productCards(page).first()).toBeVisible();
  // Painted and usable as plain HTML while the pictures are held, with no script asked for yet.
  await expect(page.getByRole("button", { name: /^Agregar: / }).first()).toBeVisible();
  expect(scripts).toEqual([]);
  // With JavaScript the loader gives up waiting after a few seconds and the page comes alive.
  if (js) await waitForHydration(page);
  expect(scripts.length > 0).toBe(js);
  release();
});
