/**
 * React Router on Express, through @react-router/express (docs/architecture.md#a-requests-path), with two
 * additions that adapter has no option for:
 * - the body React Router reads is the request through `cappedBody`, so a body
 *   with no Content-Length (Transfer-Encoding: chunked) is answered 413 at the
 *   limit instead of being read whole (docs/architecture.md#security). The adapter reads the body
 *   from the request object it is given (`on('data')`, `pause`, `resume`,
 *   `destroy`: @react-router/node's stream pump), so it is given a view of the
 *   request whose stream methods are the capped body's; everything else (URL,
 *   headers, protocol, the abort signal on `res`) is the request's own.
 *   After a 413 the adapter drops React Router's late answer itself
 *   (`res.writableEnded`).
 * - a request no URL can be made of (a malformed Host or X-Forwarded-Host) is
 *   answered 400, not 500.
 * - `reuseBuild`: React Router calls a `build` function again on every request
 *   and re-derives its route tables from it (routes flattened and ranked, the
 *   static handler created): right in development, where the function returns
 *   the freshly edited modules, and a fixed cost per request in production,
 *   where the build never changes. With `reuseBuild` the function is called
 *   once and React Router is handed the build itself.
 */
import type { Readable } from "node:stream";
import { createRequestHandler } from "@react-router/express";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import { cappedBody } from "./security";

export interface ReactRouterHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Load a `build` function's build once and keep it (production). */
  reuseBuild?: boolean;
  mode?: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** The largest request body React Router may read for this request, in bytes. */
  maxBodyBytes: (req: ExpressRequest) => number;
}

export function reactRouterHandler(options: ReactRouterHandlerOptions): RequestHandler {
  const make = (build: ReactRouterHandlerOptions["build"]) =>
    createRequestHandler({ build, mode: options.mode, getLoadContext: options.getLoadContext });
  const { build } = options;
  let handle: RequestHandler | undefined;
  let loading: Promise<unknown> | undefined;
  if (typeof build === "function" && options.reuseBuild) {
    loading = build().then((loaded) => (handle = make(loaded)));
  } else {
    handle = make(build);
  }
  const serve = (req: ExpressRequest, res: ExpressResponse, next: NextFunction, handle: RequestHandler) => {
    if (!hasValidUrl(req)) {
      res.status(400).type("text/plain; charset=utf-8").send("La solicitud no es válida.");
      return;
    }
    if (req.method === "GET" || req.method === "HEAD") return handle(req, res, next);
    return handle(withBody(req, cappedBody(req, res, options.maxBodyBytes(req))), res, next);
  };
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (handle) return serve(req, res, next, handle);
    loading?.then(() => serve(req, res, next, handle as RequestHandler), next);
  };
}

/** The stream methods the adapter's body pump calls. */
const STREAM_METHODS = [
  "on",
  "once",
  "off",
  "addListener",
  "removeListener",
  "pause",
  "resume",
  "destroy",
  "pipe",
  "unpipe",
  "read",
] as const;

/** The request as the adapter sees it, with its body read from `body` instead of the socket. */
function withBody(req: ExpressRequest, body: Readable): ExpressRequest {
  const view: Record<string, unknown> = Object.create(req);
  for (const method of STREAM_METHODS) view[method] = (body[method] as (...args: unknown[]) => unknown).bind(body);
  Object.defineProperty(view, "readableHighWaterMark", { get: () => body.readableHighWaterMark });
  return view as unknown as ExpressRequest;
}

/** The adapter builds the URL from the Host (or, behind a trusted proxy, X-Forwarded-Host) header: can it? */
function hasValidUrl(req: ExpressRequest): boolean {
  const forwarded = req.app?.enabled("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  // Without a host the adapter puts in a fixed name of its own; any valid name checks the same.
  const hostname = req.hostname?.split(/[\\/?#@]/)[0] || "host.invalid";
  try {
    new URL(`${req.protocol}://${hostname}${portOf(forwarded) ?? portOf(req.get("host")) ?? ""}${req.originalUrl}`);
    return true;
  } catch {
    return false;
  }
}

function portOf(host: string | undefined): string | undefined {
  const port = Number.parseInt(host?.split(":")[1] ?? "", 10);
  return Number.isSafeInteger(port) ? `:${port}` : undefined;
}
