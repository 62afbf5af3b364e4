/**
 * The page's scripts start loading once its first paint is on screen (decision 026).
 *
 * React Router's `<Scripts>` writes a `<link rel="modulepreload">` for every module the page
 * hydrates with (React hoists them into the `<head>`) and an inline `<script type="module">` that
 * imports the route modules and then the entry. A browser fetches all of them at once with high
 * priority, beside the document's priority picture: on a phone's 1.6 Mbit/s link the first card's
 * picture shared the bandwidth with five scripts, and the list painted it 0.6 s later with
 * JavaScript than without. The page works without its scripts (every link and form is plain HTML),
 * so they can wait for the picture.
 *
 * `scriptsAfterPaint` rewrites the finished document: the preload links come out of the `<head>`
 * (and so do the files the list fetches ahead for the product page, `<link rel="prefetch">`, which
 * the loader asks for once the page has loaded: they too competed with the first picture, and a
 * browser without JavaScript has no use for them),
 * the module script becomes an inert data block (`type="text/x-deferred-module"`, React's
 * hydration ignores the changed attribute: `<Scripts>` sets `suppressHydrationWarning`), and a small
 * inline script with the page's nonce puts both back once every high-priority picture in the
 * document has loaded (or failed, or after `FALLBACK_MS`) and a frame has been painted. Pages without
 * such a picture start their scripts after the first frame.
 *
 * If React Router's markup ever changes shape the document is left as it is (the scripts load at
 * once, as before) and tests/integration/first-round-trip.test.ts fails.
 */

/** Give up waiting for the pictures after this long: the page must come alive on a stalled image. */
export const FALLBACK_MS = 3_000;

export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/** The markup this works on, as React Router and React write it (ASCII: searched in the page's bytes). */
const MODULE_SCRIPT = Buffer.from(' type="module" async="">');
const SCRIPT_OPEN = Buffer.from("<script");
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" href="');
const PREFETCH = Buffer.from('<link rel="prefetch" href="');
const HEAD_END = Buffer.from("</head>");
const BODY_END = Buffer.from("</body>");
const TAG_END = Buffer.from("/>");

/**
 * The loader, written as plain ES5 so that nothing it needs can be missing on an old phone, and
 * short: the list's document must stay within the first round trip (decision 025). `h`: the
 * page's modules; `p`: the files the page fetches ahead for the next one (`<link rel="prefetch">`),
 * asked for once the page has loaded, after its own. `go` runs once: after the priority pictures
 * and a painted frame, or after `FALLBACK_MS`.
 */
function loader(modules: string[], ahead: string[]): string {
  return (
    `(function(){var d=document,n=d.currentScript.nonce,h=${JSON.stringify(modules)},p=${JSON.stringify(ahead)},g;` +
    'function a(r,l){l.forEach(function(u){var e=d.createElement("link");e.rel=r;e.href=u;d.head.append(e)})}' +
    'function go(){if(g)return;g=1;a("modulepreload",h);var m=d.createElement("script");m.type="module";m.nonce=n;' +
    `m.text=d.querySelector('[type="${DEFERRED_MODULE_TYPE}"]').text;d.head.append(m);` +
    'd.readyState=="complete"?a("prefetch",p):addEventListener("load",function(){a("prefetch",p)})}' +
    "function r(){requestAnimationFrame(function(){setTimeout(go)})}" +
    'function w(){var q=[].filter.call(d.querySelectorAll("img[fetchpriority=high]"),function(i){return!i.complete}),k=q.length;' +
    `if(!k)return r();setTimeout(go,${FALLBACK_MS});q.forEach(function(i){i.addEventListener("load",f);i.addEventListener("error",f)});function f(){--k||r()}}` +
    'd.readyState=="loading"?d.addEventListener("DOMContentLoaded",w):w()})()'
  );
}

/** A part of the page to leave out, `[start, end)`, and what replaces it. */
type Cut = { start: number; end: number; insert?: string };

/** The `href`s of every `<link …/>` in `[from, until)` that starts with `opening`, each cut out. */
function cutLinks(page: Buffer, opening: Buffer, until: number, cuts: Cut[]): string[] {
  const hrefs: string[] = [];
  for (let at = page.indexOf(opening); at !== -1 && at < until; at = page.indexOf(opening, at + 1)) {
    const hrefStart = at + opening.length;
    const hrefEnd = page.indexOf(0x22 /* " */, hrefStart);
    const end = page.indexOf(TAG_END, hrefEnd);
    if (hrefEnd === -1 || end === -1 || end > until) break;
    hrefs.push(page.toString("latin1", hrefStart, hrefEnd));
    cuts.push({ start: at, end: end + TAG_END.length });
  }
  return hrefs;
}

/**
 * The document with its scripts started after the first paint, or unchanged when its markup is not
 * the expected one. It works on the page's bytes (the markup it looks for is ASCII): decoding and
 * re-encoding the whole page as a string cost about 1 ms of CPU per list page.
 */
export function scriptsAfterPaint(page: Buffer): Buffer {
  const moduleAt = page.indexOf(MODULE_SCRIPT);
  const headEnd = page.indexOf(HEAD_END);
  const bodyEnd = page.lastIndexOf(BODY_END);
  if (moduleAt === -1 || headEnd === -1 || bodyEnd === -1) return page;
  const scriptStart = page.lastIndexOf(SCRIPT_OPEN, moduleAt);
  const nonce = /^( nonce="[^"]*")?$/.exec(page.toString("latin1", scriptStart + SCRIPT_OPEN.length, moduleAt));
  if (scriptStart === -1 || !nonce) return page;
  const attributes = nonce[1] ?? "";

  const cuts: Cut[] = [];
  const modules = [...new Set(cutLinks(page, MODULE_PRELOAD, headEnd, cuts))];
  const ahead = cutLinks(page, PREFETCH, headEnd, cuts);
  if (modules.length === 0) return page;
  cuts.push({ start: scriptStart, end: moduleAt + MODULE_SCRIPT.length, insert: `<script${attributes} type="${DEFERRED_MODULE_TYPE}">` });
  cuts.push({ start: bodyEnd, end: bodyEnd, insert: `<script${attributes}>${loader(modules, ahead)}</script>` });
  cuts.sort((a, b) => a.start - b.start);

  const parts: Buffer[] = [];
  let at = 0;
  for (const cut of cuts) {
    parts.push(page.subarray(at, cut.start));
    if (cut.insert) parts.push(Buffer.from(cut.insert, "latin1"));
    at = cut.end;
  }
  parts.push(page.subarray(at));
  return Buffer.concat(parts);
}
