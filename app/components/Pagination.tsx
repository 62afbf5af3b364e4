import { Link } from "react-router";

/** Page numbers to show around the current one: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(current: number, pages: number, radius = 2): Array<number | "gap"> {
  const out: Array<number | "gap"> = [];
  let from = Math.max(1, current - radius);
  let to = Math.min(pages, current + radius);
  // A gap hides at least two pages; hiding just one would take as much room as showing it.
  if (from === 3) from = 2;
  if (to === pages - 2) to = pages - 1;
  if (from > 1) out.push(1);
  if (from > 2) out.push("gap");
  for (let p = from; p <= to; p++) out.push(p);
  if (to < pages - 1) out.push("gap");
  if (to < pages) out.push(pages);
  return out;
}

export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Paginación">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className="pagination-step">
          Anterior
        </Link>
      ) : (
        <span className="pagination-step is-disabled" aria-disabled="true">
          Anterior
        </span>
      )}
      <ol>
        {pageWindow(page, pages).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="pagination-gap">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span className="pagination-page is-current" aria-current="page">
                  <span className="visually-hidden">Página </span>
                  {p}
                </span>
              ) : (
                <Link to={hrefFor(p)} className="pagination-page" aria-label={`Página ${p}`}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next" className="pagination-step">
          Siguiente
        </Link>
      ) : (
        <span className="pagination-step is-disabled" aria-disabled="true">
          Siguiente
        </span>
      )}
    </nav>
  );
}
