/**
 * The admin's product form, shared by the specs that need a product of their own.
 */
import type { Page } from "@playwright/test";

/** A word no other product has (letters only, so the search takes it as a word). */
export function uniqueWord(): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  return "Zq" + Array.from({ length: 8 }, () => letters[Math.floor(Math.random() * letters.length)]).join("");
}

export async function fillProduct(page: Page, product: { name: string; price: string; salePrice?: string; stock: string; image: string }) {
  await page.getByLabel("Nombre", { exact: true }).fill(product.name);
  await page.getByLabel("Descripción (opcional)").fill("Carta de prueba de extremo a extremo.");
  await page.getByLabel("Precio (MXN)", { exact: true }).fill(product.price);
  await page.getByLabel("Precio de oferta (MXN, opcional)").fill(product.salePrice ?? "");
  await page.getByLabel("Inventario (unidades)").fill(product.stock);
  await page.getByLabel("Categoría").selectOption("Carta Individual");
  await page.getByLabel("Rareza").selectOption("Illustration Rare");
  await page.getByLabel("Tipo", { exact: true }).selectOption("Pokémon");
  await page.getByLabel("Expansión").selectOption("Surging Sparks");
  await page.getByLabel("Número de carta (opcional)").fill("201/191");
  await page.getByLabel("Artista (opcional)").fill("Yuka Morii");
  await page.getByLabel("Imagen 1 (URL)").fill(product.image);
}
