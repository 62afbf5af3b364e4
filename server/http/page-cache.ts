/**
 * Catalogue pages for visitors who send no cookie at all: most first visits (from a search engine,
 * an ad, a shared link) see exactly the same HTML for a URL, because everything that differs per
 * visitor (cart badge, account menu, the cards' "En carrito (n)", the points banner's closed state)
 * comes from cookies. Such a page is rendered once, kept, and served to the next cookieless
 * visitors until a product write (`catalogChanged`) or the cache's TTL; a visitor with any cookie
 * always gets a page rendered for them.
 *
 * - The CSP nonce is per response: a kept page is stored split at its nonce and joined with each
 *   visitor's own (a 128-bit random value: it cannot appear in the page by chance, and nobody can
 *   put it there).
 * - Only a complete 200 HTML answer without Set-Cookie is kept: no error page, no redirect, no answer
 *   the client dropped. A page is kept as it was sent: the whole document, written in one pass for
 *   every visitor (app/entry.server.tsx), that works with and without JavaScript.
 * - Concurrent first requests for one URL share one render (the store's `get`); if that render is
 *   not kept, each of them renders its own.
 * - Kept per URL as the request names it, origin included (`pageKey`).
 * - GET only; HEAD, `.data` requests and the other routes go straight through.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";

export interface CachedPage {
  /** The page split at its CSP nonce. */
  parts: string[];
  headers: Array<[string, string]>;
}

/** Where pages are kept: `get` answers a kept page or runs `load` once for concurrent callers. */
export interface PageStore {
  get(key: string, load: () => Promise<CachedPage>): Promise<CachedPage>;
}

/** Headers React Router's answer sets that belong to the page (the security headers are set per request before). */
const PAGE_HEADERS = ["content-type", "cache-control", "link", "content-language", "x-robots-tag"];

export function pageCache(options: { store: () => PageStore; isCatalogPage: (path: string) => boolean }): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = res.locals.cspNonce as string | undefined;
    if (req.method !== "GET" || req.headers.cookie !== undefined || !nonce || !options.isCatalogPage(req.path)) return next();
    let renderedHere = false;
    options
      .store()
      .get(pageKey(req), () => {
        renderedHere = true;
        return renderAndKeep(res, next, nonce);
      })
      .then(
        (page) => renderedHere || send(res, page, nonce),
        // The render this request waited for was not kept (or failed): it renders its own.
        () => renderedHere || next(),
      );
  };
}

/**
 * Without PUBLIC_URL the page's own links (canonical, Open Graph) are built from the origin the
 * request names, as React Router's adapter reads it (protocol, Host, X-Forwarded-Host behind a
 * trusted proxy): a page is kept per origin as well as per path and query, so a request with a
 * forged Host header is only ever served its own page.
 */
function pageKey(req: Request): string {
  const forwardedHost = req.app?.enabled("trust proxy") ? (req.get("x-forwarded-host") ?? "") : "";
  return `${req.protocol} ${forwardedHost} ${req.get("host") ?? ""} ${req.originalUrl}`;
}

function send(res: Response, page: CachedPage, nonce: string) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.status(200).end(page.parts.join(nonce));
}

/** Lets the request go on to be rendered; resolves with the page if it may be kept, else rejects (nothing is stored). */
function renderAndKeep(res: Response, next: NextFunction, nonce: string): Promise<CachedPage> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== "function") keep(chunk, rest[0]);
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];
    res.once("finish", () => {
      const page = keepable(res, Buffer.concat(chunks).toString("utf8"), nonce);
      if (page) resolve(page);
      else reject(new Error("not kept"));
    });
    res.once("close", () => reject(new Error("answer not completed")));
    next();
  });
}

function keepable(res: Response, html: string, nonce: string): CachedPage | null {
  if (res.statusCode !== 200 || res.hasHeader("set-cookie")) return null;
  if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return null;
  const headers: Array<[string, string]> = [];
  for (const name of PAGE_HEADERS) {
    const value = res.getHeader(name);
    if (value !== undefined) headers.push([name, String(value)]);
  }
  return { parts: html.split(nonce), headers };
}
