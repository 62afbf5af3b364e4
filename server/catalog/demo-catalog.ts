/**
 * The demo catalogue: every card of data/cards.json as a single, plus sealed
 * products and accessories, with plausible Mexican-market prices in MXN.
 *
 * Pure and deterministic: no Math.random, no clock. Every product's numbers
 * come from a small PRNG seeded with the SHA-1 of a stable key (the card's
 * sourceId, or a fixed slug for sealed products and accessories), and its id
 * is the first 24 hex characters of that same digest, so ids, image URLs and
 * links stay the same across re-seeds and machines. Dates derive from the
 * set's release date (see data/ATTRIBUTION.md for where the card facts come from).
 *
 * Sealed products and accessories carry no rarity or type (null), so the
 * rarity and type filters list singles only. Every product is sold as
 * variants (withVariants below): most singles one Near Mint English copy,
 * some in played conditions or Japanese and Spanish prints.
 */
import { createHash } from "node:crypto";
import cardsJson from "./data/cards.json";
import setsJson from "./data/sets.json";
import { EXPANSIONS, type Category } from "#domain/catalog.ts";
import { DEFAULT_LANGUAGE, defaultCondition, type Condition, type Language } from "#domain/variants.ts";
import { variantSlug } from "#domain/variant-names.ts";

/** One condition × language of a demo product (decision record 017). */
export interface DemoVariant {
  id: string;
  condition: Condition;
  language: Language;
  priceCents: number;
  salePriceCents: number | null;
  stock: number;
}

export interface DemoProduct {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  salePriceCents: number | null;
  stock: number;
  category: Category;
  /** A single's; null for sealed products and accessories. */
  rarity: string | null;
  type: string | null;
  expansion: string;
  cardNumber: string | null;
  artist: string | null;
  comment: string | null;
  images: string[];
  dateAdded: Date;
  /** What is sold; the first is the product's own price and stock above (NM or 'Nuevo', Inglés). */
  variants: DemoVariant[];
}

interface SourceCard {
  sourceId: string;
  name: string;
  expansion: string;
  cardNumber: string;
  rarity: string;
  type: string;
  artist: string | null;
  releaseDate: string;
  hp: number | null;
  pokedexNumbers: number[] | null;
}

interface SourceSet {
  setId: string;
  name: string;
  series: string;
  releaseDate: string;
  printedTotal: number;
  total: number;
  present: boolean;
}

const CARDS = cardsJson as unknown as readonly SourceCard[];
const SETS = setsJson as unknown as Readonly<Record<string, SourceSet>>;

/** "Today" for the catalogue's age-based pricing; fixed so output never depends on the clock. */
const REFERENCE_DATE_MS = Date.UTC(2025, 10, 22);
const YEAR_MS = 365.25 * 24 * 3600 * 1000;

// ---------------------------------------------------------------------------
// Deterministic randomness

function sha1(key: string): string {
  return createHash("sha1").update(key).digest("hex");
}

/** mulberry32: a tiny, fast, well-mixed 32-bit PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Seeded {
  id: string;
  rand: () => number;
}

/** The product id (first 24 hex of SHA-1 of the key) and a PRNG seeded from the rest of the digest. */
function seeded(key: string): Seeded {
  const digest = sha1(`cartas-del-valle/demo/${key}`);
  return { id: digest.slice(0, 24), rand: prng(parseInt(digest.slice(24, 32), 16)) };
}

function intBetween(rand: () => number, lo: number, hi: number, skew = 1): number {
  return lo + Math.min(hi - lo, Math.floor(Math.pow(rand(), skew) * (hi - lo + 1)));
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}

/** Position t in [0, 1] on a logarithmic scale between lo and hi. */
function logScale(lo: number, hi: number, t: number): number {
  return lo * Math.pow(hi / lo, clamp01(t));
}

// ---------------------------------------------------------------------------
// Money

/** A single's price in pesos → centavos: .00/.50 below $100, multiples of $5 below $1,000, of $50 above. */
function cardPriceCents(pesos: number): number {
  if (pesos < 100) return Math.round(pesos * 2) * 50;
  if (pesos < 1000) return Math.round(pesos / 5) * 500;
  return Math.round(pesos / 50) * 5000;
}

/** A sealed product's price: multiples of $5 below $500, else "$1,299"-style endings. */
function retailPriceCents(pesos: number): number {
  if (pesos < 500) return Math.round(pesos / 5) * 500;
  return (Math.round(pesos / 50) * 50 - 1) * 100;
}

/** A sale price 10–30 % below, in whole pesos, strictly lower than the price; null when impossible. */
function salePrice(priceCents: number, rand: () => number): number | null {
  const price = priceCents / 100;
  const lo = Math.ceil(price * 0.7);
  const hi = Math.floor(price * 0.9);
  if (hi < lo || hi <= 0) return null;
  const pesos = Math.min(hi, Math.max(lo, Math.round(price * (1 - (0.1 + rand() * 0.2)))));
  return pesos * 100 < priceCents ? pesos * 100 : null;
}

const SALE_SHARE = 0.1;
const SOLD_OUT_SHARE = 0.065;

// ---------------------------------------------------------------------------
// Singles

/** Price range in pesos per rarity. */
const CARD_PRICE_RANGE: Record<string, readonly [number, number]> = {
  "Para tu deck": [10, 40],
  Rare: [25, 90],
  "Double Rare": [40, 180],
  "Ultra Rare": [120, 900],
  "Illustration Rare": [150, 1200],
  "Special Illustration Rare": [600, 6000],
  "Hyper Rare": [300, 3000],
  Shiny: [60, 700],
  Promo: [40, 300],
};

/** Stock range per rarity (before the sold-out draw), skewed towards the low end for chase cards. */
const CARD_STOCK_RANGE: Record<string, readonly [number, number, number]> = {
  "Para tu deck": [6, 40, 1],
  Rare: [3, 16, 1.2],
  "Double Rare": [2, 10, 1.4],
  "Ultra Rare": [1, 6, 1.8],
  "Illustration Rare": [1, 4, 1.6],
  "Special Illustration Rare": [1, 3, 1.6],
  "Hyper Rare": [1, 3, 1.6],
  Shiny: [1, 8, 1.8],
  Promo: [2, 10, 1.2],
};

const TOP_NAMES = /\b(Charizard|Pikachu|Umbreon|Mew|Rayquaza|Lugia|Giratina|Lillie|Iono)\b/;
const POPULAR_NAMES =
  /\b(Eevee|Espeon|Vaporeon|Jolteon|Flareon|Leafeon|Glaceon|Sylveon|Gengar|Mewtwo|Gardevoir|Greninja|Dragonite|Lucario|Snorlax|Blastoise|Venusaur|Gyarados|Mimikyu|Darkrai|Arceus|Palkia|Dialga|Tyranitar|Marnie|Erika|Misty|Cynthia|Penny|Lacey|Miraidon|Koraidon|Ceruledge|Zacian|Zamazenta|Moltres|Zapdos|Articuno)\b/;

/** Demand of each expansion among collectors, nudging its singles' and sealed prices up. */
const SET_POPULARITY: Record<string, number> = {
  "Evolving Skies": 0.4,
  "Prismatic Evolutions": 0.35,
  "151": 0.3,
  "Crown Zenith": 0.2,
  "Lost Origin": 0.15,
  Celebrations: 0.15,
  "Shining Fates": 0.15,
  "Paldean Fates": 0.15,
  "Brilliant Stars": 0.1,
  "Silver Tempest": 0.1,
  "Astral Radiance": 0.1,
  "Surging Sparks": 0.1,
  "Destined Rivals": 0.1,
  "White Flare": 0.1,
  "Black Bolt": 0.1,
  "Mega Evolutions": 0.1,
  "Phantasmal Flames": 0.1,
  "Obsidian Flames": 0.05,
  "Twilight Masquerade": 0.05,
  "Fusion Strike": 0.05,
};

const TYPE_LABEL_ES: Record<string, string> = {
  Supporter: "Carta de Entrenador (Partidario).",
  Item: "Carta de Entrenador (Objeto).",
  Tool: "Carta de Entrenador (Herramienta Pokémon).",
  Stadium: "Carta de Entrenador (Estadio).",
  Energy: "Carta de Energía.",
};

const CHASE_COMMENTS = [
  "Near Mint, revisada a mano. Se envía en funda y toploader.",
  "Recién sacada del sobre, directo a funda y toploader.",
  "Muy buen centrado; buena candidata para gradear.",
  "Near Mint. Se envía protegida en funda, toploader y bolsa de seguridad.",
];
const DECK_COMMENTS = [
  "Near Mint. Ideal para completar tu deck.",
  "Near Mint, revisada a mano. Pregunta si necesitas más copias.",
  "Ligeramente jugada (LP): leve desgaste en las orillas, precio ajustado.",
];

function releaseYearsAgo(releaseDate: string): number {
  return Math.max(0, (REFERENCE_DATE_MS - Date.parse(`${releaseDate}T00:00:00Z`)) / YEAR_MS);
}

/** Release day at 10:00 in Mexico City (16:00 UTC) plus `minutes`. */
function addedOn(releaseDate: string, minutes: number): Date {
  return new Date(Date.parse(`${releaseDate}T16:00:00Z`) + Math.floor(minutes) * 60_000);
}

function releaseYear(releaseDate: string): string {
  return releaseDate.slice(0, 4);
}

function imagesFor(id: string, withBack: boolean): string[] {
  return withBack ? [`/media/demo/${id}-front.webp`, `/media/demo/${id}-back.webp`] : [`/media/demo/${id}-front.webp`];
}

function stockAndSale(
  rand: () => number,
  priceCents: number,
  range: readonly [number, number, number],
): { stock: number; salePriceCents: number | null } {
  const soldOut = rand() < SOLD_OUT_SHARE;
  const stock = intBetween(rand, range[0], range[1], range[2]);
  const onSale = rand() < SALE_SHARE;
  const sale = salePrice(priceCents, rand);
  return { stock: soldOut ? 0 : stock, salePriceCents: onSale ? sale : null };
}

function singleProduct(card: SourceCard, key: string, name: string): Omit<DemoProduct, "variants"> {
  const { id, rand } = seeded(key);
  const [lo, hi] = CARD_PRICE_RANGE[card.rarity] ?? [20, 200];
  const chase = !["Para tu deck", "Rare"].includes(card.rarity);
  let t = Math.pow(rand(), 1.8) * 0.7;
  if (TOP_NAMES.test(card.name)) t += 0.42;
  else if (POPULAR_NAMES.test(card.name)) t += 0.18;
  else if (chase && card.type !== "Pokémon") t -= 0.08;
  t += (SET_POPULARITY[card.expansion] ?? 0) * 0.6;
  t += Math.min(0.12, releaseYearsAgo(card.releaseDate) * 0.025);
  // Soft ceiling: only the most wanted cards reach the top of the range.
  if (t > 0.8) t = 0.8 + (t - 0.8) * 0.5;
  if (card.type === "Energy" && card.rarity === "Para tu deck") t = 0;
  const priceCents = cardPriceCents(logScale(lo, hi, t));
  const { stock, salePriceCents } = stockAndSale(rand, priceCents, CARD_STOCK_RANGE[card.rarity] ?? [1, 5, 1]);

  // No language in the description: a product is sold in several prints, and its variant names the one bought.
  let description = `Carta original de la expansión ${card.expansion} (${releaseYear(card.releaseDate)}), número ${card.cardNumber}.`;
  if (card.type === "Pokémon") description += card.hp ? ` Pokémon de ${card.hp} PS.` : "";
  else description += ` ${TYPE_LABEL_ES[card.type] ?? ""}`;
  if (card.artist) description += ` Ilustración de ${card.artist}.`;

  const commentRoll = rand();
  const pool = chase ? CHASE_COMMENTS : DECK_COMMENTS;
  const comment = commentRoll < 0.35 ? (pool[Math.floor(rand() * pool.length)] ?? null) : null;

  return {
    id,
    name,
    description,
    priceCents,
    salePriceCents,
    stock,
    category: "Carta Individual",
    rarity: card.rarity,
    type: card.type,
    expansion: card.expansion,
    cardNumber: card.cardNumber,
    artist: card.artist,
    comment,
    images: imagesFor(id, true),
    // Within the first three days after the release: never past the next expansion's release.
    dateAdded: addedOn(card.releaseDate, rand() * 72 * 60),
  };
}

// ---------------------------------------------------------------------------
// Sealed products

/** Expansions sold without a 36-pack booster box (special sets): they get a Booster Bundle instead. */
const SPECIAL_SETS = new Set([
  "White Flare",
  "Black Bolt",
  "Prismatic Evolutions",
  "Shrouded Fable",
  "Paldean Fates",
  "151",
  "Crown Zenith",
  "Celebrations",
  "Shining Fates",
]);

type SealedKind = "pack" | "etb" | "box" | "bundle" | "premium" | "tin" | "blister";

interface SealedSpec {
  kind: SealedKind;
  name: (expansion: string) => string;
  /** Price range in pesos: low end for a fresh, ordinary set, high end for old or sought-after ones. */
  range: readonly [number, number];
  stock: readonly [number, number, number];
  description: (expansion: string, set: SourceSet) => string;
}

function etbPacks(expansion: string, set: SourceSet): number {
  if (expansion === "Celebrations") return 10;
  return set.series === "Sword & Shield" ? 8 : 9;
}

const SEALED: Record<SealedKind, SealedSpec> = {
  pack: {
    kind: "pack",
    name: (e) => `Sobre de ${e} (Booster Pack)`,
    range: [90, 240],
    stock: [12, 80, 1],
    description: (e, s) =>
      `Sobre original sellado de la expansión ${e} (${releaseYear(s.releaseDate)}). Contiene cartas al azar de la expansión.`,
  },
  etb: {
    kind: "etb",
    name: (e) => `Elite Trainer Box de ${e}`,
    range: [1100, 2800],
    stock: [2, 12, 1.4],
    description: (e, s) =>
      `Elite Trainer Box original sellada de ${e}: incluye ${etbPacks(e, s)} sobres, 65 fundas, energías básicas, dados, marcadores y caja organizadora.`,
  },
  box: {
    kind: "box",
    name: (e) => `Caja de 36 sobres (Booster Box) de ${e}`,
    range: [2800, 6500],
    stock: [1, 5, 1.6],
    description: (e) => `Caja display original sellada con 36 sobres de ${e}. Ideal para abrir con amigos o completar el set.`,
  },
  bundle: {
    kind: "bundle",
    name: (e) => `Booster Bundle de ${e} (6 sobres)`,
    range: [550, 1300],
    stock: [3, 15, 1.2],
    description: (e) => `Booster Bundle original sellado con 6 sobres de ${e}.`,
  },
  premium: {
    kind: "premium",
    name: (e) => `Colección Premium de ${e}`,
    range: [900, 2400],
    stock: [1, 8, 1.4],
    description: (e) => `Colección sellada con sobres de ${e}, cartas promo holográficas y accesorios de exhibición.`,
  },
  tin: {
    kind: "tin",
    name: (e) => `Lata (Tin) de ${e}`,
    range: [330, 650],
    stock: [3, 20, 1.2],
    description: (e) => `Lata metálica coleccionable con sobres de ${e} y una carta promo.`,
  },
  blister: {
    kind: "blister",
    name: (e) => `Blister de 3 sobres de ${e}`,
    range: [320, 700],
    stock: [3, 20, 1.2],
    description: (e) => `Blister sellado con 3 sobres de ${e}, una carta promo y una moneda.`,
  },
};

/** The few extra collections, on the sets where they sell. */
const COLLECTIONS: ReadonlyArray<readonly [string, SealedKind]> = [
  ["Phantasmal Flames", "premium"],
  ["Mega Evolutions", "premium"],
  ["Destined Rivals", "premium"],
  ["Prismatic Evolutions", "premium"],
  ["Surging Sparks", "premium"],
  ["151", "premium"],
  ["Paldean Fates", "premium"],
  ["Crown Zenith", "premium"],
  ["Journey Together", "tin"],
  ["Stellar Crown", "tin"],
  ["Temporal Forces", "tin"],
  ["Paldea Evolved", "tin"],
  ["Twilight Masquerade", "blister"],
  ["Obsidian Flames", "blister"],
  ["Paradox Rift", "blister"],
  ["Lost Origin", "blister"],
];

function setOf(expansion: string): SourceSet {
  const set = SETS[expansion];
  if (!set) throw new Error(`demo catalogue: no set data for expansion ${expansion}`);
  return set;
}

function sealedProduct(expansion: string, kind: SealedKind, key: string, nameSuffix = ""): Omit<DemoProduct, "variants"> {
  const set = setOf(expansion);
  const spec = SEALED[kind];
  const { id, rand } = seeded(key);
  const age = releaseYearsAgo(set.releaseDate);
  // Out of print after ~2 years: older sets climb towards the top of the range.
  const t = Math.min(0.6, age * 0.13) + (SET_POPULARITY[expansion] ?? 0) + rand() * 0.08;
  const priceCents = retailPriceCents(logScale(spec.range[0], spec.range[1], t));
  const stockRange: readonly [number, number, number] =
    age > 2.5 && kind !== "pack" ? [1, Math.max(1, Math.ceil(spec.stock[1] / 3)), spec.stock[2]] : spec.stock;
  const { stock, salePriceCents } = stockAndSale(rand, priceCents, stockRange);
  return {
    id,
    name: spec.name(expansion) + nameSuffix,
    description: spec.description(expansion, set),
    priceCents,
    salePriceCents,
    stock,
    category: "Producto Sellado",
    rarity: null,
    type: null,
    expansion,
    cardNumber: null,
    artist: null,
    comment: rand() < 0.3 ? "Producto sellado de fábrica. Se envía en caja con protección." : null,
    images: imagesFor(id, false),
    dateAdded: addedOn(set.releaseDate, rand() * 24 * 60),
  };
}

function sealedSpecsFor(expansion: string): Array<{ kind: SealedKind; key: string }> {
  const setId = setOf(expansion).setId;
  const kinds: SealedKind[] = ["pack", "etb", SPECIAL_SETS.has(expansion) ? "bundle" : "box"];
  for (const [e, kind] of COLLECTIONS) if (e === expansion) kinds.push(kind);
  return kinds.map((kind) => ({ kind, key: `sealed:${setId}:${kind}` }));
}

// ---------------------------------------------------------------------------
// Accessories

interface AccessorySpec {
  slug: string;
  name: string;
  expansion: string;
  pesos: number;
  description: string;
}

const ACCESSORIES: readonly AccessorySpec[] = [
  {
    slug: "fundas-mate-negras",
    name: "Fundas mate negras para deck (65 pzas)",
    expansion: "Phantasmal Flames",
    pesos: 120,
    description: "Fundas de tamaño estándar con reverso mate, para cartas de 63 × 88 mm.",
  },
  {
    slug: "fundas-perfect-fit",
    name: "Fundas interiores transparentes Perfect Fit (100 pzas)",
    expansion: "Phantasmal Flames",
    pesos: 95,
    description: "Fundas ajustadas para doble enfundado; protegen del polvo y la humedad.",
  },
  {
    slug: "fundas-charizard",
    name: "Fundas ilustradas Charizard ex (65 pzas)",
    expansion: "Obsidian Flames",
    pesos: 220,
    description: "Fundas oficiales de tamaño estándar con ilustración de Charizard ex.",
  },
  {
    slug: "fundas-pikachu",
    name: "Fundas ilustradas Pikachu (65 pzas)",
    expansion: "151",
    pesos: 220,
    description: "Fundas oficiales de tamaño estándar con ilustración de Pikachu.",
  },
  {
    slug: "fundas-eevee",
    name: "Fundas ilustradas Eevee y evoluciones (65 pzas)",
    expansion: "Prismatic Evolutions",
    pesos: 240,
    description: "Fundas oficiales de tamaño estándar con Eevee y sus evoluciones.",
  },
  {
    slug: "fundas-mega-gardevoir",
    name: "Fundas ilustradas Mega Gardevoir ex (65 pzas)",
    expansion: "Mega Evolutions",
    pesos: 230,
    description: "Fundas oficiales de tamaño estándar con ilustración de Mega Gardevoir ex.",
  },
  {
    slug: "deck-box-basica",
    name: "Deck box con separador (capacidad 100 cartas)",
    expansion: "Destined Rivals",
    pesos: 180,
    description: "Caja rígida para tu deck enfundado, con separador interior.",
  },
  {
    slug: "deck-box-magnetica",
    name: "Deck box magnética premium (capacidad 100 cartas)",
    expansion: "Surging Sparks",
    pesos: 390,
    description: "Deck box de piel sintética con cierre magnético y compartimento para dados.",
  },
  {
    slug: "deck-box-umbreon",
    name: "Deck box ilustrada Umbreon",
    expansion: "Evolving Skies",
    pesos: 260,
    description: "Deck box para 75 cartas enfundadas con ilustración de Umbreon.",
  },
  {
    slug: "carpeta-9-cierre",
    name: "Carpeta 9 bolsillos con cierre (360 cartas)",
    expansion: "Prismatic Evolutions",
    pesos: 690,
    description: "Carpeta con cierre, 20 hojas de 9 bolsillos de carga lateral; 360 cartas.",
  },
  {
    slug: "carpeta-9-charizard",
    name: "Carpeta 9 bolsillos Charizard (360 cartas)",
    expansion: "Obsidian Flames",
    pesos: 750,
    description: "Carpeta de colección con portada de Charizard y bolsillos de carga lateral.",
  },
  {
    slug: "carpeta-4",
    name: "Carpeta 4 bolsillos (160 cartas)",
    expansion: "151",
    pesos: 390,
    description: "Carpeta compacta de 4 bolsillos por página, ideal para tu colección de 151.",
  },
  {
    slug: "hojas-9",
    name: "Hojas de 9 bolsillos para carpeta (paquete de 10)",
    expansion: "Scarlet & Violet",
    pesos: 120,
    description: "Hojas de polipropileno libres de ácido para carpetas de 3 aros.",
  },
  {
    slug: "playmat-mega",
    name: "Playmat Mega Evolutions (60 × 35 cm)",
    expansion: "Mega Evolutions",
    pesos: 650,
    description: "Tapete de juego de neopreno con base antideslizante.",
  },
  {
    slug: "playmat-costura",
    name: "Playmat de neopreno con bordes cosidos (60 × 35 cm)",
    expansion: "Phantasmal Flames",
    pesos: 890,
    description: "Tapete de juego premium con bordes cosidos y zonas de juego marcadas.",
  },
  {
    slug: "toploaders-25",
    name: "Toploaders 35 pt (paquete de 25)",
    expansion: "Phantasmal Flames",
    pesos: 95,
    description: "Protectores rígidos para cartas estándar; úsalos con una funda interior.",
  },
  {
    slug: "toploaders-magneticos",
    name: "Toploaders magnéticos 35 pt (paquete de 5)",
    expansion: "Journey Together",
    pesos: 210,
    description: "Estuches magnéticos con protección UV para tus cartas más valiosas.",
  },
  {
    slug: "protector-etb",
    name: "Protector acrílico para Elite Trainer Box",
    expansion: "Prismatic Evolutions",
    pesos: 450,
    description: "Caja acrílica transparente con tapa magnética para exhibir una ETB sellada.",
  },
  {
    slug: "dados-marcadores",
    name: "Dados de daño y marcadores de condición",
    expansion: "Twilight Masquerade",
    pesos: 150,
    description: "Set de dados de daño, moneda y marcadores de Envenenado y Quemado.",
  },
  {
    slug: "moneda-metalica",
    name: "Moneda metálica para lanzamientos",
    expansion: "Stellar Crown",
    pesos: 80,
    description: "Moneda de metal con acabado brillante para los lanzamientos de tus partidas.",
  },
  {
    slug: "separadores",
    name: "Separadores de deck (paquete de 10)",
    expansion: "Temporal Forces",
    pesos: 85,
    description: "Separadores de plástico para organizar decks y cartas en tu deck box.",
  },
];

function accessoryProduct(spec: AccessorySpec, key: string, nameSuffix = ""): Omit<DemoProduct, "variants"> {
  const set = setOf(spec.expansion);
  const { id, rand } = seeded(key);
  const priceCents = retailPriceCents(spec.pesos);
  const { stock, salePriceCents } = stockAndSale(rand, priceCents, [4, 40, 1.3]);
  return {
    id,
    name: spec.name + nameSuffix,
    description: spec.description,
    priceCents,
    salePriceCents,
    stock,
    category: "Accesorio",
    rarity: null,
    type: null,
    expansion: spec.expansion,
    cardNumber: null,
    artist: null,
    comment: rand() < 0.25 ? "Producto nuevo. Se envía el mismo día hábil." : null,
    images: imagesFor(id, false),
    // Accessories arrive a few days after the release they are themed on.
    dateAdded: addedOn(set.releaseDate, 24 * 60 + rand() * 48 * 60),
  };
}

// ---------------------------------------------------------------------------
// Public API

/** The whole demo catalogue: 2749 singles, the sealed products of the 30 expansions and the accessories. */
export function buildDemoCatalog(): DemoProduct[] {
  const out: DemoProduct[] = [];
  for (const card of CARDS) {
    const key = `card:${card.sourceId}`;
    out.push(withVariants(singleProduct(card, key, card.name), key, releaseYearsAgo(card.releaseDate) < 0.75 ? "recent" : "light"));
  }
  for (const expansion of EXPANSIONS) {
    for (const { kind, key } of sealedSpecsFor(expansion)) out.push(withVariants(sealedProduct(expansion, kind, key), key, "light"));
  }
  for (const spec of ACCESSORIES) {
    const key = `accessory:${spec.slug}`;
    out.push(withVariants(accessoryProduct(spec, key), key, "light"));
  }
  return out;
}

/** A played card's price against a Near Mint copy's (TCGplayer-style condition discounts). */
const CONDITION_PRICE_SHARE: Record<Condition, number> = { NM: 1, LP: 0.85, MP: 0.7, HP: 0.5, DMG: 0.3, NEW: 1 };
/** A Japanese or Spanish print's price against the English one. */
const LANGUAGE_PRICE_SHARE: Record<Language, number> = { en: 1, ja: 0.9, es: 0.95 };

/**
 * The product's variants: its own price and stock as the first (NM, or 'Nuevo' for sealed products
 * and accessories, in English), and for some singles more conditions and prints. "light": most
 * singles stay one variant, about a fifth get one or two played copies, a few a Japanese or Spanish
 * print; "recent" (the newest expansions) gives more Japanese prints, so the list's first page shows
 * them; "heavy" (the benchmark's synthetic products) averages about two and a half variants.
 */
function withVariants(product: Omit<DemoProduct, "variants">, key: string, spread: "light" | "recent" | "heavy"): DemoProduct {
  const first: DemoVariant = {
    id: seeded(`${key}/variant`).id,
    condition: defaultCondition(product.category),
    language: DEFAULT_LANGUAGE,
    priceCents: product.priceCents,
    salePriceCents: product.salePriceCents,
    stock: product.stock,
  };
  const variants = [first];
  if (product.category !== "Carta Individual") return { ...product, variants };
  const { rand } = seeded(`${key}/variants`);
  const add = (condition: Condition, language: Language) => {
    const priceCents = cardPriceCents((product.priceCents / 100) * CONDITION_PRICE_SHARE[condition] * LANGUAGE_PRICE_SHARE[language]);
    if (priceCents <= 0) return;
    const variant = { condition, language };
    variants.push({
      id: seeded(`${key}/variant/${variantSlug(variant)}`).id,
      ...variant,
      priceCents,
      salePriceCents: null,
      stock: rand() < 0.15 ? 0 : intBetween(rand, 1, 3, 1.5),
    });
  };
  const played = spread === "heavy" ? 0.75 : 0.2;
  if (rand() < played) {
    const conditions: Condition[] = ["LP", "MP", "HP", "DMG"];
    const count = spread === "heavy" ? intBetween(rand, 1, 3) : intBetween(rand, 1, 2, 1.6);
    for (const condition of conditions.slice(0, count)) add(condition, DEFAULT_LANGUAGE);
  }
  const japanese = spread === "heavy" ? 0.3 : spread === "recent" ? 0.25 : 0.04;
  if (rand() < japanese) {
    add("NM", "ja");
    if (rand() < 0.4) add("LP", "ja");
  }
  if (rand() < (spread === "heavy" ? 0.1 : 0.03)) add("NM", "es");
  return { ...product, variants };
}

let cardsByExpansion: Map<string, SourceCard[]> | undefined;

function cardsOf(expansion: string): SourceCard[] {
  if (!cardsByExpansion) {
    cardsByExpansion = new Map();
    for (const card of CARDS) {
      const list = cardsByExpansion.get(card.expansion) ?? [];
      list.push(card);
      cardsByExpansion.set(card.expansion, list);
    }
  }
  return cardsByExpansion.get(expansion) ?? [];
}

/**
 * Extra synthetic products for the benchmark: `count` more products (variants
 * of real cards, e.g. "Pikachu ex (variante 12)"), deterministic, distinct ids,
 * spread over all 30 expansions (round robin), rarities and types (those of
 * the real cards picked), with a sealed variant every 25th and an accessory
 * variant every 60th. Product i is the same whatever `count` and `startIndex`
 * are, so batches can be built piecewise.
 */
export function buildSyntheticProducts(count: number, startIndex = 0): DemoProduct[] {
  const out: DemoProduct[] = [];
  for (let i = startIndex; i < startIndex + count; i++) {
    const expansion = EXPANSIONS[i % EXPANSIONS.length] as string;
    const key = `synthetic:${i}`;
    const suffix = ` (variante ${i + 1})`;
    const pick = parseInt(sha1(key).slice(0, 8), 16);
    if (i % 60 === 31) {
      const spec = ACCESSORIES[pick % ACCESSORIES.length] as AccessorySpec;
      out.push(withVariants(accessoryProduct(spec, key, suffix), key, "heavy"));
    } else if (i % 25 === 12) {
      const sealed = sealedSpecsFor(expansion);
      const { kind } = sealed[pick % sealed.length] as { kind: SealedKind };
      out.push(withVariants(sealedProduct(expansion, kind, key, suffix), key, "heavy"));
    } else {
      const cards = cardsOf(expansion);
      const card = cards[pick % cards.length] as SourceCard;
      out.push(withVariants(singleProduct(card, key, card.name + suffix), key, "heavy"));
    }
  }
  return out;
}
