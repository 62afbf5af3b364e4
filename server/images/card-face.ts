/**
 * Demo product pictures drawn locally as SVG (never fetched, no official
 * artwork): a 5:7 card face for singles, a pack or box for sealed products, a
 * simple item for accessories, and a generic card back with the shop's name.
 * Pure: the same face always gives the same bytes. Every piece of text is
 * XML-escaped; there are no external references, images or web fonts.
 */
import { SHOP } from "#domain/shop.ts";

export interface CardFace {
  name: string;
  expansion: string;
  cardNumber: string | null;
  /** A single's type and rarity; a sealed product or an accessory carries none (null). */
  type: string | null;
  rarity: string | null;
  category: string;
}

const W = 500;
const H = 700;
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
/** Average advance of DejaVu Sans Bold in em: a slight overestimate so text always fits. */
const CHAR_EM = 0.64;

/** Background colours of Pokémon, like the TCG energy types. */
export const POKEMON_PALETTE = [
  "#e4572e", // fire
  "#3a86c8", // water
  "#4caf50", // grass
  "#f2c300", // lightning
  "#9b59b6", // psychic
  "#b5651d", // fighting
  "#2c3e66", // darkness
  "#9aa5b1", // metal
  "#c9a227", // dragon
  "#e6dcc3", // colorless
] as const;

const TRAINER_BG: Record<string, string> = {
  Supporter: "#c3ccd8",
  Item: "#8fb3d9",
  Tool: "#a9bccd",
  Stadium: "#6f9fc9",
};
const ENERGY_BG = "#cfeee8";
const SEALED_BG = "#1d3f7a";
const ACCESSORY_BG = "#2f4858";

const ENERGY_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/fire|ignition/i, "#e4572e"],
  [/water/i, "#3a86c8"],
  [/grass/i, "#4caf50"],
  [/lightning/i, "#f2c300"],
  [/psychic/i, "#9b59b6"],
  [/fighting/i, "#b5651d"],
  [/darkness/i, "#2c3e66"],
  [/metal/i, "#9aa5b1"],
];

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : "&apos;",
  );
}

/** FNV-1a: a small stable string hash. */
function hash(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The species part of a card name: "Mega Charizard X ex (variante 3)" → "charizard x". */
function baseName(name: string): string {
  return name
    .replace(/\(.*?\)/g, "")
    .replace(/\b(Mega|ex|EX|GX|V|VMAX|VSTAR|Radiant|Shining)\b/g, "")
    .trim()
    .toLowerCase();
}

/** The face's main background colour. */
export function backgroundColour(face: CardFace): string {
  if (face.category === "Producto Sellado") return SEALED_BG;
  if (face.category === "Accesorio") return ACCESSORY_BG;
  if (face.type === "Energy") return ENERGY_BG;
  const trainer = face.type ? TRAINER_BG[face.type] : undefined;
  if (trainer) return trainer;
  return POKEMON_PALETTE[hash(baseName(face.name)) % POKEMON_PALETTE.length] as string;
}

function isDark(hex: string): boolean {
  const n = parseInt(hex.slice(1), 16);
  const lum = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum < 150;
}

/** Mix a colour with white (amount 0..1). */
function tint(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const v = (mix((n >> 16) & 255) << 16) | (mix((n >> 8) & 255) << 8) | mix(n & 255);
  return `#${v.toString(16).padStart(6, "0")}`;
}

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c * (1 - amount));
  const v = (mix((n >> 16) & 255) << 16) | (mix((n >> 8) & 255) << 8) | mix(n & 255);
  return `#${v.toString(16).padStart(6, "0")}`;
}

/** Split words into `lines` lines minimising the longest line (names are short: brute force is fine). */
function balance(words: string[], lines: number): string[] {
  if (lines <= 1 || words.length <= 1) return [words.join(" ")];
  let best: string[] = [words.join(" ")];
  let bestLen = Infinity;
  for (let cut = 1; cut < words.length; cut++) {
    const first = words.slice(0, cut).join(" ");
    const rest = balance(words.slice(cut), lines - 1);
    const longest = Math.max(first.length, ...rest.map((l) => l.length));
    if (longest < bestLen) {
      bestLen = longest;
      best = [first, ...rest];
    }
  }
  return best;
}

interface FittedText {
  lines: string[];
  size: number;
}

/** Wrap and shrink text so it fits `width` px in at most three lines. */
export function fitText(text: string, width: number, maxSize: number, minSize = 14): FittedText {
  const words = text.split(/\s+/).filter(Boolean);
  const sizeFor = (lines: string[], cap: number) =>
    Math.min(cap, Math.floor(width / (CHAR_EM * Math.max(1, ...lines.map((l) => [...l].length)))));
  let fitted: FittedText = { lines: [text], size: sizeFor([text], maxSize) };
  const caps = [maxSize, Math.round(maxSize * 0.82), Math.round(maxSize * 0.6)];
  for (let n = 2; n <= 3 && fitted.size < maxSize * 0.68 && words.length >= n; n++) {
    const lines = balance(words, n);
    const size = sizeFor(lines, caps[n - 1] as number);
    if (size > fitted.size) fitted = { lines, size };
  }
  return { lines: fitted.lines, size: Math.max(minSize, fitted.size) };
}

/** Text lines centred (anchor middle) or left-aligned at x, first baseline at y. */
function textBlock(fit: FittedText, x: number, y: number, fill: string, anchor: "start" | "middle" = "start"): string {
  const lh = Math.round(fit.size * 1.12);
  const spans = fit.lines.map((l, i) => `<tspan x="${x}" y="${y + i * lh}">${escapeXml(l)}</tspan>`).join("");
  return `<text font-size="${fit.size}" font-weight="bold" fill="${fill}" text-anchor="${anchor}">${spans}</text>`;
}

function line(text: string, x: number, y: number, size: number, fill: string, extra = ""): string {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${extra}>${escapeXml(text)}</text>`;
}

function rarityMark(rarity: string): string {
  switch (rarity) {
    case "Para tu deck":
      return "●";
    case "Rare":
      return "★";
    case "Double Rare":
    case "Ultra Rare":
      return "★★";
    case "Illustration Rare":
      return "★";
    case "Special Illustration Rare":
      return "★★";
    case "Hyper Rare":
      return "★★★";
    case "Shiny":
      return "✦";
    default:
      return "◆";
  }
}

function svgOpen(title: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` + `<title>${escapeXml(title)}</title>`
  );
}

/** Frame + background shared by every front face. */
function frame(bg: string): string {
  return (
    `<defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity=".18"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" rx="28" fill="#e8c547"/>` +
    `<rect id="bg" x="16" y="16" width="468" height="668" rx="18" fill="${bg}"/>` +
    `<rect x="16" y="16" width="468" height="668" rx="18" fill="url(#s)"/>`
  );
}

/** The bottom information panel: expansion, number and rarity. */
function infoPanel(face: CardFace, subtitle: string): string {
  // One line: shrink rather than wrap.
  const expSize = Math.max(12, Math.min(28, Math.floor(390 / (CHAR_EM * Math.max(1, [...face.expansion].length)))));
  const bits = [face.cardNumber, face.rarity ? `${rarityMark(face.rarity)} ${face.rarity}` : null].filter(Boolean).join("  ·  ");
  return (
    `<rect x="40" y="548" width="420" height="112" rx="12" fill="#fff" fill-opacity=".88"/>` +
    textBlock({ lines: [face.expansion], size: expSize }, 60, 586, "#1b1b1b") +
    line(bits, 60, 620, 19, "#333") +
    line(subtitle, 60, 646, 16, "#555")
  );
}

function singleFront(face: CardFace): string {
  const bg = backgroundColour(face);
  const ink = isDark(bg) ? "#fff" : "#1b1b1b";
  const name = fitText(face.name, 420, 46, 16);
  const nameY = name.lines.length === 1 ? 88 : name.lines.length === 2 ? 66 : 54;
  const art = tint(bg, 0.55);
  const deep = shade(bg, 0.25);
  let emblem: string;
  if (face.type === "Pokémon") {
    const initial = [...face.name.replace(/^(Mega|Radiant|Team Rocket's|[A-Z][a-z]+'s)\s+/, "")][0] ?? "?";
    emblem =
      `<circle cx="250" cy="300" r="105" fill="${deep}"/><circle cx="250" cy="300" r="80" fill="${tint(bg, 0.2)}"/>` +
      `<text x="250" y="338" font-size="110" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(initial)}</text>`;
  } else if (face.type === "Energy") {
    const energy = ENERGY_WORDS.find(([re]) => re.test(face.name))?.[1] ?? "#7a5cc7";
    emblem =
      `<circle cx="250" cy="300" r="110" fill="${energy}" stroke="#fff" stroke-width="10"/>` +
      `<polygon points="250,215 272,278 338,278 284,316 305,380 250,341 195,380 216,316 162,278 228,278" fill="#fff"/>`;
  } else {
    const label = (face.type ?? "Carta").toUpperCase();
    emblem =
      `<rect x="110" y="230" width="280" height="140" rx="70" fill="${deep}"/>` +
      `<text x="250" y="313" font-size="${label.length > 7 ? 34 : 42}" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(label)}</text>`;
  }
  const kind = face.type === "Pokémon" ? "Pokémon" : face.type === "Energy" ? "Energía" : face.type ? `Entrenador · ${face.type}` : "Carta";
  return (
    frame(bg) +
    textBlock(name, 40, nameY, ink) +
    `<rect x="40" y="136" width="420" height="330" rx="12" fill="${art}" stroke="#e8c547" stroke-width="6"/>` +
    emblem +
    `<rect x="40" y="486" width="420" height="44" rx="22" fill="${deep}"/>` +
    line(kind, 250, 516, 20, "#fff", ` font-weight="bold" text-anchor="middle"`) +
    infoPanel(face, "Carta original · Cartas del Valle")
  );
}

/** A booster pack outline with crimped ends, `w`×`h` at (x, y). */
function pack(x: number, y: number, w: number, h: number, fill: string): string {
  const teeth = 8;
  const step = w / teeth;
  let top = "";
  let bottom = "";
  for (let i = 0; i <= teeth; i++) {
    top += ` ${Math.round(x + i * step)},${y + (i % 2 ? 8 : 0)}`;
    bottom = ` ${Math.round(x + i * step)},${y + h - (i % 2 ? 8 : 0)}` + bottom;
  }
  return `<polygon points="${top.trim()}${bottom}" fill="${fill}" stroke="#fff" stroke-width="4"/>`;
}

function box(x: number, y: number, w: number, h: number, d: number, fill: string): string {
  return (
    `<polygon points="${x},${y} ${x + d},${y - d} ${x + w + d},${y - d} ${x + w},${y}" fill="${tint(fill, 0.35)}"/>` +
    `<polygon points="${x + w},${y} ${x + w + d},${y - d} ${x + w + d},${y + h - d} ${x + w},${y + h}" fill="${shade(fill, 0.3)}"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" stroke="#fff" stroke-width="3"/>`
  );
}

function sealedArt(face: CardFace, colour: string): string {
  const n = face.name.toLowerCase();
  const label = fitText(face.expansion, 200, 30, 14);
  if (n.startsWith("sobre")) {
    return pack(150, 110, 200, 350, colour) + textBlock(label, 250, 290, "#fff", "middle");
  }
  if (n.includes("bundle") || n.includes("blister")) {
    return (
      pack(90, 150, 150, 270, shade(colour, 0.2)) +
      pack(260, 150, 150, 270, shade(colour, 0.2)) +
      pack(175, 130, 150, 290, colour) +
      textBlock(fitText(face.expansion, 130, 24, 12), 250, 290, "#fff", "middle")
    );
  }
  return box(95, 170, 280, 260, 40, colour) + textBlock(label, 235, 310, "#fff", "middle");
}

function accessoryArt(face: CardFace, colour: string): string {
  const n = face.name.toLowerCase();
  if (n.includes("funda") || n.includes("separador")) {
    return [0, 1, 2]
      .map(
        (i) =>
          `<rect x="${150 + i * 24}" y="${120 + i * 24}" width="180" height="252" rx="10" fill="${tint(colour, i * 0.25)}" stroke="#fff" stroke-width="4"/>`,
      )
      .join("");
  }
  if (n.includes("toploader")) {
    return `<rect x="140" y="110" width="220" height="320" rx="8" fill="#dfe8ef" stroke="#fff" stroke-width="10"/><rect x="165" y="140" width="170" height="240" rx="8" fill="${colour}"/>`;
  }
  if (n.includes("carpeta") || n.includes("hojas")) {
    let cells = "";
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++)
        cells += `<rect x="${155 + c * 66}" y="${140 + r * 90}" width="56" height="80" rx="4" fill="${tint(colour, 0.5)}"/>`;
    return `<rect x="130" y="115" width="250" height="315" rx="14" fill="${colour}" stroke="#fff" stroke-width="4"/>${cells}`;
  }
  if (n.includes("playmat")) {
    return `<rect x="60" y="190" width="380" height="220" rx="18" fill="${colour}" stroke="#fff" stroke-width="4"/><rect x="90" y="220" width="80" height="110" rx="6" fill="none" stroke="#fff" stroke-width="3"/><rect x="330" y="220" width="80" height="110" rx="6" fill="none" stroke="#fff" stroke-width="3"/><circle cx="250" cy="300" r="40" fill="none" stroke="#fff" stroke-width="3"/>`;
  }
  if (n.includes("dados") || n.includes("moneda")) {
    return `<circle cx="180" cy="300" r="80" fill="#e8c547" stroke="#fff" stroke-width="6"/><rect x="250" y="230" width="140" height="140" rx="20" fill="${colour}" stroke="#fff" stroke-width="4"/><circle cx="290" cy="270" r="12" fill="#fff"/><circle cx="320" cy="300" r="12" fill="#fff"/><circle cx="350" cy="330" r="12" fill="#fff"/>`;
  }
  return box(125, 190, 220, 230, 35, colour);
}

function productFront(face: CardFace): string {
  const bg = backgroundColour(face);
  const colour = POKEMON_PALETTE[hash(face.expansion) % 9] as string;
  const sealed = face.category === "Producto Sellado";
  const name = fitText(face.name, 390, 30, 14);
  const nameY = 500 - (name.lines.length - 1) * 16;
  return (
    frame(bg) +
    `<rect x="40" y="40" width="420" height="420" rx="14" fill="${tint(bg, 0.15)}"/>` +
    (sealed ? sealedArt(face, colour) : accessoryArt(face, colour)) +
    textBlock(name, 250, nameY, "#fff", "middle") +
    infoPanel(face, sealed ? "Producto sellado original" : "Accesorio")
  );
}

function back(): string {
  const shop = SHOP.name.split(" ");
  const first = shop.slice(0, 1).join(" ");
  const rest = shop.slice(1).join(" ");
  return (
    `<defs><pattern id="p" width="36" height="36" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="36" height="36" fill="#1d3f9a"/><rect width="18" height="36" fill="#2451b8"/></pattern></defs>` +
    `<rect width="${W}" height="${H}" rx="28" fill="#15306f"/>` +
    `<rect x="24" y="24" width="452" height="652" rx="18" fill="url(#p)"/>` +
    `<ellipse cx="250" cy="350" rx="200" ry="130" fill="#e8c547" stroke="#fff" stroke-width="10"/>` +
    line(first, 250, 338, 52, "#15306f", ` text-anchor="middle" font-weight="bold"`) +
    line(rest, 250, 396, 44, "#15306f", ` text-anchor="middle" font-weight="bold"`)
  );
}

/** A 500×700 SVG picture of the product: the front face, or a generic card back. */
export function renderCardFaceSvg(face: CardFace, view: "front" | "back"): string {
  const title = [face.name, face.expansion, face.cardNumber].filter(Boolean).join(" · ");
  let body: string;
  if (view === "back") body = back();
  else if (face.category === "Producto Sellado" || face.category === "Accesorio") body = productFront(face);
  else body = singleFront(face);
  return `${svgOpen(title)}<g font-family="${FONT}">${body}</g></svg>`;
}
