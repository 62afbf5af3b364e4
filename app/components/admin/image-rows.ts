/**
 * The product form's image rows with JavaScript, as pure steps: MAX_PRODUCT_IMAGES values of which
 * the first `count` are shown; the values past `count` are always empty.
 */
import { MAX_PRODUCT_IMAGES } from "#domain/catalog.ts";

export interface ImageRows {
  rows: string[];
  count: number;
}

/** The rows a form starts with: the given images (blanks dropped), at least one row. */
export function initialImageRows(images: readonly string[]): ImageRows {
  const filled = images.filter((url) => url.trim() !== "").slice(0, MAX_PRODUCT_IMAGES);
  return { rows: Array.from({ length: MAX_PRODUCT_IMAGES }, (_, i) => filled[i] ?? ""), count: Math.max(1, filled.length) };
}

export function setImageRow(state: ImageRows, index: number, value: string): ImageRows {
  return { ...state, rows: state.rows.map((v, i) => (i === index ? value : v)) };
}

export function addImageRow(state: ImageRows): ImageRows {
  return { ...state, count: Math.min(MAX_PRODUCT_IMAGES, state.count + 1) };
}

/** Removes row `index`; the rows below move up; one row always stays. */
export function removeImageRow(state: ImageRows, index: number): ImageRows {
  if (state.count <= 1) return { rows: setImageRow(state, 0, "").rows, count: 1 };
  return { rows: [...state.rows.slice(0, index), ...state.rows.slice(index + 1), ""], count: state.count - 1 };
}

/** Puts a path into the first empty shown row, or a new row; null when all rows are taken. */
export function insertImage(state: ImageRows, path: string): ImageRows | null {
  const empty = state.rows.slice(0, state.count).findIndex((v) => v.trim() === "");
  if (empty >= 0) return setImageRow(state, empty, path);
  if (state.count >= MAX_PRODUCT_IMAGES) return null;
  return { rows: state.rows.map((v, i) => (i === state.count ? path : v)), count: state.count + 1 };
}
