/**
 * The admin's image gallery (docs/requirements.md#admin-area), with JavaScript and without: upload a PNG,
 * see it in the grid with its name, size, date and full URL, copy the URL (JavaScript), open it
 * with 'Ver', delete it; its URL answers 404 afterwards.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { logInAsAdmin } from "./accounts";
import { expectNoViolations } from "./axe";
import { expect, test } from "./helpers";

const FIXTURE = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/images/carta-galeria.png"));

test("admin uploads an image, sees it in the grid, copies its URL, opens it and deletes it", async ({ page, visit, js, baseURL }) => {
  const name = `carta-${test.info().project.name}-${Date.now()}.png`;
  await logInAsAdmin(page, visit);
  await visit("/admin/galeria");
  await expect(page.getByRole("heading", { level: 2, name: /^Galería de imágenes \(\d+\)$/ })).toBeVisible();

  // Uploading with no file chosen gets the Spanish message (in the browser with JavaScript, from the server without).
  const submit = page.getByRole("button", { name: "Subir imagen" });
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText("Selecciona una imagen primero");

  const fileInput = page.getByLabel(/^Imagen \(/);
  await fileInput.setInputFiles({ name, mimeType: "image/png", buffer: FIXTURE });
  if (js) {
    // A preview with a button that takes the file back out.
    const preview = page.getByRole("img", { name: `Vista previa de ${name}` });
    await expect(preview).toBeVisible();
    await page.getByRole("button", { name: "Quitar imagen" }).click();
    await expect(preview).toHaveCount(0);
    await expect(fileInput).toHaveValue("");
    await fileInput.setInputFiles({ name, mimeType: "image/png", buffer: FIXTURE });
    await expect(preview).toBeVisible();
  }
  await submit.click();
  await expect(page.getByRole("status").filter({ hasText: "Imagen subida exitosamente" })).toBeVisible();

  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("3.9 KB");
  await expect(card.locator("time")).toHaveText(/^\d{1,2} de [a-z]+ de \d{4},? .*\d{2}:\d{2}/);
  const thumbnail = card.getByRole("img", { name: `Miniatura de ${name}` });
  await expect(thumbnail).toHaveAttribute("src", /\/media\/imagenes\/[0-9a-f]{24}\/imagen\.webp\?w=240$/);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);

  const urlInput = card.getByLabel("URL de la imagen");
  await expect(urlInput).toHaveAttribute("readonly", "");
  const url = await urlInput.inputValue();
  expect(url).toMatch(new RegExp(`^${baseURL}/media/imagenes/[0-9a-f]{24}/imagen\\.webp$`));
  await expect(page.getByRole("heading", { level: 2, name: /^Galería de imágenes \(\d+\)$/ })).not.toHaveText("Galería de imágenes (0)");
  await expectNoViolations(page, "/admin/galeria");

  if (js) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await card.getByRole("button", { name: `Copiar URL de ${name}` }).click();
    await expect(card.getByRole("button", { name: `URL de ${name} copiada` })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // The check goes back after 2 seconds.
    await expect(card.getByRole("button", { name: `Copiar URL de ${name}` })).toBeVisible({ timeout: 5000 });
  } else {
    await expect(card.getByRole("button", { name: /Copiar/ })).toHaveCount(0);
  }

  // 'Ver' opens the picture in a new tab.
  const view = card.getByRole("link", { name: new RegExp(`^Ver ${name.replace(/\./g, "\\.")}`) });
  await expect(view).toHaveAttribute("target", "_blank");
  await expect(view).toHaveAttribute("rel", "noopener");
  const [popup] = await Promise.all([page.waitForEvent("popup"), view.click()]);
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toBe(new URL(url).pathname);
  await popup.close();
  const picture = await page.request.get(url);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/webp");
  expect(picture.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  await deleteImage(page, js, name);
  await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
  expect((await page.request.get(url)).status()).toBe(404);
  expect((await page.request.get(`${url}?w=240`)).status()).toBe(404);
});

/** Deletes an image from the grid: confirm() with JavaScript, a confirmation step without. */
async function deleteImage(page: Page, js: boolean, name: string) {
  const card = page.getByRole("listitem").filter({ hasText: name });
  const remove = card.getByRole("button", { name: `Eliminar ${name}` });
  if (js) {
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("¿Estás seguro de eliminar esta imagen?");
      void dialog.accept();
    });
    await remove.click();
  } else {
    await card.getByRole("link", { name: `Eliminar ${name}` }).click();
    await expect(card.getByText("¿Estás seguro de eliminar esta imagen?")).toBeVisible();
    await remove.click();
  }
  await expect(page.getByRole("status").filter({ hasText: "Imagen eliminada exitosamente" })).toBeVisible();
}

test("a photo of more than 512 KB uploads (with JavaScript it goes to /admin/galeria.data); one over 5 MB gets the Spanish message", async ({
  page,
  visit,
  js,
}) => {
  const name = `foto-grande-${test.info().project.name}-${Date.now()}.png`;
  // Noise does not compress: about 1.5 MB of PNG.
  const noise = Buffer.from(Array.from({ length: 700 * 700 * 3 }, () => Math.floor(Math.random() * 256)));
  const photo = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
    .png()
    .toBuffer();
  expect(photo.length).toBeGreaterThan(1024 * 1024);
  await logInAsAdmin(page, visit);
  await visit("/admin/galeria");
  const fileInput = page.getByLabel(/^Imagen \(/);
  await fileInput.setInputFiles({ name, mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Subir imagen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imagen subida exitosamente" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText(/1\.\d MB/);
  await deleteImage(page, js, name);

  // 6 MB: refused before sending with JavaScript, by the server without; the same words.
  await fileInput.setInputFiles({
    name: "enorme.png",
    mimeType: "image/png",
    buffer: Buffer.concat([photo, Buffer.alloc(6 * 1024 * 1024 - photo.length)]),
  });
  if (!js) await page.getByRole("button", { name: "Subir imagen" }).click();
  await expect(page.getByRole("alert")).toHaveText("La imagen no debe superar 5MB");
});

test("the image URLs answer 404 to malformed ids, path tricks and unknown widths", async ({ page }) => {
  for (const bad of [
    "/media/imagenes/abc/imagen.webp",
    "/media/imagenes/ffffffffffffffffffffffff/imagen.webp",
    "/media/imagenes/..%2F..%2Fetc%2Fpasswd/imagen.webp",
    "/media/imagenes/ffffffffffffffffffffffff/..%2F..%2Fpackage.json",
    "/media/imagenes/%2e%2e/imagen.webp",
    "/media/imagenes/ffffffffffffffffffffffff/imagen.webp?w=100",
  ]) {
    const reply = await page.request.get(bad);
    expect(reply.status(), bad).toBe(404);
  }
});
