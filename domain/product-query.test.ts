import { describe, expect, it } from "vitest";
import {
  CLEARED_FILTERS,
  DEFAULT_QUERY,
  hasFilters,
  isCanonicalUpToOrder,
  parseProductQuery,
  productListHref,
  serializeProductQuery,
} from "./product-query";

const parse = (qs: string) => parseProductQuery(new URLSearchParams(qs));

describe("product list query", () => {
  it("reads the documented parameter names", () => {
    expect(parse("search=pikachu&page=3&sortBy=price&order=desc&rarity=Hyper%20Rare&type=Pok%C3%A9mon&expansion=151&onSale=true")).toEqual({
      search: "pikachu",
      page: 3,
      sortBy: "price",
      order: "desc",
      rarity: "Hyper Rare",
      type: "Pokémon",
      expansion: "151",
      onSale: true,
      category: "",
      condition: "",
      language: "",
    });
  });

  it("drops anything unknown or malformed instead of failing", () => {
    expect(parse("page=abc&sortBy=evil&order=sideways&rarity=<script>&type=x&expansion=Nope&onSale=yes")).toEqual(DEFAULT_QUERY);
    expect(parse("page=-4").page).toBe(1);
    expect(parse("page=1.5").page).toBe(1);
    expect(parse("page=999999999").page).toBe(1);
    expect(parse(`search=${"a".repeat(500)}`).search).toHaveLength(100);
    expect(parse("search=%20%20").search).toBe("");
  });

  it("understands the no-JS sort select and defaults the order by field", () => {
    expect(parse("sort=price-asc")).toMatchObject({ sortBy: "price", order: "asc" });
    expect(parse("sort=name-asc")).toMatchObject({ sortBy: "name", order: "asc" });
    expect(parse("sortBy=name")).toMatchObject({ sortBy: "name", order: "asc" });
    expect(parse("")).toMatchObject({ sortBy: "dateAdded", order: "desc" });
  });

  it("serialises canonically: defaults and empty fields omitted, stable round trip", () => {
    expect(serializeProductQuery(DEFAULT_QUERY)).toBe("");
    const qs = "search=charizard&sortBy=price&order=asc&rarity=Shiny&onSale=true&page=2";
    expect(serializeProductQuery(parse(qs))).toBe(qs);
    expect(serializeProductQuery(parse("rarity=&type=&expansion=&sort=dateAdded-desc"))).toBe("");
  });

  it("any change but the page resets to page 1", () => {
    const q = parse("rarity=Shiny&page=4");
    expect(productListHref(q, { type: "Pokémon" })).toBe("/productos?rarity=Shiny&type=Pok%C3%A9mon");
    expect(productListHref(q, { page: 5 })).toBe("/productos?rarity=Shiny&page=5");
    expect(productListHref(q, { rarity: "" }, "/")).toBe("/");
  });

  it("a query is canonical up to the order of its parameters, not up to extra or different values", () => {
    const canonical = serializeProductQuery(parse("rarity=Ultra Rare&type=Pokémon&page=2"));
    const same = (qs: string) => isCanonicalUpToOrder(new URLSearchParams(qs), canonical);
    expect(same(canonical)).toBe(true);
    expect(same("page=2&type=Pok%C3%A9mon&rarity=Ultra+Rare")).toBe(true);
    expect(same("type=Pokémon&rarity=Ultra%20Rare&page=2")).toBe(true);
    // What the no-JS form adds, or a value written differently, is not the canonical view.
    expect(same("rarity=Ultra+Rare&type=Pok%C3%A9mon&page=2&expansion=")).toBe(false);
    expect(same("rarity=Ultra+Rare&type=Pok%C3%A9mon&page=2&sort=dateAdded-desc")).toBe(false);
    expect(same("rarity=Ultra+Rare&type=Pok%C3%A9mon&page=02")).toBe(false);
    expect(same("rarity=Ultra+Rare&type=Pok%C3%A9mon&page=2&page=2")).toBe(false);
    expect(isCanonicalUpToOrder(new URLSearchParams(""), "")).toBe(true);
  });
});

describe("category, condition and language filters", () => {
  it("read the Spanish parameter names: categoria, condicion, idioma", () => {
    expect(parse("categoria=sellado&condicion=lp&idioma=ja")).toMatchObject({
      category: "Producto Sellado",
      condition: "LP",
      language: "ja",
    });
    expect(parse("categoria=cartas").category).toBe("Carta Individual");
    expect(parse("categoria=accesorios").category).toBe("Accesorio");
    for (const code of ["nm", "lp", "mp", "hp", "dmg"]) expect(parse(`condicion=${code}`).condition).toBe(code.toUpperCase());
    for (const code of ["es", "en", "ja"]) expect(parse(`idioma=${code}`).language).toBe(code);
  });

  it("understand a code in capitals or the Spanish label, and write the canonical value back", () => {
    expect(parse("condicion=LP").condition).toBe("LP");
    expect(parse("condicion=Ligeramente%20jugada").condition).toBe("LP");
    expect(parse("condicion=da%C3%B1ada").condition).toBe("DMG");
    expect(parse("idioma=Japon%C3%A9s").language).toBe("ja");
    expect(parse("categoria=Producto%20Sellado").category).toBe("Producto Sellado");
    expect(parse("categoria=Cartas%20individuales").category).toBe("Carta Individual");
    expect(serializeProductQuery(parse("condicion=LP&idioma=JA&categoria=Carta+Individual"))).toBe(
      "categoria=cartas&condicion=lp&idioma=ja",
    );
  });

  it("drop anything unknown, 'Nuevo' included (sealed products have no condition to choose)", () => {
    expect(parse("categoria=cartas-raras&condicion=new&idioma=fr")).toEqual(DEFAULT_QUERY);
    expect(parse("condicion=Nuevo").condition).toBe("");
    expect(parse(`condicion=${"x".repeat(500)}&idioma=<script>&categoria=`)).toEqual(DEFAULT_QUERY);
  });

  it("serialise canonically beside the other filters, and any change resets to page 1", () => {
    const qs = "search=pikachu&sortBy=price&order=asc&categoria=cartas&condicion=mp&idioma=es&rarity=Rare&onSale=true&page=3";
    expect(serializeProductQuery(parse(qs))).toBe(qs);
    const q = parse(qs);
    expect(productListHref(q, { condition: "NM" })).toBe(
      "/productos?search=pikachu&sortBy=price&order=asc&categoria=cartas&condicion=nm&idioma=es&rarity=Rare&onSale=true",
    );
    expect(productListHref(q, { category: "", condition: "", language: "" })).toBe(
      "/productos?search=pikachu&sortBy=price&order=asc&rarity=Rare&onSale=true",
    );
  });

  it("count as filters ('Limpiar filtros' clears them)", () => {
    expect(hasFilters(DEFAULT_QUERY)).toBe(false);
    expect(hasFilters(parse("categoria=sellado"))).toBe(true);
    expect(hasFilters(parse("condicion=hp"))).toBe(true);
    expect(hasFilters(parse("idioma=en"))).toBe(true);
    expect(serializeProductQuery({ ...parse("categoria=sellado&condicion=hp&idioma=en&rarity=Rare"), ...CLEARED_FILTERS })).toBe("");
  });
});
