/**
 * A CSV import's progress and result (docs/requirements.md#admin-area): while the
 * server works, processed rows of the total; then the total, the rows with errors (row, reason,
 * data) and the products written (row, name, id with its link), each list a page at a time.
 */
import { Link } from "react-router";
import { formatCount } from "#domain/format.ts";
import { formatDateTime } from "#domain/dates.ts";

export interface ImportRunData {
  id: string;
  fileName: string | null;
  status: "preview" | "queued" | "running" | "done" | "failed";
  processed: number;
  total: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  errors: ListPage<{ row: number; error: string; data: Record<string, string> }>;
  successes: ListPage<{ row: number; name: string; id: string; updated: boolean }>;
}

interface ListPage<T> {
  items: T[];
  page: number;
  pages: number;
  count: number;
}

export const isImportActive = (status: ImportRunData["status"]) => status === "queued" || status === "running";

/** Links to the pages of one list, the other list's page kept. */
function ListPager({ label, page, pages, hrefFor }: { label: string; page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="import-pager" aria-label={label}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" preventScrollReset>
          Anterior
        </Link>
      ) : null}
      <span>
        Página {page} de {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next" preventScrollReset>
          Siguiente
        </Link>
      ) : null}
    </nav>
  );
}

function RowData({ data }: { data: Record<string, string> }) {
  return (
    <ul className="import-row-data">
      {Object.entries(data).map(([column, value]) => (
        <li key={column}>
          <span className="import-row-data-column">{column}:</span> {value === "" ? <em>(vacío)</em> : value}
        </li>
      ))}
    </ul>
  );
}

export function ImportRunView({ run }: { run: ImportRunData }) {
  const active = isImportActive(run.status);
  const href = (errores: number, exitos: number) =>
    `/admin/importar-productos?corrida=${run.id}${errores > 1 ? `&errores=${errores}` : ""}${exitos > 1 ? `&exitos=${exitos}` : ""}`;
  const { errors, successes } = run;
  return (
    <section className="import-run" aria-labelledby="import-run-title">
      <h3 id="import-run-title">{active ? "Importando productos…" : "Resultado de la importación"}</h3>
      <p className="import-run-file">
        {run.fileName ? <strong>{run.fileName}</strong> : null} · subido el {formatDateTime(run.createdAt)}
      </p>

      {active ? (
        <div className="import-progress" role="status">
          <label htmlFor="import-progress-bar">
            {run.status === "queued" ? "En espera… " : "Procesando: "}
            {formatCount(run.processed)} de {formatCount(run.total)} filas
          </label>
          <progress id="import-progress-bar" max={Math.max(run.total, 1)} value={run.processed}>
            {formatCount(run.processed)} de {formatCount(run.total)}
          </progress>
          <p className="field-hint">Esta página se actualiza sola hasta que termine la importación.</p>
        </div>
      ) : (
        <>
          {run.status === "failed" ? (
            <p className="import-failure" role="alert">
              {run.error}
              {successes.count > 0 ? ` Se guardaron ${formatCount(successes.count)} productos antes del error.` : ""}
            </p>
          ) : null}
          <dl className="import-totals">
            <div>
              <dt>Total</dt>
              <dd>{formatCount(run.total)}</dd>
            </div>
            <div className="import-totals-ok">
              <dt>Importados</dt>
              <dd>{formatCount(successes.count)}</dd>
            </div>
            <div className={errors.count > 0 ? "import-totals-bad" : undefined}>
              <dt>Con errores</dt>
              <dd>{formatCount(errors.count)}</dd>
            </div>
          </dl>

          {errors.count > 0 ? (
            <section className="import-errors" aria-labelledby="import-errors-title">
              <h4 id="import-errors-title">Filas con errores (no se importaron)</h4>
              <div className="import-table-wrap" role="region" aria-label="Filas con errores" tabIndex={0}>
                <table className="import-table">
                  <thead>
                    <tr>
                      <th scope="col">Fila</th>
                      <th scope="col">Error</th>
                      <th scope="col">Datos</th>
                    </tr>
                  </thead>
                  <tbody>
                    {errors.items.map((failure) => (
                      <tr key={failure.row}>
                        <th scope="row">{failure.row}</th>
                        <td className="import-error-text">{failure.error}</td>
                        <td>
                          <RowData data={failure.data} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ListPager
                label="Páginas de filas con errores"
                page={errors.page}
                pages={errors.pages}
                hrefFor={(p) => href(p, successes.page)}
              />
            </section>
          ) : null}

          {successes.count > 0 ? (
            <details className="import-successes" open={successes.count <= 20 || successes.page > 1}>
              <summary>Productos importados ({formatCount(successes.count)})</summary>
              <div className="import-table-wrap" role="region" aria-label="Productos importados" tabIndex={0}>
                <table className="import-table">
                  <thead>
                    <tr>
                      <th scope="col">Fila</th>
                      <th scope="col">Nombre</th>
                      <th scope="col">ID</th>
                      <th scope="col">Acción</th>
                    </tr>
                  </thead>
                  <tbody>
                    {successes.items.map((success) => (
                      <tr key={success.row}>
                        <th scope="row">{success.row}</th>
                        <td>{success.name}</td>
                        <td>
                          <Link to={`/producto/${success.id}`} className="import-product-id">
                            {success.id}
                          </Link>
                        </td>
                        <td>{success.updated ? "Actualizado" : "Nuevo"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ListPager
                label="Páginas de productos importados"
                page={successes.page}
                pages={successes.pages}
                hrefFor={(p) => href(errors.page, p)}
              />
            </details>
          ) : null}
          <p className="field-hint">«Fila» es el número de fila en la hoja de cálculo: la fila 1 es el encabezado.</p>
          {run.finishedAt ? <p className="field-hint">Terminó el {formatDateTime(run.finishedAt)}</p> : null}
        </>
      )}
      <p>
        <Link to="/admin/importar-productos" className="button button-light">
          Importar otro archivo
        </Link>
      </p>
    </section>
  );
}
