/**
 * The browser's CSV reader (preview only) splits files as the server's csv-parse does, and refuses
 * what csv-parse refuses, so the preview never shows rows the import would read differently.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { CSV_IMPORT_MESSAGES } from "#domain/messages.ts";
import { previewCsvFile, readCsvRecords } from "./csv-preview";

const fixture = (name: string) => fs.readFileSync(path.resolve("tests/fixtures/csv", name));

describe("readCsvRecords", () => {
  const samples = [
    "a,b,c\n1,2,3\n",
    "a,b\r\n1,2\r\n",
    'a,b\n"x, y","línea 1\nlínea 2"\n',
    'a,b\n"con ""comillas""",\n',
    "a,b\n\n1,2",
    "a,b\n1,2,3\n4\n",
    '"",""\n',
    ...["good.csv", "bad.csv", "mixed.csv", "quoted.csv", "bom.csv", "missing-column.csv"].map((f) => fixture(f).toString("utf8")),
  ];
  for (const text of samples) {
    it(`reads ${JSON.stringify(text.slice(0, 30))}… as csv-parse does`, () => {
      const expected = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false });
      expect(readCsvRecords(text)).toEqual({ records: expected, error: null });
    });
  }

  it("refuses an unclosed quote, text after a closing quote, and a quote inside an unquoted field, as csv-parse does", () => {
    for (const text of [fixture("malformed.csv").toString("utf8"), 'a,b\n"x"y,1\n', 'a,b\nx"y,1\n']) {
      expect(() => parse(text, { bom: true, relax_column_count: true })).toThrow();
      expect(readCsvRecords(text).error).not.toBeNull();
    }
  });
});

describe("previewCsvFile", () => {
  const file = (content: string | Uint8Array, name = "productos.csv") =>
    new File([typeof content === "string" ? content : new Uint8Array(content)], name);

  it("the first 5 rows, the count, numbered as a spreadsheet", async () => {
    const rows = ["name,expansion,price,stock,rarity,type,images"];
    for (let i = 1; i <= 8; i++) rows.push(`Carta ${i},151,1,1,Rare,Pokémon,https://a.example/${i}.jpg`);
    const preview = await previewCsvFile(file(rows.join("\n")));
    expect(preview).toMatchObject({ ok: true, value: { total: 8 } });
    if (!preview.ok) return;
    expect(preview.value.rows.map((r) => [r.row, r.cells[0]])).toEqual([
      [2, "Carta 1"],
      [3, "Carta 2"],
      [4, "Carta 3"],
      [5, "Carta 4"],
      [6, "Carta 5"],
    ]);
  });

  it("the server's reasons for unusable files", async () => {
    expect(await previewCsvFile(file("x", "datos.txt"))).toEqual({ ok: false, failure: "Por favor selecciona un archivo CSV" });
    expect(await previewCsvFile(file(fixture("latin1.csv")))).toEqual({ ok: false, failure: CSV_IMPORT_MESSAGES.notUtf8 });
    expect(await previewCsvFile(file(""))).toEqual({ ok: false, failure: CSV_IMPORT_MESSAGES.empty });
    expect(await previewCsvFile(file(fixture("missing-column.csv")))).toEqual({
      ok: false,
      failure: CSV_IMPORT_MESSAGES.missingColumns(["stock", "images"]),
    });
    expect(await previewCsvFile(file(fixture("malformed.csv")))).toMatchObject({ ok: false });
    expect(await previewCsvFile(file("name,expansion,price,stock,rarity,type,images\n"))).toEqual({
      ok: false,
      failure: CSV_IMPORT_MESSAGES.noRows,
    });
  });
});
