/**
 * Data asked for ahead of time, answered without running a loader.
 *
 * React Router's `<Link prefetch>` (the cart's 'Proceder al pago') asks for the next page's modules
 * and for its data (`/checkout.data`) with `<link rel="prefetch">`. Every page with a shopper's data
 * answers `Cache-Control: private, no-store` (app/lib/private-page.ts), which a browser never keeps:
 * the data fetched ahead is thrown away and fetched again when the link is followed, and each view
 * of the page holding the link cost the server that page's loaders (the checkout's five queries).
 * The browser names such a request (`Sec-Purpose: prefetch`, or the older `Purpose: prefetch`); a
 * data request so named gets an empty 204, `no-store`, at once. The modules are still fetched ahead
 * (they are files, cached for a year), which is what saves a phone its round trips.
 */
import type { NextFunction, Request, Response } from "express";

/** React Router's single-fetch data requests: the page's path plus ".data". */
const DATA_SUFFIX = ".data";

export function isSpeculativeDataRequest(req: Pick<Request, "method" | "path" | "headers">): boolean {
  if (req.method !== "GET" || !req.path.endsWith(DATA_SUFFIX)) return false;
  const purpose = req.headers["sec-purpose"] ?? req.headers["purpose"];
  return typeof purpose === "string" && /\bprefetch\b/i.test(purpose);
}

export function speculativeDataRequests(req: Request, res: Response, next: NextFunction): void {
  if (!isSpeculativeDataRequest(req)) return next();
  res.status(204).set("Cache-Control", "no-store").end();
}
