import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

/** A fresh CSP nonce per response, for React Router's inline hydration scripts. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

/** Security headers (DESIGN §5): CSP with nonce, no framing, nosniff, strict referrer, HSTS over HTTPS. */
export function securityHeaders(options: { https: boolean; dev: boolean }) {
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
        formAction: ["'self'", "https://www.mercadopago.com.mx", "https://www.mercadopago.com"],
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
 * CSRF (DESIGN §5): a non-GET request whose Origin (or, lacking it, Referer) is
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

/** Request bodies above `maxBytes` get 413 before anything reads them. */
export function bodySizeLimit(maxBytes: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const length = Number(req.get("content-length") ?? 0);
    if (length > maxBytes) {
      res.status(413).type("text/plain; charset=utf-8").send("La solicitud es demasiado grande.");
      return;
    }
    next();
  };
}
