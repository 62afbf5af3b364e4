/**
 * React Router on Express. This is @react-router/express's request handler
 * (7.18.4: the same URL, headers, abort signal and streamed answer) with two
 * changes, which that adapter has no option for:
 * - the body React Router reads is the request through `cappedBody`, so a body
 *   with no Content-Length (Transfer-Encoding: chunked) is answered 413 at the
 *   limit instead of being read whole (DESIGN §5);
 * - a request no URL can be made of (a malformed Host or X-Forwarded-Host) is
 *   answered 400, not 500.
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { cappedBody } from "./security";

export interface ReactRouterHandlerOptions {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>);
  mode?: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** The largest request body React Router may read, in bytes. */
  maxBodyBytes: number;
}

export function reactRouterHandler(options: ReactRouterHandlerOptions): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const url = requestUrl(req);
      if (!url) {
        res.status(400).type("text/plain; charset=utf-8").send("La solicitud no es válida.");
        return;
      }
      const response = await handle(fetchRequest(req, res, url, options.maxBodyBytes), options.getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The URL the browser asked for: the host from X-Forwarded-Host when `trust proxy` allows it; null when none can be made. */
function requestUrl(req: ExpressRequest): URL | null {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname?.split(/[\\/?#@]/)[0] || "localhost";
  try {
    return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  } catch {
    return null;
  }
}

function fetchRequest(req: ExpressRequest, res: ExpressResponse, url: URL, maxBodyBytes: number): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // The shopper left before the answer was complete: loaders and actions see an aborted signal.
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(cappedBody(req, res, maxBodyBytes));
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response) {
  // Already answered (413 for an oversized body) or the connection is gone: React Router's answer is dropped.
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
