/**
 * Catalogue queries: the product list (filters, search, sort, pagination, count),
 * cached per query (catalog-cache.ts), and one product by id, always read fresh.
 */
import { and, arrayContains, arrayOverlaps, asc, eq, inArray, isNotNull, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { serializeProductQuery, type ProductQuery } from "#domain/product-query.ts";
import type { Database, Queryable } from "#server/db/client.ts";
import { queryPrepared } from "#server/db/prepared.ts";
import { isId } from "#domain/ids.ts";
import { PAGE_SIZE } from "#domain/catalog.ts";
import { CONDITIONS, LANGUAGES } from "#domain/variants.ts";
import { products, searchWords } from "#server/db/schema.ts";
import { catalogCache } from "./catalog-cache";
import { normalizeSearchText } from "./search-text";
import {
  toProductCardDto,
  toProductDto,
  type ProductCardDto,
  type ProductDto,
  type ProductPageRow,
  type ProductPageVariant,
} from "./product-dto";

/** Tokens at least this long also match by trigram word similarity, so a small typo still finds the card. */
const MIN_FUZZY_TOKEN_LENGTH = 4;
const MAX_SEARCH_TOKENS = 6;

export interface ProductPage {
  products: ProductCardDto[];
  total: number;
  pages: number;
  page: number;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function escapeRegex(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * One search token, tested on `search` (products.search, or the same column read from a subquery):
 * a substring of the normalised name/expansion/number; a bare number matches a card number
 * (leading zeros ignored: '4' finds '004/102') or a whole word such as '151'; longer words also
 * match with a small typo: a word of the product that pg_trgm finds similar enough to the token
 * (word similarity), looked up among the catalogue's words (search_words, migration 0019) rather
 * than tested against every product's text.
 */
function tokenCondition(token: string, search: AnyColumn | SQL): SQL {
  const contains = sql`${search} like ${`%${escapeLike(token)}%`}`;
  if (/^\d+$/.test(token)) {
    const digits = token.replace(/^0+(?=\d)/, "");
    return sql`${search} ~ ${`(^| )0*${escapeRegex(digits)}(/| |$)`}`;
  }
  if (token.length >= MIN_FUZZY_TOKEN_LENGTH && /^\p{L}+$/u.test(token)) {
    // The ' ' is written into the statement, not bound: the expression must be products_search_words_idx's.
    const similarWords = sql`array(select ${searchWords.word} from ${searchWords} where ${token} <% ${searchWords.word})`;
    return sql`(${contains} or string_to_array(${search}, ' ') && ${similarWords})`;
  }
  return contains;
}

/** What the shopper typed, as a condition on `search` (products.search unless said). */
export function searchCondition(text: string, search: AnyColumn | SQL = products.search): SQL | undefined {
  const tokens = normalizeSearchText(text).split(" ").filter(Boolean).slice(0, MAX_SEARCH_TOKENS);
  // Text made only of punctuation matches nothing, rather than everything.
  if (tokens.length === 0) return text.trim() ? sql`false` : undefined;
  return and(...tokens.map((token) => tokenCondition(token, search)));
}

/** Products in the shop: an archived product (deleted by the admin while orders name it) is hidden everywhere. */
export const inShop = isNull(products.archivedAt);

/**
 * The condition and language filters: a product matches when a variant IN STOCK has them, read from
 * `products.variant_keys` ('LP:ja', kept by the database from the variants in stock; GIN index).
 * Both: that one key; a condition: any of its languages; a language: any condition in it (a sealed
 * product's 'NEW' included).
 */
function variantCondition(q: Pick<ProductQuery, "condition" | "language">): SQL | undefined {
  if (q.condition && q.language) return arrayContains(products.variantKeys, [`${q.condition}:${q.language}`]);
  if (q.condition)
    return arrayOverlaps(
      products.variantKeys,
      LANGUAGES.map((l) => `${q.condition}:${l}`),
    );
  if (q.language)
    return arrayOverlaps(
      products.variantKeys,
      CONDITIONS.map((c) => `${c}:${q.language}`),
    );
  return undefined;
}

function filterCondition(q: ProductQuery): SQL | undefined {
  return and(
    inShop,
    q.category ? eq(products.category, q.category) : undefined,
    variantCondition(q),
    // A sealed product or an accessory has no rarity or type (null): these filters list singles only.
    q.rarity ? eq(products.rarity, q.rarity) : undefined,
    q.type ? eq(products.type, q.type) : undefined,
    q.expansion ? eq(products.expansion, q.expansion) : undefined,
    q.onSale ? isNotNull(products.salePriceCents) : undefined,
    q.search ? searchCondition(q.search) : undefined,
  );
}

/**
 * The page's order: the products in stock first, then the sold-out ones (docs/requirements.md#catalogue),
 * each group in the sort's order, the id last so that ties never split pages. Each shape matches an
 * index that starts with `sold_out` (server/db/schema.ts), so a page is read off the index in order.
 * A DESC key is written NULLS FIRST like the index (the columns are never null).
 */
function orderBy(q: ProductQuery, reversed = false, on: SortColumns = tableSortColumns(q)): SQL[] {
  const ascending = (q.order === "asc") !== reversed;
  const dir = (column: SQL | AnyColumn) => (ascending ? sql`${column} asc` : sql`${column} desc nulls first`);
  const key = q.sortBy === "name" ? sql`${on.key} collate "C"` : on.key;
  // Reversed: the same index read backwards (an ascending key's backward scan is DESC NULLS FIRST).
  return [reversed ? sql`${on.soldOut} desc nulls first` : asc(on.soldOut), dir(key), dir(on.id)];
}

/** What the list sorts on: sold out or not, the sort's key, the id. */
interface SortColumns {
  soldOut: SQL | AnyColumn;
  key: SQL | AnyColumn;
  id: SQL | AnyColumn;
}

function sortKeyColumn(q: ProductQuery): AnyColumn {
  return q.sortBy === "price" ? products.effectivePriceCents : q.sortBy === "name" ? products.nameSort : products.dateAdded;
}

function tableSortColumns(q: ProductQuery): SortColumns {
  return { soldOut: products.soldOut, key: sortKeyColumn(q), id: products.id };
}

const cardColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
  stock: products.stock,
  rarity: products.rarity,
  type: products.type,
  expansion: products.expansion,
  images: products.images,
  shownVariantId: products.shownVariantId,
  priceVaries: products.priceVaries,
  conditions: products.conditions,
};

/**
 * One page of the list and the total count, the same for every visitor: kept in
 * the catalogue cache until a product write (catalogChanged) or TTL_MS. The count
 * is kept per filter, so every page and sort of a filter shares it.
 */
export async function listProducts(db: Database, q: ProductQuery): Promise<ProductPage> {
  const cache = catalogCache(db);
  const where = filterCondition(q);
  const countKey = `count?${serializeProductQuery({ ...q, page: 1, sortBy: "dateAdded", order: "desc" })}`;
  return cache.get(`page?${serializeProductQuery(q)}`, async () => {
    if (q.search && cache.peek(countKey) === undefined) {
      const found = await searchPage(db, q, where);
      await cache.get(countKey, async () => found.total);
      return found;
    }
    const total = await cache.get(countKey, () => countProducts(db, where));
    return readPage(db, q, where, total);
  });
}

/**
 * A search whose count is not known yet: counting it finds every match on the trigram index and
 * tests each row (the typo match, pg_trgm's word similarity, costs the most), so its page is taken
 * from those same matches in the same statement rather than by walking the sort's index and
 * testing row after row until a page is found, which cost as much again (a rare word: the whole
 * catalogue). The matches are MATERIALIZED so the planner cannot choose that walk.
 */
async function searchPage(db: Queryable, q: ProductQuery, where: SQL | undefined): Promise<ProductPage> {
  const on: SortColumns = { soldOut: sql.raw("sold_out"), key: sql.raw("sort_key"), id: sql.raw("id") };
  const { total, ids } = await countAndPageIds(db, {
    where,
    columns: sql`${products.soldOut} as sold_out, ${sortKeyColumn(q)} as sort_key`,
    orderBy: orderBy(q, false, on),
    limit: PAGE_SIZE,
    offset: (q.page - 1) * PAGE_SIZE,
  });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (ids.length === 0) return { products: [], total, pages, page: q.page };
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(...orderBy(q));
  return { products: rows.map(toProductCardDto), total, pages, page: q.page };
}

async function countProducts(db: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  return row?.total ?? 0;
}

/**
 * The page is found on the narrow sort index first (ids only, pageIdsQuery), then only those
 * 24 rows are read, in the page's order.
 */
async function readPage(db: Queryable, q: ProductQuery, where: SQL | undefined, total: number): Promise<ProductPage> {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const offset = (q.page - 1) * PAGE_SIZE;
  if (total === 0 || offset >= total) return { products: [], total, pages, page: q.page };

  const pageIds = pageIdsQuery(db, q, where, total);
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(inArray(products.id, pageIds))
    .orderBy(...orderBy(q));
  return { products: rows.map(toProductCardDto), total, pages, page: q.page };
}

/**
 * The ids of one page of the list, found on the sort's index (its plan is tested). OFFSET walks
 * the index entries before the page, so a page past the middle of the list is read from the end,
 * walking the index backwards (the list's order reversed, which ends in the id as well, so the
 * rows are exactly the same): the last page costs what page 1 does, the middle one the most. That
 * needs `total`, the list's count (without it the page is read from the start); the ids come in
 * no promised order, the caller orders the page's rows.
 */
export function pageIdsQuery(db: Queryable, q: ProductQuery, where: SQL | undefined = filterCondition(q), total?: number) {
  const offset = Math.max(0, (q.page - 1) * PAGE_SIZE);
  const select = db.select({ id: products.id }).from(products).where(where);
  if (total !== undefined && offset < total) {
    const size = Math.min(PAGE_SIZE, total - offset);
    const after = total - offset - size;
    if (after < offset)
      return select
        .orderBy(...orderBy(q, true))
        .limit(size)
        .offset(after);
  }
  return select
    .orderBy(...orderBy(q))
    .limit(PAGE_SIZE)
    .offset(offset);
}

/**
 * The products of `where` found once (MATERIALIZED: the planner may not walk an index testing row
 * after row instead), counted, and the ids of one page of them, in one statement: for a search,
 * whose rows are found on the trigram index and each tested (decision 003). `columns` are what
 * `orderBy` sorts on besides `id`, named as it names them; the ids come in no promised order.
 */
export async function countAndPageIds(
  db: Queryable,
  options: { where: SQL | undefined; columns: SQL; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ total: number; ids: string[] }> {
  const result = (await db.execute(sql`
    with matches as materialized (select ${products.id} as id, ${options.columns} from ${products} where ${options.where ?? sql`true`}),
    page as (select id from matches order by ${sql.join(options.orderBy, sql`, `)} limit ${options.limit} offset ${Math.max(0, options.offset)})
    select (select count(*)::int from matches) as total, coalesce((select array_agg(id) from page), '{}') as ids`)) as unknown as {
    rows: Array<{ total: number; ids: string[] }>;
  };
  const row = result.rows[0];
  return { total: Number(row?.total ?? 0), ids: row?.ids ?? [] };
}

/** One product in the shop with its live variants, or null for an unknown, malformed or archived id. */
export async function getProduct(db: Queryable, id: string): Promise<ProductDto | null> {
  if (!isId(id)) return null;
  // Every product page view asks this: one round trip for the product and its live variants, as a
  // named prepared statement planned once (server/db/prepared.ts).
  const [row] = await queryPrepared<ProductPageRow & { variants: ProductPageVariant[] }>(
    db,
    sql`select p.id, p.name, p.description, p.price_cents as "priceCents", p.sale_price_cents as "salePriceCents", p.stock,
          p.shown_variant_id as "shownVariantId", p.price_varies as "priceVaries", p.conditions, p.category, p.rarity, p.type,
          p.expansion, p.card_number as "cardNumber", p.artist, p.comment, p.images, p.date_added as "dateAdded",
          coalesce((select json_agg(json_build_object('id', v.id, 'condition', v.condition, 'language', v.language,
                      'priceCents', v.price_cents, 'salePriceCents', v.sale_price_cents, 'stock', v.stock))
                    from product_variants v where v.product_id = p.id and v.archived_at is null), '[]'::json) as variants
        from products p
        where p.id = ${id} and p.archived_at is null`,
  );
  if (!row) return null;
  // node-postgres and PGlite both hand a timestamptz over as a Date; a string would do too.
  return toProductDto({ ...row, dateAdded: new Date(row.dateAdded) }, row.variants);
}
