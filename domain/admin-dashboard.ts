/**
 * The admin dashboard's state and words (docs/requirements.md#admin-area): the tabs, the query that
 * selects what a tab shows (`/admin?tab=productos&q=…&stock=…&page=…&aviso=…`), the notices shown
 * after a redirect, and the admin stock levels. Browser-safe: the loader parses the query with it,
 * the view builds its links with it, and other admin screens build their redirects with it.
 * Anything unknown or malformed in the query is dropped, never an error.
 */
import { NOTICE_PARAM } from "./form-failure";
import { LOW_STOCK_THRESHOLD } from "./catalog";
import { ADMIN_MESSAGES } from "./messages";
import { MAX_SEARCH_LENGTH } from "./product-query";
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from "./statuses";
import { FULFILMENT_MESSAGES } from "./fulfilment";

export const DASHBOARD_TABS = [
  { id: "resumen", label: "Resumen" },
  { id: "productos", label: "Productos" },
  { id: "ordenes", label: "Órdenes" },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]["id"];

/**
 * The 'Productos' tab's stock filters, by each product's lowest variant (the one its colour shows):
 * a variant out of stock (0), or the lowest at low stock (1 to LOW_STOCK_THRESHOLD).
 */
export const STOCK_FILTERS = {
  agotado: { min: 0, max: 0, label: "Productos con alguna variante agotada" },
  bajo: { min: 1, max: LOW_STOCK_THRESHOLD, label: `Productos con stock bajo (1 a ${LOW_STOCK_THRESHOLD} unidades)` },
} as const;

export type StockFilter = keyof typeof STOCK_FILTERS;

/**
 * What `/admin?aviso=…` shows (role=status) after another admin screen redirects back to the
 * dashboard: the one map from the query's key to its Spanish text.
 */
export const ADMIN_NOTICES = {
  "producto-agregado": ADMIN_MESSAGES.productAdded,
  "producto-actualizado": ADMIN_MESSAGES.productUpdated,
  "producto-eliminado": ADMIN_MESSAGES.productDeleted,
  "producto-archivado": ADMIN_MESSAGES.productArchived,
  // 'Órdenes': a status form posted without JavaScript (docs/requirements.md#order-fulfilment).
  "estado-actualizado": FULFILMENT_MESSAGES.statusUpdated,
  // Errors: the edit screen could not load its product and came back here (docs/requirements.md#messages).
  "error-cargar-producto": ADMIN_MESSAGES.loadFailed,
} as const;

/** The notice keys that report a failure (shown as an alert, not as a success). */
const ERROR_NOTICES: ReadonlySet<AdminNotice> = new Set<AdminNotice>(["error-cargar-producto"]);

export type AdminNotice = keyof typeof ADMIN_NOTICES;

export interface DashboardQuery {
  tab: DashboardTab;
  /** The search text: 'Productos' (name, expansion, card number, category, artist), 'Órdenes' (number, customer's name or e-mail). */
  q: string;
  stock: StockFilter | null;
  /** 'Órdenes' filters: the order status, the payment status, only orders flagged `needs_refund`. */
  estado: OrderStatus | null;
  pago: PaymentStatus | null;
  reembolso: boolean;
  page: number;
  aviso: AdminNotice | null;
}

/** What the 'Órdenes' list (and its CSV export) is filtered by: the part of the query they share. */
export type OrdersFilter = Pick<DashboardQuery, "q" | "estado" | "pago" | "reembolso">;

const MAX_PAGE = 100_000;

function has<T extends object>(map: T, key: string | null): key is Extract<keyof T, string> {
  return key !== null && Object.prototype.hasOwnProperty.call(map, key);
}

export function parseDashboardQuery(params: URLSearchParams): DashboardQuery {
  const tab = DASHBOARD_TABS.find((t) => t.id === params.get("tab"))?.id ?? "resumen";
  const page = Number(params.get("page"));
  const stock = params.get("stock");
  const aviso = params.get(NOTICE_PARAM);
  const estado = params.get("estado");
  const pago = params.get("pago");
  return {
    tab,
    q: (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH),
    stock: has(STOCK_FILTERS, stock) ? stock : null,
    estado: (ORDER_STATUSES as readonly (string | null)[]).includes(estado) ? (estado as OrderStatus) : null,
    pago: (PAYMENT_STATUSES as readonly (string | null)[]).includes(pago) ? (pago as PaymentStatus) : null,
    reembolso: params.get("reembolso") === "1",
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    aviso: has(ADMIN_NOTICES, aviso) ? aviso : null,
  };
}

/** `/admin?tab=…` with the given state (defaults and empty values omitted). */
export function dashboardHref(state: Partial<DashboardQuery> = {}): string {
  const params = new URLSearchParams();
  if (state.tab && state.tab !== "resumen") params.set("tab", state.tab);
  if (state.q) params.set("q", state.q);
  if (state.stock) params.set("stock", state.stock);
  setOrdersFilter(params, state);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  if (state.aviso) params.set(NOTICE_PARAM, state.aviso);
  const query = params.toString();
  return query ? `/admin?${query}` : "/admin";
}

function setOrdersFilter(params: URLSearchParams, filter: Partial<OrdersFilter>) {
  if (filter.estado) params.set("estado", filter.estado);
  if (filter.pago) params.set("pago", filter.pago);
  if (filter.reembolso) params.set("reembolso", "1");
}

/** The intent of the 'Órdenes' rows' status form (its refusal is that row's, by `values.pedido`). */
export const ORDER_STATUS_INTENT = "estado";

/** Whether the 'Órdenes' list is narrowed by a search or a filter. */
export function ordersFiltered(filter: OrdersFilter): boolean {
  return Boolean(filter.q || filter.estado || filter.pago || filter.reembolso);
}

/** `/admin/pedidos.csv` with the same search and filters as the list (docs/requirements.md#admin-area). */
export function ordersCsvHref(filter: Partial<OrdersFilter> = {}): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  setOrdersFilter(params, filter);
  const query = params.toString();
  return query ? `/admin/pedidos.csv?${query}` : "/admin/pedidos.csv";
}

/** The text of a notice key, or null. */
export function adminNoticeText(key: string | null): string | null {
  return has(ADMIN_NOTICES, key) ? ADMIN_NOTICES[key] : null;
}

/** A notice key's text and whether it reports a failure; null for no or an unknown key. */
export function adminNotice(key: string | null): { text: string; isError: boolean } | null {
  return has(ADMIN_NOTICES, key) ? { text: ADMIN_NOTICES[key], isError: ERROR_NOTICES.has(key) } : null;
}

/**
 * Admin stock (docs/requirements.md#admin-area): the spec's three colours, above this many units
 * green, 1 up to it yellow, 0 red.
 */
export const ADMIN_STOCK_PLENTY_ABOVE = 10;

/**
 * The levels, each with its word: 'Disponible' (green), 'Pocas unidades' (yellow, 4 to 10), 'Stock
 * bajo' (yellow too, 1 to LOW_STOCK_THRESHOLD: the shop's one meaning of low stock, as the
 * 'Resumen' count, the 'Productos' filter and the product page's 'Últimas piezas' read it),
 * 'Agotado' (red).
 */
export type AdminStockLevel = "disponible" | "pocas" | "bajo" | "agotado";

export type AdminStockColour = "verde" | "amarillo" | "rojo";

/** The colour of each level: the words split the yellow band, the colours stay the spec's. */
export const ADMIN_STOCK_COLOURS: Readonly<Record<AdminStockLevel, AdminStockColour>> = {
  disponible: "verde",
  pocas: "amarillo",
  bajo: "amarillo",
  agotado: "rojo",
};

export interface AdminStockBadge {
  level: AdminStockLevel;
  colour: AdminStockColour;
  label: string;
}

const badge = (level: AdminStockLevel, label: string): AdminStockBadge => ({ level, colour: ADMIN_STOCK_COLOURS[level], label });

/** The stock level, its colour and its word, so colour is never the only signal. */
export function adminStockLevel(stock: number): AdminStockBadge {
  if (stock <= 0) return badge("agotado", "Agotado");
  if (stock <= LOW_STOCK_THRESHOLD) return badge("bajo", "Stock bajo");
  if (stock <= ADMIN_STOCK_PLENTY_ABOVE) return badge("pocas", "Pocas unidades");
  return badge("disponible", "Disponible");
}

/**
 * A product's level on the dashboard, by its lowest variant (its colour): 'Agotado' when nothing is
 * left, 'Variante agotada' / 'Variantes agotadas' when some variants are out and others not.
 */
export function adminProductStockLevel(variants: ReadonlyArray<{ stock: number }>): AdminStockBadge {
  const stocks = variants.map((v) => v.stock);
  const lowest = stocks.length > 0 ? Math.min(...stocks) : 0;
  const soldOut = stocks.filter((n) => n <= 0).length;
  if (lowest <= 0 && soldOut < stocks.length) return badge("agotado", soldOut === 1 ? "Variante agotada" : "Variantes agotadas");
  return adminStockLevel(lowest);
}

/** A variant's stock as the dashboard lists it: 'NM·EN 3', 'Nuevo·JA 0'. */
export function variantStockText(v: { condition: string; language: string; stock: number }): string {
  return `${v.condition === "NEW" ? "Nuevo" : v.condition}·${v.language.toUpperCase()} ${v.stock}`;
}

/** The one field of the header's 'Descargar respaldo' form (a POST to /admin/respaldo, docs/architecture.md#backups). */
export const BACKUP_INTENT = "respaldo";
