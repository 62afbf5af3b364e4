/**
 * A product as the admin writes it (docs/requirements.md#data-model, docs/requirements.md#admin-area): one
 * zod schema for the add and edit forms and for every row of a CSV import, with the shop's Spanish
 * messages. Input is text, as a form or a CSV row carries it; the output is what the database
 * stores (prices in centavos). What is sold is a variant (domain/variants.ts): the product carries
 * its variants, each a condition × language with its own price, sale price and stock; the form
 * posts them as `variants.{i}.{field}`, a CSV row is one variant.
 */
import { z } from "zod";
import { CARD_TYPES, CATEGORIES, DEFAULT_CATEGORY, EXPANSIONS, MAX_PRODUCT_IMAGES, RARITIES } from "#domain/catalog.ts";
import { CONTROL_CHARACTER, CONTROL_CHARACTER_BUT_LINE_BREAKS, PRODUCT_LIMITS, normalizeLineBreaks } from "#domain/forms.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { failureFromIssues, type FieldErrors } from "#domain/form-failure.ts";
import { isId } from "#domain/ids.ts";
import { MAX_PRODUCT_VARIANTS } from "#domain/product-form.ts";
import { fail, ok, type Ok, type Result } from "#domain/result.ts";
import {
  DEFAULT_LANGUAGE,
  NEW_CONDITION,
  SINGLE_CONDITIONS,
  defaultCondition,
  parseCondition,
  parseLanguage,
  type Condition,
  type Language,
} from "#domain/variants.ts";
import { trimmedText } from "#server/accounts/forms.ts";

/** The highest price the shop takes for one product: $10,000,000.00 MXN. */
const MAX_PRICE_CENTS = 1_000_000_000;
const MAX_STOCK = 1_000_000;

export const PRODUCT_FIELD_MESSAGES = {
  nameRequired: "El nombre es requerido",
  nameTooLong: `El nombre admite hasta ${PRODUCT_LIMITS.name} caracteres`,
  textInvalid: "El texto contiene caracteres no permitidos",
  textTooLong: "El texto es demasiado largo",
  priceRequired: "El precio es requerido",
  priceInvalid: "El precio debe ser un número mayor o igual a 0, con hasta 2 decimales",
  salePriceInvalid: "El precio de oferta debe ser un número mayor o igual a 0, con hasta 2 decimales",
  stockRequired: "El inventario es requerido",
  stockInvalid: "El inventario debe ser un número entero mayor o igual a 0",
  categoryInvalid: "Selecciona una categoría de la lista",
  rarityRequired: "Selecciona una rareza",
  typeRequired: "Selecciona un tipo",
  expansionRequired: "Selecciona una expansión",
  imageUrlInvalid: "Cada imagen debe ser una dirección https:// o una ruta de la tienda que empiece con /",
  conditionInvalid: "Selecciona una condición: NM, LP, MP, HP o DMG (o su nombre: Casi nueva, Ligeramente jugada…)",
  sealedConditionOnly: "Los productos sellados y los accesorios solo tienen la condición Nuevo",
  languageInvalid: "Selecciona un idioma: Español, Inglés o Japonés (o es, en, ja)",
  variantsRequired: "El producto debe tener al menos una variante",
  tooManyVariants: `Un producto admite hasta ${MAX_PRODUCT_VARIANTS} variantes`,
  duplicateVariant: "Ya hay otra variante con esta condición e idioma",
} as const;

/** "12", "12.5", "12.50", "1,234.50" or "$1,234.50" → centavos; null when it is not such a number. */
export function parsePesosToCents(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^\$/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "")
    .trim();
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** An image a product page may show: the shop's own path (a gallery image) or an https address. */
export function isProductImageUrl(value: string): boolean {
  if (value.length > PRODUCT_LIMITS.imageUrl || /\s/.test(value) || CONTROL_CHARACTER.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.includes("\\");
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A text field; a multi-line one (a textarea) is counted and kept with its line breaks as the field holds them (LF, not the posted CRLF). */
const optionalText = (limit: number, lineBreaks: boolean) =>
  z.preprocess(
    (v) => (lineBreaks ? normalizeLineBreaks(trimmedText(v)) : trimmedText(v)),
    z
      .string()
      .max(limit, PRODUCT_FIELD_MESSAGES.textTooLong)
      .refine((v) => !(lineBreaks ? CONTROL_CHARACTER_BUT_LINE_BREAKS : CONTROL_CHARACTER).test(v), PRODUCT_FIELD_MESSAGES.textInvalid)
      .transform((v) => (v === "" ? null : v)),
  );

const oneOf = <T extends readonly string[]>(values: T, message: string) =>
  z.preprocess(
    trimmedText,
    z.string().refine((v): v is T[number] => (values as readonly string[]).includes(v), message),
  );

const price = z.preprocess(
  trimmedText,
  z
    .string()
    .min(1, PRODUCT_FIELD_MESSAGES.priceRequired)
    .transform((v, ctx) => {
      const cents = parsePesosToCents(v);
      if (cents === null || cents > MAX_PRICE_CENTS) {
        ctx.addIssue({ code: "custom", message: PRODUCT_FIELD_MESSAGES.priceInvalid });
        return z.NEVER;
      }
      return cents;
    }),
);

const salePrice = z.preprocess(
  trimmedText,
  z.string().transform((v, ctx) => {
    if (v === "") return null;
    const cents = parsePesosToCents(v);
    if (cents === null || cents > MAX_PRICE_CENTS) {
      ctx.addIssue({ code: "custom", message: PRODUCT_FIELD_MESSAGES.salePriceInvalid });
      return z.NEVER;
    }
    return cents;
  }),
);

const stock = z.preprocess(
  trimmedText,
  z
    .string()
    .min(1, PRODUCT_FIELD_MESSAGES.stockRequired)
    // A blank stock has the required message only.
    .regex(/^$|^\d{1,7}$/, PRODUCT_FIELD_MESSAGES.stockInvalid)
    .transform(Number)
    .refine((n) => n <= MAX_STOCK, PRODUCT_FIELD_MESSAGES.stockInvalid),
);

/**
 * An address on one of the shop's own origins (the gallery's copy button gives the full URL, on
 * http:// when the shop runs locally) as the shop's path; anything else as it is.
 */
export function ownImagePath(url: string, ownOrigins: readonly string[]): string {
  if (ownOrigins.length === 0 || !/^https?:\/\//i.test(url)) return url;
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password || !ownOrigins.includes(parsed.origin)) return url;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** Image URLs: blanks dropped, the shop's own addresses made paths, then 1 to 5, each an https address or a path of the shop. */
const images = (requiredMessage: string, ownOrigins: readonly string[]) =>
  z.preprocess(
    (v) =>
      (Array.isArray(v) ? v : [v])
        .map(trimmedText)
        .filter((url) => url !== "")
        .map((url) => ownImagePath(url, ownOrigins)),
    z
      .array(z.string().refine(isProductImageUrl, PRODUCT_FIELD_MESSAGES.imageUrlInvalid))
      .min(1, requiredMessage)
      .max(MAX_PRODUCT_IMAGES, ADMIN_MESSAGES.tooManyImages),
  );

export interface ProductSchemaOptions {
  /** The shop's own origins (the request's, PUBLIC_URL's): an image address on one of them is stored as a path. */
  ownOrigins?: readonly string[];
}

/** One variant as the admin gives it: a form row (`variants.{i}.…`) or a CSV row's price, stock, condition and language. */
const variantRow = z
  .object({
    // An existing variant's id (the edit form's hidden field); anything else is a new variant.
    id: z.preprocess((v) => {
      const text = trimmedText(v);
      return isId(text) ? text : null;
    }, z.string().nullable()),
    // Read against the product's category below (a single's five conditions, or 'Nuevo').
    condition: z.preprocess(trimmedText, z.string()),
    language: z.preprocess(
      trimmedText,
      z.string().transform((v, ctx): Language => {
        if (v === "") return DEFAULT_LANGUAGE;
        const language = parseLanguage(v);
        if (language) return language;
        ctx.addIssue({ code: "custom", message: PRODUCT_FIELD_MESSAGES.languageInvalid });
        return z.NEVER;
      }),
    ),
    price,
    salePrice,
    stock,
  })
  .superRefine((v, ctx) => {
    if (typeof v.price === "number" && typeof v.salePrice === "number" && v.salePrice >= v.price) {
      ctx.addIssue({ code: "custom", path: ["salePrice"], message: ADMIN_MESSAGES.salePriceNotLower });
    }
  });

/** A variant as stored. `id` names the product's variant it rewrites (null: a new one). */
export interface VariantInput {
  id: string | null;
  condition: Condition;
  language: Language;
  priceCents: number;
  salePriceCents: number | null;
  stock: number;
}

const isSingle = (category: unknown) => category === DEFAULT_CATEGORY;

/**
 * A variant's condition as typed, for the product's category: blank is the category's default
 * (NM, or 'Nuevo'); a single takes the five conditions, a sealed product or an accessory only
 * 'Nuevo'. The code, or the message that refuses it.
 */
function conditionFor(typed: string, category: unknown): Result<Condition, string> {
  const single = isSingle(category);
  const condition = typed === "" ? defaultCondition(single ? DEFAULT_CATEGORY : "") : parseCondition(typed);
  if (single) {
    return condition && (SINGLE_CONDITIONS as readonly string[]).includes(condition)
      ? ok(condition)
      : fail(PRODUCT_FIELD_MESSAGES.conditionInvalid);
  }
  if (condition === NEW_CONDITION) return ok(condition);
  return fail(condition ? PRODUCT_FIELD_MESSAGES.sealedConditionOnly : PRODUCT_FIELD_MESSAGES.conditionInvalid);
}

/**
 * The product schema: 'new' (the add form and the CSV import: 'Debes agregar al menos una URL de
 * imagen' when none is given) or 'edit' ('Debes tener al menos una URL de imagen'). Each failing
 * image's message is on `images.{i}` (its place among the non-blank images), the count's on `images`;
 * each variant's on `variants.{i}.{field}`, their count's on `variants`. Rarity and type are a
 * single's only: required for 'Carta Individual', ignored (stored null) for the other categories.
 */
export function productSchema(mode: "new" | "edit", options: ProductSchemaOptions = {}) {
  const imagesRequiredMessage = mode === "new" ? ADMIN_MESSAGES.imagesRequiredOnAdd : ADMIN_MESSAGES.imagesRequiredOnEdit;
  return z
    .object({
      name: z.preprocess(
        trimmedText,
        z
          .string()
          .min(1, PRODUCT_FIELD_MESSAGES.nameRequired)
          .max(PRODUCT_LIMITS.name, PRODUCT_FIELD_MESSAGES.nameTooLong)
          .refine((v) => !CONTROL_CHARACTER.test(v), PRODUCT_FIELD_MESSAGES.textInvalid),
      ),
      description: optionalText(PRODUCT_LIMITS.description, true),
      category: z.preprocess((v) => trimmedText(v) || DEFAULT_CATEGORY, oneOf(CATEGORIES, PRODUCT_FIELD_MESSAGES.categoryInvalid)),
      // Checked below against the category.
      rarity: z.preprocess(trimmedText, z.string()),
      type: z.preprocess(trimmedText, z.string()),
      expansion: oneOf(EXPANSIONS, PRODUCT_FIELD_MESSAGES.expansionRequired),
      cardNumber: optionalText(PRODUCT_LIMITS.cardNumber, false),
      artist: optionalText(PRODUCT_LIMITS.artist, false),
      comment: optionalText(PRODUCT_LIMITS.comment, true),
      images: images(imagesRequiredMessage, options.ownOrigins ?? []),
      variants: z.preprocess(
        (v) => (Array.isArray(v) ? v : []),
        z
          .array(variantRow)
          .min(1, PRODUCT_FIELD_MESSAGES.variantsRequired)
          .max(MAX_PRODUCT_VARIANTS, PRODUCT_FIELD_MESSAGES.tooManyVariants),
      ),
    })
    .superRefine((p, ctx) => {
      if (isSingle(p.category)) {
        if (!(RARITIES as readonly string[]).includes(p.rarity))
          ctx.addIssue({ code: "custom", path: ["rarity"], message: PRODUCT_FIELD_MESSAGES.rarityRequired });
        if (!(CARD_TYPES as readonly string[]).includes(p.type))
          ctx.addIssue({ code: "custom", path: ["type"], message: PRODUCT_FIELD_MESSAGES.typeRequired });
      }
      if (!Array.isArray(p.variants) || p.variants.length > MAX_PRODUCT_VARIANTS) return;
      const seen = new Set<string>();
      p.variants.forEach((row, i) => {
        if (typeof row?.condition !== "string") return;
        const condition = conditionFor(row.condition, p.category);
        if (!condition.ok) {
          ctx.addIssue({ code: "custom", path: ["variants", i, "condition"], message: condition.failure });
          return;
        }
        if (typeof row.language !== "string") return;
        const key = `${condition.value}:${row.language}`;
        if (seen.has(key))
          ctx.addIssue({ code: "custom", path: ["variants", i, "condition"], message: PRODUCT_FIELD_MESSAGES.duplicateVariant });
        seen.add(key);
      });
    })
    .transform(({ variants, rarity, type, ...rest }) => {
      const single = isSingle(rest.category);
      return {
        ...rest,
        rarity: single ? rarity : null,
        type: single ? type : null,
        variants: variants.map((v): VariantInput => ({
          id: v.id,
          // Checked above: a refused condition never reaches here.
          condition: (conditionFor(v.condition, rest.category) as Ok<Condition>).value,
          language: v.language,
          priceCents: v.price,
          salePriceCents: v.salePrice,
          stock: v.stock,
        })),
      };
    });
}

/** A valid product, ready to store. */
export type ProductInput = z.output<ReturnType<typeof productSchema>>;

/** The product's own fields a form or CSV row carries, as text (images as a list); the variants come apart. */
export const PRODUCT_FIELDS = [
  "name",
  "description",
  "category",
  "rarity",
  "type",
  "expansion",
  "cardNumber",
  "artist",
  "comment",
  "images",
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
/** A variant's fields (the form's `variants.{i}.{field}`; a CSV row's columns of the same names but `id`). */
export const VARIANT_FIELDS = ["id", "condition", "language", "price", "salePrice", "stock"] as const;
export type VariantField = (typeof VARIANT_FIELDS)[number];
/** A CSV row's fields: the product's and its one variant's. */
export type ProductRowField = ProductField | Exclude<VariantField, "id">;
/** A valid product, or every message of each field that failed. */
export type ProductParse = Result<ProductInput, FieldErrors>;

/**
 * Validates one CSV row's text fields: the product with its one variant (price, salePrice, stock,
 * condition, language), or every message of each field that failed, by the row's own field names.
 */
export function parseProductInput(
  raw: Partial<Record<ProductRowField, unknown>>,
  mode: "new" | "edit" = "new",
  options: ProductSchemaOptions = {},
): ProductParse {
  const { price, salePrice, stock, condition, language, ...product } = raw;
  const result = productSchema(mode, options).safeParse({ ...product, variants: [{ price, salePrice, stock, condition, language }] });
  if (result.success) return ok(result.data);
  const fieldErrors: FieldErrors = {};
  for (const [field, messages] of Object.entries(failureFromIssues(result.error.issues).fieldErrors)) {
    fieldErrors[field.replace(/^variants\.0\./, "")] = messages;
  }
  return fail(fieldErrors);
}
