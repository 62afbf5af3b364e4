/**
 * How a variant is named and chosen (docs/requirements.md#variants): its label and a line's title
 * (carts, orders, e-mails), its name in a URL (`?variante=lp-ja`), its schema.org condition, its
 * sort rank, and the variant a product page opens on (`chooseVariant`, `bestVariant`). The codes
 * and labels are in `domain/variants.ts`; this module is apart so the product list, which names no
 * variant, does not carry it.
 */
import {
  CONDITIONS,
  CONDITION_LABELS,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_LABELS,
  NEW_CONDITION,
  isCondition,
  isLanguage,
  type Condition,
  type Language,
} from "#domain/variants.ts";

/** 'Casi nueva · Japonés'; a sealed product's one variant reads 'Nuevo · Inglés'. */
export function variantLabel(v: { condition: string; language: string }): string {
  const condition = isCondition(v.condition) ? CONDITION_LABELS[v.condition] : v.condition;
  const language = isLanguage(v.language) ? LANGUAGE_LABELS[v.language] : v.language;
  return `${condition} · ${language}`;
}

/** The variant's name in a URL (`?variante=lp-ja`): condition and language, unique among a product's variants. */
export function variantSlug(v: { condition: string; language: string }): string {
  return `${v.condition}-${v.language}`.toLowerCase();
}

/** The condition and language a `?variante=` value names, or null for anything else. */
export function parseVariantSlug(slug: string | null | undefined): { condition: Condition; language: Language } | null {
  const match = /^([a-z]{2,3})-([a-z]{2})$/.exec((slug ?? "").trim().toLowerCase());
  if (!match) return null;
  const condition = match[1]!.toUpperCase();
  const language = match[2]!;
  return isCondition(condition) && isLanguage(language) ? { condition, language } : null;
}

/** Sort rank: best condition first, then Español, Inglés, Japonés. */
export function variantRank(v: { condition: string; language: string }): number {
  return (CONDITIONS as readonly string[]).indexOf(v.condition) * 10 + (LANGUAGES as readonly string[]).indexOf(v.language);
}

/** schema.org's itemCondition for a variant (JSON-LD Offers): sealed is new, a damaged card damaged, any played card used. */
export function schemaItemCondition(condition: string): string {
  if (condition === NEW_CONDITION) return "https://schema.org/NewCondition";
  if (condition === "DMG") return "https://schema.org/DamagedCondition";
  return "https://schema.org/UsedCondition";
}

/** A line's name with what it is: 'Charizard ex (Ligeramente jugada · Japonés)' (carts, orders, e-mails, stock messages). */
export function itemTitle(name: string, v: { condition: string | null; language: string | null }): string {
  return v.condition && v.language ? `${name} (${variantLabel({ condition: v.condition, language: v.language })})` : name;
}

/**
 * The languages a product page prefers, in order: the shop's main language (`DEFAULT_LANGUAGE`,
 * Inglés), then the others in their usual order (Español, Japonés).
 */
export const LANGUAGE_PREFERENCE: readonly Language[] = [DEFAULT_LANGUAGE, ...LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)];

/** Where a code stands in its list; an unknown code after every known one. */
function place(list: readonly string[], code: string): number {
  const i = list.indexOf(code);
  return i < 0 ? list.length : i;
}

/**
 * The variant a product page opens on when the URL names none (docs/requirements.md#variants):
 * among the variants in stock, the best condition; of that condition, the first language of
 * `LANGUAGE_PREFERENCE` in stock. Never the cheapest for being the cheapest: the list may say
 * 'desde $…', but the page that sells must not pick a played or foreign copy for a shopper who did
 * not look. Nothing in stock: the same rule over every variant (the page says 'Agotado').
 */
export function bestVariant<V extends { condition: string; language: string; stock: number }>(variants: readonly V[]): V | null {
  const inStock = variants.filter((v) => v.stock > 0);
  const pool = inStock.length > 0 ? inStock : variants;
  const rank = (v: V) => place(CONDITIONS, v.condition) * (LANGUAGES.length + 1) + place(LANGUAGE_PREFERENCE, v.language);
  let best: V | null = null;
  for (const v of pool) if (best === null || rank(v) < rank(best)) best = v;
  return best;
}

/**
 * The variant a product page shows: the one `?variante=` names (sold out or not), else
 * `bestVariant`. The server and the browser choose alike, so the page without JavaScript opens on
 * the same variant.
 */
export function chooseVariant<V extends { slug: string; condition: string; language: string; stock: number }>(
  variants: readonly V[],
  slug: string | null,
): V | null {
  const wanted = slug ? parseVariantSlug(slug) : null;
  const named = wanted ? variants.find((v) => v.slug === variantSlug(wanted)) : undefined;
  return named ?? bestVariant(variants);
}
