import { Fragment } from "react";
import {
  CSV_COLUMNS,
  CSV_COLUMN_GUIDE,
  CSV_IMAGE_SEPARATOR,
  CSV_REQUIRED_COLUMNS,
  CSV_SAMPLE_FILENAME,
  type CsvColumn,
} from "#domain/product-csv.ts";

const isRequired = (column: CsvColumn) => (CSV_REQUIRED_COLUMNS as readonly string[]).includes(column);

/**
 * The CSV import's columns (docs/requirements.md#admin-area): each column the importer reads
 * (`CSV_COLUMNS`, the one list), whether it is required, an example and what it means
 * (`CSV_COLUMN_GUIDE`), then how rows update products, and the sample file to download.
 */
export function CsvColumnsTable({ samplePath }: { samplePath: string }) {
  return (
    <section className="import-columns" aria-labelledby="import-columns-title">
      <h3 id="import-columns-title">Columnas del archivo</h3>
      <p>
        La primera fila nombra las columnas (en cualquier orden, mayúsculas o minúsculas); las opcionales pueden faltar. Una fila con el
        mismo nombre, expansión y número de carta que un producto de la tienda lo actualiza, y actualiza su variante de la misma condición e
        idioma o le agrega una.{" "}
        <a href={samplePath} download={CSV_SAMPLE_FILENAME}>
          Descargar archivo de ejemplo ({CSV_SAMPLE_FILENAME})
        </a>
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table import-columns-table">
          <caption className="visually-hidden">Columnas del archivo CSV</caption>
          <thead>
            <tr>
              <th scope="col">Columna</th>
              <th scope="col">Requerida</th>
              <th scope="col">Ejemplo</th>
              <th scope="col">Qué es</th>
            </tr>
          </thead>
          <tbody>
            {CSV_COLUMNS.map((column) => (
              <tr key={column}>
                <th scope="row">
                  <code>{column}</code>
                </th>
                <td data-label="Requerida">{isRequired(column) ? "Sí" : "No"}</td>
                <td data-label="Ejemplo" className="import-columns-example">
                  {/* The images' URLs may break after their separator. */}
                  <code>
                    {CSV_COLUMN_GUIDE[column].example.split(CSV_IMAGE_SEPARATOR).map((part, index) => (
                      <Fragment key={index}>
                        {index > 0 ? (
                          <>
                            {CSV_IMAGE_SEPARATOR}
                            <wbr />
                          </>
                        ) : null}
                        {part}
                      </Fragment>
                    ))}
                  </code>
                </td>
                <td data-label="Qué es">{CSV_COLUMN_GUIDE[column].meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
