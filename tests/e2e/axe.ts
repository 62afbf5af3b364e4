/**
 * axe-core checks for the end-to-end suite (WCAG 2.1 A/AA), with and without JavaScript.
 */
import AxeBuilder from "@axe-core/playwright";
import { devices, type Page } from "@playwright/test";
import { expect, test } from "./helpers";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core runs as a script in the page, which a JavaScript-disabled context
 * cannot do. For the `nojs` project the same URL (with the same cookies) is
 * opened in a scripting context whose app bundles are blocked: the page then
 * stays exactly the server-rendered, never-hydrated markup a no-JS visitor
 * gets, and axe can inspect it.
 */
async function analyze(page: Page, shownOnce: boolean) {
  if (test.info().project.use.javaScriptEnabled !== false) {
    return new AxeBuilder({ page }).withTags(TAGS).analyze();
  }
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser");
  // (The runner applies the project's options to new contexts too: JavaScript must be switched back on.)
  const context = await browser.newContext({
    ...devices["Pixel 7"],
    baseURL: test.info().project.use.baseURL,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
  });
  try {
    await context.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
    // The pictures are not needed to check the markup (their alt texts are).
    await context.route(/\/media\//, (route) => route.abort());
    if (shownOnce) {
      // The page showed something a second request would not (a cleared one-time cookie): serve the twin this markup.
      const html = await page.content();
      const target = page.url();
      await context.route(
        (url) => url.href === target,
        (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
        { times: 1 },
      );
    }
    const twin = await context.newPage();
    await twin.goto(page.url());
    await expect(twin.getByRole("heading", { level: 1 })).toHaveText((await page.getByRole("heading", { level: 1 }).textContent()) ?? "");
    return await new AxeBuilder({ page: twin }).withTags(TAGS).analyze();
  } finally {
    await context.close();
  }
}

/**
 * `shownOnce`: the page's content came from state its own request consumed
 * (the payment return pages clear the pending-order cookie); without
 * JavaScript the check then runs on the markup the page got.
 */
export async function expectNoViolations(page: Page, label: string, options: { soft?: boolean; shownOnce?: boolean } = {}): Promise<void> {
  const results = await analyze(page, options.shownOnce ?? false);
  const report = results.violations
    .map((v) => `${v.id} (${v.impact ?? "?"}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}`).join("\n")}`)
    .join("\n");
  const check = options.soft ? expect.soft : expect;
  check(results.violations, `axe violations on ${label}:\n${report}`).toEqual([]);
}
