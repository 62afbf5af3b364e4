import { useContext } from "react";
import { InlineCssContext } from "#app/styles/inline.ts";

/**
 * A stylesheet written into the document (docs/decisions/025-first-round-trip.md): the server renders
 * `<style href precedence>` with the sheet's text, which React hoists into the `<head>` in render
 * order (the shell's sheet first, then the page's), so the first paint waits for no stylesheet
 * request and the cascade is the one the separate files had.
 *
 * In the browser React matches a precedence `<style>` to the one the server wrote by its `href`
 * (React writes the sheets of one precedence as one `<style>`, each named in its `data-href`) and keeps it (the text is not sent twice in the JavaScript). A sheet the document does not hold
 * yet (a client-side navigation to a page first shown that way) is a `<link>` to the built file,
 * which React loads before it shows the page.
 */
export function InlineStylesheet({ href }: { href: string }) {
  // Our built files' URLs: no quote to escape in the selector.
  const css =
    useContext(InlineCssContext)[href] ??
    (typeof document !== "undefined" && document.querySelector(`style[data-href~="${href}"]`) ? "" : null);
  return css === null ? (
    <link rel="stylesheet" href={href} precedence="app" />
  ) : (
    <style href={href} precedence="app">
      {css}
    </style>
  );
}
