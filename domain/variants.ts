/**
 * What is sold (docs/requirements.md#variants, decision record 017): a product is the card, the
 * sealed product or the accessory; a variant is one condition × language of it, with its own
 * price, sale price and stock. Singles come in the five conditions below, best first; sealed
 * products and accessories have one variant, 'Nuevo'. The codes are what the database, the URL
 * and the CSV import keep; the labels are what a shopper reads. How a variant is named in a line, a
 * URL and JSON-LD, and which one a product page shows, is in `domain/variant-names.ts`.
 */
/** Lower case, accents and surrounding spaces dropped: how typed codes and labels are compared (here and in the list's URL). */
export function normalizeLabel(value: string): string {
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
/**
 * The language a product is printed in for this market unless said otherwise (the migration's and the
 * import's default), and the shop's main language: the one a product page prefers (`LANGUAGE_PREFERENCE`).
 */
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
