/**
 * The first rows of a product CSV before importing (docs/requirements.md#admin-area): the same table
 * for the browser's own preview (JavaScript) and the server-rendered one (no JavaScript).
 */
import { formatCount } from "#domain/format.ts";
import { CSV_PREVIEW_ROWS } from "#domain/product-csv.ts";

export interface ImportPreviewData {
  fileName: string;
  header: string[];
  rows: Array<{ row: number; cells: string[] }>;
  total: number;
}

/** Long cells (descriptions, several image URLs) are cut in the table; the whole text is in the title. */
const CELL_LIMIT = 80;
const shortCell = (text: string) => (text.length > CELL_LIMIT ? `${text.slice(0, CELL_LIMIT - 1)}…` : text);

export const rowCountText = (total: number) => (total === 1 ? "1 fila de productos" : `${formatCount(total)} filas de productos`);

export function ImportPreview({ preview }: { preview: ImportPreviewData }) {
  const shown = Math.min(preview.rows.length, CSV_PREVIEW_ROWS);
  return (
    <section className="import-preview" aria-labelledby="import-preview-title">
      <h3 id="import-preview-title">Vista previa</h3>
      <p className="import-preview-summary">
        <strong>{preview.fileName}</strong>: {rowCountText(preview.total)}.{" "}
        {preview.total > shown ? `Se muestran las primeras ${shown}.` : null}
      </p>
      <div className="import-table-wrap" role="region" aria-label="Primeras filas del archivo" tabIndex={0}>
        <table className="import-table">
          <thead>
            <tr>
              <th scope="col">Fila</th>
              {preview.header.map((name, i) => (
                <th scope="col" key={i}>
                  {name || `Columna ${i + 1}`}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.slice(0, shown).map((row) => (
              <tr key={row.row}>
                <th scope="row">{row.row}</th>
                {preview.header.map((_, i) => {
                  const cell = row.cells[i] ?? "";
                  return (
                    <td key={i} title={cell.length > CELL_LIMIT ? cell : undefined}>
                      {shortCell(cell)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="field-hint">«Fila» es el número de fila en la hoja de cálculo: la fila 1 es el encabezado.</p>
    </section>
  );
}
