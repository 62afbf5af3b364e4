import { randomBytes } from "node:crypto";
import { Transform, finished, type Readable } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

/** A fresh CSP nonce per response, for React Router's inline hydration scripts. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

/**
 * Where a form may send the browser (CSP form-action, which Chromium also applies to the redirect
 * answering a form post): the shop, Mercado Pago's checkout origins (the no-JS 'Continuar al Pago'
 * is answered by a redirect to the preference's init_point), and the origin of the test-only stub of
 * Mercado Pago's API when MERCADOPAGO_API_BASE_URL is set (its init_point points there).
 */
export function formActionSources(mercadoPagoApiBaseUrl?: string): string[] {
  const sources = ["'self'", "https://www.mercadopago.com.mx", "https://www.mercadopago.com", "https://sandbox.mercadopago.com.mx"];
  if (mercadoPagoApiBaseUrl) sources.push(new URL(mercadoPagoApiBaseUrl).origin);
  return sources;
}

/** Security headers (docs/architecture.md#security): CSP with nonce, no framing, nosniff, strict referrer, HSTS over HTTPS. */
export function securityHeaders(options: { https: boolean; dev: boolean; formAction?: string[] }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
          // Vite's dev client needs eval-free inline preamble; allowed only in development.
          ...(options.dev ? ["'unsafe-inline'"] : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        connectSrc: ["'self'", ...(options.dev ? ["ws:"] : [])],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: options.formAction ?? formActionSources(),
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: options.https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: options.https ? { maxAge: 31536000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF (docs/architecture.md#security): a non-GET request whose Origin (or, lacking it, Referer) is
 * not the shop's own is refused with 403. Requests carrying neither header do
 * not come from a browser form on another site. `exempt` paths (the payment
 * webhook) authenticate themselves.
 */
export function sameOriginOnly(options: { publicUrl?: string; exempt?: (path: string) => boolean }) {
  const allowed = new Set<string>();
  if (options.publicUrl) allowed.add(new URL(options.publicUrl).origin);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || options.exempt?.(req.path)) return next();
    const source = req.get("origin") ?? refererOrigin(req.get("referer"));
    if (source === undefined) return next();
    const own = `${req.protocol}://${req.get("host")}`;
    if (source === own || allowed.has(source)) return next();
    res.status(403).type("text/plain; charset=utf-8").send("Solicitud rechazada: origen no permitido.");
  };
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

const TOO_LARGE = "La solicitud es demasiado grande.";

function refuseTooLarge(res: Response) {
  res.status(413).type("text/plain; charset=utf-8").send(TOO_LARGE);
}

/**
 * Request bodies that declare a length above `maxBytes` get 413 before anything
 * reads them. A body without Content-Length (Transfer-Encoding: chunked) is
 * capped as it streams, by `cappedBody`, where it is read.
 */
export function bodySizeLimit(maxBytesFor: (req: Request) => number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const length = Number(req.get("content-length") ?? 0);
    if (length > maxBytesFor(req)) return refuseTooLarge(res);
    next();
  };
}

/** The error a capped body ends with once it passes its limit. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** How much of a refused or unread body is read and dropped before the connection is cut. */
const DISCARD = { bytes: 8 * 1024 * 1024, ms: 10_000 };

/**
 * What is left of a body nobody will read is read and dropped, so the client can
 * finish sending and then read the answer (closing at once would make it fail
 * writing instead, before it reads the 413). A client that goes on sending past
 * DISCARD is cut off.
 */
function discardRest(req: Request) {
  if (req.complete) return;
  let dropped = 0;
  const cutOff = () => req.socket.destroy();
  const timer = setTimeout(cutOff, DISCARD.ms);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD.bytes) cutOff();
  });
  req.once("close", () => clearTimeout(timer));
  req.resume();
}

/**
 * The request body as a stream that counts its bytes as they arrive. Past
 * `maxBytes` the request is answered 413 at once (unless an answer has already
 * started), the rest of the body is dropped, and the stream ends in
 * BodyTooLargeError, so its reader sees a failed body, never a truncated one.
 * A body cut short by the client ends in an error too. Nothing is buffered
 * beyond what the reader has not yet taken.
 */
export function cappedBody(req: Request, res: Response, maxBytes: number): Readable {
  let received = 0;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received <= maxBytes) return done(null, chunk);
      req.unpipe(body);
      if (!res.headersSent) refuseTooLarge(res);
      discardRest(req);
      done(new BodyTooLargeError(maxBytes));
    },
  });
  finished(req, (error) => {
    if (error && !body.destroyed) body.destroy(error);
  });
  // Answered without reading the whole body (a 405, say): the rest is dropped, so the connection can serve the next request.
  res.once("finish", () => {
    if (req.complete || received > maxBytes) return;
    req.unpipe(body);
    discardRest(req);
  });
  req.pipe(body);
  return body;
}

/** Methods a Fetch API request cannot carry (React Router could not even see them): 405 with the methods the shop takes. */
const UNSUPPORTED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

export function supportedMethodsOnly(req: Request, res: Response, next: NextFunction) {
  if (!UNSUPPORTED_METHODS.has(req.method)) return next();
  res.status(405).set("Allow", "GET, HEAD, POST").type("text/plain; charset=utf-8").send("Método no permitido.");
}
