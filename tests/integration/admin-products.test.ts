/**
 * The admin's product screens through their loaders and actions (route-context), on PGlite and
 * PostgreSQL: add, edit and delete as admin; refused input (400, the Spanish message next to its
 * field, the typed values kept, nothing written); non-admins refused (403, nothing written); and
 * an archived product (deleted while orders name it) gone from the shop: list, counts, search,
 * its page, the sitemap, carts and checkout.
 */
import { count, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as addRoute from "#app/routes/admin/agregar-producto.tsx";
import * as editRoute from "#app/routes/admin/editar-producto.tsx";
import * as productRoute from "#app/routes/producto.tsx";
import * as sitemapRoute from "#app/routes/sitemap[.]xml.ts";
import { ADMIN_MESSAGES, CART_MESSAGES } from "#domain/messages.ts";
import { DEFAULT_QUERY } from "#domain/product-query.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import type { ProductFormValues } from "#domain/product-form.ts";
import { addToCart, getCart, mergeGuestCart, startCartWith } from "#server/cart/cart.server.ts";
import { listProducts, getProduct } from "#server/catalog/products.server.ts";
import { removeProduct } from "#server/catalog/product-admin.server.ts";
import { PRODUCT_FIELD_MESSAGES } from "#server/catalog/product-input.ts";
import { cartItems, images, orderItems, products } from "#server/db/schema.ts";
import { newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/client.ts";
import { OutOfStockError, reserveStock } from "#server/inventory/index.ts";
import { CheckoutError, placeOrder } from "#server/orders/index.ts";
import { cartWith, checkoutInput } from "#tests/fixtures/checkout.ts";
import { insertCustomer, insertOrder } from "#tests/fixtures/orders.ts";
import { insertProduct, onlyVariantId, productFormBody, variantIds } from "#tests/fixtures/products.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { TEST_ORIGIN, callAction, callLoader, formPost, get, runLoader, signIn } from "#tests/fixtures/route-context.ts";
import { describeEachDatabase, lockWaiters, openTestDatabase } from "#tests/fixtures/test-db.ts";

type FormAnswer = FormFailure;
type EditData = { id: string; values: ProductFormValues; confirmingDelete: boolean; gallery: unknown[] };

const ADDED = "/admin?tab=productos&aviso=producto-agregado";
const UPDATED = "/admin?tab=productos&aviso=producto-actualizado";
const DELETED = "/admin?tab=productos&aviso=producto-eliminado";
const ARCHIVED = "/admin?tab=productos&aviso=producto-archivado";
const LOAD_FAILED = "/admin?aviso=error-cargar-producto";

const productForm = productFormBody;

async function productCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}

async function productRow(db: Database, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

describeEachDatabase("admin products", (t) => {
  const customerCookie = async () => (await signIn(t.db, await insertCustomer(t.db))).cookie;

  const add = (body: string, cookie: string) =>
    callAction<FormAnswer>(addRoute, formPost("/admin/agregar-producto", body, { cookie }), { db: t.db });
  const edit = (id: string, body: string, cookie: string) =>
    callAction<FormAnswer>(editRoute, formPost(`/admin/editar-producto/${id}`, body, { cookie }), { db: t.db, params: { id } });
  const openEdit = (id: string, cookie: string, query = "") =>
    callLoader<EditData>(editRoute, get(`/admin/editar-producto/${id}${query}`, { cookie }), { db: t.db, params: { id } });
  const search = (text: string) => listProducts(t.db, { ...DEFAULT_QUERY, search: text });

  describe("add", () => {
    it("creates the product from every field and sends the admin to the dashboard; the shop's search finds it at once", async () => {
      const { cookie: admin } = await adminSession(t.db);
      const before = await search("umbreon vmax");
      const answer = await add(
        productForm({ images: ["https://images.example.com/umbreon.jpg", "  ", "/media/demo/x-front.webp", "", ""] }),
        admin,
      );
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe(ADDED);
      const after = await search("umbreon vmax");
      expect(after.total).toBe(before.total + 1);
      const id = after.products.find((p) => !before.products.some((b) => b._id === p._id))!._id;
      expect(await productRow(t.db, id)).toMatchObject({
        name: "Umbreon VMAX (Alt Art)",
        description: "Carta en excelente estado.\nSin marcas.",
        priceCents: 899_950,
        salePriceCents: null,
        stock: 2,
        category: "Carta Individual",
        rarity: "Special Illustration Rare",
        type: "Pokémon",
        expansion: "Evolving Skies",
        cardNumber: "215/203",
        artist: "KeiichiroIto",
        comment: "Se envía en top loader.",
        images: ["https://images.example.com/umbreon.jpg", "/media/demo/x-front.webp"],
        archivedAt: null,
      });
      // The artist is part of the search text.
      expect((await search("keiichiroito")).products.map((p) => p._id)).toContain(id);
    });

    it("the page lists the gallery for the picker; without JavaScript the picked image joins the images", async () => {
      const { cookie: admin } = await adminSession(t.db);
      const imageId = newId();
      await t.db.insert(images).values({
        id: imageId,
        originalName: "galeria-mew.png",
        mime: "image/png",
        size: 4,
        width: 10,
        height: 14,
        bytes: Buffer.from([1, 2, 3, 4]),
      });
      const page = await callLoader<{ gallery: Array<{ id: string; originalName: string; path: string }> }>(
        addRoute,
        get("/admin/agregar-producto", { cookie: admin }),
        { db: t.db },
      );
      expect(page.status).toBe(200);
      const path = `/media/imagenes/${imageId}/imagen.webp`;
      expect(page.data?.gallery).toContainEqual({ id: imageId, originalName: "galeria-mew.png", path });
      const answer = await add(productForm({ name: "Mew de galería", images: ["", "", "", "", ""], galleryImage: path }), admin);
      expect(answer.status).toBe(303);
      const [row] = await t.db.select().from(products).where(eq(products.name, "Mew de galería"));
      expect(row?.images).toEqual([path]);
    });

    it("takes an image address on the shop's own origin over http:// (the gallery's copy button gives it so locally), stored as its path", async () => {
      const { cookie: admin } = await adminSession(t.db);
      const path = `/media/imagenes/${newId()}/imagen.webp`;
      const answer = await add(productForm({ name: "Mew de la tienda", images: [`${TEST_ORIGIN}${path}`, "", "", "", ""] }), admin);
      expect(answer.status).toBe(303);
      const [row] = await t.db.select().from(products).where(eq(products.name, "Mew de la tienda"));
      expect(row?.images).toEqual([path]);
      // Another site on http:// stays refused.
      const other = await add(productForm({ images: ["http://otra-tienda.test/media/imagenes/x/imagen.webp"] }), admin);
      expect(other.status).toBe(400);
      expect(other.data?.fieldErrors["images.0"]).toEqual([PRODUCT_FIELD_MESSAGES.imageUrlInvalid]);
    });

    it("refuses missing and wrong fields with 400, each message next to its field, every typed value kept, nothing written", async () => {
      const { cookie: admin } = await adminSession(t.db);
      const before = await productCount(t.db);
      const answer = await add(
        productForm({
          name: "",
          price: "100",
          salePrice: "100",
          stock: "1.5",
          rarity: "",
          images: ["", "", "", "", ""],
          cardNumber: "SV-01",
        }),
        admin,
      );
      expect(answer.status).toBe(400);
      expect(answer.data?.fieldErrors).toEqual({
        name: [PRODUCT_FIELD_MESSAGES.nameRequired],
        "variants.0.salePrice": ["El precio de oferta debe ser menor al precio normal"],
        "variants.0.stock": [PRODUCT_FIELD_MESSAGES.stockInvalid],
        rarity: [PRODUCT_FIELD_MESSAGES.rarityRequired],
        images: ["Debes agregar al menos una URL de imagen"],
      });
      expect(answer.data?.formError).toBeUndefined();
      expect(answer.data?.values).toMatchObject({
        "variants.0.price": "100",
        "variants.0.salePrice": "100",
        "variants.0.stock": "1.5",
        cardNumber: "SV-01",
        expansion: "Evolving Skies",
      });
      // No image was typed: none is shown back.
      expect(Object.keys(answer.data!.values).filter((key) => key.startsWith("images"))).toEqual([]);
      expect(await productCount(t.db)).toBe(before);
    });

    it("refuses hostile input: control characters, oversized text, six images, script URLs, absurd prices, non-form bodies", async () => {
      const { cookie: admin } = await adminSession(t.db);
      const before = await productCount(t.db);
      const cases: Array<[Record<string, string | string[]>, string, string]> = [
        [{ name: "Pika\u0000chu" }, "name", PRODUCT_FIELD_MESSAGES.textInvalid],
        [{ name: "x".repeat(5000) }, "name", PRODUCT_FIELD_MESSAGES.nameTooLong],
        [{ description: "d".repeat(20_000) }, "description", PRODUCT_FIELD_MESSAGES.textTooLong],
        [{ images: [1, 2, 3, 4, 5, 6].map((n) => `https://img.example.com/${n}.jpg`) }, "images", ADMIN_MESSAGES.tooManyImages],
        [{ images: ["javascript:alert(1)"] }, "images.0", PRODUCT_FIELD_MESSAGES.imageUrlInvalid],
        [
          { images: ["https://img.example.com/1.jpg", "http://insecure.example.com/a.jpg"] },
          "images.1",
          PRODUCT_FIELD_MESSAGES.imageUrlInvalid,
        ],
        [{ price: "1e309" }, "variants.0.price", PRODUCT_FIELD_MESSAGES.priceInvalid],
        [{ price: "-10" }, "variants.0.price", PRODUCT_FIELD_MESSAGES.priceInvalid],
        [{ price: "99999999999" }, "variants.0.price", PRODUCT_FIELD_MESSAGES.priceInvalid],
        [{ stock: "-1" }, "variants.0.stock", PRODUCT_FIELD_MESSAGES.stockInvalid],
        [{ condition: "<script>" }, "variants.0.condition", PRODUCT_FIELD_MESSAGES.conditionInvalid],
        [{ language: "x".repeat(10_000) }, "variants.0.language", PRODUCT_FIELD_MESSAGES.languageInvalid],
        [{ expansion: "<script>alert(1)</script>" }, "expansion", PRODUCT_FIELD_MESSAGES.expansionRequired],
        [{ category: "Carta Individual'; drop table products;--" }, "category", PRODUCT_FIELD_MESSAGES.categoryInvalid],
      ];
      for (const [changes, field, message] of cases) {
        const answer = await add(productForm(changes), admin);
        expect(answer.status, JSON.stringify(changes).slice(0, 80)).toBe(400);
        expect(answer.data?.fieldErrors[field]).toEqual([message]);
        // What is shown back is capped.
        expect(answer.data!.values.description?.length).toBeLessThanOrEqual(5100);
      }
      const json = await callAction(
        addRoute,
        new Request("http://tienda.test/admin/agregar-producto", {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=x", cookie: admin, origin: "http://tienda.test" },
          body: "not a form",
        }),
        { db: t.db },
      );
      expect(json.status).toBe(400);
      expect(await productCount(t.db)).toBe(before);
    });

    it("a customer or a guest gets 403 from the action and nothing is written; the page sends them home", async () => {
      const customer = await customerCookie();
      const before = await productCount(t.db);
      for (const cookie of [customer, ""]) {
        const answer = await add(productForm(), cookie);
        expect(answer.status).toBe(403);
        expect(answer.data).toEqual({ error: ADMIN_MESSAGES.forbidden });
        const page = await callLoader(addRoute, get("/admin/agregar-producto", { cookie }), { db: t.db });
        expect(page.status).toBe(302);
        expect(page.headers.get("Location")).toBe("/");
      }
      expect(await productCount(t.db)).toBe(before);
    });

    it("a failed database write shows 'Error al agregar producto' and writes nothing", async () => {
      const { cookie: admin } = await adminSession(t.db);
      const before = await productCount(t.db);
      const broken = new Proxy(t.db, {
        get(target, prop, receiver) {
          // The product and its variants are written in one transaction.
          if (prop === "transaction") return () => Promise.reject(new Error("disk full"));
          return Reflect.get(target, prop, receiver);
        },
      });
      const answer = await callAction<FormAnswer>(addRoute, formPost("/admin/agregar-producto", productForm(), { cookie: admin }), {
        db: broken,
      });
      expect(answer.status).toBe(500);
      expect(answer.data?.formError).toBe("Error al agregar producto");
      expect(answer.data?.values.name).toBe("Umbreon VMAX (Alt Art)");
      expect(await productCount(t.db)).toBe(before);
    });
  });

  describe("edit", () => {
    it("opens with the product's values as text", async () => {
      const { cookie: admin } = await adminSession(t.db);
      const id = await insertProduct(t.db, {
        name: "Gengar ex",
        priceCents: 125_050,
        salePriceCents: 99_900,
        stock: 4,
        artist: null,
        images: ["/media/demo/a.webp", "https://x.example.com/b.jpg"],
      });
      const page = await openEdit(id, admin);
      expect(page.status).toBe(200);
      expect(page.data?.values).toMatchObject({
        name: "Gengar ex",
        variants: [
          { id: await onlyVariantId(t.db, id), condition: "NM", language: "en", price: "1250.50", salePrice: "999.00", stock: "4" },
        ],
        artist: "",
        images: ["/media/demo/a.webp", "https://x.example.com/b.jpg"],
      });
      expect(page.data?.confirmingDelete).toBe(false);
      expect((await openEdit(id, admin, "?eliminar=1")).data?.confirmingDelete).toBe(true);
    });

    it("an unknown, malformed or archived id goes back to /admin with 'error-cargar-producto'", async () => {
      const { cookie: admin } = await adminSession(t.db);
      const archived = await insertProduct(t.db, { archivedAt: new Date() });
      for (const id of [newId(), "no-es-un-id", "'; drop table products;--", archived]) {
        const page = await openEdit(id, admin);
        expect(page.status, id).toBe(302);
        expect(page.headers.get("Location")).toBe(LOAD_FAILED);
      }
    });

    it("saves the changes (the shop shows them at once) and sends the admin to the dashboard", async () => {
      const { cookie: admin } = await adminSession(t.db);
      const id = await insertProduct(t.db, { name: "Eevee original" });
      expect((await search("eevee original")).total).toBe(1);
      const variant = await onlyVariantId(t.db, id);
      const answer = await edit(id, productForm({ name: "Eevee editado", id: variant, price: "50", salePrice: "45.5", stock: "0" }), admin);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe(UPDATED);
      expect(await productRow(t.db, id)).toMatchObject({ name: "Eevee editado", priceCents: 5000, salePriceCents: 4550, stock: 0 });
      // The same variant, rewritten (not a new one).
      expect(await variantIds(t.db, id)).toEqual({ "NM-en": variant });
      expect((await search("eevee original")).total).toBe(0);
      expect((await search("eevee editado")).products.map((p) => p._id)).toEqual([id]);
    });

    it("refuses invalid changes (edit's own images message) with the values kept, and changes nothing", async () => {
      const { cookie: admin } = await adminSession(t.db);
      const id = await insertProduct(t.db, { name: "Snorlax" });
      const answer = await edit(id, productForm({ name: "Snorlax gigante", images: ["", "", "", "", ""] }), admin);
      expect(answer.status).toBe(400);
      const data = answer.data as FormAnswer;
      expect(data.fieldErrors).toEqual({ images: ["Debes tener al menos una URL de imagen"] });
      expect(data.values.name).toBe("Snorlax gigante");
      expect((await productRow(t.db, id))?.name).toBe("Snorlax");
    });

    it("saving a product that was archived meanwhile answers 404 'Error al actualizar producto' and changes nothing", async () => {
      const { cookie: admin } = await adminSession(t.db);
      const id = await insertProduct(t.db, { name: "Lapras", archivedAt: new Date() });
      const answer = await edit(id, productForm({ name: "Lapras nuevo" }), admin);
      expect(answer.status).toBe(404);
      expect(answer.data).toMatchObject({ intent: "save", formError: "Error al actualizar producto", fieldErrors: {} });
      expect((await productRow(t.db, id))?.name).toBe("Lapras");
      const malformed = await edit("nope", productForm(), admin);
      expect(malformed.status).toBe(404);
    });

    it("a customer or a guest gets 403 (save and delete) and nothing changes; the page sends them home", async () => {
      const customer = await customerCookie();
      const id = await insertProduct(t.db, { name: "Ditto" });
      for (const cookie of [customer, ""]) {
        expect((await edit(id, productForm({ name: "Hackeado" }), cookie)).status).toBe(403);
        expect((await edit(id, "intent=delete", cookie)).status).toBe(403);
        const page = await openEdit(id, cookie);
        expect(page.status).toBe(302);
        expect(page.headers.get("Location")).toBe("/");
      }
      expect((await productRow(t.db, id))?.name).toBe("Ditto");
    });
  });

  describe("delete", () => {
    it("erases a product no order names (its cart lines go too) → 'producto-eliminado'", async () => {
      const { cookie: admin } = await adminSession(t.db);
      const id = await insertProduct(t.db, { name: "Magikarp borrable" });
      const cartId = await cartWith(t.db, [{ productId: id, quantity: 1 }]);
      const answer = await edit(id, "intent=delete", admin);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe(DELETED);
      expect(await productRow(t.db, id)).toBeUndefined();
      expect((await getCart(t.db, cartId)).lines).toEqual([]);
      expect((await search("magikarp borrable")).total).toBe(0);
    });

    it("archives a product that orders name: the order keeps its line and product → 'producto-archivado'", async () => {
      const { cookie: admin } = await adminSession(t.db);
      const id = await insertProduct(t.db, { name: "Gyarados archivable" });
      const order = await insertOrder(t.db, { lines: [{ productId: id, quantity: 1, unitPriceCents: 10_000 }] });
      const answer = await edit(id, "intent=delete", admin);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe(ARCHIVED);
      expect((await productRow(t.db, id))?.archivedAt).toBeInstanceOf(Date);
      const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      expect(lines.map((l) => l.productId)).toEqual([id]);
      // A second delete (or one of an unknown or malformed id) finds nothing: 404 'Error al eliminar'.
      for (const target of [id, newId(), "x"]) {
        const again = await edit(target, "intent=delete", admin);
        expect(again.status).toBe(404);
        expect(again.data).toEqual({ intent: "delete", formError: "Error al eliminar", fieldErrors: {}, values: {} });
      }
    });
  });

  describe("an archived product leaves the shop", () => {
    async function archivedProduct(name: string) {
      const id = await insertProduct(t.db, { name, expansion: "Paldean Fates", rarity: "Shiny", stock: 7 });
      await insertOrder(t.db, { lines: [{ productId: id, quantity: 1, unitPriceCents: 10_000 }] });
      return id;
    }

    it("is gone from the list, its counts and the search (filtered or not)", async () => {
      const id = await archivedProduct("Charmander archivado");
      const listed = async () => {
        const all: string[] = [];
        const first = await listProducts(t.db, DEFAULT_QUERY);
        for (let page = 1; page <= first.pages; page++)
          all.push(...(await listProducts(t.db, { ...DEFAULT_QUERY, page })).products.map((p) => p._id));
        return { ids: all, total: first.total };
      };
      const before = await listed();
      const shiny = await listProducts(t.db, { ...DEFAULT_QUERY, rarity: "Shiny", expansion: "Paldean Fates" });
      expect(before.ids).toContain(id);
      expect((await search("charmander archivado")).total).toBe(1);
      expect(await removeProduct(t.db, id)).toBe("archived");
      const after = await listed();
      expect(after.ids).not.toContain(id);
      expect(after.total).toBe(before.total - 1);
      const shinyAfter = await listProducts(t.db, { ...DEFAULT_QUERY, rarity: "Shiny", expansion: "Paldean Fates" });
      expect(shinyAfter.total).toBe(shiny.total - 1);
      expect(shinyAfter.products.map((p) => p._id)).not.toContain(id);
      expect(await search("charmander archivado")).toMatchObject({ total: 0, products: [] });
      expect(
        (await listProducts(t.db, { ...DEFAULT_QUERY, onSale: false, sortBy: "price", order: "asc" })).products.map((p) => p._id),
      ).not.toContain(id);
    });

    it("its page answers 404 'Producto no encontrado', and the sitemap leaves it out", async () => {
      const id = await archivedProduct("Squirtle archivado");
      expect(await removeProduct(t.db, id)).toBe("archived");
      expect(await getProduct(t.db, id)).toBeNull();
      const page = await callLoader<{ product: unknown }>(productRoute, get(`/producto/${id}`), { db: t.db, params: { id } });
      expect(page.status).toBe(404);
      expect(page.data?.product).toBeNull();
      const sitemap = await runLoader(sitemapRoute, get("/sitemap.xml"), { db: t.db });
      const xml = await sitemap.text();
      expect(xml).not.toContain(id);
      const kept = await insertProduct(t.db);
      expect(await (await runLoader(sitemapRoute, get("/sitemap.xml"), { db: t.db })).text()).toContain(kept);
    });

    it("can't be added to a cart (refused like a missing product), leaves carts, and is not merged at login", async () => {
      const id = await archivedProduct("Bulbasaur archivado");
      const other = await insertProduct(t.db, { name: "Otro producto" });
      const cartId = await cartWith(t.db, [
        { productId: id, quantity: 2 },
        { productId: other, quantity: 1 },
      ]);
      // Archived behind the cart's back (as a race with the admin's delete can leave a line).
      await t.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, id));
      await expect(addToCart(t.db, cartId, { productId: id })).rejects.toMatchObject({
        message: CART_MESSAGES.productNotFound,
        status: 404,
      });
      await expect(startCartWith(t.db, { productId: id })).rejects.toMatchObject({ message: CART_MESSAGES.productNotFound, status: 404 });
      const cart = await getCart(t.db, cartId);
      expect(cart.lines.map((l) => l.productId)).toEqual([other]);
      expect(cart.summary.subtotalCents).toBe(10_000);
      const userId = await insertCustomer(t.db);
      await mergeGuestCart(t.db, cartId, userId);
      const [merged] = await t.db.select({ n: count() }).from(cartItems).where(eq(cartItems.productId, id));
      expect(merged?.n).toBe(0);
    });

    it("the admin's delete takes it out of every cart", async () => {
      const id = await archivedProduct("Pidgey archivado");
      const cartId = await cartWith(t.db, [{ productId: id, quantity: 1 }]);
      expect(await removeProduct(t.db, id)).toBe("archived");
      const [left] = await t.db.select({ n: count() }).from(cartItems).where(eq(cartItems.cartId, cartId));
      expect(left?.n).toBe(0);
    });

    it("reserving stock refuses it, naming the product", async () => {
      const id = await archivedProduct("Oddish archivado");
      await t.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, id));
      const variantId = await onlyVariantId(t.db, id);
      const attempt = t.db.transaction((tx) => reserveStock(tx, [{ productId: id, variantId, quantity: 1 }]));
      await expect(attempt).rejects.toBeInstanceOf(OutOfStockError);
      await expect(t.db.transaction((tx) => reserveStock(tx, [{ productId: id, variantId, quantity: 1 }]))).rejects.toThrow(
        "Ya no hay stock suficiente de Oddish archivado (Casi nueva · Inglés) (ya no está disponible). Ajusta tu carrito e intenta de nuevo.",
      );
      expect((await productRow(t.db, id))?.stock).toBe(7);
    });
  });
});

/**
 * The races, on a real PostgreSQL server (PGlite runs one transaction at a time): an order and the
 * admin's delete of its product at the same moment never leave an order line without its product,
 * and an order whose product is archived while it is being placed is refused with the name.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("admin products races [postgres]", () => {
  it("a concurrent order and delete never leave an order line without its product row", async () => {
    const handle = await openTestDatabase("postgres");
    try {
      const db = handle.db;
      const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => insertProduct(db, { name: `Carrera ${i}`, stock: 3 })));
      const carts = await Promise.all(ids.map((productId) => cartWith(db, [{ productId, quantity: 1 }])));
      const outcomes = await Promise.all(
        ids.map((id, i) =>
          Promise.allSettled([placeOrder(db, checkoutInput(carts[i]!)), removeProduct(db, id)]).then(([order, removal]) => ({
            id,
            order,
            removal,
          })),
        ),
      );
      for (const { id, order, removal } of outcomes) {
        expect(removal.status).toBe("fulfilled");
        const removed = (removal as PromiseFulfilledResult<string>).value;
        const row = await productRow(db, id);
        if (order.status === "fulfilled") {
          // The order got the card: the product row stays (archived) under its line.
          expect(removed).toBe("archived");
          expect(row?.archivedAt).toBeInstanceOf(Date);
        } else {
          expect(order.reason).toBeInstanceOf(CheckoutError);
          expect(removed).toBe("deleted");
          expect(row).toBeUndefined();
        }
      }
      const orphans = await db.select({ n: count() }).from(orderItems).where(isNull(orderItems.productId));
      expect(orphans[0]?.n).toBe(0);
    } finally {
      await handle.destroy();
    }
  });

  it("an order whose product is archived while it waits for the product's lock is refused, naming it", async () => {
    const handle = await openTestDatabase("postgres");
    try {
      const db = handle.db;
      const id = await insertProduct(db, { name: "Mewtwo en disputa", stock: 5 });
      await insertOrder(db, { lines: [{ productId: id, quantity: 1, unitPriceCents: 10_000 }] });
      const cartId = await cartWith(db, [{ productId: id, quantity: 1 }]);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // The admin's side: lock the product, archive it, and commit only once the order waits for the lock.
      const admin = db.transaction(async (tx) => {
        await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for("update");
        await tx.update(products).set({ archivedAt: new Date() }).where(eq(products.id, id));
        locked();
        await released;
      });
      await isLocked;
      const order = placeOrder(db, checkoutInput(cartId));
      const settled = order.then(
        () => null,
        (error: unknown) => error,
      );
      // Wait until the order's transaction is blocked on the product's row lock, then commit the archive.
      await lockWaiters(db);
      release();
      await admin;
      const error = await settled;
      expect(error).toBeInstanceOf(CheckoutError);
      expect((error as CheckoutError).message).toBe(
        "Ya no hay stock suficiente de Mewtwo en disputa (Casi nueva · Inglés) (ya no está disponible). Ajusta tu carrito e intenta de nuevo.",
      );
      expect((await productRow(db, id))?.stock).toBe(5);
    } finally {
      await handle.destroy();
    }
  });
});
