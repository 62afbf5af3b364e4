import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, isCanonicalUpToOrder, parseProductQuery, productListHref, serializeProductQuery } from "./product-query";

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
