/**
 * The CSV import page's sample file (docs/requirements.md#admin-area): `/admin/productos-ejemplo.csv`
 * is the admin's only, has every column the importer reads (CSV_COLUMNS, the one list), and imports
 * cleanly through the importer: the upload as the browser sends it, the worker, the result page.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as sampleRoute from "#app/routes/admin/productos-ejemplo-csv.ts";
import * as importRoute from "#app/routes/admin/importar-productos.tsx";
import { CSV_COLUMNS, CSV_COLUMN_GUIDE, CSV_REQUIRED_COLUMNS, productCsvSample } from "#domain/product-csv.ts";
import { products, productVariants } from "#server/db/schema.ts";
import { decodeCsv, readProductCsv } from "#server/importer/product-csv.ts";
import { runNextImport } from "#server/importer/import-worker.server.ts";
import type { ImportPageData } from "#app/routes/admin/importar-productos.server.ts";
import { insertCustomer } from "#tests/fixtures/orders.ts";
import { TEST_ORIGIN, callAction, callLoader, get, runLoader, signIn } from "#tests/fixtures/route-context.ts";
import { adminSession } from "#tests/fixtures/admin.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

const PATH = "/admin/importar-productos";

it("the guide has every column of the importer, once, with an example and a meaning", () => {
  expect(Object.keys(CSV_COLUMN_GUIDE).sort()).toEqual([...CSV_COLUMNS].sort());
  for (const column of CSV_COLUMNS) {
    expect(CSV_COLUMN_GUIDE[column].meaning.length).toBeGreaterThan(10);
    if ((CSV_REQUIRED_COLUMNS as readonly string[]).includes(column)) expect(CSV_COLUMN_GUIDE[column].example).not.toBe("");
  }
  const [header] = productCsvSample().split("\r\n");
  expect(header).toBe(CSV_COLUMNS.join(","));
});

describeEachDatabase("the CSV import's sample file", (t) => {
  it("is the admin's only: a guest and a customer are sent home", async () => {
    const guest = await callLoader(sampleRoute, get("/admin/productos-ejemplo.csv"), { db: t.db });
    expect([guest.status, guest.headers.get("location")]).toEqual([302, "/"]);
    const customer = await insertCustomer(t.db);
    const { cookie } = await signIn(t.db, customer);
    const refused = await callLoader(sampleRoute, get("/admin/productos-ejemplo.csv", { cookie }), { db: t.db });
    expect([refused.status, refused.headers.get("location")]).toEqual([302, "/"]);
  });

  it("downloads as a UTF-8 CSV with a BOM that the importer reads and imports without an error", async () => {
    const { cookie } = await adminSession(t.db);
    const response = (await runLoader(sampleRoute, get("/admin/productos-ejemplo.csv", { cookie }), { db: t.db })) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="ejemplo-productos.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = decodeCsv(bytes);
    expect(text.ok && readProductCsv(text.value).ok).toBe(true);

    // Uploaded as the browser with JavaScript does, then imported by the worker.
    const form = new FormData();
    form.set("intent", "import");
    form.set("archivo", new File([bytes], "ejemplo-productos.csv", { type: "text/csv" }));
    const upload = new Request(TEST_ORIGIN + PATH, { method: "POST", body: form, headers: { origin: TEST_ORIGIN, cookie } });
    const answer = await callAction(importRoute, upload, { db: t.db });
    expect(answer.status, JSON.stringify(answer.data)).toBe(303);
    const id = (answer.headers.get("Location") ?? "").split("=")[1]!;
    expect(await runNextImport(t.db)).toBe(id);
    const shown = await callLoader<ImportPageData>(importRoute, get(`${PATH}?corrida=${id}`, { cookie }), { db: t.db });
    const run = (shown.data as Extract<ImportPageData, { view: "run" }>).run;
    expect(run.status).toBe("done");
    expect(run.errors.count).toBe(0);
    expect(run.total).toBe(3);
    expect(run.successes.items.map((s) => [s.row, s.name, s.updated])).toEqual([
      [2, "Pikachu ex", false],
      [3, "Pikachu ex", true],
      [4, "Caja de sobres Surging Sparks", false],
    ]);

    // The card with its two variants, the sealed box with its one.
    const [card] = await t.db.select().from(products).where(eq(products.name, "Pikachu ex"));
    expect(card).toMatchObject({ expansion: "Surging Sparks", rarity: "Double Rare", type: "Pokémon", cardNumber: "057/191" });
    expect(card!.description).toBe("Pikachu ex de Surging Sparks, en excelente estado");
    const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, card!.id));
    expect(variants.map((v) => [v.condition, v.language, v.priceCents, v.salePriceCents, v.stock]).sort()).toEqual(
      [
        ["LP", "ja", 89_900, null, 1],
        ["NM", "en", 129_900, 109_900, 3],
      ].sort(),
    );
    const [box] = await t.db.select().from(products).where(eq(products.name, "Caja de sobres Surging Sparks"));
    expect(box).toMatchObject({ category: "Producto Sellado", rarity: null, type: null });
  });
});
