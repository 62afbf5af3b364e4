/**
 * An old document's values as the shop stores them. A document read from Extended JSON (canonical
 * or relaxed) or from BSON holds the bson package's types (ObjectId, Decimal128, Long, Int32,
 * Double) or plain JavaScript values; these read either. Money never goes through a float: a
 * Decimal128 is read from its decimal text, a JavaScript number from its shortest decimal text
 * (19.99 reads "19.99"), then `parsePesosToCents` takes it.
 */
import { createHash } from "node:crypto";
import { parsePesosToCents } from "#server/catalog/product-input.ts";

type Bsonish = { _bsontype?: string; toString(): string; toHexString?: () => string; value?: unknown; valueOf?: () => unknown };

const bsonType = (value: unknown): string | null =>
  typeof value === "object" && value !== null && typeof (value as Bsonish)._bsontype === "string" ? (value as Bsonish)._bsontype! : null;

/** An ObjectId (or its 24-hex text, as some old references were stored) as the shop's id; null otherwise. */
export function idOf(value: unknown): string | null {
  if (bsonType(value) === "ObjectId") return (value as Required<Bsonish>).toHexString().toLowerCase();
  if (typeof value === "string" && /^[0-9a-fA-F]{24}$/.test(value.trim())) return value.trim().toLowerCase();
  return null;
}

/** A reference to another document: its ObjectId, or the document itself when it was saved populated (`{ _id, … }`). */
export function refOf(value: unknown): string | null {
  return idOf(value) ?? idOf(objectOf(value)?._id);
}

/** A stable 24-hex id made from a text: for a row the old data gave no ObjectId (an item, an address), so a second run makes the same id. */
export function derivedId(seed: string): string {
  return createHash("md5").update(seed).digest("hex").slice(0, 24);
}

/** A number's decimal text as written: a Decimal128 or Long exactly, a JavaScript number by its shortest form; null when not a number. */
export function numberText(value: unknown): string | null {
  const type = bsonType(value);
  if (type === "Decimal128" || type === "Long") return (value as Bsonish).toString();
  if (type === "Int32" || type === "Double") return numberText((value as Bsonish).value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  return null;
}

/**
 * A decimal text ("1234.50", "1.2345E+3", "-0.5", "12.500") as plain digits with at most the
 * decimals that are not trailing zeros ("1234.5", "1234.5", "-0.5", "12.5"); null when it is not a
 * decimal number (or an absurd exponent).
 */
export function plainDecimal(text: string): string | null {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/.exec(text.trim());
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) return null;
  const [, sign, whole, fraction = "", exponent = "0"] = match;
  let digits = `${whole}${fraction}`;
  let point = whole!.length + Number(exponent);
  if (point > 40 || point < -40) return null;
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits.padEnd(point, "0");
  const intPart = digits.slice(0, point).replace(/^0+(?=\d)/, "") || "0";
  const fracPart = digits.slice(point).replace(/0+$/, "");
  return `${sign === "-" ? "-" : ""}${intPart}${fracPart ? `.${fracPart}` : ""}`;
}

/** Money as centavos, exactly: ≥ 0 with at most 2 decimals, or null. */
export function centsOf(value: unknown): number | null {
  const text = numberText(value);
  const plain = text === null ? null : plainDecimal(text);
  if (plain === null) return null;
  return parsePesosToCents(plain === "-0" ? "0" : plain);
}

/** Money as the shop's product schema reads it (text: "1234.5"); "" when absent, the value as written when not a number (the schema refuses it). */
export function moneyText(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = numberText(value);
  if (text === null) return String(value);
  return plainDecimal(text) ?? text;
}

/** A whole number (an Int32, a Long in range, a Double or Decimal128 without decimals); null otherwise. */
export function integerOf(value: unknown): number | null {
  const text = numberText(value);
  const plain = text === null ? null : plainDecimal(text);
  if (plain === null || !/^-?\d+$/.test(plain)) return null;
  const n = Number(plain);
  return Number.isSafeInteger(n) ? n : null;
}

/** A number's whole part (points kept as decimals by the old shop): the value and whether decimals were dropped; null when not a number. */
export function wholePartOf(value: unknown): { value: number; rounded: boolean; text: string } | null {
  const text = numberText(value);
  const plain = text === null ? null : plainDecimal(text);
  if (plain === null) return null;
  const [whole, fraction] = plain.split(".");
  const n = Number(whole);
  if (!Number.isSafeInteger(n)) return null;
  // Toward minus infinity for a negative amount with decimals, as displayPoints floors a balance.
  return { value: fraction && plain.startsWith("-") ? n - 1 : n === 0 ? 0 : n, rounded: Boolean(fraction), text: plain };
}

/** A date: a BSON/Extended JSON date, an ISO text or milliseconds; null otherwise. */
export function dateOf(value: unknown): Date | null {
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === "string" && value.trim() !== "") date = new Date(value.trim());
  else {
    const ms = integerOf(value);
    if (ms !== null) date = new Date(ms);
  }
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** Text, trimmed; a number as its text; null when empty or anything else. */
export function textOf(value: unknown): string | null {
  if (typeof value === "string") return value.trim() === "" ? null : value.trim();
  if (typeof value === "number" || typeof value === "bigint" || bsonType(value)) {
    const text = numberText(value);
    return text && text !== "" ? text : null;
  }
  return null;
}

/** true/false (and the texts "true"/"false"); `fallback` otherwise. */
export function booleanOf(value: unknown, fallback = false): boolean {
  if (typeof value === "boolean") return value;
  if (value === "true") return true;
  if (value === "false") return false;
  return fallback;
}

/** A nested document (not an array, not a BSON value). */
export function objectOf(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !bsonType(value) && !(value instanceof Date)
    ? (value as Record<string, unknown>)
    : null;
}
