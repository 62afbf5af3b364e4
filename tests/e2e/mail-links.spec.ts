/**
 * An e-mail written outside the shopper's request links to the address the shopper used
 * (docs/requirements.md#e-mails-sent, "Where links point"): the back-in-stock e-mail is written in
 * the admin's restock, yet its links go to the origin the alert was asked at, never to a
 * `localhost:3000` default nor to the admin's own address.
 *
 * The shopper reaches the shop as `localhost`, the admin as `127.0.0.1`: the same server under
 * two origins, so a link built from the wrong request (or from no request) shows.
 */
import { expectNoViolations } from "./axe";
import { logInAsAdmin, uniqueEmail } from "./accounts";
import { fillProduct, uniqueWord } from "./admin-products";
import { waitForMailAbout } from "./mail";
import { expect, newShopper, test } from "./helpers";

/** The shop as the shopper reaches it: same server, another host name than the tests' baseURL. */
function shopperOrigin(baseURL: string): string {
  const url = new URL(baseURL);
  url.hostname = "localhost";
  return url.origin;
}

test("the back-in-stock e-mail, written in the admin's restock, links to the address the shopper asked at", async ({
  page,
  js,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = shopperOrigin(baseURL!);
  const admin = await newShopper(browser, js, baseURL!);
  try {
    // The admin adds a card with no stock (their own, so no other test restocks it).
    const word = uniqueWord();
    const name = `Umbreon ${word}`;
    await logInAsAdmin(admin.page, admin.visit);
    await admin.visit("/admin/agregar-producto");
    await fillProduct(admin.page, { name, price: "480", stock: "0", image: "https://imagenes.invalid/umbreon.jpg" });
    await admin.page.getByRole("button", { name: "Agregar Producto" }).click();
    await expect(admin.page).toHaveURL(/aviso=producto-agregado/);
    await admin.visit(`/productos?${new URLSearchParams({ search: word })}`);
    const href = (await admin.page.locator("main").getByRole("link", { name, exact: true }).first().getAttribute("href")) ?? "";
    const id = /\/producto\/([0-9a-f]{24})/.exec(href)?.[1];
    expect(id, href).toBeTruthy();

    // The guest, at the other origin, asks for the alert and confirms it from the e-mail.
    const email = uniqueEmail("enlace-aviso");
    await page.goto(`${origin}/producto/${id}`);
    await page.getByLabel("Tu correo electrónico").fill(email);
    await page.getByRole("button", { name: "Avísame cuando vuelva" }).click();
    await expect(page.getByText(/Revisa tu correo y abre el enlace/)).toBeVisible();
    const confirmMail = await waitForMailAbout(email, "Confirma tu aviso");
    const confirmLink = /https?:\/\/\S+\/alertas\/confirmar\/[A-Za-z0-9_-]{43}/.exec(confirmMail.text ?? "")?.[0] ?? "";
    expect(new URL(confirmLink).origin).toBe(origin);
    await page.goto(confirmLink);
    await page.getByRole("button", { name: "Confirmar mi aviso" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aviso confirmado");

    // The admin restocks it, at 127.0.0.1: the e-mail this writes is the guest's, with the guest's origin.
    await admin.visit(`/admin/editar-producto/${id}`);
    await admin.page.getByLabel("Inventario (unidades)").fill("2");
    await admin.page.getByRole("button", { name: "Actualizar Producto" }).click();
    await expect(admin.page).toHaveURL(/aviso=producto-actualizado/);

    const mail = await waitForMailAbout(email, `Ya tenemos ${name} de nuevo`);
    const links = [...`${mail.text ?? ""} ${mail.html || ""}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);
    const shopLinks = links.filter((l) => /\/(producto|alertas)\//.test(l));
    expect(shopLinks.length).toBeGreaterThanOrEqual(2); // 'Ver el producto' and the unsubscribe link
    for (const link of shopLinks) expect(new URL(link.replace(/&amp;/g, "&")).origin, link).toBe(origin);
    expect(links.join(" ")).not.toContain("localhost:3000");
    expect(mail.headerLines.find((h) => h.key === "list-unsubscribe")?.line).toContain(`<${origin}/`);

    // The link opens the card, in stock, in the shopper's browser.
    const productLink = shopLinks.find((l) => l.includes(`/producto/${id}`))!;
    await page.goto(productLink.replace(/&amp;/g, "&"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("button", { name: /Agregar al carrito/ })).toBeVisible();
    await expectNoViolations(page, "the product page from the back-in-stock e-mail");
  } finally {
    await admin.context.close();
  }
});
