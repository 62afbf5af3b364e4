/**
 * How a variant is named and chosen (docs/requirements.md#variants): its label and a line's title
 * (carts, orders, e-mails), its name in a URL (`?variante=lp-ja`), its schema.org condition, its
 * sort rank, and the variant a product page shows. The codes and labels are in `domain/variants.ts`;
 * this module is apart so the product list, which names no variant, does not carry it.
 */
import {
  CONDITIONS,
  CONDITION_LABELS,
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
 * The variant a product page shows: the one `?variante=` names, else the one the list shows for
 * the product (the cheapest in stock), else the first. The server and the browser choose alike.
 */
export function chooseVariant<V extends { id: string; slug: string }>(
  variants: readonly V[],
  slug: string | null,
  shownVariantId: string | null,
): V | null {
  const wanted = slug ? parseVariantSlug(slug) : null;
  const named = wanted ? variants.find((v) => v.slug === variantSlug(wanted)) : undefined;
  return named ?? variants.find((v) => v.id === shownVariantId) ?? variants[0] ?? null;
}
