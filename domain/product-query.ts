/**
 * The product list's state lives in the URL query (docs/requirements.md#query-strings-and-form-posts):
 * search, page, sortBy, order, rarity, type, expansion, onSale=true (the old JSON API's names), and
 * categoria, condicion, idioma (added with the variants, Spanish like every newer parameter of the
 * shop's URLs). Browser-safe: the view builds its links with it, the loader parses with it.
 * Anything unknown or malformed is dropped, never an error.
 */
import { CARD_TYPES, EXPANSIONS, RARITIES, type Category } from "./catalog";
import {
  CONDITION_LABELS,
  LANGUAGES,
  LANGUAGE_LABELS,
  SINGLE_CONDITIONS,
  normalizeLabel,
  parseCondition,
  parseLanguage,
  type Language,
} from "./variants";

export const SORT_OPTIONS = [
  { value: "dateAdded-desc", label: "Más recientes", sortBy: "dateAdded", order: "desc" },
  { value: "price-asc", label: "Precio: menor a mayor", sortBy: "price", order: "asc" },
  { value: "price-desc", label: "Precio: mayor a menor", sortBy: "price", order: "desc" },
  { value: "name-asc", label: "Nombre A-Z", sortBy: "name", order: "asc" },
] as const;

export type SortBy = "dateAdded" | "price" | "name";
export type SortOrder = "asc" | "desc";

export interface ProductQuery {
  search: string;
  page: number;
  sortBy: SortBy;
  order: SortOrder;
  rarity: string;
  type: string;
  expansion: string;
  onSale: boolean;
  /** products.category; '' = all. */
  category: Category | "";
  /** A single's condition: the list shows a product when a variant in stock has it; '' = any. */
  condition: SingleCondition | "";
  /** The language a variant in stock must be printed in; '' = any. */
  language: Language | "";
}

export type SingleCondition = (typeof SINGLE_CONDITIONS)[number];

/** The category filter's choices: the URL value (`categoria=`), the products.category it names, the label. */
export const CATEGORY_FILTERS = [
  { value: "cartas", category: "Carta Individual", label: "Cartas individuales" },
  { value: "sellado", category: "Producto Sellado", label: "Producto sellado" },
  { value: "accesorios", category: "Accesorio", label: "Accesorios" },
] as const satisfies ReadonlyArray<{ value: string; category: Category; label: string }>;

/** The condition filter's choices (`condicion=nm`), best first: the five conditions of a single. */
export const CONDITION_FILTERS = SINGLE_CONDITIONS.map((code) => ({ value: code.toLowerCase(), code, label: CONDITION_LABELS[code] }));

/** The language filter's choices (`idioma=ja`). */
export const LANGUAGE_FILTERS = LANGUAGES.map((code) => ({ value: code, code, label: LANGUAGE_LABELS[code] }));

export const DEFAULT_QUERY: ProductQuery = {
  search: "",
  page: 1,
  sortBy: "dateAdded",
  order: "desc",
  rarity: "",
  type: "",
  expansion: "",
  onSale: false,
  category: "",
  condition: "",
  language: "",
};

/** Every filter cleared (search included): what 'Limpiar filtros' links to; the page and the sort stay. */
export const CLEARED_FILTERS: Omit<ProductQuery, "page" | "sortBy" | "order"> = (({
  page: _page,
  sortBy: _sortBy,
  order: _order,
  ...filters
}) => filters)(DEFAULT_QUERY);

export const MAX_SEARCH_LENGTH = 100;
const MAX_PAGE = 100_000;

/** `categoria=`: its URL value, or (a hand-made link) the category or its label, any case. */
function parseCategory(value: string | null): Category | "" {
  if (!value || value.length > 40) return "";
  const wanted = normalizeLabel(value);
  const match = CATEGORY_FILTERS.find(
    (c) => c.value === wanted || normalizeLabel(c.category) === wanted || normalizeLabel(c.label) === wanted,
  );
  return match?.category ?? "";
}

/** `condicion=`: a single's condition by code or label, any case; 'Nuevo' (sealed) is no choice. */
function parseSingleCondition(value: string | null): SingleCondition | "" {
  if (!value || value.length > 40) return "";
  const code = parseCondition(value);
  return code && (SINGLE_CONDITIONS as readonly string[]).includes(code) ? (code as SingleCondition) : "";
}

/** `idioma=`: es, en, ja or the Spanish name, any case. */
function parseLanguageFilter(value: string | null): Language | "" {
  if (!value || value.length > 40) return "";
  return parseLanguage(value) ?? "";
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | "" {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : "";
}

/** Parses a query string; a `sort=price-asc` (the no-JS select) is understood too. */
export function parseProductQuery(params: URLSearchParams): ProductQuery {
  let sortBy = oneOf(["dateAdded", "price", "name"] as const, params.get("sortBy")) || DEFAULT_QUERY.sortBy;
  let order = oneOf(["asc", "desc"] as const, params.get("order")) || defaultOrder(sortBy);
  const combined = SORT_OPTIONS.find((o) => o.value === params.get("sort"));
  if (combined) {
    sortBy = combined.sortBy;
    order = combined.order;
  }
  const page = Number(params.get("page"));
  return {
    search: (params.get("search") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    sortBy,
    order,
    rarity: oneOf(RARITIES, params.get("rarity")),
    type: oneOf(CARD_TYPES, params.get("type")),
    expansion: oneOf(EXPANSIONS, params.get("expansion")),
    onSale: params.get("onSale") === "true" || params.get("onSale") === "on",
    category: parseCategory(params.get("categoria")),
    condition: parseSingleCondition(params.get("condicion")),
    language: parseLanguageFilter(params.get("idioma")),
  };
}

function defaultOrder(sortBy: SortBy): SortOrder {
  return sortBy === "dateAdded" ? "desc" : "asc";
}

/** The canonical query string for a state (defaults omitted), without the leading '?'. */
export function serializeProductQuery(q: ProductQuery): string {
  const params = new URLSearchParams();
  if (q.search) params.set("search", q.search);
  if (q.sortBy !== DEFAULT_QUERY.sortBy || q.order !== DEFAULT_QUERY.order) {
    params.set("sortBy", q.sortBy);
    params.set("order", q.order);
  }
  const category = CATEGORY_FILTERS.find((c) => c.category === q.category);
  if (category) params.set("categoria", category.value);
  if (q.condition) params.set("condicion", q.condition.toLowerCase());
  if (q.language) params.set("idioma", q.language);
  if (q.rarity) params.set("rarity", q.rarity);
  if (q.type) params.set("type", q.type);
  if (q.expansion) params.set("expansion", q.expansion);
  if (q.onSale) params.set("onSale", "true");
  if (q.page > 1) params.set("page", String(q.page));
  return params.toString();
}

/**
 * True when `params` say exactly what the canonical query string says, perhaps in
 * another order: such a link is answered as it is (the page names its canonical
 * URL), without a redirect round trip.
 */
export function isCanonicalUpToOrder(params: URLSearchParams, canonical: string): boolean {
  const key = (p: URLSearchParams) =>
    [...p]
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .sort()
      .join("&");
  return key(params) === key(new URLSearchParams(canonical));
}

/**
 * The href of the list after a change. Changing anything but the page resets to page 1
 * (docs/requirements.md#catalogue).
 */
export function productListHref(q: ProductQuery, change: Partial<ProductQuery> = {}, pathname = "/productos"): string {
  const next: ProductQuery = { ...q, ...change };
  if (!("page" in change)) next.page = 1;
  const qs = serializeProductQuery(next);
  return qs ? `${pathname}?${qs}` : pathname;
}

export function sortValue(q: Pick<ProductQuery, "sortBy" | "order">): string {
  return `${q.sortBy}-${q.order}`;
}

export function hasFilters(q: ProductQuery): boolean {
  return Boolean(q.search || q.rarity || q.type || q.expansion || q.onSale || q.category || q.condition || q.language);
}
