/**
 * The list's cards kept as HTML on the server (decision 028), JavaScript on and off: two shoppers on
 * the same page in turn each see their own cards (a guest's hearts lead to sign in; a customer's
 * hearted card is pressed and the card in the cart says so), whichever of them came first; with
 * JavaScript the kept cards hydrate without an error and work in place. The test server runs with
 * SERVER_FRAGMENTS=verify (playwright.config.ts), so a kept card that differs from a fresh render
 * fails the page too.
 */
import { register, uniqueEmail } from "./accounts";
import { cardNameLink, cartBadge, cartPost, expect, newShopper, productCards, test } from "./helpers";

const ADD = "Agregar a la lista de deseos";
const REMOVE = "Quitar de la lista de deseos";

test("a guest and a customer take turns on one list page and each sees their own cards", async ({ page, visit, js, browser, baseURL }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // React reports a hydration that failed (and was redone in the browser) as a console error. A
  // resource the sandbox cannot reach (no outside network here) is not the page's error.
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });

  // Demo cards no other test adds, hearts or buys; the second card, since the first one (its picture
  // preloaded from the <head>) is always rendered in place.
  const list = "/productos?search=gengar";
  const guest = await newShopper(browser, js, baseURL!);
  try {
    await guest.visit(list);
    const guestCard = productCards(guest.page).nth(1);
    const name = (await cardNameLink(guestCard).textContent())!.trim();
    await expect(guestCard.getByRole("button", { name: `${ADD}: ${name}` })).toBeVisible();

    // The customer sees the same page the guest just had rendered, and hearts this card: a fresh
    // page shows it pressed (the card's key holds the heart's state).
    await register(page, visit, { name: "Fausto", email: uniqueEmail("fragmentos"), password: "secreto1" });
    await visit(list);
    const card = productCards(page).nth(1);
    await expect(cardNameLink(card)).toHaveText(name);
    await card.getByRole("button", { name: `${ADD}: ${name}` }).click();
    await expect(card.getByRole("button", { name: `${REMOVE}: ${name}` })).toHaveAttribute("aria-pressed", "true");
    await visit(list);
    await expect(card.getByRole("button", { name: `${REMOVE}: ${name}` })).toHaveAttribute("aria-pressed", "true");

    // Then puts it in the cart: a fresh page shows it in the cart and still pressed.
    await cartPost(page, () => card.getByRole("button", { name: `Agregar: ${name}` }).click());
    await expect(card.getByRole("button", { name: `En carrito (1): ${name}` })).toBeVisible();
    await expect(cartBadge(page)).toHaveText("1");
    await visit(list);
    await expect(card.getByRole("button", { name: `${REMOVE}: ${name}` })).toHaveAttribute("aria-pressed", "true");
    await expect(card.getByRole("button", { name: `En carrito (1): ${name}` })).toBeVisible();

    // The guest's fresh page is still a guest's.
    await guest.visit(list);
    await expect(guestCard.getByRole("button", { name: `${ADD}: ${name}` })).toBeVisible();
    await expect(guestCard.getByRole("button", { name: `${ADD}: ${name}` })).not.toHaveAttribute("aria-pressed");
    await expect(guestCard.getByRole("button", { name: `Agregar: ${name}` })).toBeEnabled();
    await expect(guestCard.getByRole("button", { name: /^En carrito/ })).toHaveCount(0);

    // Without JavaScript the heart's form comes back to this very page (its redirectTo).
    if (!js) {
      await card.getByRole("button", { name: `${REMOVE}: ${name}` }).click();
      await expect(page).toHaveURL(new RegExp(`${list.replace(/[?]/g, "\\?")}$`));
      await expect(card.getByRole("button", { name: `${ADD}: ${name}` })).toHaveAttribute("aria-pressed", "false");
    }
  } finally {
    await guest.context.close();
  }
  expect(errors, "no error while the kept cards hydrate and work").toEqual([]);
});
