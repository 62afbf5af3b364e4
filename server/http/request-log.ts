import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** One JSON line per request (method, path, status, duration, request id): docs/architecture.md#operations. */
export function requestLog(enabled: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = req.get("x-request-id")?.slice(0, 64) || randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    if (!enabled) return next();
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      process.stdout.write(
        JSON.stringify({
          t: new Date().toISOString(),
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          requestId,
        }) + "\n",
      );
    });
    next();
  };
}
