/**
 * What is sold (docs/requirements.md#variants, decision record 017): a product is the card, the
 * sealed product or the accessory; a variant is one condition × language of it, with its own
 * price, sale price and stock. Singles come in the five conditions below, best first; sealed
 * products and accessories have one variant, 'Nuevo'. The codes are what the database, the URL
 * and the CSV import keep; the labels are what a shopper reads.
 */
/** Lower case, accents and surrounding spaces dropped: how typed codes and labels are compared. */
function normalizeLabel(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase().replace(/\s+/g, " ");
}

export const SINGLE_CONDITIONS = ["NM", "LP", "MP", "HP", "DMG"] as const;
/** The one condition of a sealed product or an accessory. */
export const NEW_CONDITION = "NEW";
export const CONDITIONS = [...SINGLE_CONDITIONS, NEW_CONDITION] as const;
export type Condition = (typeof CONDITIONS)[number];

export const CONDITION_LABELS: Record<Condition, string> = {
  NM: "Casi nueva",
  LP: "Ligeramente jugada",
  MP: "Moderadamente jugada",
  HP: "Muy jugada",
  DMG: "Dañada",
  NEW: "Nuevo",
};

export const LANGUAGES = ["es", "en", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = { es: "Español", en: "Inglés", ja: "Japonés" };
/** The language a product is printed in for this market unless said otherwise (the migration's and the import's default). */
export const DEFAULT_LANGUAGE: Language = "en";

export function isCondition(value: unknown): value is Condition {
  return typeof value === "string" && (CONDITIONS as readonly string[]).includes(value);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The condition a category's variants start with: singles 'Casi nueva', anything else 'Nuevo'. */
export function defaultCondition(category: string): Condition {
  return category === "Carta Individual" ? "NM" : NEW_CONDITION;
}

/** A condition as typed in a CSV or a form: the code or the Spanish label, any case and accents; null when unknown. */
export function parseCondition(value: string): Condition | null {
  const wanted = normalizeLabel(value);
  if (!wanted) return null;
  for (const code of CONDITIONS) {
    if (normalizeLabel(code) === wanted || normalizeLabel(CONDITION_LABELS[code]) === wanted) return code;
  }
  return null;
}

/** A language as typed: the code (es, en, ja) or the Spanish name, any case and accents; null when unknown. */
export function parseLanguage(value: string): Language | null {
  const wanted = normalizeLabel(value);
  if (!wanted) return null;
  for (const code of LANGUAGES) {
    if (code === wanted || normalizeLabel(LANGUAGE_LABELS[code]) === wanted) return code;
  }
  return null;
}

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
