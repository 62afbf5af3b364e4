/**
 * The catalogue's lists and view constants (docs/requirements.md#catalogue): the values a product's
 * category, rarity, type and expansion may take. The filters, the product form,
 * the database schema, the demo catalogue and the importer all read them here.
 */
export const CATEGORIES = ["Carta Individual", "Producto Sellado", "Accesorio"] as const;
export type Category = (typeof CATEGORIES)[number];
export const DEFAULT_CATEGORY: Category = "Carta Individual";

export const RARITIES = [
  "Para tu deck",
  "Rare",
  "Double Rare",
  "Ultra Rare",
  "Illustration Rare",
  "Special Illustration Rare",
  "Hyper Rare",
  "Shiny",
  "Promo",
] as const;

export const CARD_TYPES = ["Energy", "Item", "Pokémon", "Stadium", "Supporter", "Tool"] as const;

export const EXPANSIONS = [
  "Mega Evolutions",
  "White Flare",
  "Black Bolt",
  "Destined Rivals",
  "Journey Together",
  "Prismatic Evolutions",
  "Surging Sparks",
  "Stellar Crown",
  "Shrouded Fable",
  "Twilight Masquerade",
  "Temporal Forces",
  "Paldean Fates",
  "Paradox Rift",
  "151",
  "Obsidian Flames",
  "Paldea Evolved",
  "Scarlet & Violet",
  "Crown Zenith",
  "Silver Tempest",
  "Lost Origin",
  "Astral Radiance",
  "Brilliant Stars",
  "Fusion Strike",
  "Celebrations",
  "Evolving Skies",
  "Chilling Reign",
  "Battle Styles",
  "Shining Fates",
  "Vivid Voltage",
  "Phantasmal Flames",
] as const;

/** Products per page of the shop's list; the admin list shows up to 100 (docs/requirements.md#catalogue). */
export const PAGE_SIZE = 24;
export const ADMIN_PAGE_SIZE = 100;
/** Product detail highlights the stock line at this many units or fewer. */
export const LOW_STOCK_THRESHOLD = 3;
/** At most this many images per product. */
export const MAX_PRODUCT_IMAGES = 5;
