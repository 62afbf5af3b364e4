import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import {
  CATEGORY_FILTERS,
  CLEARED_FILTERS,
  CONDITION_FILTERS,
  LANGUAGE_FILTERS,
  SORT_OPTIONS,
  hasFilters,
  parseProductQuery,
  productListHref,
  sortValue,
  type ProductQuery,
} from "#domain/product-query.ts";
import { CARD_TYPES, EXPANSIONS, RARITIES } from "#domain/catalog.ts";
import { formatCount } from "#domain/format.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Icon } from "./icons";
import { SelectField } from "#app/components/form-parts.tsx";

export const FILTER_FORM_ID = "filtros-form";

/** The filters chosen with radios (one choice each). */
type RadioFilter = "category" | "condition" | "language" | "rarity" | "type";

/**
 * The filter panel. Without JavaScript it is a GET form whose 'Ver resultados'
 * button sends it (the sort select joins it through the `form` attribute; the new
 * page has no #filtros, so the slide-over is closed); with JavaScript every
 * change navigates at once, choosing the selected radio clears it, and the
 * slide-over's 'Ver N resultados' counts the results behind it and closes it. On
 * small screens it is a slide-over opened by 'Filtros' (a #filtros link without
 * JS), its buttons kept in sight at its foot.
 * `query` is the state to show: while the list loads, the one asked for
 * (useShownProductQuery), so every control follows a tap at once and the next
 * change builds on it. `total` is null while the results are loading.
 */
export function ProductFilters({ query, pathname, total }: { query: ProductQuery; pathname: string; total: number | null }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  // flushSync: the pending state (the tapped control) renders before the browser paints.
  const go = (change: Partial<ProductQuery>) => navigate(productListHref(query, change, pathname), { flushSync: true });

  const applyForm = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
    go({ ...parseProductQuery(params), page: 1 });
  };

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>("h2")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        openerRef.current?.focus();
        return;
      }
      if (e.key !== "Tab" || !panel || window.matchMedia("(min-width: 900px)").matches) return;
      // Keep keyboard focus inside the open slide-over (it is a modal dialog on small screens).
      const focusable = panel.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input, select, [tabindex='-1']");
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  /**
   * One single-choice radio: `name` and `value` are what the no-JS form sends (the URL's parameter
   * and value), `state` the query value it stands for ('' = all). Choosing the selected option
   * clears it (docs/requirements.md#catalogue).
   */
  const radio = <K extends RadioFilter>(field: K, name: string, value: string, state: ProductQuery[K], label: string) => (
    <label className="choice" key={value || "all"}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={query[field] === state}
        onChange={() => {}}
        onClick={() => {
          if (!hydrated) return;
          go({ [field]: query[field] === state ? "" : state });
        }}
      />
      {label}
    </label>
  );

  return (
    <>
      {hydrated ? (
        <button
          ref={openerRef}
          type="button"
          className="button filters-toggle"
          aria-expanded={open}
          aria-controls="filtros"
          onClick={() => setOpen(true)}
        >
          <Icon name="filter" /> Filtros
        </button>
      ) : (
        <a href="#filtros" className="button filters-toggle">
          <Icon name="filter" /> Filtros
        </a>
      )}
      <aside
        id="filtros"
        ref={panelRef}
        className={`filters ${open ? "is-open" : ""}`}
        aria-labelledby="filtros-title"
        role={open ? "dialog" : undefined}
        aria-modal={open ? true : undefined}
      >
        <div className="filters-head">
          <h2 id="filtros-title" tabIndex={-1}>
            Filtros
          </h2>
          {hydrated ? (
            <button
              type="button"
              className="icon-button filters-close"
              aria-label="Cerrar filtros"
              onClick={() => {
                setOpen(false);
                openerRef.current?.focus();
              }}
            >
              ×
            </button>
          ) : (
            <a href="#" className="icon-button filters-close" aria-label="Cerrar filtros">
              ×
            </a>
          )}
        </div>
        <Form
          id={FILTER_FORM_ID}
          method="get"
          action={pathname}
          onChange={(e) => {
            if (!hydrated) return;
            const target = e.target as unknown as HTMLInputElement;
            if (target.type === "radio") return; // handled by onClick (so a second click clears)
            applyForm(e.currentTarget);
          }}
          onSubmit={(e) => {
            e.preventDefault();
            applyForm(e.currentTarget);
          }}
        >
          {query.search ? <input type="hidden" name="search" value={query.search} /> : null}
          <fieldset>
            <legend>Categoría</legend>
            {radio("category", "categoria", "", "", "Todas")}
            {CATEGORY_FILTERS.map((c) => radio("category", "categoria", c.value, c.category, c.label))}
          </fieldset>
          <fieldset>
            <legend>Condición</legend>
            {radio("condition", "condicion", "", "", "Todas")}
            {CONDITION_FILTERS.map((c) => radio("condition", "condicion", c.value, c.code, c.label))}
          </fieldset>
          <fieldset>
            <legend>Idioma</legend>
            {radio("language", "idioma", "", "", "Todos")}
            {LANGUAGE_FILTERS.map((l) => radio("language", "idioma", l.value, l.code, l.label))}
          </fieldset>
          <fieldset>
            <legend>Rareza</legend>
            {radio("rarity", "rarity", "", "", "Todas")}
            {RARITIES.map((r) => radio("rarity", "rarity", r, r, r))}
          </fieldset>
          <fieldset>
            <legend>Tipo</legend>
            {radio("type", "type", "", "", "Todos")}
            {CARD_TYPES.map((t) => radio("type", "type", t, t, t))}
          </fieldset>
          <SelectField
            label="Expansión"
            selectProps={{ id: "filtro-expansion", name: "expansion", value: query.expansion, onChange: () => {} }}
          >
            <option value="">Todas las expansiones</option>
            {EXPANSIONS.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </SelectField>
          <label className="choice">
            <input type="checkbox" name="onSale" value="true" checked={query.onSale} onChange={() => {}} />
            Solo productos en oferta
          </label>
          <div className="filters-actions">
            {hydrated ? (
              open ? (
                <button
                  type="button"
                  className="button button-primary filters-done"
                  onClick={() => {
                    setOpen(false);
                    openerRef.current?.focus();
                  }}
                >
                  {total === null ? "Ver resultados" : `Ver ${formatCount(total)} ${total === 1 ? "resultado" : "resultados"}`}
                </button>
              ) : null
            ) : (
              // Without JavaScript the count of the filters being chosen is not known until the form is sent.
              <button type="submit" className="button button-primary">
                Ver resultados
              </button>
            )}
            <Link to={productListHref(query, CLEARED_FILTERS, pathname)} className={`button ${hasFilters(query) ? "" : "is-quiet"}`}>
              Limpiar filtros
            </Link>
          </div>
        </Form>
      </aside>
      {open ? <div className="filters-backdrop" aria-hidden="true" onClick={() => setOpen(false)} /> : null}
    </>
  );
}

export function SortSelect({ query }: { query: ProductQuery }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  return (
    <div className="sort">
      <label htmlFor="orden">Ordenar por</label>
      <select
        id="orden"
        name="sort"
        form={FILTER_FORM_ID}
        value={sortValue(query)}
        onChange={(e) => {
          if (!hydrated) return;
          const option = SORT_OPTIONS.find((o) => o.value === e.currentTarget.value);
          if (option) navigate(productListHref(query, { sortBy: option.sortBy, order: option.order }), { flushSync: true });
        }}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" form={FILTER_FORM_ID} className="button">
          Ordenar
        </button>
      )}
    </div>
  );
}
