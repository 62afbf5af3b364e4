/**
 * A day of traffic (scripts/soak.ts, tests/integration/soak.test.ts): `runSoak` seeds a fresh
 * database with the demo catalogue, starts the production build on it (sandbox payments, mail to
 * DATA_DIR/mail as there is no SMTP_URL), and drives `clients` concurrent visitors, each with its own
 * cookie jar, for the given time:
 *
 * - client 0 is the admin: signs in, edits the price and stock of the products the soak made for it
 *   (the edit form's POST), and now and then imports a CSV (the import form's POST, then its run's
 *   page polled until the background worker is done);
 * - every other client is a shopper doing a weighted mix of browsing /productos pages, filters
 *   (condition, language, category, rarity), searches (one misspelt on purpose), the search
 *   suggestions, product pages (some with a chosen variant), cart changes (add, quantity, remove) and
 *   guest checkouts (the checkout form's POST, then the sandbox payment page's 'Aprobar', or left
 *   unpaid), and racing the others for a few variants the soak left with 2 units each.
 *
 * Every request is timed per kind; an error is a network failure, a status ≥ 500, or a status the
 * kind never answers (a sold-out card's 409 is expected, a 404 is not). Memory: the server's resident
 * set (VmRSS, Linux /proc) is sampled every few seconds, with the V8 heap in use (/metrics); its
 * growth is the largest sample of the last 20 % of the run over the largest of an equally long window
 * right after warm-up (20 % of the run, at least MIN_WARM_UP_S) — peak against peak, as the resident
 * set follows the garbage collector's sawtooth — held under 10 % only in runs of 2 minutes or more.
 *
 * Oversold, checked in the database after the shop stopped: for each variant that existed when the
 * server started (the admin's own products aside), `sold` is the sum of its order lines' quantities
 * over orders not cancelled; oversold units are Σ max(0, sold − stock at start) — nothing restocks
 * these variants during the run, as the admin edits only its own products and the import only its
 * own — plus the units of any variant whose stock is below 0. Every such variant must also still hold
 * exactly `stock at start − sold` (a lost update shows as "stock drift"), and each admin product the
 * stock its last edit set.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { PAGE_SIZE, type Category } from "#domain/catalog.ts";
import { variantSlug } from "#domain/variant-names.ts";
import type { ProductQuery, SingleCondition } from "#domain/product-query.ts";
import { checkoutFormFields } from "#tests/fixtures/checkout.ts";
import { insertProduct, onlyVariantId, productFormBody } from "#tests/fixtures/products.ts";
import {
  listPath,
  onInterrupt,
  percentile,
  rssMbOf,
  seedShop,
  startSeededShop,
  stop,
  withFreshPostgres,
  type SeededShop,
} from "./shop-server.ts";

export type SoakDatabase = "pglite" | "postgres";

export interface SoakOptions {
  durationS: number;
  clients: number;
  database: SoakDatabase;
  /** For "postgres": a server's URL; the soak makes a fresh database there and drops it afterwards. */
  databaseUrl?: string;
  /** Progress lines (seeding, start, a line every few seconds); silent when absent. */
  log?: (line: string) => void;
}

export interface KindReport {
  kind: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface SoakReport {
  database: SoakDatabase;
  durationS: number;
  clients: number;
  kinds: KindReport[];
  requests: number;
  errors: number;
  /** The first few errors: kind, request, status and the start of the answer. */
  errorSamples: string[];
  orders: {
    /** Checkouts answered by the redirect to the payment page. */
    placed: number;
    /** Sandbox payments approved (answered by the redirect to /payment/success). */
    paid: number;
    /** Placed and left unpaid on purpose (their hold lapses after UNPAID_ORDER_HOLD_MINUTES). */
    leftUnpaid: number;
    /** Checkouts and adds refused because the card sold out meanwhile (409, expected). */
    soldOutRefusals: number;
    /** In the database at the end. */
    inDatabase: number;
    paidInDatabase: number;
  };
  admin: { edits: number; imports: number; importsDone: number };
  stock: {
    /** Variants whose sales were checked against their stock at start. */
    checkedVariants: number;
    oversoldUnits: number;
    negativeVariants: number;
    /** Variants whose stock is not `stock at start − sold` (a lost update). */
    driftVariants: number;
    /** Admin products whose stock is not what the last edit set. */
    adminStockMismatches: number;
    contestedVariants: number;
    contestedUnits: number;
    contestedSold: number;
    samples: string[];
  };
  memory: {
    /** The server's resident set, and the V8 heap in use (from its /metrics), in MB; NaN where unknown. */
    samples: MemorySample[];
    /** When warm-up ends: 20 % of the run, and at least MIN_WARM_UP_S. */
    warmUpS: number;
    /** The largest sample of the window after warm-up, as long as the last 20 % of the run. */
    baselineMb: number;
    /** The largest sample of the last 20 % of the run. */
    lateMaxMb: number;
    /** lateMaxMb over baselineMb: peak against peak, as the resident set follows the heap's sawtooth. The target. */
    growthPct: number;
    /** lateMaxMb over the first sample after warm-up alone (which may fall in a trough of the sawtooth): shown, not judged. */
    firstSampleGrowthPct: number;
    /** The V8 heap's floor, last 20 % against the time before (heapFloorGrowth): flat when what grows is outside JavaScript (PGlite's WASM memory). */
    heapGrowthPct: number;
    /** Judged only for runs of 2 minutes or more: a shorter run is mostly warm-up. */
    judged: boolean;
  };
  /** Lines of the server's log that report an error. */
  serverErrors: string[];
  passed: { errors: boolean; oversold: boolean; memory: boolean | null };
  ok: boolean;
}

/** Runs of at least this long are held to the memory target. */
export const MEMORY_JUDGED_FROM_S = 120;
/**
 * The shortest warm-up: the server's resident set grows for about the first minute of load on
 * either database (the catalogue's caches fill up to their caps, V8's heap and PGlite's buffers
 * grow to their working size), then stays flat; a 2-minute run's 20 % (24 s) is still inside it.
 */
export const MIN_WARM_UP_S = 60;
export const MEMORY_GROWTH_TARGET_PCT = 10;

const ADMIN_EMAIL = "soak-admin@example.com";
const ADMIN_PASSWORD = "soak-only-password";
const ADMIN_PRODUCTS = 6;
/**
 * How many variants are raced for, at CONTESTED_STOCK units each: one after the other, the next once
 * one sells out (about one every few seconds), so a long run keeps racing to its end.
 */
const contestedVariants = (durationS: number) => Math.max(12, Math.ceil(durationS / 5));
const CONTESTED_STOCK = 2;
const IMPORT_ROWS = 40;
const REQUEST_TIMEOUT_MS = 60_000;

const STATUS_OK = [200];

/** Every kind of request a soak makes (a run long enough makes each of them). */
export const SOAK_KINDS = [
  "browse",
  "filter",
  "search",
  "search-typo",
  "suggest",
  "product",
  "product-variant",
  "cart-add",
  "cart-set",
  "cart-view",
  "cart-remove",
  "checkout-page",
  "checkout-place",
  "pay-page",
  "pay-approve",
  "pay-return",
  "contest-add",
  "contest-place",
  "admin-login",
  "admin-dashboard",
  "admin-edit-page",
  "admin-edit",
  "admin-import",
  "admin-import-status",
] as const;

interface Variant {
  id: string;
  productId: string;
  condition: string;
  language: string;
  stock: number;
}

interface Setup {
  /** Variants at start by id (the admin's products included). */
  variants: Map<string, Variant>;
  allVariants: Variant[];
  /** What shoppers buy: in stock at start, neither contested nor the admin's. */
  buyable: Variant[];
  contested: Variant[];
  adminProducts: Array<{ productId: string; variantId: string; name: string }>;
  productIds: string[];
  names: string[];
  rarities: string[];
  pages: number;
}

type Handle = DatabaseHandle;

async function openSeeded(seeded: SeededShop): Promise<Handle> {
  return seeded.databaseUrl
    ? openDatabase({ kind: "postgres", url: seeded.databaseUrl })
    : openDatabase({ kind: "pglite", dataDir: seeded.dataDir });
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Before the server starts: the admin's products, the contested variants at 2 units, and the stock at start. */
async function prepare(seeded: SeededShop, durationS: number): Promise<Setup> {
  const handle = await openSeeded(seeded);
  try {
    const { db } = handle;
    const adminProducts: Setup["adminProducts"] = [];
    for (let i = 1; i <= ADMIN_PRODUCTS; i++) {
      const name = `Carta del administrador ${i}`;
      const productId = await insertProduct(db, { name, stock: 5, priceCents: 10_000 + i * 100 });
      adminProducts.push({ productId, variantId: await onlyVariantId(db, productId), name });
    }
    // Products sold as one variant, in stock: the first few are raced for, at 2 units each.
    const single = rowsOf<{ id: string }>(
      await db.execute(sql`
        select v.id from product_variants v
        where v.archived_at is null and v.stock > 0
          and (select count(*) from product_variants w where w.product_id = v.product_id and w.archived_at is null) = 1
        order by v.id limit ${contestedVariants(durationS)}`),
    ).map((r) => r.id);
    if (single.length > 0) await db.execute(sql`update product_variants set stock = ${CONTESTED_STOCK} where id in ${single}`);
    const rows = rowsOf<{ id: string; product_id: string; condition: string; language: string; stock: number }>(
      await db.execute(sql`select id, product_id, condition, language, stock from product_variants where archived_at is null`),
    );
    const variants = new Map(
      rows.map((r) => [r.id, { id: r.id, productId: r.product_id, condition: r.condition, language: r.language, stock: Number(r.stock) }]),
    );
    const contestedIds = new Set(single);
    const adminIds = new Set(adminProducts.map((p) => p.productId));
    const buyable = [...variants.values()].filter((v) => v.stock > 0 && !contestedIds.has(v.id) && !adminIds.has(v.productId));
    const products = rowsOf<{ id: string; name: string; rarity: string | null }>(
      await db.execute(sql`select id, name, rarity from products where archived_at is null`),
    );
    return {
      variants,
      allVariants: [...variants.values()],
      buyable,
      contested: single.map((id) => variants.get(id)!),
      adminProducts,
      productIds: products.map((p) => p.id),
      names: products.map((p) => p.name),
      rarities: [...new Set(products.map((p) => p.rarity).filter((r): r is string => !!r))],
      pages: Math.max(1, Math.ceil(products.length / PAGE_SIZE)),
    };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------
// Measuring

class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly errorCounts = new Map<string, number>();
  readonly samples: string[] = [];
  errors = 0;

  record(kind: string, ms: number) {
    let list = this.latencies.get(kind);
    if (!list) this.latencies.set(kind, (list = []));
    list.push(ms);
  }

  error(kind: string, what: string) {
    this.errors++;
    this.errorCounts.set(kind, (this.errorCounts.get(kind) ?? 0) + 1);
    if (this.samples.length < 10) this.samples.push(`[${kind}] ${what}`);
  }

  report(): KindReport[] {
    const kinds = new Set([...this.latencies.keys(), ...this.errorCounts.keys()]);
    return [...kinds].sort().map((kind) => {
      const sorted = [...(this.latencies.get(kind) ?? [])].sort((a, b) => a - b);
      return {
        kind,
        requests: sorted.length,
        errors: this.errorCounts.get(kind) ?? 0,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
      };
    });
  }
}

interface Answer {
  status: number;
  location: string | null;
  body: string;
  ok: boolean;
}

/** One visitor: a cookie jar, and every request timed and checked under its kind. */
class Visitor {
  private jar = new Map<string, string>();
  constructor(
    private readonly base: string,
    private readonly recorder: Recorder,
  ) {}

  forget() {
    this.jar.clear();
  }

  /** An answer with an expected status but the wrong content (a redirect elsewhere, a failed import). */
  unexpected(kind: string, what: string) {
    this.recorder.error(kind, what);
  }

  async request(
    kind: string,
    method: "GET" | "POST",
    path: string,
    expected: number[],
    body?: URLSearchParams | FormData | string,
  ): Promise<Answer> {
    const headers: Record<string, string> = { accept: "text/html,application/json" };
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (method === "POST") {
      // The shop refuses a cross-site post (server/http/security.ts sameOriginOnly): a browser sends its Origin.
      headers.origin = this.base;
      if (typeof body === "string") headers["content-type"] = "application/x-www-form-urlencoded";
    }
    const started = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetch(this.base + path, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      text = await res.text();
    } catch (error) {
      this.recorder.record(kind, performance.now() - started);
      this.recorder.error(kind, `${method} ${path}: ${(error as Error).message}`);
      return { status: 0, location: null, body: "", ok: false };
    }
    this.recorder.record(kind, performance.now() - started);
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const ok = expected.includes(res.status);
    if (!ok)
      this.recorder.error(
        kind,
        `${method} ${path} → ${res.status} ${res.headers.get("location") ?? ""} ${text.replace(/\s+/g, " ").slice(0, 200)}`,
      );
    return { status: res.status, location: res.headers.get("location"), body: text, ok };
  }
}

// ---------------------------------------------------------------------------
// The visitors' behaviour

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const chance = (p: number) => Math.random() < p;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A word of a product's name, long enough to search for. */
function searchTerm(names: string[]): string {
  const words = pick(names)
    .split(/[\s()\-/]+/)
    .filter((w) => w.length >= 4);
  return words.length > 0 ? pick(words).toLowerCase() : "charizard";
}

/** A typo: one letter dropped from the middle ('charizrd'). */
const misspelt = (word: string) => {
  const at = 1 + Math.floor(Math.random() * (word.length - 2));
  return word.slice(0, at) + word.slice(at + 1);
};

interface Shared {
  setup: Setup;
  soldOut: Set<string>;
  /** The contested variant being raced for now; the next one once it sells out. */
  contestAt: number;
  placed: number;
  paid: number;
  leftUnpaid: number;
  soldOutRefusals: number;
  edits: number;
  imports: number;
  importsDone: number;
  /** Each admin product's stock as its last edit set it. */
  adminStock: Map<string, number>;
}

/** A list page: page 1 is always there; a later page past the end (fewer products match now) is a 302 to the last. */
const listStatuses = (page: number) => (page === 1 ? STATUS_OK : [200, 302]);

async function browse(v: Visitor, s: Shared) {
  const page = 1 + Math.floor(Math.random() * s.setup.pages);
  await v.request("browse", "GET", listPath({ page }), listStatuses(page));
}

async function filter(v: Visitor, s: Shared) {
  const conditions: SingleCondition[] = ["NM", "LP", "MP", "HP"];
  const categories: Category[] = ["Carta Individual", "Producto Sellado", "Accesorio"];
  const choices: Array<Partial<ProductQuery>> = [
    { condition: pick(conditions) },
    { language: pick(["es", "en", "ja"] as const) },
    { category: pick(categories) },
    { rarity: s.setup.rarities.length > 0 ? pick(s.setup.rarities) : "" },
    { condition: pick(conditions), language: pick(["es", "en", "ja"] as const), onSale: chance(0.5) },
  ];
  const page = chance(0.8) ? 1 : 2;
  await v.request("filter", "GET", listPath({ ...pick(choices), page }), listStatuses(page));
}

async function search(v: Visitor, s: Shared) {
  const term = searchTerm(s.setup.names);
  if (chance(0.3)) await v.request("search-typo", "GET", listPath({ search: misspelt(term) }), STATUS_OK);
  else await v.request("search", "GET", listPath({ search: term }), STATUS_OK);
}

async function suggest(v: Visitor, s: Shared) {
  const term = searchTerm(s.setup.names);
  const typed = term.slice(0, 2 + Math.floor(Math.random() * (term.length - 1)));
  await v.request("suggest", "GET", `/buscar/sugerencias?${new URLSearchParams({ q: typed })}`, STATUS_OK);
}

async function productPage(v: Visitor, s: Shared) {
  const variant = pick(s.setup.allVariants);
  if (chance(0.4)) await v.request("product-variant", "GET", `/producto/${variant.productId}?variante=${variantSlug(variant)}`, STATUS_OK);
  else await v.request("product", "GET", `/producto/${pick(s.setup.productIds)}`, STATUS_OK);
}

/** A variant not known to be sold out. */
function someBuyable(s: Shared): Variant | null {
  for (let tries = 0; tries < 20; tries++) {
    const v = pick(s.setup.buyable);
    if (!s.soldOut.has(v.id)) return v;
  }
  return null;
}

/** The product page with the variant chosen, then 'Agregar al carrito' (the form's POST); true when it is in the cart. */
async function addToCart(v: Visitor, s: Shared, variant: Variant, kind = "cart-add"): Promise<boolean> {
  await v.request("product-variant", "GET", `/producto/${variant.productId}?variante=${variantSlug(variant)}`, STATUS_OK);
  const added = await v.request(
    kind,
    "POST",
    "/carrito",
    [200, 409],
    new URLSearchParams({ intent: "add", productId: variant.productId, variantId: variant.id, quantity: "1" }).toString(),
  );
  if (added.status === 409) {
    s.soldOut.add(variant.id);
    s.soldOutRefusals++;
  }
  return added.status === 200;
}

async function cartChanges(v: Visitor, s: Shared) {
  const variant = someBuyable(s);
  if (!variant) return;
  if (!(await addToCart(v, s, variant))) return;
  const line = { productId: variant.productId, variantId: variant.id };
  await v.request("cart-set", "POST", "/carrito", [200, 409], new URLSearchParams({ intent: "set", ...line, quantity: "2" }).toString());
  await v.request("cart-view", "GET", "/carrito", STATUS_OK);
  await v.request("cart-set", "POST", "/carrito", [200, 409], new URLSearchParams({ intent: "set", ...line, quantity: "1" }).toString());
  if (chance(0.7))
    await v.request("cart-remove", "POST", "/carrito", STATUS_OK, new URLSearchParams({ intent: "remove", ...line }).toString());
}

let orderSerial = 0;

/**
 * The checkout page, 'Continuar al Pago' as a guest, then the sandbox page and 'Aprobar' (or the
 * order left unpaid); the visitor leaves afterwards (a new visitor, a new jar).
 */
async function checkout(v: Visitor, s: Shared, kind: "checkout-place" | "contest-place"): Promise<"placed" | "sold-out" | "failed"> {
  try {
    const page = await v.request("checkout-page", "GET", "/checkout", STATUS_OK);
    const token = /name="checkoutToken" value="([A-Za-z0-9_-]+)"/.exec(page.body)?.[1];
    if (!page.ok) return "failed";
    if (!token) {
      v.unexpected("checkout-page", "GET /checkout → 200 without a checkoutToken field");
      return "failed";
    }
    const n = ++orderSerial;
    const fields = checkoutFormFields({ email: `soak-${process.pid}-${n}@example.com`, name: `Cliente Soak ${n}`, checkoutToken: token });
    const placed = await v.request(kind, "POST", "/checkout", [303, 409], new URLSearchParams(fields).toString());
    if (placed.status === 409) {
      s.soldOutRefusals++;
      return "sold-out";
    }
    if (!placed.ok) return "failed";
    const payPath = /^(?:https?:\/\/[^/]+)?(\/sandbox\/pago\/[0-9a-f]{24})$/.exec(placed.location ?? "")?.[1];
    if (!payPath) {
      v.unexpected(kind, `POST /checkout → 303 to ${placed.location}, not the sandbox payment page`);
      return "failed";
    }
    s.placed++;
    await v.request("pay-page", "GET", payPath, STATUS_OK);
    if (chance(0.15)) {
      s.leftUnpaid++;
      return "placed";
    }
    const approved = await v.request("pay-approve", "POST", payPath, [303], new URLSearchParams({ decision: "approve" }).toString());
    if (!approved.ok) return "placed";
    const back = /^(?:https?:\/\/[^/]+)?(\/payment\/success\?.*)$/.exec(approved.location ?? "")?.[1];
    if (!back) {
      v.unexpected("pay-approve", `POST ${payPath} (approve) → 303 to ${approved.location}, not /payment/success`);
      return "placed";
    }
    s.paid++;
    await v.request("pay-return", "GET", back, STATUS_OK);
    return "placed";
  } finally {
    v.forget();
  }
}

async function buy(v: Visitor, s: Shared) {
  let inCart = 0;
  for (let i = 0, items = chance(0.3) ? 2 : 1; i < items; i++) {
    const variant = someBuyable(s);
    if (variant && (await addToCart(v, s, variant))) inCart++;
  }
  if (inCart === 0) return v.forget();
  await checkout(v, s, "checkout-place");
}

/** Several shoppers after the same variant with 2 units: at most 2 of them may get it. */
async function contest(v: Visitor, s: Shared) {
  const contested = s.setup.contested;
  if (contested.length === 0) return;
  const at = Math.min(s.contestAt, contested.length - 1);
  const variant = contested[at]!;
  if (!(await addToCart(v, s, variant, "contest-add"))) {
    s.contestAt = Math.max(s.contestAt, at + 1);
    return v.forget();
  }
  // The others are adding it too: all of them reach the checkout at about the same time.
  await sleep(Math.random() * 200);
  if ((await checkout(v, s, "contest-place")) === "sold-out") s.contestAt = Math.max(s.contestAt, at + 1);
}

const SHOPPER_MIX: Array<[number, (v: Visitor, s: Shared) => Promise<unknown>]> = [
  [22, browse],
  [14, filter],
  [10, search],
  [10, suggest],
  [16, productPage],
  [10, cartChanges],
  [12, buy],
  [6, contest],
];
const MIX_TOTAL = SHOPPER_MIX.reduce((n, [w]) => n + w, 0);

function nextAction() {
  let r = Math.random() * MIX_TOTAL;
  for (const [weight, action] of SHOPPER_MIX) if ((r -= weight) < 0) return action;
  return browse;
}

async function shopper(base: string, recorder: Recorder, s: Shared, until: number) {
  const v = new Visitor(base, recorder);
  while (Date.now() < until) {
    await nextAction()(v, s);
    if (chance(0.05)) v.forget();
    await sleep(Math.random() * 50);
  }
}

/** A CSV of the import form's columns (tests/fixtures/csv/good.csv): the same rows each time, so a second import updates them. */
function importCsv(): string {
  const header = "name,expansion,price,stock,rarity,type,images,description,category,cardNumber,artist,salePrice,comment";
  const rows = Array.from(
    { length: IMPORT_ROWS },
    (_, i) =>
      `Carta Importada Soak ${i + 1},Soak,${(20 + i).toFixed(2)},${1 + (i % 7)},Rare,Pokémon,https://images.example.com/soak-${i + 1}.jpg,Importada por la prueba de carga,Carta Individual,${String(i + 1).padStart(3, "0")}/100,Artista Soak,,`,
  );
  return [header, ...rows].join("\n") + "\n";
}

async function signInAdmin(v: Visitor) {
  const res = await v.request(
    "admin-login",
    "POST",
    "/login",
    [303],
    new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).toString(),
  );
  if (!res.ok) throw new Error(`the admin could not sign in (${res.status})`);
}

async function adminEdit(v: Visitor, s: Shared) {
  const product = pick(s.setup.adminProducts);
  const form = await v.request("admin-edit-page", "GET", `/admin/editar-producto/${product.productId}`, STATUS_OK);
  if (!form.ok) return;
  const stock = Math.floor(Math.random() * 10);
  const price = (100 + Math.floor(Math.random() * 900)).toFixed(2);
  const body = productFormBody({ name: product.name, id: product.variantId, price, stock: String(stock) });
  const saved = await v.request("admin-edit", "POST", `/admin/editar-producto/${product.productId}`, [303], body);
  if (saved.ok && saved.location?.includes("producto-actualizado")) {
    s.edits++;
    s.adminStock.set(product.variantId, stock);
  } else if (saved.ok) {
    v.unexpected("admin-edit", `POST /admin/editar-producto/${product.productId} → 303 to ${saved.location}`);
  }
}

async function adminImport(v: Visitor, s: Shared, until: number) {
  const form = new FormData();
  form.set("intent", "import");
  form.set("archivo", new Blob([importCsv()], { type: "text/csv" }), "soak.csv");
  const started = await v.request("admin-import", "POST", "/admin/importar-productos", [303], form);
  const runPath =
    started.location && /^(?:https?:\/\/[^/]+)?(\/admin\/importar-productos\?corrida=[0-9a-f]{24})$/.exec(started.location)?.[1];
  if (!started.ok) return;
  if (!runPath) return v.unexpected("admin-import", `POST /admin/importar-productos → 303 to ${started.location}`);
  s.imports++;
  // The run's page, as the browser's refresh asks it, until the worker is done.
  for (;;) {
    await sleep(500);
    const page = await v.request("admin-import-status", "GET", runPath, STATUS_OK);
    if (!page.ok) return;
    if (page.body.includes('class="import-failure"')) {
      v.unexpected("admin-import-status", `GET ${runPath}: the import failed`);
      return;
    }
    if (!page.body.includes('http-equiv="refresh"')) {
      s.importsDone++;
      return;
    }
    if (Date.now() > until + 30_000) return;
  }
}

async function admin(base: string, recorder: Recorder, s: Shared, until: number, durationS: number) {
  const v = new Visitor(base, recorder);
  await signInAdmin(v);
  // Where a sign-in lands the admin: every run makes this request at least once, however slow the machine.
  await v.request("admin-dashboard", "GET", "/admin", STATUS_OK);
  const importEveryMs = Math.max(10_000, (durationS * 1000) / 8);
  let nextImport = Date.now() + 2_000;
  for (let round = 0; Date.now() < until; round++) {
    if (Date.now() >= nextImport) {
      await adminImport(v, s, until);
      nextImport = Date.now() + importEveryMs;
    } else if (round % 5 === 1) {
      await v.request("admin-dashboard", "GET", "/admin", STATUS_OK);
    } else {
      await adminEdit(v, s);
    }
    await sleep(300 + Math.random() * 700);
  }
}

// ---------------------------------------------------------------------------
// The run

/** The database after the run: orders, and every variant's sales against its stock at start. */
async function audit(seeded: SeededShop, setup: Setup, s: Shared): Promise<{ orders: [number, number]; stock: SoakReport["stock"] }> {
  const handle = await openSeeded(seeded);
  try {
    const [counts] = rowsOf<{ orders: number; paid: number }>(
      await handle.db.execute(
        sql`select count(*)::int as orders, count(*) filter (where payment_status = 'approved')::int as paid from orders`,
      ),
    );
    const rows = rowsOf<{ id: string; stock: number; sold: number }>(
      await handle.db.execute(sql`
        select v.id, v.stock,
          coalesce((select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
                    where oi.variant_id = v.id and o.order_status <> 'cancelled'), 0)::int as sold
        from product_variants v`),
    );
    const adminVariants = new Set(setup.adminProducts.map((p) => p.variantId));
    const contested = new Set(setup.contested.map((v) => v.id));
    const stock: SoakReport["stock"] = {
      checkedVariants: 0,
      oversoldUnits: 0,
      negativeVariants: 0,
      driftVariants: 0,
      adminStockMismatches: 0,
      contestedVariants: contested.size,
      contestedUnits: setup.contested.reduce((n, v) => n + v.stock, 0),
      contestedSold: 0,
      samples: [],
    };
    for (const row of rows) {
      const now = Number(row.stock);
      const sold = Number(row.sold);
      if (now < 0) {
        stock.negativeVariants++;
        stock.oversoldUnits += -now;
        stock.samples.push(`variant ${row.id}: stock ${now}`);
      }
      if (adminVariants.has(row.id)) {
        const set = s.adminStock.get(row.id) ?? setup.variants.get(row.id)?.stock;
        if (set !== now || sold !== 0) {
          stock.adminStockMismatches++;
          stock.samples.push(`admin variant ${row.id}: stock ${now}, last set ${set}, sold ${sold}`);
        }
        continue;
      }
      const start = setup.variants.get(row.id);
      if (!start) continue; // made by the import during the run
      stock.checkedVariants++;
      if (contested.has(row.id)) stock.contestedSold += sold;
      if (sold > start.stock) {
        stock.oversoldUnits += sold - start.stock;
        stock.samples.push(`variant ${row.id}: ${sold} sold of ${start.stock}`);
      }
      if (now !== start.stock - sold) {
        stock.driftVariants++;
        stock.samples.push(`variant ${row.id}: stock ${now}, expected ${start.stock} − ${sold} sold`);
      }
    }
    stock.samples = stock.samples.slice(0, 10);
    return { orders: [Number(counts!.orders), Number(counts!.paid)], stock };
  } finally {
    await handle.close();
  }
}

export interface MemorySample {
  atS: number;
  rssMb: number;
  heapMb: number;
}

/** A gauge of the shop's /metrics (its metrics listener's), in MB; NaN when missing. */
async function metricMb(base: string, name: string): Promise<number> {
  try {
    const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    const value = new RegExp(`^${name} ([0-9.e+]+)$`, "m").exec(text)?.[1];
    return value ? Number(value) / 1024 / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Growth of the resident set: the largest sample of the last 20 % of the run against the largest of
 * an equally long window right after warm-up (and against the first sample after warm-up alone).
 */
function rssGrowth(samples: MemorySample[], warmUpS: number, durationS: number) {
  const valid = samples.filter((x) => Number.isFinite(x.rssMb));
  const max = (xs: MemorySample[]) => (xs.length > 0 ? Math.max(...xs.map((x) => x.rssMb)) : NaN);
  const baseline = max(valid.filter((x) => x.atS >= warmUpS && x.atS < warmUpS + durationS * 0.2));
  const first = valid.find((x) => x.atS >= warmUpS)?.rssMb ?? NaN;
  const lateMax = max(valid.filter((x) => x.atS >= durationS * 0.8));
  return { baseline, lateMax, pct: ((lateMax - baseline) / baseline) * 100, firstPct: ((lateMax - first) / first) * 100 };
}

/**
 * Growth of the V8 heap's floor (its lowest samples, just after a collection: what stays alive)
 * from between warm-up and the last 20 % of the run to the last 20 %; a sawtooth's peaks say nothing.
 */
function heapFloorGrowth(samples: MemorySample[], warmUpS: number, durationS: number): number {
  const valid = samples.filter((x) => Number.isFinite(x.heapMb) && x.atS >= warmUpS);
  const floor = (xs: MemorySample[]) => (xs.length > 0 ? Math.min(...xs.map((x) => x.heapMb)) : NaN);
  const middle = floor(valid.filter((x) => x.atS < durationS * 0.8));
  const late = floor(valid.filter((x) => x.atS >= durationS * 0.8));
  return ((late - middle) / middle) * 100;
}

function memoryOf(samples: MemorySample[], durationS: number): SoakReport["memory"] {
  const warmUpS = Math.min(durationS * 0.5, Math.max(durationS * 0.2, MIN_WARM_UP_S));
  const rss = rssGrowth(samples, warmUpS, durationS);
  return {
    samples,
    warmUpS,
    baselineMb: rss.baseline,
    lateMaxMb: rss.lateMax,
    growthPct: rss.pct,
    firstSampleGrowthPct: rss.firstPct,
    heapGrowthPct: heapFloorGrowth(samples, warmUpS, durationS),
    judged: durationS >= MEMORY_JUDGED_FROM_S,
  };
}

async function soakOn(seeded: SeededShop, options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => {});
  const setup = await prepare(seeded, options.durationS);
  log(
    `${setup.productIds.length} products, ${setup.buyable.length} variants to buy, ${setup.contested.length} raced for (${CONTESTED_STOCK} units each), ${setup.adminProducts.length} for the admin`,
  );
  let output = "";
  const serverErrors: string[] = [];
  const shop = await startSeededShop(seeded, {
    onOutput: (chunk) => {
      output = (output + chunk).slice(-200_000);
      for (const line of chunk.split("\n"))
        if (/error|unhandled|exception/i.test(line) && serverErrors.length < 50) serverErrors.push(line.slice(0, 500));
    },
    env: {
      PAYMENT_PROVIDER: "sandbox",
      SMTP_URL: "",
      SEED_DEMO: "false",
      LOG_REQUESTS: "false",
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // The load comes from one IP: the caps and rate limits must not be what it measures.
      RATE_LIMIT_FACTOR: "100000",
    },
  });
  const recorder = new Recorder();
  const shared: Shared = {
    setup,
    soldOut: new Set(),
    contestAt: 0,
    placed: 0,
    paid: 0,
    leftUnpaid: 0,
    soldOutRefusals: 0,
    edits: 0,
    imports: 0,
    importsDone: 0,
    adminStock: new Map(),
  };
  const samples: MemorySample[] = [];
  const startedAt = Date.now();
  const until = startedAt + options.durationS * 1000;
  const sampleEveryMs = Math.min(10_000, Math.max(1_000, (options.durationS * 1000) / 40));
  const sample = async () => {
    const atS = (Date.now() - startedAt) / 1000;
    const heapMb = await metricMb(shop.metricsBase, "nodejs_heap_size_used_bytes");
    let rssMb = rssMbOf(shop.server.pid);
    if (!Number.isFinite(rssMb)) rssMb = await metricMb(shop.metricsBase, "process_resident_memory_bytes");
    samples.push({ atS, rssMb, heapMb });
  };
  await sample();
  const sampler = setInterval(() => void sample(), sampleEveryMs);
  const progressEveryMs = Math.max(5_000, (options.durationS * 1000) / 10);
  const progress = setInterval(() => {
    const requests = [...recorder.latencies.values()].reduce((n, l) => n + l.length, 0);
    log(
      `  ${Math.round((Date.now() - startedAt) / 1000)} s: ${requests} requests, ${recorder.errors} errors, ${shared.placed} orders (${shared.paid} paid), RSS ${samples.at(-1)?.rssMb.toFixed(0)} MB`,
    );
  }, progressEveryMs);
  try {
    const clients: Array<Promise<void>> = [];
    if (options.clients >= 2) clients.push(admin(shop.base, recorder, shared, until, options.durationS));
    for (let i = clients.length; i < options.clients; i++) clients.push(shopper(shop.base, recorder, shared, until));
    const settled = await Promise.allSettled(clients);
    for (const r of settled) if (r.status === "rejected") recorder.error("client", String(r.reason));
    await sample();
  } finally {
    clearInterval(sampler);
    clearInterval(progress);
    await stop(shop.server);
  }
  const { orders, stock } = await audit(seeded, setup, shared);
  const kinds = recorder.report();
  const memory = memoryOf(samples, options.durationS);
  const passed = {
    errors: recorder.errors === 0,
    oversold: stock.oversoldUnits === 0 && stock.negativeVariants === 0 && stock.driftVariants === 0 && stock.adminStockMismatches === 0,
    memory: memory.judged ? memory.growthPct < MEMORY_GROWTH_TARGET_PCT : null,
  };
  return {
    database: options.database,
    durationS: options.durationS,
    clients: options.clients,
    kinds,
    requests: kinds.reduce((n, k) => n + k.requests, 0),
    errors: recorder.errors,
    errorSamples: recorder.samples,
    orders: {
      placed: shared.placed,
      paid: shared.paid,
      leftUnpaid: shared.leftUnpaid,
      soldOutRefusals: shared.soldOutRefusals,
      inDatabase: orders[0],
      paidInDatabase: orders[1],
    },
    admin: { edits: shared.edits, imports: shared.imports, importsDone: shared.importsDone },
    stock,
    memory,
    serverErrors,
    passed,
    ok: passed.errors && passed.oversold && passed.memory !== false,
  };
}

/** One soak on a fresh database of `options.database`; the shop is stopped and the database removed afterwards. */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => {});
  const on = async (databaseUrl?: string) => {
    log(`Seeding the demo catalogue into ${databaseUrl ? "a fresh PostgreSQL database" : "a fresh embedded database"} ...`);
    const seeded = seedShop({ databaseUrl, prefix: "shop-soak-", quiet: true });
    const remove = () => fs.rmSync(seeded.dataDir, { recursive: true, force: true });
    const done = onInterrupt(remove);
    try {
      return await soakOn(seeded, options);
    } finally {
      done();
      remove();
    }
  };
  if (options.database === "pglite") return on();
  if (!options.databaseUrl) throw new Error("a PostgreSQL soak needs a server's URL (SOAK_DATABASE_URL or --database-url)");
  return withFreshPostgres(options.databaseUrl, "shop_soak", on);
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "-");

/** The report as printed by `npm run soak`. */
export function formatReport(r: SoakReport): string {
  const lines: string[] = [];
  const label = r.database === "pglite" ? "embedded database (PGlite)" : "PostgreSQL";
  lines.push(`\n== Soak: ${label}, ${r.durationS} s, ${r.clients} clients ==`);
  const width = Math.max(20, ...r.kinds.map((k) => k.kind.length));
  lines.push(
    `${"kind".padEnd(width)} ${"requests".padStart(9)} ${"errors".padStart(7)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"p99 ms".padStart(7)}`,
  );
  for (const k of r.kinds)
    lines.push(
      `${k.kind.padEnd(width)} ${String(k.requests).padStart(9)} ${String(k.errors).padStart(7)} ${ms(k.p50).padStart(7)} ${ms(k.p95).padStart(7)} ${ms(k.p99).padStart(7)}`,
    );
  lines.push(
    `${"total".padEnd(width)} ${String(r.requests).padStart(9)} ${String(r.errors).padStart(7)}   (${(r.requests / r.durationS).toFixed(1)} requests/s)`,
  );
  for (const sample of r.errorSamples) lines.push(`  error: ${sample}`);
  const o = r.orders;
  lines.push(
    `orders: ${o.placed} placed, ${o.paid} paid, ${o.leftUnpaid} left unpaid; ${o.soldOutRefusals} sold-out refusals (409, expected); in the database: ${o.inDatabase} orders, ${o.paidInDatabase} paid`,
  );
  lines.push(`admin: ${r.admin.edits} product edits, ${r.admin.imports} CSV imports (${r.admin.importsDone} finished)`);
  const st = r.stock;
  lines.push(
    `stock: ${st.checkedVariants} variants checked; oversold units ${st.oversoldUnits}, variants below 0: ${st.negativeVariants}, stock drift: ${st.driftVariants}, admin stock mismatches: ${st.adminStockMismatches}; raced-for: ${st.contestedSold} of ${st.contestedUnits} units sold across ${st.contestedVariants} variants`,
  );
  for (const sample of st.samples) lines.push(`  stock: ${sample}`);
  const m = r.memory;
  const step = Math.max(1, Math.ceil(m.samples.length / 20));
  lines.push(
    `memory (server RSS / V8 heap used, MB): ${m.samples
      .filter((_, i) => i % step === 0 || i === m.samples.length - 1)
      .map((x) => `${x.atS.toFixed(0)}s ${ms(x.rssMb)}/${ms(x.heapMb)}`)
      .join(" · ")}`,
  );
  lines.push(
    `memory growth after warm-up (${m.warmUpS.toFixed(0)} s): ${m.growthPct.toFixed(1)} % (max of the next 20 % of the run ${ms(m.baselineMb)} MB → max of the last 20 % ${ms(m.lateMaxMb)} MB; from the first sample after warm-up alone ${m.firstSampleGrowthPct.toFixed(1)} %; the V8 heap's floor after collections ${m.heapGrowthPct.toFixed(1)} %)${m.judged ? "" : ` — not judged: runs under ${MEMORY_JUDGED_FROM_S} s are mostly warm-up`}`,
  );
  if (r.serverErrors.length > 0) {
    lines.push(`server log: ${r.serverErrors.length} error lines, the first:`);
    for (const line of r.serverErrors.slice(0, 5)) lines.push(`  ${line}`);
  }
  const verdict = (ok: boolean | null) => (ok === null ? "not judged" : ok ? "PASS" : "FAIL");
  lines.push(
    `targets: 0 errors ${verdict(r.passed.errors)}; 0 oversold, stock conserved ${verdict(r.passed.oversold)}; memory growth < ${MEMORY_GROWTH_TARGET_PCT} % ${verdict(r.passed.memory)}`,
  );
  return lines.join("\n");
}
