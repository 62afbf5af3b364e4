/**
 * A product as the admin writes it (docs/requirements.md#data-model, docs/requirements.md#admin-area): one
 * zod schema for the add and edit forms and for every row of a CSV import, with the shop's Spanish
 * messages. Input is text, as a form or a CSV row carries it; the output is what the database
 * stores (prices in centavos).
 */
import { z } from "zod";
import { CARD_TYPES, CATEGORIES, DEFAULT_CATEGORY, EXPANSIONS, MAX_PRODUCT_IMAGES, RARITIES } from "#domain/catalog.ts";
import { CONTROL_CHARACTER, CONTROL_CHARACTER_BUT_LINE_BREAKS, PRODUCT_LIMITS, normalizeLineBreaks } from "#domain/forms.ts";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { failureFromIssues, type FieldErrors } from "#domain/form-failure.ts";
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

/**
 * The product schema: 'new' (the add form and the CSV import: 'Debes agregar al menos una URL de
 * imagen' when none is given) or 'edit' ('Debes tener al menos una URL de imagen'). Each failing
 * image's message is on `images.{i}` (its place among the non-blank images), the count's on `images`.
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
      price,
      salePrice,
      stock,
      category: z.preprocess((v) => trimmedText(v) || DEFAULT_CATEGORY, oneOf(CATEGORIES, PRODUCT_FIELD_MESSAGES.categoryInvalid)),
      rarity: oneOf(RARITIES, PRODUCT_FIELD_MESSAGES.rarityRequired),
      type: oneOf(CARD_TYPES, PRODUCT_FIELD_MESSAGES.typeRequired),
      expansion: oneOf(EXPANSIONS, PRODUCT_FIELD_MESSAGES.expansionRequired),
      cardNumber: optionalText(PRODUCT_LIMITS.cardNumber, false),
      artist: optionalText(PRODUCT_LIMITS.artist, false),
      comment: optionalText(PRODUCT_LIMITS.comment, true),
      images: images(imagesRequiredMessage, options.ownOrigins ?? []),
    })
    .superRefine((p, ctx) => {
      if (p.salePrice !== null && p.salePrice >= p.price) {
        ctx.addIssue({ code: "custom", path: ["salePrice"], message: ADMIN_MESSAGES.salePriceNotLower });
      }
    })
    .transform(({ price, salePrice, ...rest }) => ({ ...rest, priceCents: price, salePriceCents: salePrice }));
}

/** A valid product, ready to store. */
export type ProductInput = z.output<ReturnType<typeof productSchema>>;

/** The fields a product form or CSV row may carry, as text (images as a list). */
export const PRODUCT_FIELDS = [
  "name",
  "description",
  "price",
  "salePrice",
  "stock",
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
export type ProductParse = { ok: true; product: ProductInput } | { ok: false; fieldErrors: FieldErrors };

/** Validates one product's text fields (a CSV row): the product, or every message of each field that failed. */
export function parseProductInput(
  raw: Partial<Record<ProductField, unknown>>,
  mode: "new" | "edit" = "new",
  options: ProductSchemaOptions = {},
): ProductParse {
  const result = productSchema(mode, options).safeParse(raw);
  return result.success
    ? { ok: true, product: result.data }
    : { ok: false, fieldErrors: failureFromIssues(result.error.issues).fieldErrors };
}
