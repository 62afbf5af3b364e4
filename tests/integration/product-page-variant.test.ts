/**
 * The variant the product page opens on (issue 29, docs/requirements.md#variants), as the server
 * renders it for a browser without JavaScript: the best condition in stock in the shop's main
 * language, not the cheapest copy; the line beside 'Agregar al carrito' names it and the add form
 * posts its id; a `?variante=` in the URL still wins.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import ProductPage, { loader } from "#app/routes/producto.tsx";
import { productVariants } from "#server/db/schema.ts";
import { insertProduct, insertVariant, variantIds } from "#tests/fixtures/products.ts";
import { get, routeContext, settle } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

describeEachDatabase("product page: the variant it opens on", (t) => {
  let cardId = "";
  let ids: Record<string, string> = {};
  let sealedId = "";

  beforeAll(async () => {
    // NM English $1,500 (2), NM Japanese $1,300 (1), LP Japanese $900 (3), MP English $700 (1), NM Spanish sold out.
    cardId = await insertProduct(t.db, { name: "Mega Charizard X ex", priceCents: 150_000, stock: 2 });
    await insertVariant(t.db, cardId, { condition: "NM", language: "ja", priceCents: 130_000, stock: 1 });
    await insertVariant(t.db, cardId, { condition: "LP", language: "ja", priceCents: 90_000, stock: 3 });
    await insertVariant(t.db, cardId, { condition: "MP", language: "en", priceCents: 70_000, stock: 1 });
    await insertVariant(t.db, cardId, { condition: "NM", language: "es", priceCents: 160_000, stock: 0 });
    ids = await variantIds(t.db, cardId);
    sealedId = await insertProduct(t.db, {
      name: "Elite Trainer Box de 151",
      category: "Producto Sellado",
      rarity: null,
      type: null,
      cardNumber: null,
      priceCents: 120_000,
    });
  });

  type PageData = { product: { shownVariantId: string | null; priceVaries: boolean; finalPrice: number } | null };

  /** What the page's loader answers. */
  async function load(path: string): Promise<PageData> {
    const id = new URL(path, "http://tienda.test").pathname.split("/").pop()!;
    const page = await settle<PageData>(() => loader({ request: get(path), params: { id }, context: routeContext(t.db) } as never));
    expect(page.status).toBe(200);
    return page.data!;
  }

  /** The page's HTML as the server sends it (React's text separators dropped). */
  async function render(path: string): Promise<string> {
    const data = await load(path);
    const Stub = createRoutesStub([{ id: "producto", path: "/producto/:id", Component: ProductPage as never }]);
    return renderToString(
      createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { producto: data } } } as never),
    ).replace(/<!-- -->/g, "");
  }

  /** The values of the radios the page renders checked. */
  const checked = (html: string) =>
    [...html.matchAll(/<input type="radio" name="variante"([^>]*)>/g)]
      .filter((m) => m[1]!.includes('checked=""'))
      .map((m) => /value="([a-z-]+)"/.exec(m[1]!)?.[1]);
  const posted = (html: string) => /<input type="hidden" name="variantId" value="([^"]+)"/.exec(html)?.[1];
  const picked = (html: string) => /<p class="add-to-cart-note" id="variante-elegida">([^<]*)<\/p>/.exec(html)?.[1];

  it("the summary (the list's 'desde') is the cheapest in stock, but the page opens on Near Mint English", async () => {
    // The list shows the product at its cheapest copy in stock, the played English one: 'desde $700.00'.
    expect((await load(`/producto/${cardId}`)).product).toMatchObject({ shownVariantId: ids["MP-en"], priceVaries: true, finalPrice: 700 });
    const html = await render(`/producto/${cardId}`);
    expect(checked(html)).toEqual(["nm-en"]);
    expect(posted(html)).toBe(ids["NM-en"]);
    expect(picked(html)).toBe("Casi nueva · Inglés");
    expect(html).toMatch(
      /<button type="submit" class="button button-primary" aria-describedby="variante-elegida">Agregar al carrito<\/button>/,
    );
    expect(html).toContain("$1,500.00 MXN");
  });

  it("with the English copy sold out, Near Mint Japanese (the next language in stock), still not the played ones", async () => {
    await t.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, ids["NM-en"]!));
    try {
      const html = await render(`/producto/${cardId}`);
      expect(checked(html)).toEqual(["nm-ja"]);
      expect(posted(html)).toBe(ids["NM-ja"]);
      expect(picked(html)).toBe("Casi nueva · Japonés");
    } finally {
      await t.db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, ids["NM-en"]!));
    }
  });

  it("a ?variante= in the URL wins, a sold-out one too; one the product lacks falls back to the page's choice", async () => {
    const lp = await render(`/producto/${cardId}?variante=lp-ja`);
    expect(checked(lp)).toEqual(["lp-ja"]);
    expect(posted(lp)).toBe(ids["LP-ja"]);
    expect(picked(lp)).toBe("Ligeramente jugada · Japonés");

    const soldOut = await render(`/producto/${cardId}?variante=nm-es`);
    expect(checked(soldOut)).toEqual(["nm-es"]);
    // A sold-out copy has no add button (nor its note): the stock line says 'Agotado' (its option in
    // the picker says so too, beside the copies in stock), and the alert is for that copy.
    expect(soldOut).not.toContain(`<input type="hidden" name="intent" value="add"/>`);
    expect(picked(soldOut)).toBeUndefined();
    expect(soldOut).toMatch(/<p class="stock-line [^"]*is-out"[^>]*>Agotado<\/p>/);
    expect(soldOut).toContain(`action="/alertas?producto=${cardId}&amp;variante=${ids["NM-es"]}"`);

    expect(checked(await render(`/producto/${cardId}?variante=hp-en`))).toEqual(["nm-en"]);
  });

  it("a sealed product names its one variant above the price, not again beside the button", async () => {
    const html = await render(`/producto/${sealedId}`);
    expect(html).toContain('<p class="variant-single">Nuevo · Inglés</p>');
    expect(picked(html)).toBeUndefined();
    expect(html).not.toContain('aria-describedby="variante-elegida"');
  });
});
