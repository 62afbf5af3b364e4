/** The shop's public identity: one place for what the header, footer and policies show. */
export const SHOP = {
  name: "Cartas del Valle",
  tagline: "Cartas originales de Pokémon TCG en México",
  email: "hola@cartasdelvalle.mx",
  phoneDisplay: "55 1234 5678",
  phoneHref: "tel:+525512345678",
  city: "Ciudad de México, México",
  social: {
    instagram: "https://www.instagram.com/cartasdelvalle",
    facebook: "https://www.facebook.com/cartasdelvalle",
    tiktok: "https://www.tiktok.com/@cartasdelvalle",
  },
} as const;

/** Business constants of SPEC §9 that the views need. */
export const PAGE_SIZE = 24;
export const FREE_SHIPPING_THRESHOLD_CENTS = 200_000;
export const STANDARD_SHIPPING_CENTS = 15_000;
export const LOW_STOCK_THRESHOLD = 3;
/** The points tab invites the customer to use their points from this balance on. */
export const POINTS_PROMPT_THRESHOLD = 10;

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

export const CATEGORIES = ["Carta Individual", "Producto Sellado", "Accesorio"] as const;
