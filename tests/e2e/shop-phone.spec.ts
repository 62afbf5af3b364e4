import { cardNameLink, expect, productCards, test } from "./helpers";
import { E2E_WHATSAPP_DISPLAY, E2E_WHATSAPP_NUMBER } from "./config-values";
import { DEFAULT_WHATSAPP_NUMBER, displayPhoneNumber } from "#domain/shop.ts";

// One chat-app number, from the configuration (WHATSAPP_NUMBER): the footer, the information pages
// and the product pages all print the one the server was started with, never the default.
const chat = `https://wa.me/${E2E_WHATSAPP_NUMBER}`;

test("the footer calls the configured number", async ({ page, visit }) => {
  await visit("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: E2E_WHATSAPP_DISPLAY })).toHaveAttribute("href", `tel:+${E2E_WHATSAPP_NUMBER}`);
  await expect(footer).not.toContainText(displayPhoneNumber(DEFAULT_WHATSAPP_NUMBER));
});

for (const path of ["/terminos", "/privacidad", "/garantia", "/envios"]) {
  test(`${path} sends questions to the configured number`, async ({ page, visit }) => {
    await visit(path);
    const main = page.getByRole("main");
    const links = main.locator(`a[href^="https://wa.me/"]`);
    await expect(links.first()).toBeVisible();
    for (const href of await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""))) {
      expect(href.split("?")[0], href).toBe(chat);
    }
    await expect(main.getByRole("link", { name: new RegExp(E2E_WHATSAPP_DISPLAY) }).first()).toBeVisible();
    await expect(page.locator("body")).not.toContainText(displayPhoneNumber(DEFAULT_WHATSAPP_NUMBER));
  });
}

test("a product page asks for photos at the configured number", async ({ page, visit }) => {
  await visit("/productos");
  const card = productCards(page).first();
  const name = (await cardNameLink(card).textContent()) ?? "";
  await visit((await cardNameLink(card).getAttribute("href")) ?? "");
  const href =
    (await page
      .getByRole("main")
      .getByRole("link", { name: /WhatsApp/ })
      .getAttribute("href")) ?? "";
  expect(href.split("?")[0], href).toBe(chat);
  expect(new URL(href).searchParams.get("text")).toContain(name.trim());
});
