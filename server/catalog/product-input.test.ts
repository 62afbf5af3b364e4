/**
 * The product schema (docs/requirements.md#data-model, docs/requirements.md#admin-area): every rule
 * and message the add and edit forms and the CSV import share.
 */
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "#domain/messages.ts";
import { CARD_TYPES, EXPANSIONS, RARITIES } from "#domain/catalog.ts";
import { PRODUCT_LIMITS } from "#domain/forms.ts";
import {
  PRODUCT_FIELD_MESSAGES,
  isProductImageUrl,
  parseProductInput,
  ownImagePath,
  parsePesosToCents,
  type ProductRowField,
} from "./product-input";
import { productFieldsFromForm } from "./product-form.server";

const valid: Partial<Record<ProductRowField, unknown>> = {
  name: "Pikachu ex",
  description: "Carta en excelente estado.",
  price: "1250.50",
  salePrice: "",
  stock: "3",
  category: "Carta Individual",
  rarity: "Double Rare",
  type: "Pokémon",
  expansion: "Surging Sparks",
  cardNumber: "057/191",
  artist: "Ryota Murayama",
  comment: "",
  images: ["https://images.example.com/pikachu.jpg"],
};

const with_ = (changes: Partial<Record<ProductRowField, unknown>>, mode: "new" | "edit" = "new") =>
  parseProductInput({ ...valid, ...changes }, mode);

function errorsOf(changes: Partial<Record<ProductRowField, unknown>>, mode: "new" | "edit" = "new") {
  const result = with_(changes, mode);
  if (result.ok) throw new Error("expected the input to be refused");
  // Every message of each field, joined: a field with one message reads as that message.
  return Object.fromEntries(Object.entries(result.failure).map(([field, messages]) => [field, messages?.join(" | ")]));
}

describe("parseProductInput", () => {
  it("counts the description's and the comment's line breaks as the textarea does: typed to the limit and posted with CRLF, taken with LF", () => {
    const typed = (limit: number) => `${"a".repeat(limit - 4)}\nb\nc`;
    const result = with_({
      description: typed(PRODUCT_LIMITS.description).replace(/\n/g, "\r\n"),
      comment: typed(PRODUCT_LIMITS.comment).replace(/\n/g, "\r\n"),
    });
    expect(result.ok && [result.value.description, result.value.comment]).toEqual([
      typed(PRODUCT_LIMITS.description),
      typed(PRODUCT_LIMITS.comment),
    ]);
  });

  it("accepts a complete product and stores prices in centavos, blanks as null", () => {
    const result = with_({});
    expect(result).toEqual({
      ok: true,
      value: {
        name: "Pikachu ex",
        description: "Carta en excelente estado.",
        category: "Carta Individual",
        rarity: "Double Rare",
        type: "Pokémon",
        expansion: "Surging Sparks",
        cardNumber: "057/191",
        artist: "Ryota Murayama",
        comment: null,
        images: ["https://images.example.com/pikachu.jpg"],
        // No condition or language given: a single in 'Casi nueva', in English.
        variants: [{ id: null, condition: "NM", language: "en", priceCents: 125_050, salePriceCents: null, stock: 3 }],
      },
    });
  });

  it("requires name, price, stock, rarity, type and expansion, each with its own message", () => {
    expect(errorsOf({ name: "  ", price: "", stock: "", rarity: "", type: "", expansion: "" })).toEqual({
      name: PRODUCT_FIELD_MESSAGES.nameRequired,
      price: PRODUCT_FIELD_MESSAGES.priceRequired,
      stock: PRODUCT_FIELD_MESSAGES.stockRequired,
      rarity: PRODUCT_FIELD_MESSAGES.rarityRequired,
      type: PRODUCT_FIELD_MESSAGES.typeRequired,
      expansion: PRODUCT_FIELD_MESSAGES.expansionRequired,
    });
  });

  it("leaves description, card number, artist, comment and sale price optional; category defaults to 'Carta Individual'", () => {
    const result = with_({ description: "", cardNumber: "", artist: undefined, comment: null, salePrice: undefined, category: "" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      description: null,
      cardNumber: null,
      artist: null,
      comment: null,
      category: "Carta Individual",
    });
    expect(result.value.variants[0]?.salePriceCents).toBeNull();
  });

  describe("images", () => {
    it("needs at least one: 'Debes agregar…' when adding, 'Debes tener…' when editing; blanks don't count", () => {
      expect(errorsOf({ images: [] }).images).toBe(ADMIN_MESSAGES.imagesRequiredOnAdd);
      expect(errorsOf({ images: ["", "   "] }).images).toBe("Debes agregar al menos una URL de imagen");
      expect(errorsOf({ images: [""] }, "edit").images).toBe("Debes tener al menos una URL de imagen");
      expect(errorsOf({ images: undefined }, "edit").images).toBe(ADMIN_MESSAGES.imagesRequiredOnEdit);
    });

    it("takes at most 5 (blanks dropped first), trimmed and in order", () => {
      const five = [1, 2, 3, 4, 5].map((n) => `https://img.example.com/${n}.jpg`);
      const ok = with_({ images: ["", ` ${five[0]} `, ...five.slice(1), "  "] });
      expect(ok.ok && ok.value.images).toEqual(five);
      expect(errorsOf({ images: [...five, "https://img.example.com/6.jpg"] }).images).toBe(ADMIN_MESSAGES.tooManyImages);
    });

    it("takes https addresses and the shop's own paths only", () => {
      expect(with_({ images: ["/media/imagenes/0123456789abcdef01234567/imagen.webp", "https://cdn.example.com/a.png?x=1"] }).ok).toBe(
        true,
      );
      for (const bad of [
        "http://example.com/a.jpg",
        "javascript:alert(1)",
        "data:image/png;base64,AAAA",
        "//evil.example.com/a.jpg",
        "/media\\..\\x",
        "https://user:pw@example.com/a.jpg",
        "https://example.com/a b.jpg",
        "ftp://example.com/a.jpg",
        "imagen.jpg",
        `https://example.com/${"a".repeat(PRODUCT_LIMITS.imageUrl)}`,
      ]) {
        expect(errorsOf({ images: [bad] })["images.0"], bad).toBe(PRODUCT_FIELD_MESSAGES.imageUrlInvalid);
      }
    });

    it("an address on the shop's own origin (http:// locally, as the gallery's copy button gives it) is stored as its path", () => {
      const ownOrigins = ["http://192.168.1.20:3000", "https://tienda.example.mx"];
      const path = "/media/imagenes/0123456789abcdef01234567/imagen.webp";
      const result = parseProductInput(
        {
          ...valid,
          images: [`http://192.168.1.20:3000${path}`, `https://tienda.example.mx${path}?w=240`, "https://cdn.example.com/a.png"],
        },
        "new",
        { ownOrigins },
      );
      expect(result.ok && result.value.images).toEqual([path, `${path}?w=240`, "https://cdn.example.com/a.png"]);
      // Another origin on http://, or the shop's host on another port or with credentials, stays refused.
      for (const bad of [
        "http://192.168.1.20:3001/media/a.webp",
        "http://evil.example.com/media/a.webp",
        "http://u:p@192.168.1.20:3000/a.webp",
      ]) {
        expect(ownImagePath(bad, ownOrigins)).toBe(bad);
        const refused = parseProductInput({ ...valid, images: [bad] }, "new", { ownOrigins });
        expect(refused.ok, bad).toBe(false);
      }
    });

    it("each failing image's message is on its own place among the non-blank images", () => {
      expect(errorsOf({ images: ["https://ok.example.com/a.jpg", "", "javascript:x"] })).toEqual({
        "images.1": PRODUCT_FIELD_MESSAGES.imageUrlInvalid,
      });
    });

    it("isProductImageUrl refuses control characters", () => {
      expect(isProductImageUrl("/media/a\u0000.webp")).toBe(false);
      expect(isProductImageUrl("https://example.com/a\u0007.jpg")).toBe(false);
      expect(isProductImageUrl("/media/a.webp")).toBe(true);
    });
  });

  describe("prices", () => {
    it("take pesos with up to two decimals, a thousands separator or a $ sign", () => {
      for (const [text, cents] of [
        ["0", 0],
        ["12", 1200],
        ["12.5", 1250],
        ["12.05", 1205],
        ["1,234.50", 123_450],
        ["$99.99", 9999],
        [" 7.10 ", 710],
      ] as const) {
        const result = with_({ price: text, salePrice: "" });
        expect(result.ok && result.value.variants[0]?.priceCents, text).toBe(cents);
      }
    });

    it("refuse negative, fractional cents, not-a-number and huge values", () => {
      for (const bad of ["-1", "-0.01", "12.345", "abc", "NaN", "Infinity", "1e5", "0x10", "12,5", "10000000.01", "99999999999", "١٢"]) {
        expect(errorsOf({ price: bad }).price, bad).toBe(PRODUCT_FIELD_MESSAGES.priceInvalid);
      }
      expect(with_({ price: "10000000.00", salePrice: "" }).ok).toBe(true);
      expect(parsePesosToCents("10000000.00")).toBe(1_000_000_000);
    });

    it("sale price: optional, same number rules, and below the price ('El precio de oferta debe ser menor al precio normal')", () => {
      const ok = with_({ price: "100", salePrice: "99.99" });
      expect(ok.ok && ok.value.variants[0]?.salePriceCents).toBe(9999);
      expect(errorsOf({ price: "100", salePrice: "100" }).salePrice).toBe(ADMIN_MESSAGES.salePriceNotLower);
      expect(errorsOf({ price: "100", salePrice: "150.00" }).salePrice).toBe("El precio de oferta debe ser menor al precio normal");
      expect(errorsOf({ salePrice: "-5" }).salePrice).toBe(PRODUCT_FIELD_MESSAGES.salePriceInvalid);
      expect(errorsOf({ salePrice: "gratis" }).salePrice).toBe(PRODUCT_FIELD_MESSAGES.salePriceInvalid);
    });
  });

  it("stock is a whole number from 0 up", () => {
    const zero = with_({ stock: "0" });
    expect(zero.ok && zero.value.variants[0]?.stock).toBe(0);
    for (const bad of ["-1", "1.5", "2.0", "tres", "1e3", "99999999"]) {
      expect(errorsOf({ stock: bad }).stock, bad).toBe(PRODUCT_FIELD_MESSAGES.stockInvalid);
    }
  });

  it("category, rarity, type and expansion come from the shop's lists only", () => {
    for (const rarity of RARITIES) expect(with_({ rarity }).ok, rarity).toBe(true);
    for (const type of CARD_TYPES) expect(with_({ type }).ok, type).toBe(true);
    for (const expansion of EXPANSIONS) expect(with_({ expansion }).ok, expansion).toBe(true);
    expect(errorsOf({ category: "Peluche" }).category).toBe(PRODUCT_FIELD_MESSAGES.categoryInvalid);
    expect(errorsOf({ rarity: "Legendaria" }).rarity).toBe(PRODUCT_FIELD_MESSAGES.rarityRequired);
    expect(errorsOf({ type: "pokemon" }).type).toBe(PRODUCT_FIELD_MESSAGES.typeRequired);
    expect(errorsOf({ expansion: "Base Set" }).expansion).toBe(PRODUCT_FIELD_MESSAGES.expansionRequired);
    expect(errorsOf({ rarity: ["Rare", "Promo"] }).rarity).toBe(PRODUCT_FIELD_MESSAGES.rarityRequired);
  });

  it("refuses control characters, but keeps line breaks in the multi-line fields", () => {
    expect(errorsOf({ name: "Pika\u0000chu" }).name).toBe(PRODUCT_FIELD_MESSAGES.textInvalid);
    expect(errorsOf({ cardNumber: "001\t/102" }).cardNumber).toBe(PRODUCT_FIELD_MESSAGES.textInvalid);
    expect(errorsOf({ artist: "Ken\u001bSugimori" }).artist).toBe(PRODUCT_FIELD_MESSAGES.textInvalid);
    expect(errorsOf({ description: "Hola\u0007" }).description).toBe(PRODUCT_FIELD_MESSAGES.textInvalid);
    const lines = with_({ description: "Línea 1\nLínea 2", comment: "Centrado\r\nSin marcas" });
    expect(lines.ok && [lines.value.description, lines.value.comment]).toEqual(["Línea 1\nLínea 2", "Centrado\nSin marcas"]);
  });

  it("refuses oversized text with a message per field", () => {
    expect(errorsOf({ name: "a".repeat(PRODUCT_LIMITS.name + 1) }).name).toBe(PRODUCT_FIELD_MESSAGES.nameTooLong);
    expect(with_({ name: "a".repeat(PRODUCT_LIMITS.name) }).ok).toBe(true);
    expect(errorsOf({ description: "a".repeat(PRODUCT_LIMITS.description + 1) }).description).toBe(PRODUCT_FIELD_MESSAGES.textTooLong);
    expect(errorsOf({ cardNumber: "1".repeat(PRODUCT_LIMITS.cardNumber + 1) }).cardNumber).toBe(PRODUCT_FIELD_MESSAGES.textTooLong);
    expect(errorsOf({ artist: "a".repeat(PRODUCT_LIMITS.artist + 1) }).artist).toBe(PRODUCT_FIELD_MESSAGES.textTooLong);
    expect(errorsOf({ comment: "a".repeat(PRODUCT_LIMITS.comment + 1) }).comment).toBe(PRODUCT_FIELD_MESSAGES.textTooLong);
  });

  it("reads anything that is not text (a file, a list, a number) as empty", () => {
    expect(errorsOf({ name: 42, price: { cents: 1 }, stock: ["3"] })).toMatchObject({
      name: PRODUCT_FIELD_MESSAGES.nameRequired,
      price: PRODUCT_FIELD_MESSAGES.priceRequired,
      stock: PRODUCT_FIELD_MESSAGES.stockRequired,
    });
  });

  it("reports every failing field at once, one message each", () => {
    const errors = errorsOf({ name: "", price: "-1", images: [] });
    expect(Object.keys(errors).sort()).toEqual(["images", "name", "price"]);
    expect(errors.price).toBe(PRODUCT_FIELD_MESSAGES.priceInvalid);
  });
});

describe("productFieldsFromForm", () => {
  it("reads each field once and every images entry", () => {
    const form = new FormData();
    form.append("name", "Mew");
    form.append("name", "ignorado");
    form.append("images", "https://a.example.com/1.jpg");
    form.append("images", "");
    form.append("images", new File(["x"], "x.png"));
    const raw = productFieldsFromForm(form);
    expect(raw.name).toBe("Mew");
    expect(raw.images).toEqual(["https://a.example.com/1.jpg", "", ""]);
    expect(raw.variants).toEqual([]);
  });

  it("reads the variant rows by their number, in order, each field once", () => {
    const form = new FormData();
    form.append("variants.1.condition", "LP");
    form.append("variants.0.condition", "NM");
    form.append("variants.0.condition", "ignorado");
    form.append("variants.0.price", "10");
    form.append("variants.12.stock", "3");
    form.append("variants.x.stock", "3");
    form.append("variants.0.hack", "3");
    const raw = productFieldsFromForm(form);
    expect(raw.variants).toEqual([
      { id: null, condition: "NM", language: null, price: "10", salePrice: null, stock: null },
      { id: null, condition: "LP", language: null, price: null, salePrice: null, stock: null },
      { id: null, condition: null, language: null, price: null, salePrice: null, stock: "3" },
    ]);
  });
});

describe("variants", () => {
  it("a CSV row's condition and language: codes or Spanish names, any case; blank is NM (single) or Nuevo, in English", () => {
    const variantOf = (changes: Partial<Record<ProductRowField, unknown>>) => {
      const result = with_(changes);
      if (!result.ok) throw new Error(JSON.stringify(result.failure));
      return [result.value.variants[0]?.condition, result.value.variants[0]?.language];
    };
    expect(variantOf({ condition: "lp", language: "JA" })).toEqual(["LP", "ja"]);
    expect(variantOf({ condition: "Ligeramente Jugada", language: "japonés" })).toEqual(["LP", "ja"]);
    expect(variantOf({ condition: " dañada ", language: "Espanol" })).toEqual(["DMG", "es"]);
    expect(variantOf({ condition: "", language: "" })).toEqual(["NM", "en"]);
    expect(variantOf({ category: "Producto Sellado", condition: "", rarity: "", type: "" })).toEqual(["NEW", "en"]);
    expect(variantOf({ category: "Accesorio", condition: "nuevo", language: "es" })).toEqual(["NEW", "es"]);
  });

  it("refuses an unknown condition or language, a single in 'Nuevo' and a sealed product in a single's condition", () => {
    expect(errorsOf({ condition: "Mint" }).condition).toBe(PRODUCT_FIELD_MESSAGES.conditionInvalid);
    expect(errorsOf({ condition: "Nuevo" }).condition).toBe(PRODUCT_FIELD_MESSAGES.conditionInvalid);
    expect(errorsOf({ language: "Francés" }).language).toBe(PRODUCT_FIELD_MESSAGES.languageInvalid);
    expect(errorsOf({ category: "Producto Sellado", condition: "NM" }).condition).toBe(PRODUCT_FIELD_MESSAGES.sealedConditionOnly);
  });

  it("rarity and type are a single's only: required for 'Carta Individual', stored null for sealed products and accessories", () => {
    expect(errorsOf({ rarity: "", type: "" })).toEqual({
      rarity: PRODUCT_FIELD_MESSAGES.rarityRequired,
      type: PRODUCT_FIELD_MESSAGES.typeRequired,
    });
    for (const category of ["Producto Sellado", "Accesorio"]) {
      for (const [rarity, type] of [
        ["", ""],
        ["Promo", "Item"],
        ["<script>", "x"],
      ]) {
        const result = with_({ category, rarity, type });
        expect(result.ok && [result.value.rarity, result.value.type], `${category} ${rarity}`).toEqual([null, null]);
      }
    }
  });
});
