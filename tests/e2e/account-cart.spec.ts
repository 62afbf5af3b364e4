/**
 * A signed-in customer's cart belongs to the account
 * (docs/architecture.md#browser-state-in-cookies), JavaScript on and off: two browser contexts of
 * one account, a phone and a laptop, see and fill the same cart; logging out leaves the browser
 * with no cart, a guest cart merges into the account's at the next login.
 *
 * Products of the demo catalogue, found by their card numbers:
 *   191/165 Jynx ex, 199/165 Charizard ex, 205/165 Mew ex.
 */
import type { Page } from "@playwright/test";
import { logIn, logOut, register, uniqueEmail } from "./accounts";
import { addFromList, cartBadge, expect, test, waitForHydration } from "./helpers";

/** The names of the lines /carrito shows, in order. */
async function expectCartLines(page: Page, visit: (url: string) => Promise<unknown>, names: string[]): Promise<void> {
  await visit("/carrito");
  const lines = page.getByRole("region", { name: "Productos en tu carrito" }).getByRole("listitem").getByRole("heading");
  await expect(lines).toHaveText(names);
  await expect(cartBadge(page)).toHaveText(String(names.length));
}

test("one account's cart on a phone and a laptop; logout leaves no cart; a guest cart merges at login", async ({
  page,
  visit,
  js,
  browser,
}) => {
  const user = { name: "Lupita", email: uniqueEmail("dos-equipos"), password: "secreto1" };
  await register(page, visit, user);

  // The phone adds a card while signed in.
  await addFromList(page, visit, "191/165", "Jynx ex");
  await expect(cartBadge(page)).toHaveText("1");

  // The laptop: a second browser, signed in to the same account.
  const laptopContext = await browser.newContext();
  try {
    const laptop = await laptopContext.newPage();
    const visitLaptop = async (url: string) => {
      const response = await laptop.goto(url);
      if (js) await waitForHydration(laptop);
      return response;
    };
    await logIn(laptop, visitLaptop, user.email, user.password);
    await expect(laptop).toHaveURL(/\/$/);
    if (js) await waitForHydration(laptop);
    await expect(cartBadge(laptop)).toHaveText("1");
    await addFromList(laptop, visitLaptop, "199/165", "Charizard ex");
    await expect(cartBadge(laptop)).toHaveText("2");
    await expectCartLines(laptop, visitLaptop, ["Jynx ex", "Charizard ex"]);
  } finally {
    await laptopContext.close();
  }

  // Back on the phone: the laptop's card is there too.
  await expectCartLines(page, visit, ["Jynx ex", "Charizard ex"]);

  // Logging out leaves this browser with no cart.
  await logOut(page);
  await expect(cartBadge(page)).toHaveText("0");
  await visit("/carrito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu carrito está vacío");
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("cart");

  // A guest card, then the login: it joins the account's cart, and the guest cart's cookie is gone.
  await addFromList(page, visit, "205/165", "Mew ex");
  await expect(cartBadge(page)).toHaveText("1");
  expect((await page.context().cookies()).map((c) => c.name)).toContain("cart");
  await logIn(page, visit, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(cartBadge(page)).toHaveText("3");
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("cart");
  await expectCartLines(page, visit, ["Jynx ex", "Charizard ex", "Mew ex"]);
});
