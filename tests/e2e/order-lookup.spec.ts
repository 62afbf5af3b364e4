/**
 * 'Consulta tu pedido' (/consulta-pedido), JavaScript on and off, with the real SMTP server's mail:
 * a guest places an order, then in a fresh browser (no cookie) finds it from the footer by its
 * number and e-mail; a wrong e-mail is told so without a hint whether the order exists; the order's
 * e-mail links to the same page.
 *
 * Each project buys its own demo card (by card number).
 */
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { uniqueEmail } from "./accounts";
import { waitForMail } from "./mail";
import { addFromList, expect, fillContactAndAddress, newShopper, openCheckout, pay, test } from "./helpers";

const NOT_FOUND = "No encontramos un pedido con ese número y correo. Revisa los datos e intenta de nuevo.";
const main = (page: Page) => page.locator("main");

test("a guest finds an order by its number and e-mail in a fresh browser; a wrong e-mail is told so", async ({
  page,
  visit,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const card = js ? (["146/132", "Marshadow"] as const) : (["148/132", "Spiritomb"] as const);
  const email = uniqueEmail("consulta-pedido");
  await addFromList(page, visit, card[0], card[1]);
  await openCheckout(page, js);
  await fillContactAndAddress(page, { name: "Lía Invitada", email });
  await pay(page);
  // The buyer leaves the payment page without paying.

  const mail = await waitForMail(email);
  const orderNumber = /Recibimos tu pedido (CV-[0-9A-Z]{6})/.exec(mail.subject ?? "")?.[1] ?? "";
  expect(orderNumber).toMatch(/^CV-/);
  const link = new URL(/https?:\/\/\S+\/consulta-pedido\?\S+/.exec(mail.text ?? "")?.[0] ?? "http://x/");
  expect(link.searchParams.get("pedido")).toBe(orderNumber);

  const other = await newShopper(browser, js, baseURL!);
  try {
    const { page: p, visit: go } = other;
    await go("/");
    await p.getByRole("contentinfo").getByRole("link", { name: "Consulta tu pedido" }).click();
    await expect(p).toHaveURL(/\/consulta-pedido$/);
    await expect(p.getByRole("heading", { level: 1 })).toHaveText("Consulta tu pedido");
    if (js) await expect(p.locator('form[role="search"][novalidate]')).toBeAttached();
    await expectNoViolations(p, "/consulta-pedido");

    // The wrong e-mail: the one message, the typed values kept, no order.
    await p.getByLabel("Número de pedido").fill(orderNumber.toLowerCase());
    await p.getByLabel("Correo electrónico del pedido").fill(uniqueEmail("otra-persona"));
    await p.getByRole("button", { name: "Consultar pedido" }).click();
    await expect(main(p).getByRole("alert")).toHaveText(NOT_FOUND);
    await expect(p.getByLabel("Número de pedido")).toHaveValue(orderNumber.toLowerCase());
    await expect(main(p)).not.toContainText(card[1]);
    await expectNoViolations(p, "/consulta-pedido (refused)");

    // The right pair, as typed on a phone: the order's page, the e-mail's very link.
    await p.getByLabel("Correo electrónico del pedido").fill(` ${email.toUpperCase()} `);
    await p.getByRole("button", { name: "Consultar pedido" }).click();
    await expect(p.getByRole("heading", { level: 1 })).toHaveText(`Pedido ${orderNumber}`);
    expect(new URL(p.url()).pathname + new URL(p.url()).search).toBe(link.pathname + link.search);
    await expect(main(p).locator(".order-badges")).toContainText("Pendiente");
    await expect(main(p)).toContainText(card[1]);
    await expect(main(p)).toContainText("Av. Juárez 10");
    await expect(main(p)).toContainText("Número de rastreo");
    await expect(main(p)).toContainText(email);
    await expect(main(p).getByRole("button", { name: "Pagar Ahora" })).toBeVisible();
    await expectNoViolations(p, "/consulta-pedido (order)");

    // A wrong key shows the empty form, no hint whether the order exists.
    const response = await go(`/consulta-pedido?pedido=${orderNumber}&clave=${"A".repeat(43)}`);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    await expect(p.getByRole("heading", { level: 1 })).toHaveText("Consulta tu pedido");
    await expect(main(p)).not.toContainText(orderNumber);
    expect(await p.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
  } finally {
    await other.context.close();
  }
});
