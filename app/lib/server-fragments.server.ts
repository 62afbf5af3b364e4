/**
 * The server's side of `app/lib/server-fragments.tsx` (decision 028): fragments rendered with React's
 * string renderer and kept by key, the oldest dropped past MAX_FRAGMENTS.
 *
 * SERVER_FRAGMENTS: `on` (default) keeps and reuses; `off` gives no renderer, so pages render their
 * cards in place (the A/B's other half); `verify` (the test servers) renders every use and throws if
 * the kept HTML for the key differs, which means the key misses an input of the render.
 */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { FragmentRenderer } from "./server-fragments.tsx";

/** A demo product card: about 1.8 KB of HTML and a 0.5 KB key, so about 12 MB at most. */
export const MAX_FRAGMENTS = 5_000;

export type FragmentMode = "on" | "off" | "verify";

export class StaleFragmentError extends Error {
  constructor(key: string) {
    super(`A kept server fragment differs from a fresh render of the same key; the key misses an input: ${key}`);
  }
}

export function createFragmentRenderer(mode: "on" | "verify", maxEntries = MAX_FRAGMENTS): FragmentRenderer {
  const kept = new Map<string, string>();
  return (key: string, element: ReactElement) => {
    const hit = kept.get(key);
    if (hit !== undefined && mode === "on") return hit;
    const html = renderToString(element);
    if (hit !== undefined) {
      if (hit !== html) throw new StaleFragmentError(key);
      return html;
    }
    if (kept.size >= maxEntries) kept.delete(kept.keys().next().value as string);
    kept.set(key, html);
    return html;
  };
}
