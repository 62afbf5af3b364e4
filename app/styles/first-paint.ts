/**
 * The shell's sheet cut to what the product list's first paint can use
 * (docs/decisions/025-first-round-trip.md): the list's page is the largest a visitor lands on, and
 * with the whole `app.css` written into it the page would not fit in the first round trip (14 KB
 * compressed). A rule is left out when each of its selectors names a class the list never renders
 * before the whole sheet arrives: the account forms, the checkout's choices, the order badges, the
 * cart's stepper, the header's suggestions (loaded on demand, after the whole sheet). The list then
 * loads the whole `app.css` as well, after it: its rules repeat these in the same order, so the
 * cascade is the sheet's own.
 */

/** Classes the list's page does not render at its first paint (its HTML and the browser code it loads at start). */
export const NOT_ON_THE_LIST = [
  "button-block",
  "button-chat",
  "button-danger-quiet",
  "link-button",
  "search-suggestions",
  "search-suggestion",
  "search-suggestion-image",
  "search-suggestion-price",
  "search-suggestion-text",
  "search-suggestion-name",
  "search-suggestion-meta",
  "search-suggestion-soldout",
  "search-suggestions-all",
  "search-suggestion-all",
  "search-suggestions-empty",
  "auth-card",
  "order-summary",
  "profile-panel",
  "auth-form",
  "profile-form",
  "honeypot",
  "password-input",
  "password-toggle",
  "password-hints",
  "hint-ok",
  "hint-bad",
  "page-narrow",
  "order-list",
  "address-list",
  "order-badges",
  "stock-alert",
  "stock-alert-title",
  "stock-alert-form",
  "stock-alert-row",
  "stepper",
  "stepper-controls",
  "stepper-value",
  "profile-error",
  "address-confirm",
  "points-explainer",
  "profile-hint",
  "field-row",
  "checkbox-field",
  "button-danger",
  "address-default",
  "choice-list",
  "choice-title",
  "choice-price",
  "choice-detail",
  "choice-detail-line",
  "badge-payment-approved",
  "badge-status-delivered",
  "badge-payment-rejected",
  "badge-status-cancelled",
  "badge-payment-pending",
  "badge-status-pending",
  "badge-status-processing",
  "badge-status-shipped",
  "badge-payment-refunded",
  "link-tabs",
] as const;

/** Splits at top-level commas (not those inside `:is(…)`, `:not(…)` or an attribute's quotes). */
function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** The index just past the block that opens at `open` (a `{`), skipping strings. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  let quote = "";
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return css.length;
}

/**
 * `css` (a minified sheet) without the rules whose every selector names one of `classes`; a
 * selector list keeps its other selectors, a group rule (`@media`, `@supports`) its other rules and
 * goes when none is left. Other at-rules (`@keyframes`, `@font-face`, `@import`) are kept whole.
 */
export function withoutRulesFor(css: string, classes: readonly string[]): string {
  const names = new Set(classes);
  // A class is a `.name` outside quotes (an attribute's value may hold a dot).
  const namesOne = (selector: string) =>
    [...selector.replace(/"[^"]*"|'[^']*'/g, "").matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].some((m) => names.has(m[1]!));
  let out = "";
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf("{", i);
    const semicolon = css.indexOf(";", i);
    if (open === -1 || (css[i] === "@" && semicolon !== -1 && semicolon < open)) {
      // A statement at-rule (`@import …;`, `@charset …;`) or trailing text.
      const end = open === -1 ? css.length : semicolon + 1;
      out += css.slice(i, end);
      i = end;
      continue;
    }
    const prelude = css.slice(i, open);
    const end = blockEnd(css, open);
    if (/^\s*@(media|supports|container|layer)\b/.test(prelude)) {
      const inner = withoutRulesFor(css.slice(open + 1, end - 1), classes);
      if (inner.trim()) out += `${prelude}{${inner}}`;
    } else if (prelude.trimStart().startsWith("@")) {
      out += css.slice(i, end);
    } else {
      const kept = splitSelectors(prelude).filter((s) => !namesOne(s));
      if (kept.length > 0) out += `${kept.join(",")}${css.slice(open, end)}`;
    }
    i = end;
  }
  return out;
}
