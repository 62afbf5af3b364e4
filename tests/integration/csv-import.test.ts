/**
 * CSV import (docs/requirements.md#admin-area): through the route's action and
 * loader as the admin's browser uses them, and the importer's worker run synchronously
 * (`runNextImport`). Good, bad and mixed files; quoted commas and line breaks; a BOM; the same file
 * twice updates; two workers never take one run; 5,000 rows (timed by `npm run bench`, not here); unusable files
 * (malformed, missing column, over 5 MB, not .csv, no file, not UTF-8) and non-admins write nothing.
 */
import { bulkProductCsv } from "#scripts/lib/csv-import-bench.ts";
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import ImportProductsPage, * as importRoute from "#app/routes/admin/importar-productos.tsx";
import { ADMIN_MESSAGES, CSV_IMPORT_MESSAGES } from "#domain/messages.ts";
import { importRuns, products, productVariants } from "#server/db/schema.ts";
import { PRODUCT_FIELD_MESSAGES } from "#server/catalog/product-input.ts";
import { claimNextImportRun, createImportRun, findImportRun } from "#server/importer/import-runs.server.ts";
import { processImportRun, runNextImport } from "#server/importer/import-worker.server.ts";
import type { FormFailure } from "#domain/form-failure.ts";
import type { ImportPageData } from "#app/routes/admin/importar-productos.server.ts";
import { insertCustomer } from "#tests/fixtures/orders.ts";
import { TEST_ORIGIN, callAction, callLoader, get, signIn } from "#tests/fixtures/route-context.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const PATH = "/admin/importar-productos";
const fixture = (name: string) => fs.readFileSync(path.resolve("tests/fixtures/csv", name));
const HEADER = "name,expansion,price,stock,rarity,type,images";

type Answer = FormFailure & { error?: string };
type RunPage = Extract<ImportPageData, { view: "run" }>;

describeEachDatabase("CSV import", (t) => {
  /** A multipart POST as the browser sends the upload form (an empty file input sends a nameless empty file). */
  function upload(
    cookie: string,
    file: { name: string; content: string | Uint8Array } | null,
    fields: Record<string, string> = {},
  ): Request {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set(
      "archivo",
      file
        ? new File([typeof file.content === "string" ? file.content : new Uint8Array(file.content)], file.name, { type: "text/csv" })
        : new File([], "", { type: "application/octet-stream" }),
    );
    return new Request(TEST_ORIGIN + PATH, { method: "POST", body: form, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
  }

  const page = (query: string, cookie: string) =>
    callLoader<ImportPageData>(importRoute, get(`${PATH}${query}`, cookie ? { cookie } : {}), { db: t.db });

  const productCount = async () => (await t.db.select({ n: count() }).from(products))[0]!.n;
  const runCount = async () => (await t.db.select({ n: count() }).from(importRuns))[0]!.n;

  /** Uploads a file as the browser with JavaScript does ('Importar' after its own preview); the queued run's id. */
  async function queue(cookie: string, name: string, content: string | Uint8Array): Promise<string> {
    const answer = await callAction<Answer>(importRoute, upload(cookie, { name, content }, { intent: "import" }), { db: t.db });
    expect(answer.status, JSON.stringify(answer.data)).toBe(303);
    const location = answer.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/admin\/importar-productos\?corrida=[0-9a-f]{24}$/);
    return location.split("=")[1]!;
  }

  /** Queues a file, lets the worker import it, and reads the result page. */
  async function importFile(cookie: string, name: string, content: string | Uint8Array): Promise<RunPage["run"]> {
    const id = await queue(cookie, name, content);
    expect(await runNextImport(t.db)).toBe(id);
    const shown = await page(`?corrida=${id}`, cookie);
    expect(shown.status).toBe(200);
    const data = shown.data as RunPage;
    expect(data.view).toBe("run");
    expect(data.run.status).toBe("done");
    return data.run;
  }

  const productsNamed = (names: string[]) => t.db.select().from(products).where(inArray(products.name, names));

  it("a good file: every row written with its fields; the result lists row, name and id", async () => {
    const { cookie } = await adminSession(t.db);
    const before = await productCount();
    const run = await importFile(cookie, "catalogo.csv", fixture("good.csv"));
    expect(run.total).toBe(3);
    expect(run.errors.count).toBe(0);
    expect(run.successes.items.map((s) => [s.row, s.name, s.updated])).toEqual([
      [2, "Bulbasaur Importado", false],
      [3, "Charmander Importado", false],
      [4, "Caja de Sobres Importada", false],
    ]);
    expect(await productCount()).toBe(before + 3);
    const rows = await productsNamed(["Bulbasaur Importado", "Charmander Importado", "Caja de Sobres Importada"]);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(run.successes.items.map((s) => s.id)).toEqual([
      byName["Bulbasaur Importado"]!.id,
      byName["Charmander Importado"]!.id,
      byName["Caja de Sobres Importada"]!.id,
    ]);
    expect(byName["Bulbasaur Importado"]).toMatchObject({
      expansion: "151",
      priceCents: 2500,
      salePriceCents: null,
      stock: 10,
      rarity: "Para tu deck",
      type: "Pokémon",
      category: "Carta Individual",
      cardNumber: "001/165",
      artist: "Mitsuhiro Arita",
      description: "Carta básica de planta",
      comment: null,
      images: ["https://images.example.com/bulbasaur.jpg"],
    });
    expect(byName["Charmander Importado"]).toMatchObject({
      priceCents: 3050,
      salePriceCents: 2500,
      category: "Carta Individual",
      comment: "Casi nueva",
      images: ["https://images.example.com/charmander.jpg", "https://images.example.com/charmander-back.jpg"],
    });
    expect(byName["Caja de Sobres Importada"]).toMatchObject({
      priceCents: 129_900,
      salePriceCents: 119_900,
      category: "Producto Sellado",
      cardNumber: null,
    });
    // The run keeps its result and lets go of the file's text.
    const [stored] = await t.db.select().from(importRuns).where(eq(importRuns.id, run.id));
    expect(stored).toMatchObject({ status: "done", processed: 3, total: 3, succeeded: 3, failed: 0, input: null });
    expect(stored!.finishedAt).not.toBeNull();
  });

  it("bad rows are skipped, each with its row, its Spanish reasons and its data", async () => {
    const { cookie } = await adminSession(t.db);
    const before = await productCount();
    const run = await importFile(cookie, "malas.csv", fixture("bad.csv"));
    expect(await productCount()).toBe(before);
    expect(run.total).toBe(5);
    expect(run.successes.count).toBe(0);
    const errors = Object.fromEntries(run.errors.items.map((e) => [e.row, e]));
    expect(Object.keys(errors)).toEqual(["2", "3", "4", "5", "6"]);
    expect(errors[2]!.error).toBe("name: El nombre es requerido");
    expect(errors[2]!.data).toMatchObject({ name: "", expansion: "151", price: "25.00" });
    expect(errors[3]!.error).toBe("price: El precio debe ser un número mayor o igual a 0, con hasta 2 decimales");
    expect(errors[3]!.data.name).toBe("Carta Mala Precio");
    expect(errors[4]!.error).toContain("stock: El inventario debe ser un número entero mayor o igual a 0");
    expect(errors[4]!.error).toContain("rarity: Selecciona una rareza");
    expect(errors[4]!.error).toContain("expansion: Selecciona una expansión");
    expect(errors[4]!.error).toContain(`images: ${ADMIN_MESSAGES.imagesRequiredOnAdd}`);
    expect(errors[5]!.error).toBe("images: Cada imagen debe ser una dirección https:// o una ruta de la tienda que empiece con /");
    expect(errors[6]!.error).toBe(CSV_IMPORT_MESSAGES.columnCount(8, 7));
    expect(errors[6]!.data["columna 8"]).toBe("extra");
  });

  it("a mixed file: good rows written, bad rows reported, blank rows skipped but counted in the numbering", async () => {
    const { cookie } = await adminSession(t.db);
    const before = await productCount();
    const run = await importFile(cookie, "mixto.csv", fixture("mixed.csv"));
    expect(run.total).toBe(4);
    expect(run.successes.items.map((s) => [s.row, s.name])).toEqual([
      [2, "Squirtle Mixto"],
      [6, "Blastoise ex Mixto"],
    ]);
    expect(run.errors.items.map((e) => [e.row, e.error])).toEqual([
      [3, "price: El precio debe ser un número mayor o igual a 0, con hasta 2 decimales"],
      [5, `salePrice: ${ADMIN_MESSAGES.salePriceNotLower}`],
    ]);
    expect(await productCount()).toBe(before + 2);
    expect((await productsNamed(["Wartortle Mixto", "Blastoise Mixto"])).length).toBe(0);
  });

  it("quoted fields keep their commas, doubled quotes and line breaks", async () => {
    const { cookie } = await adminSession(t.db);
    const run = await importFile(cookie, "comillas.csv", fixture("quoted.csv"));
    expect(run.errors.items).toEqual([]);
    expect(run.successes.items.map((s) => [s.row, s.name])).toEqual([
      [2, "Pikachu, el ratón eléctrico"],
      [3, "Raichu Comillas"],
    ]);
    const [pikachu] = await productsNamed(["Pikachu, el ratón eléctrico"]);
    expect(pikachu).toMatchObject({
      priceCents: 105_075,
      description: 'Primera línea, con coma.\nSegunda línea con "comillas".',
      comment: "Comentario\nen dos líneas",
      images: ["https://images.example.com/p1.jpg", "https://images.example.com/p2.jpg"],
    });
    const [raichu] = await productsNamed(["Raichu Comillas"]);
    expect(raichu!.description).toBe('Sin saltos, pero "citado"');
  });

  it("a UTF-8 file with a BOM and Windows line ends reads its first column and its accents", async () => {
    const { cookie } = await adminSession(t.db);
    expect(fixture("bom.csv").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const run = await importFile(cookie, "excel.csv", fixture("bom.csv"));
    expect(run.errors.items).toEqual([]);
    expect(run.successes.items.map((s) => s.name)).toEqual(["Eevee con BOM", "Ñandú Pokémon"]);
    const [nandu] = await productsNamed(["Ñandú Pokémon"]);
    expect(nandu).toMatchObject({ expansion: "Prismatic Evolutions", stock: 0, type: "Pokémon" });
  });

  it("the same file twice updates instead of duplicating (name + expansion + card number), and a product twice in one file ends with its later row", async () => {
    const { cookie } = await adminSession(t.db);
    const csv = (price: string, stock: string) =>
      [
        `${HEADER},cardNumber`,
        `Gengar Repetido,Lost Origin,${price},${stock},Rare,Pokémon,https://images.example.com/gengar.jpg,066/196`,
        // Same name and expansion, another card number: another product.
        `Gengar Repetido,Lost Origin,${price},${stock},Rare,Pokémon,https://images.example.com/gengar-alt.jpg,TG06/TG30`,
        `Haunter Repetido,Lost Origin,10.00,1,Rare,Pokémon,https://images.example.com/haunter.jpg,`,
      ].join("\n");
    const before = await productCount();
    const first = await importFile(cookie, "repetido.csv", csv("100.00", "3"));
    expect(first.successes.items.map((s) => s.updated)).toEqual([false, false, false]);
    expect(await productCount()).toBe(before + 3);

    const second = await importFile(cookie, "repetido.csv", csv("120.50", "9"));
    expect(await productCount()).toBe(before + 3);
    expect(second.successes.items.map((s) => s.updated)).toEqual([true, true, true]);
    expect(second.successes.items.map((s) => s.id)).toEqual(first.successes.items.map((s) => s.id));
    const gengars = await productsNamed(["Gengar Repetido"]);
    expect(gengars.map((g) => [g.cardNumber, g.priceCents, g.stock]).sort()).toEqual([
      ["066/196", 12_050, 9],
      ["TG06/TG30", 12_050, 9],
    ]);

    const twice = await importFile(
      cookie,
      "dos-veces.csv",
      [
        HEADER,
        "Mimikyu Doble,Lost Origin,50.00,1,Rare,Pokémon,https://images.example.com/m1.jpg",
        "Mimikyu Doble,Lost Origin,55.00,2,Rare,Pokémon,https://images.example.com/m2.jpg",
      ].join("\n"),
    );
    expect(twice.successes.items.map((s) => [s.row, s.updated])).toEqual([
      [2, false],
      [3, true],
    ]);
    const mimikyu = await productsNamed(["Mimikyu Doble"]);
    expect(mimikyu).toHaveLength(1);
    expect(mimikyu[0]).toMatchObject({ priceCents: 5500, stock: 2, images: ["https://images.example.com/m2.jpg"] });
  });

  it("one row per variant: a row matches its product (name + expansion + card number), then its variant (condition + language): updated, or added", async () => {
    const { cookie } = await adminSession(t.db);
    const variantsOf = async (productId: string) =>
      (
        await t.db
          .select({
            condition: productVariants.condition,
            language: productVariants.language,
            priceCents: productVariants.priceCents,
            stock: productVariants.stock,
          })
          .from(productVariants)
          .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
      ).sort((a, b) => `${a.condition}${a.language}`.localeCompare(`${b.condition}${b.language}`));

    // One file: a new product with three variants (codes and Spanish names, any case); a bad condition and a bad language refused.
    const first = await importFile(cookie, "variantes.csv", fixture("variants.csv"));
    expect(first.successes.items.map((s) => [s.row, s.updated])).toEqual([
      [2, false],
      [3, true],
      [4, true],
      [7, false],
    ]);
    expect(first.errors.items.map((e) => [e.row, e.error])).toEqual([
      [5, `condition: ${PRODUCT_FIELD_MESSAGES.conditionInvalid}`],
      [6, `language: ${PRODUCT_FIELD_MESSAGES.languageInvalid}`],
    ]);
    const [gardevoir] = await productsNamed(["Gardevoir Variantes"]);
    expect(await variantsOf(gardevoir!.id)).toEqual([
      { condition: "LP", language: "ja", priceCents: 9_000, stock: 2 },
      { condition: "NM", language: "en", priceCents: 15_000, stock: 4 },
      { condition: "NM", language: "es", priceCents: 12_000, stock: 1 },
    ]);
    // The product's summary follows its variants: the cheapest in stock, the sum of the stock.
    expect(gardevoir).toMatchObject({ priceCents: 9_000, stock: 7, rarity: "Rare" });
    // A sealed product: no rarity or type, one 'Nuevo' variant, in the language given.
    const [box] = await productsNamed(["Caja Variantes"]);
    expect(box).toMatchObject({ rarity: null, type: null, stock: 3 });
    expect(await variantsOf(box!.id)).toEqual([{ condition: "NEW", language: "ja", priceCents: 150_000, stock: 3 }]);

    // A second file: the existing NM English variant updated, a new MP Japanese one added; nothing duplicated.
    const before = await productCount();
    const second = await importFile(
      cookie,
      "variantes-2.csv",
      [
        `${HEADER},cardNumber,condition,language`,
        "Gardevoir Variantes,Scarlet & Violet,160.00,9,Rare,Pokémon,https://images.example.com/g2.jpg,086/198,NM,Inglés",
        "Gardevoir Variantes,Scarlet & Violet,60.00,1,Rare,Pokémon,https://images.example.com/g2.jpg,086/198,moderadamente jugada,ja",
        // Another card number: another product.
        "Gardevoir Variantes,Scarlet & Violet,60.00,1,Rare,Pokémon,https://images.example.com/g3.jpg,245/198,MP,ja",
      ].join("\n"),
    );
    expect(second.errors.items).toEqual([]);
    expect(second.successes.items.map((s) => [s.id === gardevoir!.id, s.updated])).toEqual([
      [true, true],
      [true, true],
      [false, false],
    ]);
    expect(await productCount()).toBe(before + 1);
    expect(await variantsOf(gardevoir!.id)).toEqual([
      { condition: "LP", language: "ja", priceCents: 9_000, stock: 2 },
      { condition: "MP", language: "ja", priceCents: 6_000, stock: 1 },
      { condition: "NM", language: "en", priceCents: 16_000, stock: 9 },
      { condition: "NM", language: "es", priceCents: 12_000, stock: 1 },
    ]);
    const [updated] = await t.db.select().from(products).where(eq(products.id, gardevoir!.id));
    expect(updated).toMatchObject({ stock: 13, priceCents: 6_000, images: ["https://images.example.com/g2.jpg"] });
  });

  it("two workers asking at once never take the same run, and every queued run is imported once", async () => {
    const { cookie } = await adminSession(t.db);
    const file = (n: number) =>
      [HEADER, `Carta Concurrente ${n},Black Bolt,10.00,1,Rare,Pokémon,https://images.example.com/c${n}.jpg`].join("\n");
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await queue(cookie, `lote-${n}.csv`, file(n)));
    // One claim takes one run, the oldest; the others stay queued.
    const first = await claimNextImportRun(t.db);
    expect(first?.id).toBe(ids[0]);
    expect(
      (
        await t.db
          .select({ status: importRuns.status })
          .from(importRuns)
          .where(inArray(importRuns.id, ids))
          .orderBy(importRuns.createdAt, importRuns.id)
      ).map((r) => r.status),
    ).toEqual(["running", "queued", "queued"]);
    // Two claims at once: each gets its own run.
    const both = await Promise.all([claimNextImportRun(t.db), claimNextImportRun(t.db)]);
    expect(both.map((c) => c?.id).sort()).toEqual([ids[1], ids[2]].sort());
    expect(await claimNextImportRun(t.db)).toBeNull();
    await Promise.all([first!, ...both.map((c) => c!)].map((run) => processImportRun(t.db, run)));

    // Two "app processes" draining one queue side by side: each run imported once.
    const more: string[] = [];
    for (const n of [4, 5, 6, 7]) more.push(await queue(cookie, `lote-${n}.csv`, file(n)));
    const drain = async () => {
      const done: string[] = [];
      for (let id = await runNextImport(t.db); id !== null; id = await runNextImport(t.db)) done.push(id);
      return done;
    };
    const [a, b] = await Promise.all([drain(), drain()]);
    expect([...a, ...b].sort()).toEqual([...more].sort());
    const names = [1, 2, 3, 4, 5, 6, 7].map((n) => `Carta Concurrente ${n}`);
    expect((await productsNamed(names)).map((p) => p.name).sort()).toEqual(names);
    for (const id of [...ids, ...more]) expect((await findImportRun(t.db, id))?.status).toBe("done");
  });

  // The bench imports 5,000 rows and holds each pass to 30 s (README, decision 012); here, enough rows
  // for several batches and pages of results, on both databases.
  it("a big file imports in batches, and imports again as updates (its time is measured by npm run bench)", async () => {
    const rows = 1050;
    const { cookie } = await adminSession(t.db);
    const file = bulkProductCsv(rows);
    const before = await productCount();
    const id = await queue(cookie, "masivo.csv", file);
    expect(await runNextImport(t.db)).toBe(id);
    expect(await productCount()).toBe(before + rows);
    const run = await page(`?corrida=${id}`, cookie);
    const data = (run.data as RunPage).run;
    expect(data).toMatchObject({ status: "done", total: rows, processed: rows, succeeded: rows, failed: 0 });
    // The lists come a page at a time.
    expect(data.successes).toMatchObject({ count: rows, page: 1, pages: 11 });
    expect(data.successes.items).toHaveLength(100);
    const last = (await page(`?corrida=${id}&exitos=11`, cookie)).data as RunPage;
    expect(last.run.successes.items).toHaveLength(50);
    expect(last.run.successes.items.at(-1)).toMatchObject({ row: rows + 1, name: `Carta Masiva ${rows}`, updated: false });

    // The same rows again: every product updated in place.
    const again = await queue(cookie, "masivo.csv", file);
    expect(await runNextImport(t.db)).toBe(again);
    expect(await productCount()).toBe(before + rows);
    const second = ((await page(`?corrida=${again}`, cookie)).data as RunPage).run;
    expect(second).toMatchObject({ status: "done", succeeded: rows });
    expect(second.successes.items.every((item) => item.updated)).toBe(true);
  });

  it("a worker told to stop ends its batch and puts the run back; the next one goes on from the next row, nothing twice", async () => {
    const lines = [HEADER];
    for (let i = 1; i <= 450; i++) {
      // Every 100th row has no price: refused, wherever its batch falls.
      lines.push(
        `Carta Reanuda ${i},Celebrations,${i % 100 === 0 ? "" : "7.00"},2,Rare,Pokémon,https://images.example.com/reanuda-${i}.jpg`,
      );
    }
    const id = await createImportRun(t.db, {
      fileName: "reanuda.csv",
      text: lines.join("\n"),
      total: 450,
      status: "queued",
      createdBy: null,
    });
    const named = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(products)
          .where(and(isNull(products.archivedAt), sql`${products.name} like 'Carta Reanuda %'`))
      )[0]!.n;

    // The shop is told to stop while the first batch is written: that batch ends, the run goes back.
    const first = await claimNextImportRun(t.db);
    expect(first).toMatchObject({ id, processed: 0, result: null });
    let asked = 0;
    expect(await processImportRun(t.db, first!, () => asked++ > 0)).toBeNull();
    expect(await findImportRun(t.db, id)).toMatchObject({ status: "queued", processed: 200, succeeded: 198, failed: 2 });
    expect(await named()).toBe(198);

    // The next start's worker takes it again and finishes it from row 201.
    const second = await claimNextImportRun(t.db);
    expect(second).toMatchObject({ id, processed: 200 });
    const result = await processImportRun(t.db, second!);
    const run = await findImportRun(t.db, id);
    expect(run).toMatchObject({ status: "done", processed: 450, succeeded: 446, failed: 4 });
    expect(await named()).toBe(446);
    // Every row of the file is reported once: written or refused.
    const rows = [...result!.success.map((r) => r.row), ...result!.errors.map((r) => r.row)].sort((a, b) => a - b);
    expect(rows).toEqual(Array.from({ length: 450 }, (_, i) => i + 2));
    expect(run!.result!.success.every((r) => !r.updated)).toBe(true);
  });

  it("the server keeps answering while a file is imported: the worker pauses between batches", async () => {
    const { cookie } = await adminSession(t.db);
    const lines = [HEADER];
    for (let i = 1; i <= 1000; i++)
      lines.push(`Carta Pausa ${i},Celebrations,5.00,1,Rare,Pokémon,https://images.example.com/pausa-${i}.jpg`);
    await queue(cookie, "pausa.csv", lines.join("\n"));
    const run = await claimNextImportRun(t.db);
    // A timer stands for the requests waiting their turn: on the embedded database the queries of a
    // loop never leave the microtask queue, so without the pauses it would not fire until the end.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await processImportRun(t.db, run!);
    clearInterval(timer);
    expect(ticks).toBeGreaterThanOrEqual(4); // 5 batches of 200 rows: a pause after each
  });

  it("unusable files get a Spanish error and a 400, and nothing is written", async () => {
    const { cookie } = await adminSession(t.db);
    const over = `${HEADER}\n` + "x".repeat(5 * 1024 * 1024);
    const cases: Array<{ label: string; file: { name: string; content: string | Uint8Array } | null; error: string }> = [
      { label: "no file", file: null, error: ADMIN_MESSAGES.csvRequired },
      { label: "not .csv", file: { name: "productos.xlsx", content: fixture("good.csv") }, error: ADMIN_MESSAGES.csvRequired },
      { label: "over 5 MB", file: { name: "grande.csv", content: over }, error: CSV_IMPORT_MESSAGES.tooLarge },
      { label: "malformed", file: { name: "rota.csv", content: fixture("malformed.csv") }, error: CSV_IMPORT_MESSAGES.malformed(3) },
      {
        label: "missing column",
        file: { name: "incompleta.csv", content: fixture("missing-column.csv") },
        error: CSV_IMPORT_MESSAGES.missingColumns(["stock", "images"]),
      },
      { label: "not UTF-8", file: { name: "latin1.csv", content: fixture("latin1.csv") }, error: CSV_IMPORT_MESSAGES.notUtf8 },
      {
        label: "binary",
        file: { name: "imagen.csv", content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]) },
        error: CSV_IMPORT_MESSAGES.notUtf8,
      },
      { label: "empty", file: { name: "vacia.csv", content: "" }, error: CSV_IMPORT_MESSAGES.empty },
      { label: "header only", file: { name: "encabezado.csv", content: `${HEADER}\n\n` }, error: CSV_IMPORT_MESSAGES.noRows },
      {
        label: "separated by semicolons",
        file: {
          name: "puntoycoma.csv",
          content: "name;expansion;price;stock;rarity;type;images\nA;151;1;1;Rare;Pokémon;https://a.example/a.jpg",
        },
        error: `${CSV_IMPORT_MESSAGES.missingColumns(["name", "expansion", "price", "stock", "rarity", "type", "images"])} ${CSV_IMPORT_MESSAGES.semicolonHint}`,
      },
    ];
    const products = await productCount();
    const runs = await runCount();
    for (const { label, file, error } of cases) {
      for (const intent of ["import", "preview"]) {
        const answer = await callAction<Answer>(importRoute, upload(cookie, file, { intent }), { db: t.db });
        expect([label, intent, answer.status]).toEqual([label, intent, 400]);
        expect(answer.data, label).toEqual({ intent, fieldErrors: { archivo: [error] }, values: {} });
      }
    }
    expect(await runNextImport(t.db)).toBeNull();
    expect(await productCount()).toBe(products);
    expect(await runCount()).toBe(runs);
  });

  it("a guest or a customer gets 403 from the action and is sent home by the page; nothing is written", async () => {
    const customer = (await signIn(t.db, await insertCustomer(t.db))).cookie;
    const products = await productCount();
    const runs = await runCount();
    for (const cookie of ["", customer]) {
      const answer = await callAction<Answer>(
        importRoute,
        upload(cookie, { name: "catalogo.csv", content: fixture("good.csv") }, { intent: "import" }),
        { db: t.db },
      );
      expect(answer.status).toBe(403);
      expect(answer.data?.error).toBe(ADMIN_MESSAGES.forbidden);
      const shown = await page("", cookie);
      expect(shown.status).toBe(302);
      expect(shown.headers.get("Location")).toBe("/");
    }
    // A queued run of someone else can't be confirmed or read either.
    const id = await createImportRun(t.db, { fileName: "x.csv", text: `${HEADER}\n`, total: 0, status: "preview", createdBy: null });
    expect(
      (
        await callAction<Answer>(
          importRoute,
          new Request(TEST_ORIGIN + PATH, {
            method: "POST",
            body: new URLSearchParams({ intent: "confirm", corrida: id }),
            headers: { origin: TEST_ORIGIN, cookie: customer },
          }),
          { db: t.db },
        )
      ).status,
    ).toBe(403);
    expect((await page(`?corrida=${id}`, customer)).status).toBe(302);
    expect((await findImportRun(t.db, id))?.status).toBe("preview");
    await t.db.delete(importRuns).where(eq(importRuns.id, id));
    expect(await productCount()).toBe(products);
    expect(await runCount()).toBe(runs);
  });

  it("without JavaScript: upload → server preview of the first 5 rows and the count → 'Importar' queues it once", async () => {
    const { cookie } = await adminSession(t.db);
    const lines = [HEADER];
    for (let i = 1; i <= 7; i++) lines.push(`Vista Previa ${i},Stellar Crown,${i}.00,1,Rare,Pokémon,https://images.example.com/v${i}.jpg`);
    const products = await productCount();
    const answer = await callAction<Answer>(
      importRoute,
      upload(cookie, { name: "vista.csv", content: lines.join("\n") }, { intent: "preview" }),
      { db: t.db },
    );
    expect(answer.status).toBe(303);
    const location = answer.headers.get("Location") ?? "";
    expect(location).toMatch(/\?vista=[0-9a-f]{24}$/);
    const id = location.split("=")[1]!;
    // Waiting for confirmation: not for the worker.
    expect(await runNextImport(t.db)).toBeNull();
    const preview = (await page(`?vista=${id}`, cookie)).data;
    expect(preview).toMatchObject({ view: "preview", runId: id, preview: { fileName: "vista.csv", total: 7, header: HEADER.split(",") } });
    if (preview?.view !== "preview") throw new Error("no preview");
    expect(preview.preview.rows.map((r) => [r.row, r.cells[0]])).toEqual([
      [2, "Vista Previa 1"],
      [3, "Vista Previa 2"],
      [4, "Vista Previa 3"],
      [5, "Vista Previa 4"],
      [6, "Vista Previa 5"],
    ]);
    // A run waiting for confirmation has no result page.
    expect((await page(`?corrida=${id}`, cookie)).status).toBe(404);
    expect(await productCount()).toBe(products);

    const confirm = () =>
      callAction<Answer>(
        importRoute,
        new Request(TEST_ORIGIN + PATH, {
          method: "POST",
          body: new URLSearchParams({ intent: "confirm", corrida: id }),
          headers: { origin: TEST_ORIGIN, cookie },
        }),
        { db: t.db },
      );
    const confirmed = await confirm();
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe(`${PATH}?corrida=${id}`);
    // Confirming again (a double click, the back button) queues nothing more.
    const again = await confirm();
    expect(again.status).toBe(400);
    expect(again.data).toEqual({ intent: "confirm", formError: CSV_IMPORT_MESSAGES.previewExpired, fieldErrors: {}, values: {} });
    expect((await page(`?vista=${id}`, cookie)).data).toEqual({ view: "form", notice: CSV_IMPORT_MESSAGES.previewExpired });

    expect(await runNextImport(t.db)).toBe(id);
    expect(await runNextImport(t.db)).toBeNull();
    expect(await productCount()).toBe(products + 7);
  });

  it("the progress page: queued and running show processed of total and refresh themselves; done shows the result without refreshing", async () => {
    const { cookie } = await adminSession(t.db);
    const id = await queue(
      cookie,
      "progreso.csv",
      [
        HEADER,
        "Carta Progreso,Paradox Rift,10.00,1,Rare,Pokémon,https://images.example.com/p.jpg",
        "Mala,Paradox Rift,x,1,Rare,Pokémon,https://images.example.com/m.jpg",
      ].join("\n"),
    );
    const render = (data: ImportPageData) => {
      const Stub = createRoutesStub([{ id: "importar", path: PATH, Component: ImportProductsPage as never, loader: () => data }]);
      return renderToString(
        createElement(Stub, { initialEntries: [`${PATH}?corrida=${id}`], hydrationData: { loaderData: { importar: data } } }),
      );
    };
    const queued = (await page(`?corrida=${id}`, cookie)).data as RunPage;
    expect(queued.run).toMatchObject({ status: "queued", processed: 0, total: 2 });
    // (React separates adjacent text with comments in server markup: dropped to read the text.)
    const queuedHtml = render(queued).replace(/<!-- -->/g, "");
    expect(queuedHtml).toContain('<meta http-equiv="refresh" content="2"/>');
    expect(queuedHtml).not.toContain("<noscript>"); // the refresh is the page's own, not hidden from JavaScript-less browsers only
    expect(queuedHtml).toMatch(/<progress[^>]*max="2"[^>]*value="0"/);
    expect(queuedHtml).toContain("0 de 2 filas");

    const claimed = await claimNextImportRun(t.db);
    expect(claimed?.id).toBe(id);
    expect(((await page(`?corrida=${id}`, cookie)).data as RunPage).run.status).toBe("running");
    await processImportRun(t.db, claimed!);

    const done = (await page(`?corrida=${id}`, cookie)).data as RunPage;
    const html = render(done);
    expect(html).not.toContain("http-equiv");
    expect(html).not.toContain("<progress");
    expect(html).toContain("Resultado de la importación");
    expect(html).toContain("Carta Progreso");
    expect(html).toContain(`href="/producto/${done.run.successes.items[0]!.id}"`);
    expect(html).toContain("price: El precio debe ser un número mayor o igual a 0, con hasta 2 decimales");
    expect(html).toContain('href="/admin/importar-productos"');
    expect(html).toContain("Importar otro archivo");
    // An unknown run.
    expect((await page("?corrida=000000000000000000000000", cookie)).status).toBe(404);
    expect((await page("?corrida=no-es-un-id", cookie)).status).toBe(404);
  });

  it("a run the worker can't finish is marked failed with 'Error al importar productos'", async () => {
    const id = await createImportRun(t.db, { fileName: "rota.csv", text: '"sin cerrar', total: 1, status: "queued", createdBy: null });
    expect(await runNextImport(t.db)).toBe(id);
    expect(await findImportRun(t.db, id)).toMatchObject({ status: "failed", error: ADMIN_MESSAGES.importFailed });
  });
});
